import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import { GroupCommit } from './group-commit';
import type { TableRoom } from './room';
import type { HandledCommand } from './group-commit';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import { newTestRoom } from '../test/room-fixture';
import { fateCoreSheet } from '../test/sheets';
import {
  TestServer,
  connectSocket,
  createTable,
  openReplica,
  storedDocs,
  samePub,
  waitFor,
} from '../test/harness';

// Group commit: the commands that arrive together are applied in order and stored in one
// transaction; each is acknowledged only once that transaction is committed, a failed commit
// refuses every command in it and leaves nothing behind, and nobody reads what is not stored.

let dir: string;
let sqlite: Storage;
/** Set by a test to make the batch's commit fail (a full disk at fsync). */
let failCommit: boolean;
/** Set by a test to store the batch and then fail (the connection lost during COMMIT). */
let loseReply: boolean;
/** Set by a test to hold every commit until it is opened (a slow networked database). */
let gate: Promise<void> | undefined;
/** Set by a test to have every table's part fenced out (cluster mode: a later lease's epoch). */
let fenceAll: boolean;
/** Set by a test to fail the commit before its COMMIT was sent (PostgreSQL ended the session). */
let sessionEnded: boolean;
let storage: Storage;
let commits: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fateboard-group-'));
  sqlite = openSqliteStorage(dir);
  failCommit = false;
  loseReply = false;
  gate = undefined;
  fenceAll = false;
  sessionEnded = false;
  storage = {
    ...sqlite,
    commit: async (batches) => {
      if (gate) await gate;
      if (fenceAll) return batches.map(() => ({ ok: false, fenced: true }));
      if (sessionEnded) throw new NotStoredError(new Error('Connection terminated unexpectedly'));
      if (failCommit) throw new NotStoredError(new Error('SQLITE_IOERR: disk I/O error'));
      const outcomes = await sqlite.commit(batches);
      if (loseReply) throw new Error('Connection terminated unexpectedly');
      return outcomes;
    },
  };
  commits = new GroupCommit(storage, () => {});
});
afterEach(async () => {
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

const newRoom = (id = 'T1'): Promise<TableRoom> => newTestRoom(storage, { commits }, id);

/** Holds every commit until the answered function is called. */
function holdCommits(): () => void {
  let open = () => {};
  gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    gate = undefined;
    open();
  };
}

/** A trigger that fails the command row with id `boom`: ABORT undoes the statement, ROLLBACK
 * the whole transaction (as SQLite does by itself on a full disk or an I/O error). */
function failCommandBoom(raise: 'ABORT' | 'ROLLBACK'): void {
  const db = new Database(join(dir, 'fateboard.sqlite'));
  db.exec(`CREATE TRIGGER boom BEFORE INSERT ON commands WHEN NEW.command_id = 'boom'
           BEGIN SELECT RAISE(${raise}, 'database or disk is full'); END`);
  db.close();
}

/** A room with one stored aspect, its public state then, and how many updates it published since. */
async function roomWithOneAspect() {
  const room = await newRoom();
  await room.handle(gm, aspect('before', 'Before'));
  await turn();
  const before = JSON.stringify(readTable(room.doc('pub')));
  let published = 0;
  room.onUpdate(() => published++);
  return { room, before, published: () => published };
}

const stored = async (tableId: string, ...ids: string[]) =>
  (await sqlite.findCommands(tableId, ids)).map((c) => c.commandId).sort();
const texts = (room: TableRoom) => readTable(room.doc('pub')).aspects.map((a) => a.text);
const turn = () => new Promise((resolve) => setImmediate(resolve));

const gm = { actor: { role: 'gm' as const }, tokenHash: 'gm' };
const player = { actor: { role: 'player' as const }, tokenHash: 'link' };
const aspect = (id: string, text: string) => ({ id, type: 'aspect.add', kind: 'situation', text });

describe('group commit', () => {
  it('stores the commands of one turn in one transaction, then acks and publishes them in order', async () => {
    const room = await newRoom();
    const events: string[] = [];
    room.onUpdate(() => events.push('publish'));
    const acks = Array.from({ length: 20 }, (_, i) =>
      room.handle(gm, aspect(`a${i}`, `Aspect ${i}`)).then((h) => {
        events.push('ack');
        return h;
      }),
    );
    const handled = await Promise.all(acks);
    await turn();
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
    expect((await sqlite.loadDocuments('T1')).docs.pub.updates).toHaveLength(20);
    expect(texts(room).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Aspect ${i}`).sort());
  });

  it('a failed commit refuses every write in the batch with storage, publishes nothing and reloads', async () => {
    const { room, before, published } = await roomWithOneAspect();
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
    // Nothing of it was stored, for certain: marked for one more try (cluster mode routes it
    // again); a refusal of the rules is final.
    expect(results.map((r) => r.retry)).toEqual([true, true, undefined, true]);
    // The join seated its connection when applied, and was undone when the commit failed.
    expect(seats).toEqual([expect.stringMatching(/^id\d$/), undefined]);
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    expect(await stored('T1', 'x1', 'j1', 'x2')).toEqual([]);

    failCommit = false;
    const again = await room.handle(gm, aspect('x1', 'Lost 1'));
    expect(again.ack).toMatchObject({ ok: true, seq: 2 });
    await turn();
    expect(published()).toBe(1);
  });

  it('a part fenced out by a later writer is answered moved (nothing stored), refusals keep their own answer', async () => {
    const { room, before, published } = await roomWithOneAspect();

    fenceAll = true;
    const [fenced, refused] = await Promise.all([
      room.handle(gm, aspect('f1', 'Fenced')),
      room.handle(gm, { id: 'bad', type: 'aspect.remove', ref: { aspectId: 'nope' } }),
    ]);
    // TableRoom.handle in cluster mode routes a moved command again, to the new writer.
    expect(fenced).toEqual({
      ack: {
        ok: false,
        code: 'storage',
        message: 'The table is moving between servers; try again.',
      },
      retry: true,
    });
    expect(refused.ack).toMatchObject({ ok: false, code: 'not-found' });
    expect(refused.retry).toBeUndefined();
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    expect(await stored('T1', 'f1')).toEqual([]);
  });

  it('a batch that failed before its COMMIT was sent is refused, marked for one more try', async () => {
    const { room, before, published } = await roomWithOneAspect();
    sessionEnded = true;
    const lost = await room.handle(gm, aspect('n1', 'Not stored'));
    expect(lost).toEqual({
      ack: { ok: false, code: 'storage', message: 'The command could not be saved.' },
      retry: true,
    });
    await turn();
    expect(published()).toBe(0);
    expect(JSON.stringify(readTable(room.doc('pub')))).toBe(before);
    sessionEnded = false;
    expect((await room.handle(gm, aspect('n1', 'Not stored'))).ack).toMatchObject({ ok: true });
  });

  it("one table's failing write refuses that table's part of the batch; another table's is stored", async () => {
    const one = await newRoom('T1');
    const two = await newRoom('T2');
    await one.handle(gm, aspect('a0', 'Zero'));
    // Like a constraint or a full page for this one row: SQLite aborts the statement only.
    failCommandBoom('ABORT');
    const results = await Promise.all([
      one.handle(gm, aspect('a1', 'One')),
      two.handle(gm, aspect('b1', 'Elsewhere')),
      one.handle(gm, aspect('boom', 'Never')),
      one.handle(gm, aspect('a3', 'Three')),
    ]);
    expect(commits.stats.batches).toBe(2);
    // A table's commands build on each other (and are numbered in a row): all or none.
    expect(results.map((r) => r.ack)).toEqual([
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: true, seq: 1 }),
      expect.objectContaining({ ok: false, code: 'storage' }),
      expect.objectContaining({ ok: false, code: 'storage' }),
    ]);
    expect(texts(one)).toEqual(['Zero']);
    expect(texts(two)).toEqual(['Elsewhere']);
    expect(await stored('T1', 'a1', 'boom', 'a3')).toEqual([]);
    expect(await stored('T2', 'b1')).toEqual(['b1']);
    // The room reloaded from storage numbers its next command after what is stored.
    expect((await one.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({ ok: true, seq: 2 });
    await one.dispose();
    await two.dispose();
  });

  it('when SQLite rolls the whole batch back itself, nothing after it is stored on its own', async () => {
    const one = await newRoom('T1');
    const two = await newRoom('T2');
    await one.handle(gm, aspect('a0', 'Zero'));
    // The transaction ends under the batch: a later write must not run in autocommit and be
    // stored while it is refused.
    failCommandBoom('ROLLBACK');
    const results = await Promise.all([
      one.handle(gm, aspect('a1', 'One')),
      one.handle(gm, aspect('boom', 'Never')),
      two.handle(gm, aspect('b1', 'After it')),
    ]);
    for (const r of results) expect(r.ack).toMatchObject({ ok: false, code: 'storage' });
    expect(await stored('T1', 'a1', 'boom')).toEqual([]);
    expect(await stored('T2', 'b1')).toEqual([]);
    expect(texts(one)).toEqual(['Zero']);
    expect(texts(two)).toEqual([]);
  });

  it('a commit reported failed that went through: the listeners get its update, a retry finds it stored', async () => {
    const room = await newRoom();
    let broken = false;
    room.onBroken(() => (broken = true));
    await room.handle(gm, aspect('a0', 'Zero'));
    await turn();
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(room.doc('pub')));
    room.onUpdate((doc, update) => {
      if (doc === 'pub') Y.applyUpdate(replica, update);
    });
    loseReply = true;
    // Not "nothing changed": whether it was stored is not known.
    expect((await room.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({
      ok: false,
      code: 'unknown-outcome',
    });
    expect(await stored('T1', 'a1')).toEqual(['a1']);
    // The room reloaded what storage holds and handed its replicas what they lacked.
    expect(broken).toBe(false);
    expect(texts(room)).toEqual(['Zero', 'One']);
    expect(readTable(replica).aspects.map((a) => a.text)).toEqual(['Zero', 'One']);
    loseReply = false;
    expect((await room.handle(gm, aspect('a1', 'One'))).ack).toMatchObject({ ok: true, seq: 2 });
    expect((await room.handle(gm, aspect('a2', 'Two'))).ack).toMatchObject({ ok: true, seq: 3 });
  });

  it('commands that arrive while a batch is being stored make the next batch, in order', async () => {
    const room = await newRoom();
    const open = holdCommits();
    const first = room.handle(gm, aspect('a1', 'One'));
    await turn();
    await turn();
    // The first batch is in its commit; these wait for it, and go together.
    const rest = Array.from({ length: 5 }, (_, i) => room.handle(gm, aspect(`b${i}`, `B${i}`)));
    await turn();
    expect(commits.stats).toEqual({ batches: 1, commands: 1, largest: 1 });
    open();
    const acks = await Promise.all([first, ...rest]);
    expect(acks.map((h) => h.ack.ok && h.ack.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(commits.stats).toEqual({ batches: 2, commands: 6, largest: 5 });
  });

  it('nobody reads a change while its batch is being stored, nor ever if it fails', async () => {
    const room = await newRoom();
    await room.handle(gm, aspect('a0', 'Stored'));
    const read = () => commits.read(() => texts(room));
    expect(await read()).toEqual(['Stored']);

    let open = holdCommits();
    const kept = room.handle(gm, aspect('a1', 'Kept'));
    await turn();
    await turn();
    // Applied in memory, not stored yet: a reader waits.
    expect(commits.settled).toBe(false);
    const during = read();
    let answered = false;
    void during.then(() => (answered = true));
    await turn();
    expect(answered).toBe(false);
    open();
    expect((await kept).ack).toMatchObject({ ok: true, seq: 2 });
    expect(await during).toEqual(['Stored', 'Kept']);

    open = holdCommits();
    failCommit = true;
    const lost = room.handle(gm, aspect('a2', 'Lost'));
    await turn();
    await turn();
    const whileFailing = read();
    open();
    expect((await lost).ack).toMatchObject({ ok: false, code: 'storage' });
    // The reader ran after the failed batch was undone: it never saw the lost change.
    expect(await whileFailing).toEqual(['Stored', 'Kept']);
    expect(commits.settled).toBe(true);
  });

  it('the same command id twice in one batch applies once and answers both alike', async () => {
    const room = await newRoom();
    const [first, second] = await Promise.all([
      room.handle(gm, aspect('same', 'Once')),
      room.handle(gm, aspect('same', 'Once')),
    ]);
    expect(commits.stats.batches).toBe(1);
    expect(first.ack).toMatchObject({ ok: true, seq: 1 });
    expect(second.ack).toEqual(first.ack);
    expect(readTable(room.doc('pub')).aspects).toHaveLength(1);
    // And a later batch answers it from storage alike.
    expect((await room.handle(gm, aspect('same', 'Once'))).ack).toEqual(first.ack);
  });

  it("a command after a join in the same batch acts for the join's seat", async () => {
    const room = await newRoom();
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

  it('a replica that joins while a batch is being stored gets its change only once stored, and never a failed one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-barrier-'));
    const real = openSqliteStorage(dataDir);
    let hold: Promise<void> | undefined;
    let entered = false;
    let fail = false;
    // A slow database: the commit waits (as a network round trip does) with the batch applied.
    const slow: Storage = {
      ...real,
      commit: async (batches) => {
        entered = true;
        if (hold) await hold;
        if (fail) throw new NotStoredError(new Error('connection terminated'));
        return real.commit(batches);
      },
    };
    server = await TestServer.start({ dataDir, storage: slow });
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gmSocket = await connectSocket(server.url, table.tokens.gm, 'gm');
    await gmSocket.ok({ type: 'aspect.add', kind: 'situation', text: 'Stored' });
    const aspectsOf = (replica: { doc: Parameters<typeof readTable>[0] }) =>
      readTable(replica.doc).aspects.map((a) => a.text);

    for (const outcome of ['failed', 'stored'] as const) {
      let open = () => {};
      hold = new Promise<void>((resolve) => (open = resolve));
      entered = false;
      fail = outcome === 'failed';
      const sent = gmSocket.send({ type: 'aspect.add', kind: 'situation', text: outcome });
      await waitFor(() => entered, 'the batch in its commit');
      // Joins now: its sync request waits for the batch instead of reading the applied change.
      const joining = openReplica(server.url, name, table.tokens.spectator);
      let joined = false;
      void joining.then(() => (joined = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(joined).toBe(false);
      hold = undefined;
      open();
      const ack = await sent;
      const replica = await joining;
      if (outcome === 'failed') {
        expect(ack).toMatchObject({ ok: false, code: 'storage' });
        expect(aspectsOf(replica)).toEqual(['Stored']);
      } else {
        expect(ack).toMatchObject({ ok: true });
        expect(aspectsOf(replica)).toEqual(['Stored', 'stored']);
      }
      // What it holds is exactly what is stored.
      expect(samePub(storedDocs(dataDir, table.id).pub, replica.doc)).toBe(true);
      replica.destroy();
    }
    gmSocket.close();
    await server.stop();
    server = undefined;
    await real.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('under load, gathers what arrives within gatherMs into one batch; idle, a lone command never waits', async () => {
    commits = new GroupCommit(storage, () => {}, undefined, 5000, 1000);
    const room = await newRoom();
    // Idle: a lone command's batch starts at the end of its turn, not gatherMs later.
    const release = holdCommits();
    const lone = room.handle(gm, aspect('lone', 'Lone'));
    await turn();
    await turn();
    expect(commits.stats.batches).toBe(1);
    // Under load (that batch still committing): what arrives next waits for more.
    const sent = [room.handle(gm, aspect('g0', 'G0'))];
    release();
    expect((await lone).ack.ok).toBe(true);
    for (let i = 1; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sent.push(room.handle(gm, aspect(`g${i}`, `G${i}`)));
    }
    const handled = await Promise.all(sent);
    expect(handled.every((h) => h.ack.ok)).toBe(true);
    expect(commits.stats).toMatchObject({ batches: 2, commands: 4, largest: 3 });
    expect(await stored('T1', 'g0', 'g1', 'g2')).toEqual(['g0', 'g1', 'g2']);
  });
});
