import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage, TableWrite } from './storage';
import {
  STORED,
  adapters,
  commitCommands,
  docWith,
  notesOf,
  openWithHarbour,
  part,
  token,
  write,
} from './contract-support';

// The contract every storage adapter keeps, run against each of them (contract-support.ts):
// what the rooms, the group commit and the REST routes rely on. Tables, commands, fences and
// links here; contract-log.test.ts has compaction, the log, rolls, restores and table bytes.

const tokenWrite = (...args: Parameters<typeof token>): TableWrite => ({
  kind: 'token',
  token: token(...args),
});

describe.each(adapters)('the storage contract: $name', (adapter) => {
  const opened = openWithHarbour(adapter);
  let storage: Storage;
  beforeEach(() => {
    storage = opened.storage;
  });
  const createT2 = () =>
    storage.createTable(
      { id: 'T2', name: 'Other', ruleset: 'fate-core', created: 1 },
      { pub: docWith('t2'), gm: docWith('t2 gm') },
      [],
    );
  /** The ids of the table's stored commands among `ids`, sorted. */
  const storedIds = async (tableId: string, ids: string[]) =>
    (await storage.findCommands(tableId, ids)).map((c) => c.commandId).sort();

  it('keeps a table, its documents and its link tokens', async () => {
    expect(await storage.getTable('T1')).toEqual({
      id: 'T1',
      name: 'Harbour',
      ruleset: 'pirates',
      created: 1,
    });
    expect(await storage.getTable('nope')).toBeUndefined();
    expect(await storage.findToken('gm-link')).toMatchObject({
      tableId: 'T1',
      role: 'gm',
      revoked: false,
    });
    const stored = await storage.loadDocuments('T1');
    expect(stored.seq).toBe(0);
    expect(notesOf(stored.docs.pub)).toEqual(['pub 0']);
    expect(notesOf(stored.docs.gm)).toEqual(['gm 0']);
  });

  it('refuses a second table with the same id and keeps the first', async () => {
    await expect(
      storage.createTable(
        { id: 'T1', name: 'Other', ruleset: 'fate-core', created: 5 },
        { pub: docWith('x'), gm: docWith('y') },
        [token('other-link')],
      ),
    ).rejects.toThrow();
    expect((await storage.getTable('T1'))?.name).toBe('Harbour');
    expect(await storage.findToken('other-link')).toBeUndefined();
  });

  it('keeps commands at the seq their writer gave, per table, with updates, tokens, results', async () => {
    await createT2();
    const seat = token('seat-token', { kind: 'seat', seatId: 's1' });
    // The writer (the table's room) numbers its commands; a commit may hold several tables.
    expect(
      await storage.commit([
        part('T1', [
          write(1, 'a', { updates: [{ doc: 'pub', bytes: docWith('after a') }] }),
          write(2, 'b', {
            type: 'join',
            result: { seatId: 's1' },
            tokens: [seat],
            secretHash: 'h',
          }),
        ]),
        part('T2', [write(1, 'a', { tableId: 'T2' })]),
      ]),
    ).toEqual([STORED, STORED]);
    await commitCommands(storage, write(3, 'c', { result: { log: [] } }));
    const [b] = await storage.findCommands('T1', ['b']);
    expect(b).toEqual({
      tableId: 'T1',
      commandId: 'b',
      seq: 2,
      actor: { role: 'gm' },
      tokenHash: null,
      secretHash: 'h',
      type: 'join',
      payload: { name: 'b' },
      result: { seatId: 's1' },
      created: 2,
    });
    const [a] = await storage.findCommands('T1', ['a']);
    expect(a?.secretHash).toBeNull();
    expect(a?.result).toBeNull();
    expect(await storage.findCommands('T1', ['zzz'])).toEqual([]);
    expect(await storage.findToken('seat-token')).toMatchObject({ seatId: 's1', kind: 'seat' });
    const stored = await storage.loadDocuments('T1');
    expect(stored.seq).toBe(3);
    expect(notesOf(stored.docs.pub)).toEqual(['after a', 'pub 0']);
    expect((await storage.loadDocuments('T2')).seq).toBe(1);
  });

  it('finds only the asked commands of the asked table', async () => {
    await createT2();
    await commitCommands(storage, write(1, 'a'), write(2, 'b'), write(3, 'c'));
    await commitCommands(
      storage,
      write(1, 'a', { tableId: 'T2' }),
      write(2, 'd', { tableId: 'T2' }),
    );
    expect(await storedIds('T1', ['c', 'a', 'zzz'])).toEqual(['a', 'c']);
    expect(await storage.findCommands('T2', ['a', 'b', 'c'])).toMatchObject([
      { tableId: 'T2', commandId: 'a', seq: 1 },
    ]);
    expect(await storage.findCommands('T1', [])).toEqual([]);
    expect(await storage.findCommands('nope', ['a'])).toEqual([]);
  });

  it('refuses a command id used before, and writes none of that command', async () => {
    await commitCommands(storage, write(1, 'a'));
    const [outcome] = await storage.commit([
      part('T1', [
        write(2, 'a', {
          updates: [{ doc: 'gm', bytes: docWith('sneaky') }],
          tokens: [token('t9')],
        }),
      ]),
    ]);
    expect(outcome).toMatchObject({ ok: false, fenced: false });
    expect(await storage.findToken('t9')).toBeUndefined();
    expect(notesOf((await storage.loadDocuments('T1')).docs.gm)).toEqual(['gm 0']);
    expect(await storage.findCommands('T1', ['a'])).toMatchObject([{ seq: 1 }]);
    await commitCommands(storage, write(2, 'b'));
    expect((await storage.loadDocuments('T1')).seq).toBe(2);
  });

  it('stores nothing of a table part whose write fails, and the other tables’ parts', async () => {
    await createT2();
    await commitCommands(storage, write(1, 'first'));
    // A seq another writer took (1): the part's other commands, updates and tokens go too.
    const taken = await storage.commit([
      part('T1', [
        write(2, 'a', { updates: [{ doc: 'pub', bytes: docWith('lost') }] }),
        tokenWrite('lost-token'),
        write(1, 'b'),
      ]),
      part('T2', [
        write(1, 'x', { tableId: 'T2', updates: [{ doc: 'pub', bytes: docWith('x') }] }),
      ]),
    ]);
    expect(taken[0]).toMatchObject({ ok: false, fenced: false });
    expect(taken[1]).toEqual(STORED);
    expect(await storedIds('T1', ['a', 'b'])).toEqual([]);
    expect(await storage.findToken('lost-token')).toBeUndefined();
    expect((await storage.loadDocuments('T1')).seq).toBe(1);
    expect(notesOf((await storage.loadDocuments('T1')).docs.pub)).toEqual(['pub 0']);
    expect(notesOf((await storage.loadDocuments('T2')).docs.pub)).toEqual(['t2', 'x']);

    // A command id twice in one part; the other table's part comes first this time.
    const twice = await storage.commit([
      part('T2', [write(2, 'y', { tableId: 'T2' })]),
      part('T1', [write(2, 'a'), write(3, 'a')]),
    ]);
    expect(twice[0]).toEqual(STORED);
    expect(twice[1]).toMatchObject({ ok: false, fenced: false });
    expect(await storedIds('T1', ['a'])).toEqual([]);
    expect(await storedIds('T2', ['x', 'y'])).toEqual(['x', 'y']);
    // Nothing of the failed parts is left in the way.
    await commitCommands(storage, write(2, 'a'), write(3, 'b'));
    expect((await storage.loadDocuments('T1')).seq).toBe(3);
  });

  it('fences a table’s writes by epoch: a later one committed shuts the earlier out', async () => {
    await createT2();
    const commit = (tableId: string, fence: number | undefined, ...writes: TableWrite[]) =>
      storage.commit([part(tableId, writes, fence)]);
    expect(await commit('T1', 2, write(1, 'a'))).toEqual([STORED]);
    // Epoch 1 after 2: nothing of it is stored, neither its command, its updates nor tokens.
    const [old, t2] = await storage.commit([
      part(
        'T1',
        [
          write(2, 'stale', {
            updates: [{ doc: 'pub', bytes: docWith('stale') }],
            tokens: [token('stale-seat', { kind: 'seat', seatId: 's1' })],
          }),
          tokenWrite('stale-token'),
        ],
        1,
      ),
      // Each table has its own epochs: T2's 1 is not behind T1's 2.
      part('T2', [write(1, 'x', { tableId: 'T2' })], 1),
    ]);
    expect(old).toMatchObject({ ok: false, fenced: true });
    expect(t2).toEqual(STORED);
    expect(await storedIds('T1', ['stale'])).toEqual([]);
    expect(await storage.findToken('stale-seat')).toBeUndefined();
    expect(await storage.findToken('stale-token')).toBeUndefined();
    expect(notesOf((await storage.loadDocuments('T1')).docs.pub)).toEqual(['pub 0']);
    // The same epoch again (the holder's next commit), then a later one.
    expect(await commit('T1', 2, write(2, 'b'))).toEqual([STORED]);
    expect(await commit('T1', 3, write(3, 'c'))).toEqual([STORED]);
    expect(await commit('T1', 2, write(4, 'late'))).toMatchObject([{ ok: false, fenced: true }]);
    // No fence (one node): no check.
    expect(await commit('T1', undefined, write(4, 'd'))).toEqual([STORED]);
    expect(await commit('T1', 3, write(5, 'e'))).toEqual([STORED]);
    expect(await storedIds('T1', ['a', 'b', 'c', 'd', 'e', 'late'])).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect((await storage.loadDocuments('T1')).seq).toBe(5);
  });

  it('revokes the player and spectator links on rotation, not the GM link or seats', async () => {
    await commitCommands(storage, tokenWrite('seat-token', { kind: 'seat', seatId: 's1' }));
    const revoked = await storage.rotateLinks(
      'T1',
      [token('player-2'), token('spectator-2', { role: 'spectator' })],
      new Uint8Array([2]),
    );
    expect(revoked.sort()).toEqual(['player-link', 'spectator-link']);
    expect((await storage.findToken('player-link'))?.revoked).toBe(true);
    expect((await storage.findToken('gm-link'))?.revoked).toBe(false);
    expect((await storage.findToken('seat-token'))?.revoked).toBe(false);
    expect((await storage.findToken('player-2'))?.revoked).toBe(false);
    expect((await storage.rotateLinks('T1', [], new Uint8Array([3]))).sort()).toEqual([
      'player-2',
      'spectator-2',
    ]);
  });

  it("revokes a removed seat's tokens with the command that removed it", async () => {
    await commitCommands(
      storage,
      tokenWrite('seat-1', { kind: 'seat', seatId: 's1' }),
      tokenWrite('seat-2', { kind: 'seat', seatId: 's2' }),
    );
    // The command row, its updates, the tokens it minted and the seat it removed: together.
    await commitCommands(
      storage,
      tokenWrite('seat-1b', { kind: 'seat', seatId: 's1' }),
      write(1, 'remove', {
        type: 'seat.remove',
        revokeSeat: 's1',
        updates: [{ doc: 'pub', bytes: docWith('removed') }],
        tokens: [token('seat-3', { kind: 'seat', seatId: 's3' })],
      }),
      // Written after the removal, in the same part: not revoked by it.
      tokenWrite('seat-1c', { kind: 'seat', seatId: 's1' }),
    );
    expect((await storage.findToken('seat-1'))?.revoked).toBe(true);
    expect((await storage.findToken('seat-1b'))?.revoked).toBe(true);
    expect((await storage.findToken('seat-1c'))?.revoked).toBe(false);
    expect((await storage.findToken('seat-2'))?.revoked).toBe(false);
    expect((await storage.findToken('seat-3'))?.revoked).toBe(false);
    expect(await storage.findCommands('T1', ['remove'])).toMatchObject([{ seq: 1 }]);
    expect(notesOf((await storage.loadDocuments('T1')).docs.pub)).toEqual(['pub 0', 'removed']);
  });
});
