import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import type { TableRoom } from './room';
import type { RoomDeps } from './room';
import { RoomDocs } from './docs';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import { newTestRoom } from '../test/room-fixture';
import { fateCoreSheet } from '../test/sheets';

let dir: string;
let sqlite: Storage;
let failWrites: boolean;
/** SQLite behind a switch that makes every write throw, like a full disk. */
let storage: Storage;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fateboard-room-'));
  sqlite = openSqliteStorage(dir);
  failWrites = false;
  const guard =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (failWrites) throw new Error('SQLITE_FULL: database or disk is full');
      return f(...a);
    };
  // SQLite's failed commit rolled its transaction back: nothing stored, for certain.
  const commit: Storage['commit'] = (batches) =>
    guard(sqlite.commit)(batches).catch((error: unknown) => {
      throw new NotStoredError(error);
    });
  storage = { ...sqlite, commit, compact: guard(sqlite.compact) };
});
afterEach(async () => {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const newRoom = (overrides: Partial<RoomDeps> = {}): Promise<TableRoom> =>
  newTestRoom(storage, overrides);

/** Updates go to listeners in a microtask after their batch's acknowledgements. */
const afterPublish = () => new Promise((resolve) => setImmediate(resolve));

const player = { actor: { role: 'player' as const }, tokenHash: 'link' };

describe('TableRoom', () => {
  it('acknowledges with a seq, mints a seat token on join and publishes after commit', async () => {
    const room = await newRoom();
    const published: string[] = [];
    room.onUpdate((doc) => published.push(doc));
    const joined = await room.handle(player, { id: 'c1', type: 'join', name: 'Ann' });
    expect(joined.ack).toMatchObject({ ok: true, seq: 1, result: { seatId: 'id1' } });
    expect(joined.seatId).toBe('id1');
    const { seatToken } = (joined.ack as { result: { seatToken: string } }).result;
    expect(seatToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await afterPublish();
    expect(published).toEqual(['pub']);
    expect(readTable(room.doc('pub')).seats).toHaveLength(1);
  });

  it('refuses a malformed command with bad-command and changes nothing', async () => {
    const room = await newRoom();
    const before = Y.encodeStateVector(room.doc('pub'));
    for (const input of [null, 42, 'join', {}, { type: 'join' }, { id: 'x', type: 'nope' }]) {
      const { ack } = await room.handle(player, input);
      expect(ack).toMatchObject({ ok: false, code: 'bad-command' });
    }
    expect(Y.encodeStateVector(room.doc('pub'))).toEqual(before);
  });

  it('refuses with code storage when the write fails, keeps nothing in memory, recovers', async () => {
    const room = await newRoom();
    await room.handle(player, { id: 'c1', type: 'join', name: 'Ann' });
    await afterPublish();
    const seat = { actor: { role: 'player' as const, seatId: 'id1' }, tokenHash: 'seat' };
    const published: string[] = [];
    room.onUpdate((doc) => published.push(doc));
    const before = JSON.stringify(readTable(room.doc('pub')));

    failWrites = true;
    const create = {
      id: 'c2',
      type: 'character.create',
      character: fateCoreSheet('Zird', 'Wizard', 'Rivals'),
    };
    const failed = await room.handle(seat, create);
    expect(failed.ack).toMatchObject({ ok: false, code: 'storage' });
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    await afterPublish();
    expect(published).toEqual([]);

    failWrites = false;
    const retried = await room.handle(seat, create);
    expect(retried.ack).toMatchObject({ ok: true, seq: 2 });
    expect(readTable(room.doc('pub')).characters.map((c) => c.name)).toEqual(['Zird']);
    await afterPublish();
    expect(published).toEqual(['pub']);
  });

  it('caches the full state per document version', async () => {
    const room = await newRoom();
    const a = room.fullState('pub');
    expect(room.fullState('pub')).toBe(a);
    await room.handle(player, { id: 'c1', type: 'join', name: 'Ann' });
    const b = room.fullState('pub');
    expect(b).not.toBe(a);
    expect(room.fullState('pub')).toBe(b);
  });

  it('loads from snapshot and updates, and compacts them into one snapshot', async () => {
    const SECRET = 'a-join-secret-of-the-players';
    const first = await newRoom();
    for (let i = 0; i < 5; i++) {
      await first.handle(player, { id: `j${i}`, type: 'join', name: `P${i}`, secret: SECRET });
    }
    const state = JSON.stringify(readTable(first.doc('pub')));
    await first.dispose();
    expect((await sqlite.loadDocuments('T1')).docs.pub.updates).toHaveLength(5);

    const compacting = await newRoom({ compactAfter: 3 });
    expect(JSON.stringify(readTable(compacting.doc('pub')))).toBe(state);
    const stored = await sqlite.loadDocuments('T1');
    expect(stored.docs.pub.updates).toHaveLength(0);
    expect(stored.seq).toBe(5);
    await compacting.dispose();

    const again = await newRoom();
    expect(JSON.stringify(readTable(again.doc('pub')))).toBe(state);
    // Retries still find their first result after compaction (a join's: with its secret).
    const retry = { id: 'j0', type: 'join', name: 'P0', secret: SECRET };
    expect((await again.handle(player, retry)).ack).toMatchObject({ ok: true, seq: 1 });
  });
});

describe("a room's documents following another writer", () => {
  it("apply its updates without a line on stdout (its writer id is likely this room's own)", async () => {
    await newTestRoom(sqlite);
    const open = () =>
      RoomDocs.open({
        storage: sqlite,
        tableId: 'T1',
        compactAfter: 1000,
        rebuildRatio: 2,
        log: () => {},
        writeFence: () => ({}),
      });
    // Both loaded from the same history: both claim the same small writer id.
    const writer = await open();
    const follower = await open();
    expect(follower.doc('pub').clientID).toBe(writer.doc('pub').clientID);
    const said = vi.spyOn(console, 'log');
    try {
      for (let seq = 1; seq <= 3; seq++) {
        const capture = writer.capture();
        writer.doc('pub').getMap('aspects').set(`a${seq}`, `Aspect ${seq}`);
        const updates = capture.stop();
        writer.stored(seq, updates);
        follower.follow(seq, updates);
      }
      expect(said).not.toHaveBeenCalled();
    } finally {
      said.mockRestore();
    }
    expect(follower.lastSeq).toBe(3);
    expect(follower.doc('pub').getMap('aspects').toJSON()).toEqual(
      writer.doc('pub').getMap('aspects').toJSON(),
    );
  });
});
