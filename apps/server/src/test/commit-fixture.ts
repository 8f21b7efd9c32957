import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { readTable } from '@fateboard/table';
import { GroupCommit } from '../room/group-commit';
import type { TableRoom } from '../room/room';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import { newTestRoom } from './room-fixture';

// The group commit tests' storage: a real SQLite file behind a commit a test can make fail,
// fence, hold or lose the reply of, and rooms on it sharing one GroupCommit.

/** A fresh SQLite storage and group commit per test, with the commit's faults all off. */
export function commitFixturePerTest() {
  const fx = {
    dir: '',
    sqlite: undefined as unknown as Storage,
    /** `sqlite` behind the faults below. */
    storage: undefined as unknown as Storage,
    commits: undefined as unknown as GroupCommit,
    /** Makes the batch's commit fail (a full disk at fsync). */
    failCommit: false,
    /** Stores the batch and then fails (the connection lost during COMMIT). */
    loseReply: false,
    /** Holds every commit until it resolves (a slow networked database). */
    gate: undefined as Promise<void> | undefined,
    /** Has every table's part fenced out (cluster mode: a later lease's epoch). */
    fenceAll: false,
    /** Fails the commit before its COMMIT was sent (PostgreSQL ended the session). */
    sessionEnded: false,

    /** A room on table `id` using `commits`. */
    newRoom: (id = 'T1'): Promise<TableRoom> =>
      newTestRoom(fx.storage, { commits: fx.commits }, id),

    /** Holds every commit until the answered function is called. */
    holdCommits(): () => void {
      let open = () => {};
      fx.gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        fx.gate = undefined;
        open();
      };
    },

    /** A trigger that fails the command row with id `boom`: ABORT undoes the statement, ROLLBACK
     * the whole transaction (as SQLite does by itself on a full disk or an I/O error). */
    failCommandBoom(raise: 'ABORT' | 'ROLLBACK'): void {
      const db = new Database(join(fx.dir, 'fateboard.sqlite'));
      db.exec(`CREATE TRIGGER boom BEFORE INSERT ON commands WHEN NEW.command_id = 'boom'
           BEGIN SELECT RAISE(${raise}, 'database or disk is full'); END`);
      db.close();
    },

    /** A room with one stored aspect, its public state then, and how many updates it published since. */
    async roomWithOneAspect() {
      const room = await fx.newRoom();
      await room.handle(gm, aspect('before', 'Before'));
      await turn();
      const before = JSON.stringify(readTable(room.doc('pub')));
      let published = 0;
      room.onUpdate(() => published++);
      return { room, before, published: () => published };
    },

    /** Which of `ids` table `tableId` has stored, sorted. */
    stored: async (tableId: string, ...ids: string[]) =>
      (await fx.sqlite.findCommands(tableId, ids)).map((c) => c.commandId).sort(),
  };

  beforeEach(() => {
    fx.dir = mkdtempSync(join(tmpdir(), 'fateboard-group-'));
    const sqlite = openSqliteStorage(fx.dir);
    fx.sqlite = sqlite;
    fx.failCommit = false;
    fx.loseReply = false;
    fx.gate = undefined;
    fx.fenceAll = false;
    fx.sessionEnded = false;
    fx.storage = {
      ...sqlite,
      commit: async (batches) => {
        if (fx.gate) await fx.gate;
        if (fx.fenceAll) return batches.map(() => ({ ok: false, fenced: true }));
        if (fx.sessionEnded)
          throw new NotStoredError(new Error('Connection terminated unexpectedly'));
        if (fx.failCommit) throw new NotStoredError(new Error('SQLITE_IOERR: disk I/O error'));
        const outcomes = await sqlite.commit(batches);
        if (fx.loseReply) throw new Error('Connection terminated unexpectedly');
        return outcomes;
      },
    };
    fx.commits = new GroupCommit(fx.storage, () => {});
  });
  afterEach(async () => {
    await fx.sqlite.close();
    rmSync(fx.dir, { recursive: true, force: true });
  });
  return fx;
}

/** The aspects' texts on a room's public document. */
export const texts = (room: TableRoom) => readTable(room.doc('pub')).aspects.map((a) => a.text);
/** One turn of the event loop. */
export const turn = () => new Promise((resolve) => setImmediate(resolve));

export const gm = { actor: { role: 'gm' as const }, tokenHash: 'gm' };
export const player = { actor: { role: 'player' as const }, tokenHash: 'link' };
export const aspect = (id: string, text: string) => ({
  id,
  type: 'aspect.add',
  kind: 'situation',
  text,
});
