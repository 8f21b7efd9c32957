import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatTarget } from '@fateboard/table';
import { appendChat } from './storage';
import type { NewChatMessage, Storage } from './storage';
import { adapters, createTables, openPerCase } from './contract-support';
import { chatRowBytes } from './table-bytes';

// The chat part of the storage contract: numbered per table, paged newest first, each reader's
// scope (the GM what whisperReaders gives it, a seat the public messages and its own
// whispers, others the public ones), retention, and what the messages weigh (table-bytes.ts).

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
    await createTables(storage, 'T1', 'T2');
  });

  it('numbers messages per table from 1 and answers them as stored', async () => {
    const hostile = '<script>alert("x")</script> ação 🎲';
    expect(await appendChat(storage, 'T1', message(ann, table, hostile))).toEqual({
      n: 1,
      at: 10,
      from: ann,
      to: table,
      text: hostile,
    });
    expect(
      (await appendChat(storage, 'T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'b'))).n,
    ).toBe(2);
    expect((await appendChat(storage, 'T2', message(gm, table, 'other table'))).n).toBe(1);
    expect(await storage.readChat('T1', { kind: 'gm' }, undefined, 10)).toEqual([
      { n: 1, at: 10, from: ann, to: table, text: hostile },
      { n: 2, at: 10, from: gm, to: { kind: 'seat', seatId: 'bo' }, text: 'b' },
    ]);
  });

  it('numbers messages appended at once one after the other, none lost', async () => {
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) => appendChat(storage, 'T1', message(ann, table, `m${i}`))),
    );
    expect(sent.map((m) => m.n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const stored = await storage.readChat('T1', { kind: 'gm' }, undefined, 100);
    expect(stored.map((m) => m.n)).toEqual(sent.map((m) => m.n).sort((a, b) => a - b));
    // Each message under the number it was answered with.
    for (const m of sent) expect(stored.find((s) => s.n === m.n)?.text).toBe(m.text);
  });

  it('gives each reader its scope: whispers only to their two ends', async () => {
    await appendChat(storage, 'T1', message(ann, table, 'public 1'));
    await appendChat(storage, 'T1', message(ann, toGm, 'ann to gm'));
    await appendChat(storage, 'T1', message(gm, { kind: 'seat', seatId: 'bo' }, 'gm to bo'));
    await appendChat(storage, 'T1', message(bo, toGm, 'bo to gm'));
    await appendChat(storage, 'T1', message(gm, table, 'public 2'));
    const texts = async (scope: Parameters<Storage['readChat']>[1]) =>
      (await storage.readChat('T1', scope, undefined, 100)).map((m) => m.text);
    expect(await texts({ kind: 'gm' })).toEqual([
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
    await appendChat(storage, 'T1', message(gm, table, 'open'));
    await appendChat(storage, 'T1', message(gm, table, 'among friends', 10, false));
    const texts = async (scope: Parameters<Storage['readChat']>[1]) =>
      (await storage.readChat('T1', scope, undefined, 10)).map((m) => m.text);
    expect(await texts({ kind: 'spectator' })).toEqual(['open']);
    expect(await texts({ kind: 'public' })).toEqual(['open', 'among friends']);
  });

  it('pages newest first: the newest `limit` below `before`, oldest first in the page', async () => {
    for (let i = 1; i <= 7; i++) await appendChat(storage, 'T1', message(ann, table, `m${i}`, i));
    const page = async (before: number | undefined, limit: number) =>
      (await storage.readChat('T1', { kind: 'public' }, before, limit)).map((m) => m.n);
    expect(await page(undefined, 3)).toEqual([5, 6, 7]);
    expect(await page(5, 3)).toEqual([2, 3, 4]);
    expect(await page(2, 3)).toEqual([1]);
    expect(await page(1, 3)).toEqual([]);
    expect(await storage.readChat('T2', { kind: 'gm' }, undefined, 3)).toEqual([]);
  });

  it('refuses a message for a table that does not exist', async () => {
    await expect(appendChat(storage, 'nope', message(gm, table, 'x'))).rejects.toThrow();
    expect(await storage.readChat('nope', { kind: 'gm' }, undefined, 3)).toEqual([]);
  });

  it('finds a message by its author and id, once per author and table', async () => {
    const withId = (from: NewChatMessage['from'], text: string, id: string) => ({
      ...message(from, table, text),
      id,
    });
    const first = await appendChat(storage, 'T1', withId(ann, 'hello', 'c-1'));
    expect(first).toEqual({ n: 1, at: 10, from: ann, to: table, text: 'hello' });
    expect(await storage.findChat('T1', ann, 'c-1')).toEqual(first);
    // Found by the seat, whatever its name now; nobody else's, nor another table's.
    expect(await storage.findChat('T1', { ...ann, name: 'Annie' }, 'c-1')).toEqual(first);
    expect(await storage.findChat('T1', bo, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T1', gm, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T2', ann, 'c-1')).toBeUndefined();
    expect(await storage.findChat('T1', ann, 'c-2')).toBeUndefined();
    // The same id is another author's own message; the author's second one is refused.
    expect((await appendChat(storage, 'T1', withId(gm, 'gm says', 'c-1'))).n).toBe(2);
    expect((await storage.findChat('T1', gm, 'c-1'))?.text).toBe('gm says');
    expect((await appendChat(storage, 'T2', withId(ann, 'elsewhere', 'c-1'))).n).toBe(1);
    // The author's second one under the same id is the first, answered, not stored again.
    const [again] = await storage.commit([
      { tableId: 'T1', writes: [{ kind: 'chat', message: withId(ann, 'again', 'c-1'), keep: 99 }] },
    ]);
    expect(again).toMatchObject({ ok: true, chat: [{ message: first, fresh: false }] });
    expect((await appendChat(storage, 'T1', withId(gm, 'again', 'c-1'))).text).toBe('gm says');
    // Messages without an id are never found, and as many as one likes.
    await appendChat(storage, 'T1', message(ann, table, 'no id'));
    await appendChat(storage, 'T1', message(ann, table, 'no id'));
    expect(
      (await storage.readChat('T1', { kind: 'gm' }, undefined, 10)).map((m) => m.text),
    ).toEqual(['hello', 'gm says', 'no id', 'no id']);
  });

  it('keeps the chat across a reopen (durable adapters)', async ({ skip }) => {
    if (!opened.durable) return skip();
    await appendChat(storage, 'T1', { ...message(ann, toGm, 'kept'), id: 'kept-1' });
    storage = await opened.reopen();
    expect(await storage.readChat('T1', { kind: 'seat', seatId: 'ann' }, undefined, 3)).toEqual([
      { n: 1, at: 10, from: ann, to: toGm, text: 'kept' },
    ]);
    expect((await storage.findChat('T1', ann, 'kept-1'))?.n).toBe(1);
    expect((await appendChat(storage, 'T1', message(gm, table, 'next'))).n).toBe(2);
  });

  it('keeps a whisper between players to its two seats, and to the GM only if it read them', async () => {
    const cy = { role: 'player', seatId: 'cy', name: 'Cy' } as const;
    const toBo: ChatTarget = { kind: 'seat', seatId: 'bo' };
    await appendChat(storage, 'T1', message(ann, toBo, 'between us'));
    await appendChat(storage, 'T1', { ...message(ann, toBo, 'gm too'), gmReads: true });
    await appendChat(storage, 'T1', message(bo, { kind: 'seat', seatId: 'ann' }, 'reply'));
    await appendChat(storage, 'T1', message(cy, table, 'hi all'));
    const texts = async (scope: Parameters<Storage['readChat']>[1]) =>
      (await storage.readChat('T1', scope, undefined, 100)).map((m) => m.text);
    expect(await texts({ kind: 'gm' })).toEqual(['gm too', 'hi all']);
    expect(await texts({ kind: 'seat', seatId: 'ann' })).toEqual([
      'between us',
      'gm too',
      'reply',
      'hi all',
    ]);
    expect(await texts({ kind: 'seat', seatId: 'bo' })).toEqual([
      'between us',
      'gm too',
      'reply',
      'hi all',
    ]);
    expect(await texts({ kind: 'seat', seatId: 'cy' })).toEqual(['hi all']);
    expect(await texts({ kind: 'spectator' })).toEqual(['hi all']);
    // Each reads back saying whether the GM reads it.
    const [first, second] = await storage.readChat('T1', { kind: 'seat', seatId: 'bo' }, 3, 10);
    expect(first).toEqual({
      n: 1,
      at: 10,
      from: ann,
      to: toBo,
      text: 'between us',
      gmReads: false,
    });
    expect(second?.gmReads).toBe(true);
  });

  it("pages a seat's history across its public messages and whispers, newest first", async () => {
    const toBo: ChatTarget = { kind: 'seat', seatId: 'bo' };
    for (let i = 1; i <= 9; i++) {
      const from = i % 3 === 0 ? gm : ann;
      const to = i % 3 === 0 ? toBo : i % 3 === 1 ? table : toBo;
      await appendChat(storage, 'T1', message(from, to, `m${i}`, i));
    }
    const page = async (before: number | undefined, limit: number) =>
      (await storage.readChat('T1', { kind: 'seat', seatId: 'bo' }, before, limit)).map((m) => m.n);
    expect(await page(undefined, 4)).toEqual([6, 7, 8, 9]);
    expect(await page(6, 4)).toEqual([2, 3, 4, 5]);
    expect(await page(2, 4)).toEqual([1]);
  });

  it('keeps the newest `keep` messages of a table, numbering on, and weighs them', async () => {
    const before = (await storage.tableBytes('T1'))!;
    const other = await storage.tableBytes('T2');
    const sent: NewChatMessage[] = [];
    for (let i = 1; i <= 5; i++) {
      const m = message(i % 2 ? ann : gm, table, `message ${'é'.repeat(i)}`, i);
      sent.push(m);
      await appendChat(storage, 'T1', m, 3);
    }
    const kept = await storage.readChat('T1', { kind: 'gm' }, undefined, 10);
    expect(kept.map((m) => m.n)).toEqual([3, 4, 5]);
    const weight = (ms: NewChatMessage[]) => ms.reduce((sum, m) => sum + chatRowBytes(m), 0);
    expect(await storage.tableBytes('T1')).toBe(before + weight(sent.slice(2)));
    // The numbers never come back: the next is 6, and a larger `keep` keeps what is left.
    expect((await appendChat(storage, 'T1', message(bo, table, 'six'), 10)).n).toBe(6);
    expect((await storage.readChat('T1', { kind: 'gm' }, undefined, 10)).map((m) => m.n)).toEqual([
      3, 4, 5, 6,
    ]);
    expect(await storage.tableBytes('T2')).toBe(other);
    expect(await storage.tableBytes('nope')).toBeUndefined();
  });
});
