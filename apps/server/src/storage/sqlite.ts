import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DOC_KEYS } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import { NotStoredError, restoreCommand, restoredPage, rollPage, writeTableId } from './storage';
import { blobRowBytes, commandRowBytes, logChunkBytes, ROW_BYTES } from './table-bytes';
import type {
  BatchOutcome,
  CommandRolls,
  CommandWrite,
  LogChunk,
  RestoredHistory,
  Storage,
  StoredDocument,
  StoredDocuments,
  RollQuery,
  SealedLinks,
  StoredChat,
  TableBatch,
  TableRecord,
  TokenRecord,
} from './storage';
import { migrate } from './migrate';
import { CHAT_SCHEMA, sqliteChat } from './sqlite-chat';
import { CLAIMS_SCHEMA, sqliteClaims } from './sqlite-claims';
import { IMAGES_SCHEMA, sqliteImages } from './sqlite-images';
import { FENCES_SCHEMA, RESTORED_LOG_SCHEMA, SCHEMA } from './sqlite-rows';
import { toCommand, toTable, toToken } from './rows';
import { startCheckpointer } from './sqlite-checkpoints';
import type { Checkpointer } from './sqlite-checkpoints';
import type { Log } from '../ops/logger';
import type { BytesRow, CommandRow, TableRow, TokenRow } from './rows';

/**
 * The Storage interface with every method answering at once: what better-sqlite3 does. The
 * server uses it through `openSqliteStorage`; tests and tools that read a file synchronously
 * (a second connection beside a running server) use it directly.
 */
export type SqliteFile = {
  // No leases: one server writes a SQLite file, never a cluster.
  [K in keyof Required<Omit<Storage, 'leases' | 'ping'>>]: Required<Storage>[K] extends (
    ...args: infer A
  ) => Promise<infer R>
    ? (...args: A) => R
    : never;
};

/**
 * Opens (creating if needed) `<dataDir>/fateboard.sqlite` in WAL mode, and brings a file an
 * older server wrote up to date (migrate.ts).
 */
