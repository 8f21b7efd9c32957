import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatTarget } from '@fateboard/table';
import type { NewChatMessage, Storage } from './storage';
import { adapters, docWith, token } from './contract-support';

// The chat part of the storage contract: numbered per table, paged newest first, each reader's
// scope (the GM all, a seat the public messages and its own whispers, others the public ones).

const ann = { role: 'player', seatId: 'ann', name: 'Ann' } as const;
const bo = { role: 'player', seatId: 'bo', name: 'Bo' } as const;
const gm = { role: 'gm' } as const;
const table: ChatTarget = { kind: 'table' };
const toGm: ChatTarget = { kind: 'gm' };
const message = (
  from: NewChatMessage['from'],
  to: ChatTarget,
  text: string,
  at = 10,
  spectators = true,
): NewChatMessage => ({ at, from, to, text, spectators });

describe.each(adapters)('the chat storage contract: $name', (adapter) => {
  let storage: Storage;
  let reopen: (() => Storage) | undefined;
  let cleanup: () => void;

  beforeEach(() => {
    ({ storage, reopen, cleanup } = adapter.open());
    for (const id of ['T1', 'T2']) {
      storage.createTable(
        { id, name: 'Harbour', ruleset: 'fate-core', created: 1 },
        { pub: docWith('pub 0'), gm: docWith('gm 0') },
        [token(`gm-${id}`, { role: 'gm', tableId: id })],
      );
    }
  });
  afterEach(() => {
    storage.close();
    cleanup();
  });

  it('numbers messages per table from 1 and answers them as stored', () => {
    const hostile = '<script>alert("x")</script> ação 🎲';
    expect(storage.appendChat('T1', message(ann, table, hostile))).toEqual({
      n: 1,
      at: 10,
      from: ann,
      to: table,
      text: hostile,
    });
    expect(storage.appendChat('T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'b')).n).toBe(2);
    expect(storage.appendChat('T2', message(gm, table, 'other table')).n).toBe(1);
    expect(storage.readChat('T1', { kind: 'all' }, undefined, 10)).toEqual([
      { n: 1, at: 10, from: ann, to: table, text: hostile },
      { n: 2, at: 10, from: gm, to: { kind: 'seat', seatId: 'bo' }, text: 'b' },
    ]);
  });

  it('gives each reader its scope: whispers only to their two ends', () => {
    storage.appendChat('T1', message(ann, table, 'public 1'));
    storage.appendChat('T1', message(ann, toGm, 'ann to gm'));
    storage.appendChat('T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'gm to bo'));
    storage.appendChat('T1', message(bo, toGm, 'bo to gm'));
    storage.appendChat('T1', message(gm, table, 'public 2'));
    const texts = (scope: Parameters<Storage['readChat']>[1]) =>
      storage.readChat('T1', scope, undefined, 100).map((m) => m.text);
    expect(texts({ kind: 'all' })).toEqual([
      'public 1',
      'ann to gm',
      'gm to bo',
      'bo to gm',
      'public 2',
    ]);
    expect(texts({ kind: 'seat', seatId: 'ann' })).toEqual(['public 1', 'ann to gm', 'public 2']);
    expect(texts({ kind: 'seat', seatId: 'bo' })).toEqual([
      'public 1',
      'gm to bo',
      'bo to gm',
      'public 2',
    ]);
    expect(texts({ kind: 'public' })).toEqual(['public 1', 'public 2']);
    expect(texts({ kind: 'spectator' })).toEqual(['public 1', 'public 2']);
  });

  it('hides from spectators what was said while they could not read', () => {
    storage.appendChat('T1', message(gm, table, 'open'));
    storage.appendChat('T1', message(gm, table, 'among friends', 10, false));
    expect(storage.readChat('T1', { kind: 'spectator' }, undefined, 10).map((m) => m.text)).toEqual(
      ['open'],
    );
    expect(storage.readChat('T1', { kind: 'public' }, undefined, 10).map((m) => m.text)).toEqual([
      'open',
      'among friends',
    ]);
  });

  it('pages newest first: the newest `limit` below `before`, oldest first in the page', () => {
    for (let i = 1; i <= 7; i++) storage.appendChat('T1', message(ann, table, `m${i}`, i));
    const page = (before: number | undefined, limit: number) =>
      storage.readChat('T1', { kind: 'public' }, before, limit).map((m) => m.n);
    expect(page(undefined, 3)).toEqual([5, 6, 7]);
    expect(page(5, 3)).toEqual([2, 3, 4]);
    expect(page(2, 3)).toEqual([1]);
    expect(page(1, 3)).toEqual([]);
    expect(storage.readChat('T2', { kind: 'all' }, undefined, 3)).toEqual([]);
  });

  it('refuses a message for a table that does not exist', () => {
    expect(() => storage.appendChat('nope', message(gm, table, 'x'))).toThrow();
    expect(storage.readChat('nope', { kind: 'all' }, undefined, 3)).toEqual([]);
  });

  it('finds a message by its author and id, once per author and table', () => {
    const withId = (from: NewChatMessage['from'], text: string, id: string) => ({
      ...message(from, table, text),
      id,
    });
    const first = storage.appendChat('T1', withId(ann, 'hello', 'c-1'));
    expect(first).toEqual({ n: 1, at: 10, from: ann, to: table, text: 'hello' });
    expect(storage.findChat('T1', ann, 'c-1')).toEqual(first);
    // Found by the seat, whatever its name now; nobody else's, nor another table's.
    expect(storage.findChat('T1', { ...ann, name: 'Annie' }, 'c-1')).toEqual(first);
    expect(storage.findChat('T1', bo, 'c-1')).toBeUndefined();
    expect(storage.findChat('T1', gm, 'c-1')).toBeUndefined();
    expect(storage.findChat('T2', ann, 'c-1')).toBeUndefined();
    expect(storage.findChat('T1', ann, 'c-2')).toBeUndefined();
    // The same id is another author's own message; the author's second one is refused.
    expect(storage.appendChat('T1', withId(gm, 'gm says', 'c-1')).n).toBe(2);
    expect(storage.findChat('T1', gm, 'c-1')?.text).toBe('gm says');
    expect(storage.appendChat('T2', withId(ann, 'elsewhere', 'c-1')).n).toBe(1);
    expect(() => storage.appendChat('T1', withId(ann, 'again', 'c-1'))).toThrow();
    expect(() => storage.appendChat('T1', withId(gm, 'again', 'c-1'))).toThrow();
    // Messages without an id are never found, and as many as one likes.
    storage.appendChat('T1', message(ann, table, 'no id'));
    storage.appendChat('T1', message(ann, table, 'no id'));
    expect(storage.readChat('T1', { kind: 'all' }, undefined, 10).map((m) => m.text)).toEqual([
      'hello',
      'gm says',
      'no id',
      'no id',
    ]);
  });

  it('keeps the chat across a reopen (durable adapters)', ({ skip }) => {
    if (!reopen) return skip();
    storage.appendChat('T1', { ...message(ann, toGm, 'kept'), id: 'kept-1' });
    storage.close();
    storage = reopen();
    expect(storage.readChat('T1', { kind: 'seat', seatId: 'ann' }, undefined, 3)).toEqual([
      { n: 1, at: 10, from: ann, to: toGm, text: 'kept' },
    ]);
    expect(storage.findChat('T1', ann, 'kept-1')?.n).toBe(1);
    expect(storage.appendChat('T1', message(gm, table, 'next')).n).toBe(2);
  });
});
