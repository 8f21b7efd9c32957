import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { GroupCommit } from './group-commit';
import type { TableRoom } from './room';
import type { HandledCommand } from './group-commit';
import { openSqliteStorage } from './storage';
import type { Storage } from './storage';
import { newTestRoom } from './test/room-fixture';
import { fateCoreSheet } from './test/sheets';
import {
  TestServer,
  connectSocket,
  createTable,
  openReplica,
  storedDocs,
  samePub,
  waitFor,
} from './test/harness';

// Group commit: the commands of one event-loop turn are applied in order and stored in one
// transaction; each is acknowledged only once that transaction is committed, and a failed
// commit refuses every command in it and leaves nothing behind.

let dir: string;
let sqlite: Storage;
/** Set by a test to make the batch's commit fail after its work ran (a full disk at fsync). */
let failCommit: boolean;
let storage: Storage;
let commits: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fateboard-group-'));
  sqlite = openSqliteStorage(dir);
  failCommit = false;
  storage = {
    ...sqlite,
    batch: (work) =>
      sqlite.batch(() => {
        const result = work();
        // Throwing at the end of the transaction rolls all of it back, as a failed COMMIT does.
        if (failCommit) throw new Error('SQLITE_IOERR: disk I/O error');
        return result;
      }),
  };
  commits = new GroupCommit(storage, () => {});
});
afterEach(() => {
  sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const newRoom = (): TableRoom => newTestRoom(storage, { commits });

/** A trigger that fails the command row with id `boom`: ABORT undoes the statement, ROLLBACK
 * the whole transaction (as SQLite does by itself on a full disk or an I/O error). */
function failCommandBoom(raise: 'ABORT' | 'ROLLBACK'): void {
  const db = new Database(join(dir, 'fateboard.sqlite'));
  db.exec(`CREATE TRIGGER boom BEFORE INSERT ON commands WHEN NEW.command_id = 'boom'
           BEGIN SELECT RAISE(${raise}, 'database or disk is full'); END`);
  db.close();
}

const gm = { actor: { role: 'gm' as const }, tokenHash: 'gm' };
const player = { actor: { role: 'player' as const }, tokenHash: 'link' };
const aspect = (id: string, text: string) => ({ id, type: 'aspect.add', kind: 'situation', text });

describe('group commit', () => {
  it('stores the commands of one turn in one transaction, then acks and publishes them in order', async () => {
    const room = newRoom();
    const events: string[] = [];
    room.onUpdate(() => events.push('publish'));
    const acks = Array.from({ length: 20 }, (_, i) =>
      room.handle(gm, aspect(`a${i}`, `Aspect ${i}`)).then((h) => {
        events.push('ack');
        return h;
      }),
    );
    const handled = await Promise.all(acks);
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits.stats).toEqual({ batches: 1, commands: 20, largest: 20 });
    const { applyMs, commitMs } = commits.timings();
    expect(applyMs).toHaveLength(1);
    expect(applyMs[0]).toBeGreaterThan(0);
    expect(commitMs[0]).toBeGreaterThan(0);
    expect(handled.map((h) => h.ack.ok && h.ack.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Every acknowledgement is written before any of the batch's updates goes out.
    expect(events).toEqual([
      ...Array<string>(20).fill('ack'),
      ...Array<string>(20).fill('publish'),
    ]);
    expect(sqlite.loadDocuments('T1').docs.pub.updates).toHaveLength(20);
    const texts = readTable(room.doc('pub')).aspects.map((a) => a.text);
    expect(texts.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Aspect ${i}`).sort());
  });

  it('a failed commit refuses every write in the batch with storage, publishes nothing and reloads', async () => {
    const room = newRoom();
    await room.handle(gm, aspect('before', 'Before'));
    await new Promise((resolve) => setImmediate(resolve));
    const before = JSON.stringify(readTable(room.doc('pub')));
    let published = 0;
    room.onUpdate(() => published++);
    const seats: (string | undefined)[] = [];

    failCommit = true;
    const results = await Promise.all([
      room.handle(gm, aspect('x1', 'Lost 1')),
      room.handle(player, { id: 'j1', type: 'join', name: 'Ann' }, (seat) => seats.push(seat)),
      // A refusal in the same batch keeps its own answer: it wrote nothing.
      room.handle(gm, { id: 'bad', type: 'aspect.remove', ref: { aspectId: 'nope' } }),
      room.handle(gm, aspect('x2', 'Lost 2')),
    ]);
    expect(results.map((r) => r.ack)).toEqual([
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'not-found' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
    ]);
    // The join seated its connection when applied, and was undone when the commit failed.
    expect(seats).toEqual([expect.stringMatching(/^id\d$/), undefined]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    expect(sqlite.findCommand('T1', 'x1')).toBeUndefined();

    failCommit = false;
    const again = await room.handle(gm, aspect('x1', 'Lost 1'));
    expect(again.ack).toMatchObject({ ok: true, seq: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toBe(1);
  });

  it('one failing write undoes only itself; the rest of its batch is stored', async () => {
    const room = newRoom();
    // Like a constraint or a full page for this one row: SQLite aborts the statement only.
    failCommandBoom('ABORT');
    const results = await Promise.all([
      room.handle(gm, aspect('a1', 'One')),
      room.handle(gm, aspect('boom', 'Never')),
      room.handle(gm, aspect('a3', 'Three')),
    ]);
    expect(commits.stats.batches).toBe(1);
    expect(results.map((r) => r.ack)).toEqual([
      expect.objectContaining({ ok: true, seq: 1 }),
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: true, seq: 2 }),
    ]);
    expect(readTable(room.doc('pub')).aspects.map((a) => a.text)).toEqual(['One', 'Three']);
    const reloaded = newRoom();
    expect(readTable(reloaded.doc('pub')).aspects.map((a) => a.text)).toEqual(['One', 'Three']);
    reloaded.dispose();
  });

  it('when SQLite rolls the whole batch back itself, nothing after it is stored on its own', async () => {
    const room = newRoom();
    await room.handle(gm, aspect('a0', 'Zero'));
    // The transaction ends under the batch: a later write must not run in autocommit and be
    // stored while it is refused.
    failCommandBoom('ROLLBACK');
    const results = await Promise.all([
      room.handle(gm, aspect('a1', 'One')),
      room.handle(gm, aspect('boom', 'Never')),
      room.handle(gm, aspect('a3', 'Three')),
    ]);
    for (const r of results) expect(r.ack).toMatchObject({ ok: false, code: 'storage' });
    for (const id of ['a1', 'boom', 'a3']) expect(sqlite.findCommand('T1', id)).toBeUndefined();
    expect(readTable(room.doc('pub')).aspects.map((a) => a.text)).toEqual(['Zero']);
  });

  it('the same command id twice in one batch applies once and answers both alike', async () => {
    const room = newRoom();
    const [first, second] = await Promise.all([
      room.handle(gm, aspect('same', 'Once')),
      room.handle(gm, aspect('same', 'Once')),
    ]);
    expect(commits.stats.batches).toBe(1);
    expect(first.ack).toMatchObject({ ok: true, seq: 1 });
    expect(second.ack).toEqual(first.ack);
    expect(readTable(room.doc('pub')).aspects).toHaveLength(1);
  });

  it("a command after a join in the same batch acts for the join's seat", async () => {
    const room = newRoom();
    let seatId: string | undefined;
    const sender = () => ({
      actor:
        seatId === undefined ? { role: 'player' as const } : { role: 'player' as const, seatId },
      tokenHash: 'link',
    });
    const onSeat = (seat: string | undefined) => {
      seatId = seat;
    };
    const [joined, created]: HandledCommand[] = await Promise.all([
      room.handle(sender, { id: 'j', type: 'join', name: 'Ann' }, onSeat),
      room.handle(
        sender,
        { id: 'c', type: 'character.create', character: fateCoreSheet('Zird', 'Wizard', 'Rivals') },
        onSeat,
      ),
    ]);
    expect(commits.stats.batches).toBe(1);
    expect(joined!.ack).toMatchObject({ ok: true, seq: 1 });
    expect(created!.ack).toMatchObject({ ok: true, seq: 2 });
    const { seats, characters } = readTable(room.doc('pub'));
    expect(seats).toEqual([
      expect.objectContaining({ name: 'Ann', characterId: characters[0]!.id }),
    ]);
  });
});

describe('group commit over real sockets', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('a burst of commands is acknowledged in order, in fewer commits, and every replica agrees', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const gmSocket = await connectSocket(server.url, table.tokens.gm, 'gm');
    const replica = await openReplica(server.url, `table/${table.id}`, table.tokens.spectator);
    const before = server.server.commitStats();
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        gmSocket.ok({ type: 'aspect.add', kind: 'situation', text: `Burst ${i}` }),
      ),
    );
    const after = server.server.commitStats();
    expect(acks.map((a) => a.seq)).toEqual(acks.map((_, i) => acks[0]!.seq + i));
    expect(after.commands - before.commands).toBe(30);
    expect(after.batches - before.batches).toBeLessThan(30);
    await waitFor(() => readTable(replica.doc).aspects.length === 30, 'the burst on the replica');
    const texts = readTable(replica.doc).aspects.map((a) => a.text);
    expect(texts.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Burst ${i}`).sort());
    // The replica holds exactly what is stored.
    expect(samePub(storedDocs(server.dataDir, table.id).pub, replica.doc)).toBe(true);
    gmSocket.close();
    replica.destroy();
  });
});
