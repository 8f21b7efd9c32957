import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { NotStoredError } from './storage';
import type { SealedLinks, Storage, TokenRecord } from './storage';
import { migrate } from './migrate';
import { CHAT_SCHEMA, sqliteChat } from './sqlite-chat';
import { CLAIMS_SCHEMA, sqliteClaims } from './sqlite-claims';
import { IMAGES_SCHEMA, sqliteImages } from './sqlite-images';
import { FENCES_SCHEMA, RESTORED_LOG_SCHEMA, SCHEMA } from './sqlite-rows';
import { toCommand, toTable, toToken } from './rows';
import { startCheckpointer } from './sqlite-checkpoints';
import type { Checkpointer } from './sqlite-checkpoints';
import type { Log } from '../ops/logger';
import {
  addColumn,
  checkFence,
  prepareSealed,
  prepareStatements,
  tokenParams,
} from './sqlite-statements';
import { sqliteCommit } from './sqlite-commit';
import { sqliteTables } from './sqlite-tables';
import type { RestoredLogRows } from './sqlite-tables';

// The SQLite file opened: its schema brought up to date, its statements prepared, and every
// Storage method answering at once (SqliteFile).

/**
 * The Storage interface with every method answering at once: what better-sqlite3 does. The
 * server uses it through `openSqliteStorage`; tests and tools that read a file synchronously
 * (a second connection beside a running server) use it directly.
 */
