import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile, openSqliteStorage } from './sqlite';
import type { Storage, TableRecord } from './storage';
import { docWith, part, write } from './contract-support';

// The server's SQLite connection never checkpoints the WAL inside a commit; a worker thread
// does it on a connection of its own (sqlite-checkpoints.ts). What shows it: the database file
// alone, without its WAL, holds the commands only once they were checkpointed.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-checkpoints-'));
  dirs.push(dir);
  return dir;
}

/**
 * How many commands the database file holds without its WAL (a copy of the file alone); -1
 * when the copy caught a checkpoint halfway (a torn copy reads as malformed): ask again.
 */
function checkpointedCommands(dir: string): number {
  const copy = freshDir();
  copyFileSync(join(dir, 'fateboard.sqlite'), join(copy, 'fateboard.sqlite'));
  const db = new Database(join(copy, 'fateboard.sqlite'), { readonly: true });
  try {
    // Before the first checkpoint even the schema is only in the WAL.
    const made = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'commands'").get();
    if (!made) return 0;
    return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM commands').get()!.n;
  } catch (error) {
    if (String(error).includes('malformed')) return -1;
    throw error;
  } finally {
    db.close();
  }
}

async function commitMany(storage: Storage, from: number, count: number): Promise<void> {
  for (let seq = from; seq < from + count; seq++) {
    const [outcome] = await storage.commit([
      part('T1', [
        write(seq, `c${String(seq)}`, {
          updates: [{ doc: 'pub', bytes: docWith(`n${String(seq)}`) }],
        }),
      ]),
    ]);
    expect(outcome?.ok).toBe(true);
  }
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const table: TableRecord = { id: 'T1', name: 'Harbour', ruleset: 'pirates', created: 1 };
const docs = () => ({ pub: docWith('pub 0'), gm: docWith('gm 0') });

describe("the server's SQLite storage checkpoints in a worker thread", () => {
  it('folds 200 commits into the database file without a checkpoint in any commit', async () => {
    const dir = freshDir();
    const storage = openSqliteStorage(dir);
    await storage.createTable(table, docs(), []);
    // 199 commits of about four pages each: SQLite's own rule (1,000 pages) would have
    // checkpointed inside one of them; the server's connection has that off.
    await commitMany(storage, 1, 199);
    await new Promise((r) => setTimeout(r, 200));
    expect(checkpointedCommands(dir)).toBe(0);
    // The 200th asks the worker.
    await commitMany(storage, 200, 1);
    await until(() => checkpointedCommands(dir) === 200);
    await storage.close();
  });

  it('folds in what came since, a second after the last commit', async () => {
    const dir = freshDir();
    const storage = openSqliteStorage(dir);
    await storage.createTable(table, docs(), []);
    await commitMany(storage, 1, 5);
    expect(checkpointedCommands(dir)).toBe(0);
    await until(() => checkpointedCommands(dir) === 5, 3000);
    await storage.close();
  });

  it('leaves no WAL behind once closed, and the next open reads every command', async () => {
    const dir = freshDir();
    const storage = openSqliteStorage(dir);
    await storage.createTable(table, docs(), []);
    await commitMany(storage, 1, 30);
    await storage.close();
    // The worker's connection closed first, the server's last: that one folded the WAL in and
    // removed it, before close answered (a test that removes the folder next must find it quiet).
    expect(existsSync(join(dir, 'fateboard.sqlite-wal'))).toBe(false);
    expect(checkpointedCommands(dir)).toBe(30);
    const reopened = openSqliteStorage(dir);
    expect((await reopened.loadDocuments('T1')).seq).toBe(30);
    await reopened.close();
  });

  it('a file opened for tools keeps SQLite checkpointing by itself', () => {
    const dir = freshDir();
    const file = openSqliteFile(dir);
    file.createTable(table, docs(), [], undefined, undefined);
    for (let seq = 1; seq <= 400; seq++) {
      file.commit([
        part('T1', [
          write(seq, `c${String(seq)}`, {
            updates: [{ doc: 'pub', bytes: docWith(`n${String(seq)}`) }],
          }),
        ]),
      ]);
    }
    // No worker: SQLite checkpointed inside a commit that crossed 1,000 pages.
    expect(checkpointedCommands(dir)).toBeGreaterThan(0);
    file.close();
  });
});
