import type pg from 'pg';
import type { DocKey } from '@fateboard/table';
import { restoredPage, rollPage } from './storage';
import type {
  RollPage,
  RollQuery,
  StoredCommand,
  StoredDocument,
  StoredDocuments,
} from './storage';
import type { BytesRow, CommandRow } from './rows';
import { toCommand } from './rows';
import { COMMAND_COLUMNS } from './postgres-schema';

// What PostgreSQL reads back of a table beyond its rows: its documents in one snapshot of
// the database, its log's pages (commands', then a restored log's chunks), and its rolls.

/**
 * The stored commands under some ids of some tables: one named statement (parsed once per
 * connection), one round trip for a whole group commit's batch, each pair found by the
 * commands' unique (table_id, command_id) index.
 */
const FIND_COMMANDS = {
  name: 'fateboard-find-commands',
  text: `SELECT ${COMMAND_COLUMNS} FROM commands
    WHERE (table_id, command_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
};

export async function findCommandsOf(
  db: pg.Pool,
  commandIds: ReadonlyMap<string, readonly string[]>,
): Promise<StoredCommand[]> {
  const tables: string[] = [];
  const ids: string[] = [];
  for (const [tableId, forTable] of commandIds) {
    for (const id of forTable) {
      tables.push(tableId);
      ids.push(id);
    }
  }
  if (ids.length === 0) return [];
  const { rows } = await db.query<CommandRow>({ ...FIND_COMMANDS, values: [tables, ids] });
  return rows.map(toCommand);
}

/**
 * The documents as one statement reads them: a single snapshot of the database, so a compact
 * committing meanwhile (snapshots replaced, updates deleted) is seen wholly or not at all.
 */
const LOAD_DOCUMENTS = `
  SELECT 'snapshot' AS part, doc, seq, bytes FROM snapshots WHERE table_id = $1
  UNION ALL
  SELECT 'update', doc, seq, bytes FROM updates WHERE table_id = $1
  UNION ALL
  SELECT 'seq', NULL::text, COALESCE(MAX(seq), 0), NULL::bytea FROM commands WHERE table_id = $1
  UNION ALL
  SELECT 'bytes', NULL::text, stored_bytes, NULL::bytea FROM tables WHERE id = $1
  ORDER BY seq`;

/**
 * The newest log entries below a number, newest first as sqlite.ts reads them. The CASEs keep
 * PostgreSQL from casting what is not there: a result without a `log` array, an entry without
 * a numeric `n` (skipped, as SQLite's comparison skips them).
 */
const READ_LOG = `
  SELECT e.entry FROM commands c,
    json_array_elements(CASE WHEN json_typeof(c.result::json -> 'log') = 'array'
      THEN c.result::json -> 'log' END) WITH ORDINALITY AS e(entry, i)
  WHERE c.table_id = $1 AND c.result IS NOT NULL
    AND CASE WHEN json_typeof(e.entry -> 'n') = 'number'
      THEN (e.entry ->> 'n')::numeric END < $2::numeric
  ORDER BY c.seq DESC, e.i DESC LIMIT $3`;

/**
 * A restored log's chunks newest first from the one holding `before - 1`, as many as hold
 * `limit` entries below `before`: each row while the entries of the rows after it fall short.
 */
async function restoredChunks(
  pool: pg.Pool,
  tableId: string,
  before: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await pool.query<{ entries: string }>(
    `SELECT entries FROM (
       SELECT entries, first_n,
         SUM(LEAST(last_n, $2::bigint - 1) - first_n + 1) OVER (ORDER BY first_n DESC)
           - (LEAST(last_n, $2::bigint - 1) - first_n + 1) AS after
       FROM restored_log WHERE table_id = $1 AND first_n < $2::bigint
     ) c WHERE after < $3::bigint ORDER BY first_n DESC`,
    [tableId, before, limit],
  );
  return rows.map((row) => row.entries);
}

/** The current session's commands with rolls, newest first (rollPage reads them). */
const SESSION_ROLLS = `
  SELECT seq, result::json -> 'rolls' AS rolls FROM commands
  WHERE table_id = $1 AND result IS NOT NULL
    AND json_typeof(result::json -> 'rolls') = 'array'
    AND seq > COALESCE((SELECT MAX(seq) FROM commands
      WHERE table_id = $1 AND type = 'session.start'), 0)
  ORDER BY seq DESC`;

/** The stored documents from LOAD_DOCUMENTS's rows; updates a snapshot covers are skipped. */
function documents(rows: (BytesRow & { part: string })[]): StoredDocuments {
  const docs: Record<DocKey, StoredDocument> = {
    pub: { snapshot: null, updates: [] },
    gm: { snapshot: null, updates: [] },
  };
  const since: Record<string, number> = {};
  let seq = 0;
  let bytes = 0;
  for (const row of rows) {
    if (row.part === 'seq') seq = row.seq;
    else if (row.part === 'bytes') bytes = row.seq;
    else if ((row.doc === 'pub' || row.doc === 'gm') && row.part === 'snapshot') {
      docs[row.doc].snapshot = new Uint8Array(row.bytes);
      since[row.doc] = row.seq;
    }
  }
  // Rows come in seq order, so each document's updates do.
  for (const row of rows) {
    if (row.part !== 'update' || (row.doc !== 'pub' && row.doc !== 'gm')) continue;
    if (row.seq <= (since[row.doc] ?? 0)) continue;
    docs[row.doc].updates.push(new Uint8Array(row.bytes));
  }
  return { seq, docs, bytes };
}

export async function loadDocuments(pool: pg.Pool, tableId: string): Promise<StoredDocuments> {
  const { rows } = await pool.query<BytesRow & { part: string }>(LOAD_DOCUMENTS, [tableId]);
  return documents(rows);
}

/** Storage.readLog: the commands' entries, then a restored log's. */
export async function readLog(
  pool: pg.Pool,
  tableId: string,
  before: number | undefined,
  limit: number,
): Promise<unknown[]> {
  const { rows } = await pool.query<{ entry: unknown }>(READ_LOG, [
    tableId,
    before ?? Number.MAX_SAFE_INTEGER,
    limit,
  ]);
  const newer = rows.map((row) => row.entry).reverse();
  if (newer.length >= limit) return newer;
  const below = before ?? Number.MAX_SAFE_INTEGER;
  const older = restoredPage(
    await restoredChunks(pool, tableId, below, limit - newer.length),
    below,
    limit - newer.length,
  );
  return [...older, ...newer];
}

export async function readRolls(
  pool: pg.Pool,
  tableId: string,
  query: RollQuery,
): Promise<RollPage> {
  const { rows } = await pool.query<{ seq: number; rolls: unknown[] }>(SESSION_ROLLS, [tableId]);
  return rollPage(rows, query);
}
