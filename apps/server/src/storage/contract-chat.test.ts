import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatTarget } from '@fateboard/table';
import type { NewChatMessage, Storage } from './storage';
import { adapters, docWith, openPerCase, token } from './contract-support';

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
  const opened = openPerCase(adapter);
  let storage: Storage;

  beforeEach(async () => {
    storage = opened.storage;
    for (const id of ['T1', 'T2']) {
      await storage.createTable(
        { id, name: 'Harbour', ruleset: 'fate-core', created: 1 },
        { pub: docWith('pub 0'), gm: docWith('gm 0') },
        [token(`gm-${id}`, { role: 'gm', tableId: id })],
      );
    }
  });

  it('numbers messages per table from 1 and answers them as stored', async () => {
    const hostile = '<script>alert("x")</script> ação 🎲';
    expect(await storage.appendChat('T1', message(ann, table, hostile))).toEqual({
      n: 1,
      at: 10,
      from: ann,
      to: table,
      text: hostile,
    });
    expect(
      (await storage.appendChat('T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'b'))).n,
    ).toBe(2);
    expect((await storage.appendChat('T2', message(gm, table, 'other table'))).n).toBe(1);
    expect(await storage.readChat('T1', { kind: 'all' }, undefined, 10)).toEqual([
      { n: 1, at: 10, from: ann, to: table, text: hostile },
      { n: 2, at: 10, from: gm, to: { kind: 'seat', seatId: 'bo' }, text: 'b' },
    ]);
  });

  it('numbers messages appended at once one after the other, none lost', async () => {
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => storage.appendChat('T1', message(ann, table, `m${i}`))),
    );
    expect(sent.map((m) => m.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const stored = await storage.readChat('T1', { kind: 'all' }, undefined, 100);
    expect(stored.map((m) => m.n)).toEqual(sent.map((m) => m.n).sort((a, b) => a - b));
    // Each message under the number it was answered with.
    for (const m of sent) expect(stored.find((s) => s.n === m.n)?.text).toBe(m.text);
  });

  it('gives each reader its scope: whispers only to their two ends', async () => {
    await storage.appendChat('T1', message(ann, table, 'public 1'));
    await storage.appendChat('T1', message(ann, toGm, 'ann to gm'));
    await storage.appendChat('T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'gm to bo'));
    await storage.appendChat('T1', message(bo, toGm, 'bo to gm'));
    await storage.appendChat('T1', message(gm, table, 'public 2'));
    const texts = async (scope: Parameters<Storage['readChat']>[1]) =>
      (await storage.readChat('T1', scope, undefined, 100)).map((m) => m.text);
    expect(await texts({ kind: 'all' })).toEqual([
      'public 1',
      'ann to gm',
      'gm to bo',
      'bo to gm',
      'public 2',
    ]);
    expect(await texts({ kind: 'seat', seatId: 'ann' })).toEqual([
      'public 1',
      'ann to gm',
      'public 2',
    ]);
    expect(await texts({ kind: 'seat', seatId: 'bo' })).toEqual([
      'public 1',
      'gm to bo',
      'bo to gm',
      'public 2',
    ]);
    expect(await texts({ kind: 'public' })).toEqual(['public 1', 'public 2']);
    expect(await texts({ kind: 'spectator' })).toEqual(['public 1', 'public 2']);
  });

  it('hides from spectators what was said while they could not read', async () => {
    await storage.appendChat('T1', message(gm, table, 'open'));
    await storage.appendChat('T1', message(gm, table, 'among friends', 10, false));
    const texts = async (scope: Parameters<Storage['readChat']>[1]) =>
      (await storage.readChat('T1', scope, undefined, 10)).map((m) => m.text);
    expect(await texts({ kind: 'spectator' })).toEqual(['open']);
    expect(await texts({ kind: 'public' })).toEqual(['open', 'among friends']);
  });

  it('pages newest first: the newest `limit` below `before`, oldest first in the page', async () => {
    for (let i = 1; i <= 7; i++) await storage.appendChat('T1', message(ann, table, `m${i}`, i));
    const page = async (before: number | undefined, limit: number) =>
      (await storage.readChat('T1', { kind: 'public' }, before, limit)).map((m) => m.n);
    expect(await page(undefined, 3)).toEqual([5, 6, 7]);
    expect(await page(5, 3)).toEqual([2, 3, 4]);
    expect(await page(2, 3)).toEqual([1]);
    expect(await page(1, 3)).toEqual([]);
    expect(await storage.readChat('T2', { kind: 'all' }, undefined, 3)).toEqual([]);
  });

  it('refuses a message for a table that does not exist', async () => {
    await expect(storage.appendChat('nope', message(gm, table, 'x'))).rejects.toThrow();
    expect(await storage.readChat('nope', { kind: 'all' }, undefined, 3)).toEqual([]);
  });

  it('finds a message by its author and id, once per author and table', async () => {
    const withId = (from: NewChatMessage['from'], text: string, id: string) => ({
      ...message(from, table, text),
      id,
    });
    const first = await storage.appendChat('T1', withId(ann, 'hello', 'c-1'));
    expect(first).toEqual({ n: 1, at: 10, from: ann, to: table, text: 'hello' });
    expect(await storage.findChat('T1', ann, 'c-1')).toEqual(first);
    // Found by the seat, whatever its name now; nobody else's, nor another table's.
    expect(await storage.findChat('T1', { ...ann, name: 'Annie' }, 'c-1')).toEqual(first);
    expect(await storage.findChat('T1', bo, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T1', gm, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T2', ann, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T1', ann, 'c-2')).toBeUndefined();
    // The same id is another author's own message; the author's second one is refused.
    expect((await storage.appendChat('T1', withId(gm, 'gm says', 'c-1'))).n).toBe(2);
    expect((await storage.findChat('T1', gm, 'c-1'))?.text).toBe('gm says');
    expect((await storage.appendChat('T2', withId(ann, 'elsewhere', 'c-1'))).n).toBe(1);
    await expect(storage.appendChat('T1', withId(ann, 'again', 'c-1'))).rejects.toThrow();
    await expect(storage.appendChat('T1', withId(gm, 'again', 'c-1'))).rejects.toThrow();
    // Messages without an id are never found, and as many as one likes.
    await storage.appendChat('T1', message(ann, table, 'no id'));
    await storage.appendChat('T1', message(ann, table, 'no id'));
    expect(
      (await storage.readChat('T1', { kind: 'all' }, undefined, 10)).map((m) => m.text),
    ).toEqual(['hello', 'gm says', 'no id', 'no id']);
  });

  it('keeps the chat across a reopen (durable adapters)', async ({ skip }) => {
    if (!opened.durable) return skip();
    await storage.appendChat('T1', { ...message(ann, toGm, 'kept'), id: 'kept-1' });
    storage = await opened.reopen();
    expect(await storage.readChat('T1', { kind: 'seat', seatId: 'ann' }, undefined, 3)).toEqual([
      { n: 1, at: 10, from: ann, to: toGm, text: 'kept' },
    ]);
    expect((await storage.findChat('T1', ann, 'kept-1'))?.n).toBe(1);
    expect((await storage.appendChat('T1', message(gm, table, 'next'))).n).toBe(2);
  });
});
