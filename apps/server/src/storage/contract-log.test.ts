import { beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { RESTORE_COMMAND_ID, logChunks } from './storage';
import { blobRowBytes, commandRowBytes, logChunkBytes } from './table-bytes';
import {
  adapters,
  commitCommands,
  docWith,
  notesOf,
  openWithHarbour,
  part,
  token,
  write,
} from './contract-support';

// The contract every storage adapter keeps (contract-support.ts), continued: compaction, the
// log's pages, the session's rolls, restored tables with their log in chunks, what a durable
// adapter keeps across a reopen, and what each table is measured to hold.

describe.each(adapters)('the storage contract: $name', (adapter) => {
  const opened = openWithHarbour(adapter);
  let storage: Storage;
  beforeEach(() => {
    storage = opened.storage;
  });
  it('compacts: the snapshot replaces the updates up to its seq, later ones stay', async () => {
    await commitCommands(
      storage,
      write(1, 'a', { updates: [{ doc: 'pub', bytes: docWith('a') }] }),
    );
    await commitCommands(
      storage,
      write(2, 'b', { updates: [{ doc: 'pub', bytes: docWith('b') }] }),
    );
    await storage.compact('T1', 1, { pub: docWith('compacted'), gm: docWith('gm compacted') });
    const after = await storage.loadDocuments('T1');
    expect(after.seq).toBe(2);
    // The snapshot stands for pub 0 and a; b is still an update of its own.
    expect(notesOf(after.docs.pub)).toEqual(['b', 'compacted']);
    expect(after.docs.pub.updates).toHaveLength(1);
    expect(notesOf(after.docs.gm)).toEqual(['gm compacted']);
    // Commands go on after a compaction, their updates after the snapshot.
    await commitCommands(storage, write(3, 'c', { updates: [{ doc: 'gm', bytes: docWith('c') }] }));
    expect(notesOf((await storage.loadDocuments('T1')).docs.gm)).toEqual(['c', 'gm compacted']);
  });

  it('pages the log from the commands’ results, oldest first within a page', async () => {
    let n = 0;
    let seq = 0;
    for (const id of ['a', 'b', 'c', 'd']) {
      await commitCommands(
        storage,
        write(++seq, id, {
          result: {
            log: [
              { n: ++n, text: `${id}1` },
              { n: ++n, text: `${id}2` },
            ],
          },
        }),
      );
    }
    await commitCommands(storage, write(++seq, 'quiet', { result: { ok: true } }));
    expect(await storage.readLog?.('T1', undefined, 3)).toEqual([
      { n: 6, text: 'c2' },
      { n: 7, text: 'd1' },
      { n: 8, text: 'd2' },
    ]);
    expect(await storage.readLog?.('T1', 6, 3)).toEqual([
      { n: 3, text: 'b1' },
      { n: 4, text: 'b2' },
      { n: 5, text: 'c1' },
    ]);
    expect(await storage.readLog?.('T1', 2, 10)).toEqual([{ n: 1, text: 'a1' }]);
    expect(await storage.readLog?.('T2', undefined, 10)).toEqual([]);
  });

  it('reads the session’s rolls newest first, each as last stored, paged and filtered', async () => {
    const roll = (id: string, actor: string, extra: object = {}) => ({
      id,
      actor: { characterId: actor },
      ...extra,
    });
    let seq = 0;
    const rolled = (id: string, rolls: unknown[], type = 'roll') =>
      commitCommands(storage, write(++seq, id, { type, result: { rollId: 'x', rolls } }));
    await rolled('old', [roll('r0', 'zira')]); // seq 1, before the session
    await commitCommands(storage, write(++seq, 'session', { type: 'session.start' })); // 2
    await rolled('a', [roll('r1', 'zira')]); // 3
    await rolled('b', [roll('r2', 'tam', { opposition: { characterId: 'ogre' } })]); // 4
    await rolled('c', [roll('r3', 'zira')]); // 5
    await rolled('inv', [roll('r1', 'zira', { invokes: [1] })], 'invoke'); // 6
    await rolled('junk', [null, 7, 'x']); // 7: unreadable snapshots are skipped
    const read = (before: number | undefined, limit: number, character?: string) =>
      storage.readRolls?.('T1', { before, limit, character });

    expect(await read(undefined, 10)).toEqual({
      rolls: [
        { seq: 5, roll: roll('r3', 'zira') },
        { seq: 4, roll: roll('r2', 'tam', { opposition: { characterId: 'ogre' } }) },
        { seq: 3, roll: roll('r1', 'zira', { invokes: [1] }) },
      ],
      characters: ['ogre', 'tam', 'zira'],
    });
    expect((await read(5, 1))?.rolls.map((r) => r.seq)).toEqual([4]);
    expect((await read(4, 10))?.rolls.map((r) => r.seq)).toEqual([3]);
    expect((await read(undefined, 10, 'zira'))?.rolls.map((r) => r.seq)).toEqual([5, 3]);
    expect((await read(undefined, 10, 'ogre'))?.rolls.map((r) => r.seq)).toEqual([4]);
    expect(
      await storage.readRolls?.('T2', { before: undefined, limit: 5, character: undefined }),
    ).toEqual({ rolls: [], characters: [] });
  });

  it('creates a restored table with its log in chunks, pages it, goes on at 2', async () => {
    const log = [1, 2, 3].map((n) => ({ n, text: `old ${n}` }));
    const restore = (hash: string) =>
      storage.createTable(
        { id: 'T2', name: 'Moved', ruleset: 'narrative', created: 1 },
        { pub: docWith('pub 0'), gm: docWith('gm 0') },
        [token(hash, { tableId: 'T2', role: 'gm' })],
        { chunks: logChunks(log) },
      );
    // All or nothing: a clashing token leaves neither the table nor its log behind.
    await expect(restore('gm-link')).rejects.toThrow();
    expect(await storage.getTable('T2')).toBeUndefined();
    expect(await storage.findCommands('T2', [RESTORE_COMMAND_ID])).toEqual([]);
    await restore('t2-gm');
    expect(await storage.readLog?.('T2', undefined, 2)).toEqual(log.slice(1));
    expect(await storage.readLog?.('T2', 2, 10)).toEqual(log.slice(0, 1));
    expect((await storage.loadDocuments('T2')).seq).toBe(1);
    expect(await storage.findCommands('T2', [RESTORE_COMMAND_ID])).toMatchObject([{ seq: 1 }]);
    // Seq 1 is the restore's: the table's next command goes at 2.
    const [taken] = await storage.commit([part('T2', [write(1, 'first', { tableId: 'T2' })])]);
    expect(taken).toMatchObject({ ok: false, fenced: false });
    await commitCommands(storage, write(2, 'next', { tableId: 'T2' }));
    expect((await storage.loadDocuments('T2')).seq).toBe(2);
    expect(await storage.readLog?.('T1', undefined, 10)).toEqual([]);
    // The commands' entries come first, then the restored ones below them.
    await commitCommands(
      storage,
      write(3, 'later', { tableId: 'T2', result: { log: [{ n: 4, text: 'new 4' }] } }),
    );
    expect(await storage.readLog?.('T2', undefined, 3)).toEqual([
      ...log.slice(1),
      { n: 4, text: 'new 4' },
    ]);
  });

  it('pages a long restored log by chunk, every page the same as from one array', async () => {
    const log = Array.from({ length: 5000 }, (_, i) => ({
      n: i + 1,
      text: `line ${i + 1} `.repeat(4),
    }));
    const chunks = logChunks(log);
    expect(chunks.length).toBeGreaterThan(5);
    await storage.createTable(
      { id: 'T3', name: 'Long', ruleset: 'fate-core', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token('t3-gm', { tableId: 'T3', role: 'gm' })],
      { chunks },
    );
    for (const [before, limit] of [
      [undefined, 1],
      [undefined, 200],
      [5000, 7],
      [chunks[3]!.first + 1, 5],
      [chunks[3]!.first, 5],
      [2, 200],
      [1, 5],
    ] as const) {
      const below = before ?? Infinity;
      const expected = log.filter((e) => e.n < below).slice(-limit);
      expect(await storage.readLog?.('T3', before, limit)).toEqual(expected);
    }
  });

  it('keeps everything across a reopen (durable adapters)', async ({ skip }) => {
    if (!opened.durable) skip('this adapter keeps nothing past its process');
    await commitCommands(
      storage,
      write(1, 'a', { updates: [{ doc: 'gm', bytes: docWith('kept') }] }),
    );
    await storage.commit([part('T1', [write(2, 'b')], 4)]);
    storage = await opened.reopen();
    expect(await storage.findCommands('T1', ['a'])).toMatchObject([{ seq: 1 }]);
    expect(notesOf((await storage.loadDocuments('T1')).docs.gm)).toEqual(['gm 0', 'kept']);
    // The fence too: an epoch before the stored one is still refused.
    expect(await storage.commit([part('T1', [write(3, 'c')], 3)])).toMatchObject([
      { ok: false, fenced: true },
    ]);
  });

  it('measures what each table holds as it writes, compacts and restores (table-bytes.ts)', async () => {
    // A new table holds its two snapshots (T1's were made before this case, so measured here).
    const docs = { pub: docWith('pub 0'), gm: docWith('gm 0') };
    await storage.createTable(
      { id: 'T4', name: 'New', ruleset: 'fate-core', created: 5 },
      docs,
      [],
    );
    expect(await storage.tableBytes('T4')).toBe(blobRowBytes(docs.pub) + blobRowBytes(docs.gm));
    const created = (await storage.tableBytes('T1'))!;
    expect((await storage.loadDocuments('T1')).bytes).toBe(created);
    const update = { doc: 'pub' as const, bytes: docWith('pub 1') };
    const row = write(1, 'a', {
      payload: { name: 'ação' },
      result: { log: [1] },
      updates: [update],
    });
    const [outcome] = await storage.commit([part('T1', [row])]);
    const grown =
      created + commandRowBytes('{"name":"ação"}', '{"log":[1]}') + blobRowBytes(update.bytes);
    expect(outcome).toEqual({ ok: true, bytes: grown, chat: [] });
    expect(await storage.tableBytes('T1')).toBe(grown);
    // A compaction replaces the snapshots and the update they cover; the command row stays.
    const snapshot = { pub: docWith('pub 0+1'), gm: docWith('gm 0') };
    await storage.compact('T1', 1, snapshot);
    expect(await storage.tableBytes('T1')).toBe(
      grown -
        created -
        blobRowBytes(update.bytes) +
        blobRowBytes(snapshot.pub) +
        blobRowBytes(snapshot.gm),
    );
    // A restored table starts with its log counted, every chunk of it.
    const chunks = logChunks(
      Array.from({ length: 3000 }, (_, i) => ({ n: i + 1, text: `Once upon a time, ${i}` })),
    );
    expect(chunks.length).toBeGreaterThan(1);
    await storage.createTable(
      { id: 'T3', name: 'Back', ruleset: 'fate-core', created: 5 },
      docs,
      [],
      { chunks },
    );
    const [restored] = await storage.findCommands('T3', [RESTORE_COMMAND_ID]);
    expect(restored?.result).toBeNull();
    expect(await storage.tableBytes('T3')).toBe(
      (await storage.tableBytes('T4'))! +
        commandRowBytes(JSON.stringify(restored!.payload), JSON.stringify(restored!.result)) +
        chunks.reduce((sum, chunk) => sum + logChunkBytes(chunk), 0),
    );
    // A part that was not stored moved nothing.
    const compacted = await storage.tableBytes('T1');
    const [refused] = await storage.commit([part('T1', [write(1, 'a')])]);
    expect(refused?.ok).toBe(false);
    expect(await storage.tableBytes('T1')).toBe(compacted);
  });
});