export function openSqliteStorage(dataDir: string, log?: Log): Storage {
  const { file, restoredLog } = openSqlite(dataDir, { checkpoints: 'worker', log });
  // Each method does its work at once and answers a settled promise, a throw as a rejection:
  // SQLite's commit stays within the turn of the event loop.
  const storage: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(file)) {
    storage[name] = (...args: unknown[]): Promise<unknown> => {
      try {
        return Promise.resolve((method as (...a: unknown[]) => unknown)(...args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
  }
  storage.createTable = createInSlices(file, restoredLog);
  return storage as unknown as Storage;
}

/** About this much of a restored log a transaction: a few milliseconds of the event loop. */
const SLICE_BYTES = 64 * 1024;

/**
 * createTable that writes a restored log's chunks a slice at a time, each slice its own
 * transaction with a turn of the event loop between, then the table in one transaction: the
 * table exists, with all of its log, or not at all (a failure drops the chunks written).
 */
function createInSlices(file: SqliteFile, restoredLog: RestoredLogRows): Storage['createTable'] {
  return async (table, docs, tokens, history, links) => {
    const chunks = history?.chunks ?? [];
    try {
      let slice: LogChunk[] = [];
      let bytes = 0;
      let storedApart = 0;
      for (const chunk of chunks) {
        // Read once: a chunk from a worker decodes its text when read (file-work/jobs.ts).
        const entries = chunk.entries;
        slice.push({ first: chunk.first, last: chunk.last, entries });
        bytes += entries.length;
        storedApart += logChunkBytes({ entries });
        if (bytes < SLICE_BYTES) continue;
        restoredLog.insert(table.id, slice);
        [slice, bytes] = [[], 0];
        await new Promise((resolve) => setImmediate(resolve));
      }
      restoredLog.insert(table.id, slice);
      file.createTable(
        table,
        docs,
        tokens,
        history && {
          chunks: [],
          storedApart,
          ...(history.images ? { images: history.images } : {}),
        },
        links,
      );
    } catch (error) {
      restoredLog.dropOrphans(table.id);
      throw error instanceof Error ? error : new Error(String(error));
    }
  };
}

/** The restored log's rows, written apart from createTable's transaction (createInSlices). */
interface RestoredLogRows {
  insert: (tableId: string, chunks: readonly LogChunk[]) => void;
  /** Drops the table's chunks, unless the table exists (they are its log then). */
  dropOrphans: (tableId: string) => void;
}

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

/** The synchronous SQLite file behind `openSqliteStorage`. */
export function openSqliteFile(dataDir: string, options: SqliteFileOptions = {}): SqliteFile {
  return openSqlite(dataDir, options).file;
}

function openSqlite(
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

  const q = {
    insertTable: db.prepare(
      'INSERT INTO tables (id, name, ruleset, created) VALUES (@id, @name, @ruleset, @created)',
    ),
    getTable: db.prepare<[string], TableRow>('SELECT * FROM tables WHERE id = ?'),
    insertToken: db.prepare(
      `INSERT INTO tokens (hash, table_id, role, seat_id, kind, revoked, created)
       VALUES (@hash, @tableId, @role, @seatId, @kind, @revoked, @created)`,
    ),
    findToken: db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE hash = ?'),
    linkTokens: db.prepare<[string], { hash: string }>(
      `SELECT hash FROM tokens WHERE table_id = ? AND kind = 'link' AND revoked = 0
       AND role IN ('player', 'spectator')`,
    ),
    revokeToken: db.prepare<[string]>('UPDATE tokens SET revoked = 1 WHERE hash = ?'),
    revokeSeat: db.prepare<[string, string]>(
      `UPDATE tokens SET revoked = 1 WHERE table_id = ? AND kind = 'seat' AND seat_id = ?`,
    ),
    // The ids go as one JSON array: one statement for any number of them.
    findCommands: db.prepare<[string, string], CommandRow>(
      `SELECT * FROM commands WHERE table_id = ? AND command_id IN (SELECT value FROM json_each(?))`,
    ),
    fence: db.prepare<[string], { epoch: number }>('SELECT epoch FROM fences WHERE table_id = ?'),
    setFence: db.prepare<[string, number]>(
      `INSERT INTO fences (table_id, epoch) VALUES (?, ?)
       ON CONFLICT (table_id) DO UPDATE SET epoch = excluded.epoch`,
    ),
    lastSeq: db.prepare<[string], { seq: number }>(
      'SELECT COALESCE(MAX(seq), 0) AS seq FROM commands WHERE table_id = ?',
    ),
    insertCommand: db.prepare(
      `INSERT INTO commands (table_id, command_id, seq, actor, token_hash, secret_hash, type, payload, result, created)
       VALUES (@tableId, @commandId, @seq, @actor, @tokenHash, @secretHash, @type, @payload, @result, @created)`,
    ),
    insertUpdate: db.prepare(
      'INSERT INTO updates (table_id, doc, seq, bytes) VALUES (@tableId, @doc, @seq, @bytes)',
    ),
    snapshots: db.prepare<[string], BytesRow>(
      'SELECT doc, seq, bytes FROM snapshots WHERE table_id = ?',
    ),
    updates: db.prepare<[string], BytesRow>(
      'SELECT doc, seq, bytes FROM updates WHERE table_id = ? ORDER BY seq',
    ),
    upsertSnapshot: db.prepare(
      `INSERT INTO snapshots (table_id, doc, seq, bytes) VALUES (@tableId, @doc, @seq, @bytes)
       ON CONFLICT (table_id, doc) DO UPDATE SET seq = excluded.seq, bytes = excluded.bytes`,
    ),
    laterSnapshot: db.prepare<[string, number], { one: number }>(
      'SELECT 1 AS one FROM snapshots WHERE table_id = ? AND seq > ?',
    ),
    deleteUpdates: db.prepare<[string, number]>(
      'DELETE FROM updates WHERE table_id = ? AND seq <= ?',
    ),
    // What the table holds on disk (table-bytes.ts): read on load, moved by every write.
    bytes: db.prepare<[string], { bytes: number }>(
      'SELECT stored_bytes AS bytes FROM tables WHERE id = ?',
    ),
    grow: db.prepare<[number, string], { bytes: number }>(
      'UPDATE tables SET stored_bytes = stored_bytes + ? WHERE id = ? RETURNING stored_bytes AS bytes',
    ),
    updatesBytes: db.prepare<[string, number], { bytes: number }>(
      `SELECT COALESCE(SUM(${ROW_BYTES} + length(bytes)), 0) AS bytes FROM updates
       WHERE table_id = ? AND seq <= ?`,
    ),
    snapshotsBytes: db.prepare<[string], { bytes: number }>(
      `SELECT COALESCE(SUM(${ROW_BYTES} + length(bytes)), 0) AS bytes FROM snapshots
       WHERE table_id = ?`,
    ),
    // Newest first: walks the commands backwards on their (table_id, seq) key and stops at
    // the limit, so the latest pages are cheap; a page deep in history scans down to it.
    readLog: db.prepare<[string, number, number], { entry: string }>(
      `SELECT j.value AS entry FROM commands c, json_each(c.result, '$.log') j
       WHERE c.table_id = ? AND c.result IS NOT NULL AND json_extract(j.value, '$.n') < ?
       ORDER BY c.seq DESC, j.key DESC LIMIT ?`,
    ),
    insertChunk: db.prepare(
      `INSERT INTO restored_log (table_id, first_n, last_n, entries)
       VALUES (@tableId, @first, @last, @entries)`,
    ),
    // Newest first on the key, from the chunk that holds `before - 1`: a page reads its own.
    chunksBefore: db.prepare<[string, number], { entries: string }>(
      `SELECT entries FROM restored_log WHERE table_id = ? AND first_n < ? ORDER BY first_n DESC`,
    ),
    dropChunks: db.prepare<[string, string]>(
      `DELETE FROM restored_log WHERE table_id = ? AND NOT EXISTS (SELECT 1 FROM tables WHERE id = ?)`,
    ),
    // The roll history's one read: the table's commands newest first on their (table_id, seq)
    // key, each with its stored rolls (rollPage), until the caller meets a session.start.
    sessionRolls: db.prepare<[string], { seq: number; type: string; rolls: string | null }>(
      `SELECT seq, type,
         CASE WHEN json_type(result, '$.rolls') = 'array' THEN json_extract(result, '$.rolls') END
           AS rolls
       FROM commands WHERE table_id = ? ORDER BY seq DESC`,
    ),
  };

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

  const tokenParams = (t: TokenRecord) => ({
    hash: t.hash,
    tableId: t.tableId,
    role: t.role,
    seatId: t.seatId,
    kind: t.kind,
    revoked: t.revoked ? 1 : 0,
    created: t.created,
  });

  const rotateLinks = db.transaction(
    (tableId: string, fresh: TokenRecord[], links: SealedLinks): string[] => {
      const revoked = q.linkTokens.all(tableId).map((row) => row.hash);
      for (const hash of revoked) q.revokeToken.run(hash);
      for (const token of fresh) q.insertToken.run(tokenParams(token));
      sealed().set.run(links, tableId);
      return revoked;
    },
  );

  /** Stores a command row with what goes with it; answers the bytes the table grew by. */
  const writeCommand = (command: CommandWrite): number => {
    const { seq } = command;
    const payload = JSON.stringify(command.payload);
    const result = command.result === undefined ? null : JSON.stringify(command.result);
    q.insertCommand.run({
      tableId: command.tableId,
      commandId: command.commandId,
      seq,
      actor: JSON.stringify(command.actor),
      tokenHash: command.tokenHash,
      secretHash: command.secretHash ?? null,
      type: command.type,
      payload,
      result,
      created: command.created,
    });
    let grew = commandRowBytes(payload, result);
    for (const update of command.updates) {
      q.insertUpdate.run({ tableId: command.tableId, doc: update.doc, seq, bytes: update.bytes });
      grew += blobRowBytes(update.bytes);
    }
    for (const token of command.tokens ?? []) q.insertToken.run(tokenParams(token));
    if (command.revokeSeat !== undefined) q.revokeSeat.run(command.tableId, command.revokeSeat);
    if (command.dropClaim !== undefined) claims.dropClaim(command.tableId, command.dropClaim);
    return grew;
  };

  // One table's part of a batch: all of it or none. Answers undefined when fenced out.
  const writePart = (part: TableBatch): BatchOutcome => {
    if (part.fence !== undefined) {
      const stored = q.fence.get(part.tableId)?.epoch;
      if (stored !== undefined && stored > part.fence) return { ok: false, fenced: true };
      q.setFence.run(part.tableId, part.fence);
    }
    let grew = 0;
    const chat: StoredChat[] = [];
    for (const write of part.writes) {
      const tableId = writeTableId(write, part.tableId);
      if (tableId !== part.tableId)
        throw new Error(`a write for ${tableId} in ${part.tableId}'s part`);
      switch (write.kind) {
        case 'command':
          grew += writeCommand(write.command);
          break;
        case 'token':
          q.insertToken.run(tokenParams(write.token));
          break;
        case 'chat': {
          const [stored, bytes] = chatStatements().writeChat(
            part.tableId,
            write.message,
            write.keep,
          );
          chat.push(stored);
          grew += bytes;
          break;
        }
      }
    }
    const bytes = q.grow.get(grew, part.tableId)?.bytes;
    if (bytes === undefined) throw new Error(`no table ${part.tableId}`);
    return { ok: true, bytes, chat };
  };
  // Several tables: each part a savepoint of the batch's transaction (better-sqlite3 nests a
  // transaction function as one), so one table's failing write leaves the others stored.
  const writeNestedPart = db.transaction(writePart);
  const commitMany = db.transaction((parts: readonly TableBatch[]): BatchOutcome[] =>
    parts.map((part): BatchOutcome => {
      try {
        return writeNestedPart(part);
      } catch (error) {
        // SQLite rolls a whole transaction back by itself on some errors (a full disk, I/O
        // errors): then the batch as a whole failed, and a write after it would autocommit.
        if (!db.inTransaction) throw error;
        return { ok: false, fenced: false, error };
      }
    }),
  );
  // One table, the usual batch: its transaction is its part, with no savepoint around it
  // (two statements fewer on every command).
  const commitOne = db.transaction(writePart);
  const commit = (parts: readonly TableBatch[]): BatchOutcome[] => {
    if (parts.length !== 1) return commitMany(parts);
    try {
      return [commitOne(parts[0]!)];
    } catch (error) {
      return [{ ok: false, fenced: false, error }];
    }
  };

  const insertChunks = (tableId: string, chunks: readonly LogChunk[]) => {
    for (const c of chunks) q.insertChunk.run({ tableId, ...c });
  };
  const restoredLog: RestoredLogRows = {
    // Without a sync of its own: the table's own transaction, which comes last and syncs the
    // log (synchronous FULL), makes every slice before it durable with it. A sync a slice would
    // hold the event loop for as long as the disk takes.
    insert: (tableId, chunks) => {
      if (chunks.length === 0) return;
      db.pragma('synchronous = NORMAL');
      try {
        db.transaction(insertChunks)(tableId, chunks);
      } finally {
        db.pragma('synchronous = FULL');
      }
    },
    dropOrphans: (tableId) => q.dropChunks.run(tableId, tableId),
  };
  // A restore a crash cut short (createInSlices) left chunks without a table.
  db.exec('DELETE FROM restored_log WHERE table_id NOT IN (SELECT id FROM tables)');

  const readLog = (tableId: string, before: number | undefined, limit: number): unknown[] => {
    const below = before ?? Number.MAX_SAFE_INTEGER;
    const newer = q.readLog
      .all(tableId, below, limit)
      .map((row) => JSON.parse(row.entry) as unknown)
      .reverse();
    if (newer.length >= limit) return newer;
    function* chunks(): Generator<string> {
      for (const row of q.chunksBefore.iterate(tableId, below)) yield row.entries;
    }
    return [...restoredPage(chunks(), below, limit - newer.length), ...newer];
  };

  const createTable = db.transaction(
    (
      table: TableRecord,
      docs: Record<DocKey, Uint8Array>,
      tokens: TokenRecord[],
      history: RestoredHistory | undefined,
      links: SealedLinks | undefined,
    ) => {
      q.insertTable.run(table);
      if (links !== undefined) sealed().set.run(links, table.id);
      let bytes = 0;
      for (const doc of DOC_KEYS) {
        q.upsertSnapshot.run({ tableId: table.id, doc, seq: 0, bytes: docs[doc] });
        bytes += blobRowBytes(docs[doc]);
      }
      for (const token of tokens) q.insertToken.run(tokenParams(token));
      if (history !== undefined) {
        insertChunks(table.id, history.chunks);
        bytes += history.storedApart ?? 0;
        for (const chunk of history.chunks) bytes += logChunkBytes(chunk);
        bytes += writeCommand({ ...restoreCommand(table), seq: 1 });
        for (const image of history.images ?? []) bytes += images().insert(image);
      }
      q.grow.run(bytes, table.id);
    },
  );

  const compact = db.transaction(
    (tableId: string, seq: number, docs: Record<DocKey, Uint8Array>, fence?: number) => {
      const stored = fence === undefined ? undefined : q.fence.get(tableId)?.epoch;
      if (fence !== undefined && stored !== undefined && stored > fence) {
        throw new Error(`fenced: epoch ${fence} compacting ${tableId} after ${stored}`);
      }
      if (q.laterSnapshot.get(tableId, seq)) return;
      // The snapshots replace the old ones and the updates they cover, bytes and all.
      let grew = -(q.snapshotsBytes.get(tableId)?.bytes ?? 0);
      grew -= q.updatesBytes.get(tableId, seq)?.bytes ?? 0;
      for (const doc of DOC_KEYS) {
        q.upsertSnapshot.run({ tableId, doc, seq, bytes: docs[doc] });
        grew += blobRowBytes(docs[doc]);
      }
      q.deleteUpdates.run(tableId, seq);
      q.grow.run(grew, tableId);
    },
  );

  const loadDocuments = db.transaction((tableId: string): StoredDocuments => {
    const docs: Record<DocKey, StoredDocument> = {
      pub: { snapshot: null, updates: [] },
      gm: { snapshot: null, updates: [] },
    };
    const since: Record<string, number> = {};
    for (const row of q.snapshots.all(tableId)) {
      if (row.doc !== 'pub' && row.doc !== 'gm') continue;
      docs[row.doc].snapshot = new Uint8Array(row.bytes);
      since[row.doc] = row.seq;
    }
    for (const row of q.updates.all(tableId)) {
      if (row.doc !== 'pub' && row.doc !== 'gm') continue;
      if (row.seq <= (since[row.doc] ?? 0)) continue;
      docs[row.doc].updates.push(new Uint8Array(row.bytes));
    }
    return { seq: q.lastSeq.get(tableId)?.seq ?? 0, docs, bytes: q.bytes.get(tableId)?.bytes ?? 0 };
  });

  const readRolls = (tableId: string, query: RollQuery) => {
    function* session(): Generator<CommandRolls> {
      for (const row of q.sessionRolls.iterate(tableId)) {
        if (row.type === 'session.start') return; // ends the iteration, freeing the statement
        if (row.rolls !== null) yield { seq: row.seq, rolls: JSON.parse(row.rolls) as unknown[] };
      }
    }
    return rollPage(session(), query);
  };

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
      const stored = fence === undefined ? undefined : q.fence.get(tableId)?.epoch;
      if (fence !== undefined && stored !== undefined && stored > fence) {
        throw new Error(`fenced: epoch ${fence} dropping pictures of ${tableId} after ${stored}`);
      }
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
/** Adds a column to a table of the file unless it has it. */
function addColumn(db: Database.Database, table: string, column: string, declaration: string) {
  const columns = db.prepare<[], { name: string }>(`PRAGMA table_info(${table})`).all();
  if (!columns.some((c) => c.name === column)) {
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${declaration}`);
  }
}

function prepareSealed(db: Database.Database) {
  return {
    set: db.prepare<[Uint8Array, string]>('UPDATE tables SET sealed_links = ? WHERE id = ?'),
    get: db.prepare<[string], { sealed_links: Buffer | null }>(
      'SELECT sealed_links FROM tables WHERE id = ?',
    ),
  };
}
