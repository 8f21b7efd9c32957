import type Database from 'better-sqlite3';
import type { TokenRecord } from './storage';
import type { BytesRow, CommandRow, TableRow, TokenRow } from './rows';
import { ROW_BYTES } from './table-bytes';

// The SQLite file's prepared statements, and the columns it adds to a file an older server
// wrote.

/** The statements every SQLite storage method runs, prepared once when the file opens. */
export function prepareStatements(db: Database.Database) {
  return {
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
}

export type Statements = ReturnType<typeof prepareStatements>;

/**
 * Refuses a write by a node whose lease epoch `fence` is older than the table's stored fence:
 * a later holder has taken the table over (what postgres-writes.ts's `underFence` does there).
 * No fence given, or none stored yet, lets the write through. `doing` names the write in the
 * error, as in "fenced: epoch 3 compacting t1 after 4".
 */
export function checkFence(
  q: Statements,
  tableId: string,
  fence: number | undefined,
  doing: string,
): void {
  if (fence === undefined) return;
  const stored = q.fence.get(tableId)?.epoch;
  if (stored !== undefined && stored > fence) {
    throw new Error(`fenced: epoch ${fence} ${doing} ${tableId} after ${stored}`);
  }
}

/** A token as insertToken's parameters. */
export function tokenParams(t: TokenRecord) {
  return {
    hash: t.hash,
    tableId: t.tableId,
    role: t.role,
    seatId: t.seatId,
    kind: t.kind,
    revoked: t.revoked ? 1 : 0,
    created: t.created,
  };
}

/** Adds a column to a table of the file unless it has it. */
export function addColumn(
  db: Database.Database,
  table: string,
  column: string,
  declaration: string,
) {
  const columns = db.prepare<[], { name: string }>(`PRAGMA table_info(${table})`).all();
  if (!columns.some((c) => c.name === column)) {
    db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${declaration}`);
  }
}

export function prepareSealed(db: Database.Database) {
  return {
    set: db.prepare<[Uint8Array, string]>('UPDATE tables SET sealed_links = ? WHERE id = ?'),
    get: db.prepare<[string], { sealed_links: Buffer | null }>(
      'SELECT sealed_links FROM tables WHERE id = ?',
    ),
  };
}
