import type Database from 'better-sqlite3';
import * as Y from 'yjs';
import { claimWriterId, upgradeLog } from '@fateboard/table';
import { CHAT_READER_INDEXES, CHAT_RETRY_INDEX, sqliteBytes } from './sqlite-chat';
import { tableBytesSql } from './table-bytes';
import { RESTORE_COMMAND_TYPE, loadDoc, logChunks } from './storage';
import type { DocKey } from '@fateboard/table';
import type { StoredDocuments } from './storage';

/** The SQLite adapter's own synchronous reads and writes of documents, inside the migration. */
export interface MigrationDocs {
  loadDocuments: (tableId: string) => StoredDocuments;
  compact: (tableId: string, seq: number, docs: Record<DocKey, Uint8Array>) => void;
}

type Step = (db: Database.Database, storage: MigrationDocs) => void;

/**
 * What brings a file written by an older server up to date, in order. `PRAGMA user_version`
 * counts the steps a file has had, so each runs once per file, when the server opens it; the
 * code that runs afterwards reads only the current formats. Append, never reorder.
 */
const STEPS: Step[] = [
  upgradeLogs,
  keepSealedLinks,
  keepChatIds,
  chunkRestoredLogs,
  indexChatAndMeasureTables,
];

export function migrate(db: Database.Database, storage: Parameters<Step>[1]): void {
  const done = db.pragma('user_version', { simple: true }) as number;
  if (done >= STEPS.length) return;
  // One transaction: a crash halfway leaves the file as it was, to be migrated next time.
  db.transaction(() => {
    for (const step of STEPS.slice(done)) step(db, storage);
    db.pragma(`user_version = ${STEPS.length}`);
  })();
}

/** Logs stored before schema 3 (entry objects, schema 2 rows) become schema 3 rows. */
function upgradeLogs(db: Database.Database, storage: Parameters<Step>[1]): void {
  const tables = db.prepare<[], { id: string }>('SELECT id FROM tables').all();
  for (const { id } of tables) {
    const stored = storage.loadDocuments(id);
    const pub = loadDoc(stored.docs.pub);
    // The upgrade writes under a small id the document never used (see claimWriterId).
    claimWriterId(pub);
    if (upgradeLog(pub)) {
      const gm = loadDoc(stored.docs.gm);
      storage.compact(id, stored.seq, {
        pub: Y.encodeStateAsUpdate(pub),
        gm: Y.encodeStateAsUpdate(gm),
      });
      gm.destroy();
    }
    pub.destroy();
  }
}

/**
 * Tables get a column for their sealed invite links (sealed-links.ts). A file made before has
 * none: its tables stay without sealed links (NULL) until the GM rotates them. A file created
 * by this server has the column from SCHEMA already.
 */
function keepSealedLinks(db: Database.Database): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tables)').all();
  if (!columns.some((c) => c.name === 'sealed_links')) {
    db.exec('ALTER TABLE tables ADD COLUMN sealed_links BLOB');
  }
}

/**
 * Chat messages keep their sender's id, so that a retried `chat.send` is answered, not posted
 * again (sqlite-chat.ts). Messages stored before have none (NULL): no retry can find them, and
 * they needed none. Every file gets the index that makes an author's id unique per table.
 */
function keepChatIds(db: Database.Database): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(chat)').all();
  if (!columns.some((c) => c.name === 'client_id')) {
    db.exec('ALTER TABLE chat ADD COLUMN client_id TEXT');
  }
  db.exec(CHAT_RETRY_INDEX);
}

/**
 * A restored table's log moves out of its first command row, where it was one JSON value
 * parsed whole by every read of a page, into chunks (storage.ts, LogChunk) that a page reads
 * alone. The row stays, without its log: it marks the restore and holds seq 1.
 */
function chunkRestoredLogs(db: Database.Database): void {
  const rows = db
    .prepare<[string], { table_id: string; seq: number; result: string }>(
      'SELECT table_id, seq, result FROM commands WHERE type = ? AND result IS NOT NULL',
    )
    .all(RESTORE_COMMAND_TYPE);
  const insert = db.prepare(
    `INSERT INTO restored_log (table_id, first_n, last_n, entries)
     VALUES (@tableId, @first, @last, @entries)`,
  );
  const clear = db.prepare('UPDATE commands SET result = NULL WHERE table_id = ? AND seq = ?');
  for (const row of rows) {
    const log = (JSON.parse(row.result) as { log?: unknown }).log;
    const entries = Array.isArray(log) ? (log as { n: number }[]) : [];
    for (const chunk of logChunks(entries)) insert.run({ tableId: row.table_id, ...chunk });
    clear.run(row.table_id, row.seq);
  }
}

/**
 * Each reader's chat history is read by an index of its own (sqlite-chat.ts's
 * CHAT_READER_INDEXES), and every table keeps its chat counter and what it holds on disk
 * (table-bytes.ts) in its row. The columns were added on open (sqlite.ts) with defaults: the
 * messages already stored are all the GM's to read (whispers between players came later), and
 * each table is numbered and measured here once, from its rows.
 */
function indexChatAndMeasureTables(db: Database.Database): void {
  db.exec(CHAT_READER_INDEXES);
  db.exec(`
    UPDATE tables SET
      chat_n = (SELECT COALESCE(MAX(n), 0) FROM chat WHERE chat.table_id = tables.id),
      stored_bytes = ${tableBytesSql(sqliteBytes)}
  `);
}