export type SqliteFile = {
  // No leases: one server writes a SQLite file, never a cluster. No batch lookup either:
  // `findCommands` answers at once, so one per table costs no round trip.
  [
    K in keyof Required<Omit<Storage, 'leases' | 'ping' | 'findCommandsOf'>>
  ]: Required<Storage>[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => R
    : never;
};

export interface SqliteFileOptions {
  /**
   * Who folds the WAL back into the database file: SQLite itself inside the commit that
   * crosses 1,000 pages (the default, for tools and tests), or a worker thread off the
   * command path (the server: sqlite-checkpoints.ts).
   */
  checkpoints?: 'sqlite' | 'worker';
  /** Where a failing checkpoint worker is reported. */
  log?: Log | undefined;
}

export function openSqlite(
  dataDir: string,
  options: SqliteFileOptions,
): { file: SqliteFile; restoredLog: RestoredLogRows } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'fateboard.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged command survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  db.exec(CHAT_SCHEMA);
  db.exec(FENCES_SCHEMA);
  db.exec(RESTORED_LOG_SCHEMA);
  db.exec(CLAIMS_SCHEMA);
  db.exec(IMAGES_SCHEMA);
  const claims = sqliteClaims(db);
  // Files made before these columns lack them (CREATE TABLE IF NOT EXISTS leaves an existing
  // table as it is): added before any statement names them. What they should hold for the rows
  // already there is migrate.ts's (the chat's indexes, the tables' measure).
  addColumn(db, 'commands', 'secret_hash', 'TEXT');
  addColumn(db, 'tables', 'chat_n', 'INTEGER NOT NULL DEFAULT 0');
  addColumn(db, 'tables', 'stored_bytes', 'INTEGER NOT NULL DEFAULT 0');
  addColumn(db, 'chat', 'gm', 'INTEGER NOT NULL DEFAULT 1');

  const q = prepareStatements(db);

  // Prepared on first use, which comes after migrate(): a file an older server wrote gets the
  // sealed_links column there, and a statement naming it cannot be prepared before.
  let sealedQueries: ReturnType<typeof prepareSealed> | undefined;
  const sealed = () => (sealedQueries ??= prepareSealed(db));
  // Prepared on first use too: a file an older server wrote gets chat's client_id and gm in
  // migrate().
  let chatQueries: ReturnType<typeof sqliteChat> | undefined;
  const chatStatements = () => (chatQueries ??= sqliteChat(db));
  // Prepared on first use too: they name `stored_bytes`, which an older file gains above.
  let imageQueries: ReturnType<typeof sqliteImages> | undefined;
  const images = () => (imageQueries ??= sqliteImages(db));

  const rotateLinks = db.transaction(
    (tableId: string, fresh: TokenRecord[], links: SealedLinks): string[] => {
      const revoked = q.linkTokens.all(tableId).map((row) => row.hash);
      for (const hash of revoked) q.revokeToken.run(hash);
      for (const token of fresh) q.insertToken.run(tokenParams(token));
      sealed().set.run(links, tableId);
      return revoked;
    },
  );

  const { writeCommand, commit } = sqliteCommit(db, q, claims, chatStatements);
  const { restoredLog, readLog, createTable, compact, loadDocuments, readRolls } = sqliteTables(
    db,
    q,
    writeCommand,
    sealed,
    images,
  );
  // A restore a crash cut short (createInSlices) left chunks without a table.
  db.exec('DELETE FROM restored_log WHERE table_id NOT IN (SELECT id FROM tables)');

  migrate(db, { loadDocuments, compact });

  let checkpointer: Checkpointer | undefined;
  if (options.checkpoints === 'worker') {
    db.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(path, (error) => {
      // SQLite checkpoints again by itself: slower commits now and then, an unbounded WAL never.
      options.log?.('the checkpoint worker stopped; SQLite checkpoints in its commits', error);
      if (db.open) db.pragma('wal_autocheckpoint = 1000');
    });
  }

  const file: SqliteFile = {
    createTable: (table, docs, tokens, history, links) =>
      createTable(table, docs, tokens, history, links),
    getTable: (id) => {
      const row = q.getTable.get(id);
      return row ? toTable(row) : undefined;
    },
    findToken: (hash) => {
      const row = q.findToken.get(hash);
      return row ? toToken(row) : undefined;
    },
    rotateLinks: (tableId, fresh, links) => rotateLinks(tableId, fresh, links),
    sealedLinks: (tableId) => {
      const bytes = sealed().get.get(tableId)?.sealed_links;
      return bytes ? new Uint8Array(bytes) : undefined;
    },
    putClaim: (claim) => claims.putClaim(claim),
    findClaim: (hash) => claims.findClaim(hash),
    claims: (tableId) => claims.claims(tableId),
    dropClaim: (tableId, seatId) => claims.dropClaim(tableId, seatId),
    findCommands: (tableId, commandIds) =>
      commandIds.length === 0
        ? []
        : q.findCommands.all(tableId, JSON.stringify(commandIds)).map(toCommand),
    commit: (parts) => {
      let outcomes;
      try {
        outcomes = commit(parts);
      } catch (error) {
        // SQLite rolled the transaction back: nothing of the batch is stored.
        throw new NotStoredError(error);
      }
      checkpointer?.committed();
      return outcomes;
    },
    loadDocuments: (tableId) => loadDocuments(tableId),
    compact: (tableId, seq, docs, fence) => compact(tableId, seq, docs, fence),
    readLog: (tableId, before, limit) => readLog(tableId, before, limit),
    readRolls: (tableId, query) => readRolls(tableId, query),
    findChat: (tableId, from, id) => chatStatements().findChat(tableId, from, id),
    readChat: (tableId, scope, before, limit) =>
      chatStatements().readChat(tableId, scope, before, limit),
    tableBytes: (tableId) => q.bytes.get(tableId)?.bytes,
    putImage: (image, allowance) => images().putImage(image, allowance),
    readImage: (tableId, hash, variant) => images().readImage(tableId, hash, variant),
    fullImages: (tableId, hashes) => images().fullImages(tableId, hashes),
    dropImages: (tableId, keep, before, fence) => {
      checkFence(q, tableId, fence, 'dropping pictures of');
      return images().dropImages(tableId, keep, before);
    },
    close: () => {
      // The worker's connection first: this one, closing last, folds the WAL in and removes it.
      checkpointer?.close();
      if (db.open) db.close();
    },
  };
  return { file, restoredLog };
}
