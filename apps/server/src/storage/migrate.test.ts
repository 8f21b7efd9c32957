import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createTableDocs, readTable, type LogEntry } from '@fateboard/table';
import { openSqliteFile } from './sqlite';
import type { SqliteFile } from './sqlite';
import { CHAT_PAGES } from './sqlite-chat';
import { CHAT_PAGE_INDEXES } from '../test/chat-support';
import { RESTORE_COMMAND_ID, RESTORE_COMMAND_TYPE, loadDoc } from './storage';
import type { CommandWrite, NewChatMessage } from './storage';
import { ROW_BYTES, blobRowBytes, chatRowBytes } from './table-bytes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A storage file as a server of schema 2 left it: table T1 whose public log holds a schema 1
 * entry object and a schema 2 row in its snapshot, and one more schema 2 row in a command's
 * stored update.
 */
function oldFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-migrate-'));
  dirs.push(dir);
  const storage = openSqliteFile(dir);
  const docs = createTableDocs({ id: 'T1', name: 'Old table', ruleset: 'fate-core' });
  const log = docs.pub.getArray<unknown>('log');
  docs.pub.transact(() => {
    docs.pub.getMap('meta').set('schemaVersion', 2);
    log.push([
      { n: 1, at: 1000, by: { role: 'gm' }, type: 'scene.start', text: 'Scene: Docks.' },
      [2, 5, 0, 9, 'The docks are on fire.'],
    ]);
  });
  storage.createTable(
    { id: 'T1', name: 'Old table', ruleset: 'fate-core', created: 1000 },
    { pub: Y.encodeStateAsUpdate(docs.pub), gm: Y.encodeStateAsUpdate(docs.gm) },
    [],
  );
  const before = Y.encodeStateVector(docs.pub);
  log.push([
    [3, 9, 'seat-1', 24, 'Zira gave 1 fate point to Tam.', 0, null, [['c1', 'c2', 1, 10]]],
  ]);
  const give: CommandWrite = {
    tableId: 'T1',
    commandId: 'give-1',
    seq: 1,
    actor: { role: 'player', seatId: 'seat-1' },
    tokenHash: null,
    type: 'fate-point.give',
    payload: {},
    result: null,
    created: 9000,
    updates: [{ doc: 'pub', bytes: Y.encodeStateAsUpdate(docs.pub, before) }],
  };
  storage.commit([{ tableId: 'T1', writes: [{ kind: 'command', command: give }] }]);
  chat(storage, 'T1', {
    at: 9500,
    from: { role: 'gm' },
    to: { kind: 'table' },
    text: 'Said before chat ids.',
    spectators: true,
  });
  chat(storage, 'T1', {
    at: 9600,
    from: { role: 'player', seatId: 'seat-1', name: 'Zira' },
    to: { kind: 'gm' },
    text: 'A whisper of old.',
    spectators: false,
  });
  storage.close();
  // Servers before the upgrade never set the file's user_version, nor kept sealed links, nor
  // chat ids.
  const db = new Database(join(dir, 'fateboard.sqlite'));
  db.pragma('user_version = 0');
  db.exec('ALTER TABLE tables DROP COLUMN sealed_links');
  db.exec('DROP INDEX chat_retry');
  db.exec('ALTER TABLE chat DROP COLUMN client_id');
  // Nor read the chat by index, numbered it in the table's row, or measured their tables.
  for (const index of ['public', 'spectators', 'gm', 'from_seat', 'to_seat']) {
    db.exec(`DROP INDEX chat_${index}`);
  }
  db.exec('ALTER TABLE chat DROP COLUMN gm');
  db.exec('ALTER TABLE tables DROP COLUMN chat_n');
  db.exec('ALTER TABLE tables DROP COLUMN stored_bytes');
  db.close();
  return dir;
}

/** Stores a chat message in a commit of its own, as a server of its time did. */
function chat(storage: SqliteFile, tableId: string, message: NewChatMessage, keep = 100) {
  const [outcome] = storage.commit([{ tableId, writes: [{ kind: 'chat', message, keep }] }]);
  if (!outcome?.ok) throw new Error(`not stored: ${String(outcome?.error)}`);
  return outcome.chat[0]!;
}

const oldEntries: LogEntry[] = [
  { n: 1, at: 1000, by: { role: 'gm' }, type: 'scene.start', text: 'Scene: Docks.' },
  { n: 2, at: 5000, by: { role: 'gm' }, type: 'aspect.add', text: 'The docks are on fire.' },
  {
    n: 3,
    at: 9000,
    by: { role: 'player', seatId: 'seat-1' },
    type: 'fate-point.give',
    characterId: 'c1',
    movements: [
      {
        from: { type: 'character', id: 'c1' },
        to: { type: 'character', id: 'c2' },
        amount: 1,
        reason: 'give',
      },
    ],
    text: 'Zira gave 1 fate point to Tam.',
  },
];

