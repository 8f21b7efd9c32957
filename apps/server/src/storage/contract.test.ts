import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { RESTORE_COMMAND_ID } from './storage';
import { adapters, command, docWith, notesOf, token } from './contract-support';

// The contract every storage adapter keeps, run against each of them (contract-support.ts):
// what the rooms, the group commit and the REST routes rely on.

describe.each(adapters)('the storage contract: $name', (adapter) => {
  let storage: Storage;
  let reopen: (() => Storage) | undefined;
  let cleanup: () => void;

  beforeEach(() => {
    ({ storage, reopen, cleanup } = adapter.open());
    storage.createTable(
      { id: 'T1', name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [
        token('gm-link', { role: 'gm' }),
        token('player-link'),
        token('spectator-link', { role: 'spectator' }),
      ],
    );
  });
  afterEach(() => {
    storage.close();
    cleanup();
  });

  it('keeps a table, its documents and its link tokens', () => {
    expect(storage.getTable('T1')).toEqual({
      id: 'T1',
      name: 'Harbour',
      ruleset: 'pirates',
      created: 1,
    });
    expect(storage.getTable('nope')).toBeUndefined();
    expect(storage.findToken('gm-link')).toMatchObject({
      tableId: 'T1',
      role: 'gm',
      revoked: false,
    });
    const stored = storage.loadDocuments('T1');
    expect(stored.seq).toBe(0);
    expect(notesOf(stored.docs.pub)).toEqual(['pub 0']);
    expect(notesOf(stored.docs.gm)).toEqual(['gm 0']);
  });

  it('refuses a second table with the same id and keeps the first', () => {
    expect(() =>
      storage.createTable(
        { id: 'T1', name: 'Other', ruleset: 'fate-core', created: 5 },
        { pub: docWith('x'), gm: docWith('y') },
        [token('other-link')],
      ),
    ).toThrow();
    expect(storage.getTable('T1')?.name).toBe('Harbour');
    expect(storage.findToken('other-link')).toBeUndefined();
  });

  it('numbers commands 1, 2, 3 per table and keeps their updates, tokens and results', () => {
    storage.createTable(
      { id: 'T2', name: 'Other', ruleset: 'fate-core', created: 1 },
      { pub: docWith('t2'), gm: docWith('t2 gm') },
      [],
    );
    expect(
      storage.appendCommand(command('a', { updates: [{ doc: 'pub', bytes: docWith('after a') }] })),
    ).toBe(1);
    expect(storage.appendCommand(command('a', { tableId: 'T2' }))).toBe(1);
    const seat = token('seat-token', { kind: 'seat', seatId: 's1' });
    expect(
      storage.appendCommand(
        command('b', { type: 'join', result: { seatId: 's1' }, tokens: [seat], secretHash: 'h' }),
      ),
    ).toBe(2);
    expect(storage.findCommand('T1', 'b')).toMatchObject({
      seq: 2,
      type: 'join',
      payload: { name: 'b' },
      result: { seatId: 's1' },
      secretHash: 'h',
      actor: { role: 'gm' },
    });
    expect(storage.findCommand('T1', 'a')?.secretHash).toBeNull();
    expect(storage.findCommand('T1', 'zzz')).toBeUndefined();
    expect(storage.findToken('seat-token')).toMatchObject({ seatId: 's1', kind: 'seat' });
    const stored = storage.loadDocuments('T1');
    expect(stored.seq).toBe(2);
    expect(notesOf(stored.docs.pub)).toEqual(['after a', 'pub 0']);
    expect(storage.loadDocuments('T2').seq).toBe(1);
  });

  it('refuses a command id used before, and writes none of that command', () => {
    storage.appendCommand(command('a'));
    expect(() =>
      storage.appendCommand(
        command('a', { updates: [{ doc: 'gm', bytes: docWith('sneaky') }], tokens: [token('t9')] }),
      ),
    ).toThrow();
    expect(storage.findToken('t9')).toBeUndefined();
    expect(notesOf(storage.loadDocuments('T1').docs.gm)).toEqual(['gm 0']);
    expect(storage.appendCommand(command('b'))).toBe(2);
  });

  it('stores nothing of a batch whose work throws', () => {
    expect(() =>
      storage.batch(() => {
        storage.appendCommand(command('a', { updates: [{ doc: 'pub', bytes: docWith('lost') }] }));
        storage.addToken(token('lost-token'));
        throw new Error('the commit failed');
      }),
    ).toThrow('the commit failed');
    expect(storage.findCommand('T1', 'a')).toBeUndefined();
    expect(storage.findToken('lost-token')).toBeUndefined();
    expect(storage.loadDocuments('T1').seq).toBe(0);
    expect(notesOf(storage.loadDocuments('T1').docs.pub)).toEqual(['pub 0']);
    expect(storage.appendCommand(command('a'))).toBe(1);
  });

  it('keeps the rest of a batch when one write inside it fails (a savepoint each)', () => {
    const seqs = storage.batch(() => {
      const first = storage.appendCommand(command('a'));
      expect(() => storage.appendCommand(command('a'))).toThrow();
      const second = storage.appendCommand(command('b'));
      return [first, second];
    });
    expect(seqs).toEqual([1, 2]);
    expect(storage.loadDocuments('T1').seq).toBe(2);
  });

  it('revokes the player and spectator links on rotation, not the GM link or seats', () => {
    storage.addToken(token('seat-token', { kind: 'seat', seatId: 's1' }));
    const revoked = storage.rotateLinks(
      'T1',
      [token('player-2'), token('spectator-2', { role: 'spectator' })],
      new Uint8Array([2]),
    );
    expect(revoked.sort()).toEqual(['player-link', 'spectator-link']);
    expect(storage.findToken('player-link')?.revoked).toBe(true);
    expect(storage.findToken('gm-link')?.revoked).toBe(false);
    expect(storage.findToken('seat-token')?.revoked).toBe(false);
    expect(storage.findToken('player-2')?.revoked).toBe(false);
    expect(storage.rotateLinks('T1', [], new Uint8Array([3])).sort()).toEqual([
      'player-2',
      'spectator-2',
    ]);
  });

  it("revokes a removed seat's tokens with the command that removed it", () => {
    storage.addToken(token('seat-1', { kind: 'seat', seatId: 's1' }));
    storage.addToken(token('seat-2', { kind: 'seat', seatId: 's2' }));
    storage.appendCommand(command('remove', { type: 'seat.remove', revokeSeat: 's1' }));
    expect(storage.findToken('seat-1')?.revoked).toBe(true);
    expect(storage.findToken('seat-2')?.revoked).toBe(false);
  });

  it('compacts: the snapshot replaces the updates up to its seq, later ones stay', () => {
    storage.appendCommand(command('a', { updates: [{ doc: 'pub', bytes: docWith('a') }] }));
    storage.appendCommand(command('b', { updates: [{ doc: 'pub', bytes: docWith('b') }] }));
    storage.compact('T1', 1, { pub: docWith('compacted'), gm: docWith('gm compacted') });
    const after = storage.loadDocuments('T1');
    expect(after.seq).toBe(2);
    // The snapshot stands for pub 0 and a; b is still an update of its own.
    expect(notesOf(after.docs.pub)).toEqual(['b', 'compacted']);
    expect(after.docs.pub.updates).toHaveLength(1);
    expect(notesOf(after.docs.gm)).toEqual(['gm compacted']);
  });

  it('pages the log from the commands’ results, oldest first within a page', () => {
    let n = 0;
    for (const id of ['a', 'b', 'c', 'd']) {
      storage.appendCommand(
        command(id, {
          result: {
            log: [
              { n: ++n, text: `${id}1` },
              { n: ++n, text: `${id}2` },
            ],
          },
        }),
      );
    }
    storage.appendCommand(command('quiet', { result: { ok: true } }));
    expect(storage.readLog?.('T1', undefined, 3)).toEqual([
      { n: 6, text: 'c2' },
      { n: 7, text: 'd1' },
      { n: 8, text: 'd2' },
    ]);
    expect(storage.readLog?.('T1', 6, 3)).toEqual([
      { n: 3, text: 'b1' },
      { n: 4, text: 'b2' },
      { n: 5, text: 'c1' },
    ]);
    expect(storage.readLog?.('T1', 2, 10)).toEqual([{ n: 1, text: 'a1' }]);
    expect(storage.readLog?.('T2', undefined, 10)).toEqual([]);
  });

  it('reads the session’s rolls newest first, each as last stored, paged and filtered', () => {
    const roll = (id: string, actor: string, extra: object = {}) => ({
      id,
      actor: { characterId: actor },
      ...extra,
    });
    const rolled = (id: string, rolls: unknown[], type = 'roll') =>
      storage.appendCommand(command(id, { type, result: { rollId: 'x', rolls } }));
    rolled('old', [roll('r0', 'zira')]); // seq 1, before the session
    storage.appendCommand(command('session', { type: 'session.start' })); // 2
    rolled('a', [roll('r1', 'zira')]); // 3
    rolled('b', [roll('r2', 'tam', { opposition: { characterId: 'ogre' } })]); // 4
    rolled('c', [roll('r3', 'zira')]); // 5
    rolled('inv', [roll('r1', 'zira', { invokes: [1] })], 'invoke'); // 6
    rolled('junk', [null, 7, 'x']); // 7: unreadable snapshots are skipped
    const read = (before: number | undefined, limit: number, character?: string) =>
      storage.readRolls?.('T1', { before, limit, character });

    expect(read(undefined, 10)).toEqual({
      rolls: [
        { seq: 5, roll: roll('r3', 'zira') },
        { seq: 4, roll: roll('r2', 'tam', { opposition: { characterId: 'ogre' } }) },
        { seq: 3, roll: roll('r1', 'zira', { invokes: [1] }) },
      ],
      characters: ['ogre', 'tam', 'zira'],
    });
    expect(read(5, 1)?.rolls.map((r) => r.seq)).toEqual([4]);
    expect(read(4, 10)?.rolls.map((r) => r.seq)).toEqual([3]);
    expect(read(undefined, 10, 'zira')?.rolls.map((r) => r.seq)).toEqual([5, 3]);
    expect(read(undefined, 10, 'ogre')?.rolls.map((r) => r.seq)).toEqual([4]);
    expect(
      storage.readRolls?.('T2', { before: undefined, limit: 5, character: undefined }),
    ).toEqual({ rolls: [], characters: [] });
  });

  it('creates a restored table with its log as the history of seq 1, pages it, goes on at 2', () => {
    const log = [1, 2, 3].map((n) => ({ n, text: `old ${n}` }));
    const restore = (hash: string) =>
      storage.createTable(
        { id: 'T2', name: 'Moved', ruleset: 'narrative', created: 1 },
        { pub: docWith('pub 0'), gm: docWith('gm 0') },
        [token(hash, { tableId: 'T2', role: 'gm' })],
        { log },
      );
    // All or nothing: a clashing token leaves neither the table nor its log behind.
    expect(() => restore('gm-link')).toThrow();
    expect(storage.getTable('T2')).toBeUndefined();
    expect(storage.findCommand('T2', RESTORE_COMMAND_ID)).toBeUndefined();
    restore('t2-gm');
    expect(storage.readLog?.('T2', undefined, 2)).toEqual(log.slice(1));
    expect(storage.readLog?.('T2', 2, 10)).toEqual(log.slice(0, 1));
    expect(storage.loadDocuments('T2').seq).toBe(1);
    expect(storage.findCommand('T2', RESTORE_COMMAND_ID)).toMatchObject({ seq: 1 });
    expect(storage.appendCommand(command('next', { tableId: 'T2' }))).toBe(2);
    expect(storage.readLog?.('T1', undefined, 10)).toEqual([]);
  });

  it('keeps everything across a reopen (durable adapters)', ({ skip }) => {
    if (!reopen) skip('this adapter keeps nothing past its process');
    storage.appendCommand(command('a', { updates: [{ doc: 'gm', bytes: docWith('kept') }] }));
    storage.close();
    storage = reopen!();
    expect(storage.findCommand('T1', 'a')?.seq).toBe(1);
    expect(notesOf(storage.loadDocuments('T1').docs.gm)).toEqual(['gm 0', 'kept']);
  });
});