describe('opening a storage file an older server wrote', () => {
  it('rewrites its stored logs as schema 3 rows once, keeping every entry', () => {
    const dir = oldFile();

    const storage = openSqliteFile(dir);
    const stored = storage.loadDocuments('T1');
    expect(stored.seq).toBe(1);
    expect(stored.docs.pub.updates).toEqual([]);
    const pub = loadDoc(stored.docs.pub);
    expect(pub.getArray('log').length).toBe(0);
    expect(pub.getArray('journal').length).toBe(3);
    const view = readTable(pub);
    expect(view.log).toEqual(oldEntries);
    expect(view.schemaVersion).toBe(3);
    expect(view.name).toBe('Old table');
    storage.close();

    // Opened again, the file is not rewritten.
    const again = openSqliteFile(dir);
    expect(again.loadDocuments('T1')).toEqual(stored);
    again.close();
    const db = new Database(join(dir, 'fateboard.sqlite'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    db.close();
  });

  it('gives its tables a place for sealed links: none until the GM rotates them', () => {
    const dir = oldFile();
    const storage = openSqliteFile(dir);
    expect(storage.sealedLinks('T1')).toBeUndefined();
    storage.rotateLinks('T1', [], new Uint8Array([1, 2]));
    storage.close();
    const again = openSqliteFile(dir);
    expect(again.sealedLinks('T1')).toEqual(new Uint8Array([1, 2]));
    expect(again.getTable('T1')?.name).toBe('Old table');
    again.close();
  });

  it('gives its chat a place for message ids: old messages have none, new ones are found', () => {
    const dir = oldFile();
    const storage = openSqliteFile(dir);
    const gm = { role: 'gm' } as const;
    expect(storage.readChat('T1', { kind: 'gm' }, undefined, 10).map((m) => m.text)).toEqual([
      'Said before chat ids.',
      'A whisper of old.',
    ]);
    const next = { at: 9600, from: gm, to: { kind: 'table' }, text: 'With an id.' } as const;
    expect(chat(storage, 'T1', { ...next, spectators: true, id: 'c-1' }).message.n).toBe(3);
    expect(storage.findChat('T1', gm, 'c-1')?.text).toBe('With an id.');
    expect(chat(storage, 'T1', { ...next, spectators: true, id: 'c-1' })).toMatchObject({
      fresh: false,
      message: { n: 3 },
    });
    storage.close();
  });

  it('moves a restored log out of its command row into chunks that a page reads alone', () => {
    const dir = oldFile();
    // A restore as servers before chunks stored it: the whole log in seq 1's result.
    const log = Array.from({ length: 3000 }, (_, i) => ({ n: i + 1, text: `entry ${i + 1}` }));
    const db = new Database(join(dir, 'fateboard.sqlite'));
    db.prepare(
      "INSERT INTO tables (id, name, ruleset, created) VALUES ('T2', 'Moved', 'pirates', 1)",
    ).run();
    db.prepare(
      `INSERT INTO commands (table_id, command_id, seq, actor, type, payload, result, created)
       VALUES ('T2', ?, 1, '{"role":"gm"}', ?, '{}', ?, 1)`,
    ).run(RESTORE_COMMAND_ID, RESTORE_COMMAND_TYPE, JSON.stringify({ log }));
    db.exec('DROP TABLE restored_log');
    db.close();

    const storage = openSqliteFile(dir);
    expect(storage.readLog('T2', undefined, 2)).toEqual(log.slice(-2));
    expect(storage.readLog('T2', 1500, 3)).toEqual(log.slice(1496, 1499));
    expect(storage.readLog('T2', 3, 10)).toEqual(log.slice(0, 2));
    expect(storage.findCommands('T2', [RESTORE_COMMAND_ID])).toMatchObject([
      { seq: 1, result: null },
    ]);
    storage.close();
    const check = new Database(join(dir, 'fateboard.sqlite'), { readonly: true });
    const chunks = check
      .prepare("SELECT COUNT(*) AS n FROM restored_log WHERE table_id = 'T2'")
      .get();
    expect((chunks as { n: number }).n).toBeGreaterThan(1);
    check.close();
  });

  it('numbers its chat on, reads each history by an index, and measures its tables once', () => {
    const dir = oldFile();
    const storage = openSqliteFile(dir);
    // Every message already there is the GM's to read; the seat reads its whisper.
    expect(storage.readChat('T1', { kind: 'seat', seatId: 'seat-1' }, undefined, 9)).toHaveLength(
      2,
    );
    expect(storage.readChat('T1', { kind: 'spectator' }, undefined, 9)).toHaveLength(1);
    const stored = storage.loadDocuments('T1');
    const messages = storage.readChat('T1', { kind: 'gm' }, undefined, 9);
    const [give] = storage.findCommands('T1', ['give-1']);
    const expected =
      [stored.docs.pub.snapshot!, stored.docs.gm.snapshot!].reduce(
        (sum, bytes) => sum + blobRowBytes(bytes),
        0,
      ) +
      ROW_BYTES +
      JSON.stringify(give!.payload).length +
      JSON.stringify(give!.result).length +
      messages.reduce((sum, m) => sum + chatRowBytes({ ...m, spectators: true }), 0);
    expect(stored.bytes).toBe(expected);
    expect(storage.tableBytes('T1')).toBe(expected);
    const next = chat(storage, 'T1', {
      at: 9700,
      from: { role: 'gm' },
      to: { kind: 'table' },
      text: 'Next.',
      spectators: true,
    });
    expect(next.message.n).toBe(3);
    storage.close();
    // Each history on its own index, never a scan of the table's chat.
    const db = new Database(join(dir, 'fateboard.sqlite'), { readonly: true });
    for (const [scope, names] of Object.entries(CHAT_PAGE_INDEXES)) {
      const plan = db
        .prepare<Record<string, unknown>, { detail: string }>(
          `EXPLAIN QUERY PLAN ${CHAT_PAGES[scope as keyof typeof CHAT_PAGES]}`,
        )
        .all({ tableId: 'T1', before: 9, limit: 5, seatId: 'seat-1' })
        .map((row) => row.detail);
      for (const name of names) expect(plan.join('; ')).toContain(`INDEX ${name} `);
      expect(plan.filter((step) => /^SCAN chat\b/.test(step))).toEqual([]);
    }
    db.close();
  });
});
