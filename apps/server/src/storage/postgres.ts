import pg from 'pg';
import { DOC_KEYS, whisperReaders } from '@fateboard/table';
import type { ChatMessage } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import {
  NotStoredError,
  RESTORE_COMMAND_TYPE,
  logChunks,
  restoreCommand,
  restoredPage,
  rollPage,
  writeTableId,
} from './storage';
import {
  ROW_BYTES,
  blobRowBytes,
  chatRowBytes,
  commandRowBytes,
  logChunkBytes,
} from './table-bytes';
import type {
  BatchOutcome,
  ChatScope,
  CommandWrite,
  LogChunk,
  NewChatMessage,
  RestoredHistory,
  SealedLinks,
  Storage,
  StoredDocument,
  StoredChat,
  StoredDocuments,
  TableBatch,
  TableRecord,
  TokenRecord,
} from './storage';
import {
  CHAT_COLUMNS,
  CHAT_ROW_BYTES_SQL,
  COMMAND_COLUMNS,
  SCHEMA,
  SCHEMA_OBJECTS,
  TABLE_COLUMNS,
  TOKEN_COLUMNS,
} from './postgres-schema';
import { toClaim, toCommand, toMessage, toTable, toToken } from './rows';
import * as images from './postgres-images';
import { postgresLeases } from './postgres-leases';
import { commandColumns, commitAtOnce } from './postgres-at-once';
import type { BytesRow, ChatRow, ClaimRow, CommandRow, TableRow, TokenRow } from './rows';

// The PostgreSQL adapter: the same contract as SQLite's (contract.test.ts), for a database
// several server nodes share (cluster mode fences their writes per table, TableBatch.fence).

/** Anything that runs a query: the storage's pool, a client of it, or the lease code's own. */
type Queryable = Pick<pg.ClientBase, 'query'>;

/** Serialises the schema's creation when several nodes start at once (an arbitrary key). */
const SCHEMA_LOCK = 0x46617465;

/**
 * The fencing check (TableBatch.fence), in the commit's transaction: the epoch is stored
 * unless a later one is already; no row back means a later epoch committed first. The row
 * stays locked until the commit ends, so two writers of one table commit one after the other.
 */
const FENCE = `INSERT INTO fences (table_id, epoch) VALUES ($1, $2)
  ON CONFLICT (table_id) DO UPDATE SET epoch = EXCLUDED.epoch
  WHERE fences.epoch <= EXCLUDED.epoch RETURNING epoch`;

// Multi-row inserts as one array per column: one statement whatever the number of rows, and
// its text the same every time, so each connection prepares it once (the `name`).
const INSERT_COMMANDS = {
  name: 'fateboard-insert-commands',
  text: `INSERT INTO commands (${COMMAND_COLUMNS}) SELECT * FROM unnest(
    $1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[], $9::text[], $10::bigint[])`,
};
const INSERT_UPDATES = {
  name: 'fateboard-insert-updates',
  text: `INSERT INTO updates (table_id, doc, seq, bytes)
    SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bytea[])`,
};
const INSERT_TOKENS = {
  name: 'fateboard-insert-tokens',
  text: `INSERT INTO tokens (${TOKEN_COLUMNS}) SELECT * FROM unnest(
    $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::bigint[])`,
};
const REVOKE_SEATS = {
  name: 'fateboard-revoke-seats',
  text: `UPDATE tokens SET revoked = true
    WHERE table_id = $1 AND kind = 'seat' AND seat_id = ANY($2::text[])`,
};

const DROP_CLAIMS = {
  name: 'fateboard-drop-claims',
  text: 'DELETE FROM seat_claims WHERE table_id = $1 AND seat_id = ANY($2::text[])',
};

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

/**
 * Each reader's chat page, newest first on its scope's own index (postgres-schema.ts), stopping
 * at the limit: $1 the table, $2 before, $3 the limit, $4 the seat. A seat's page merges the
 * newest of its three indexes (public, sent, received).
 */
export const CHAT_PAGES: Record<ChatScope['kind'], string> = {
  gm: chatPage('gm'),
  public: chatPage(`to_kind = 'table'`),
  spectator: chatPage(`to_kind = 'table' AND spectators`),
  seat: `SELECT ${CHAT_COLUMNS} FROM chat WHERE table_id = $1 AND n IN (
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind = 'table' AND n < $2
        ORDER BY n DESC LIMIT $3)
      UNION ALL
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind <> 'table' AND from_seat = $4
        AND n < $2 ORDER BY n DESC LIMIT $3)
      UNION ALL
      (SELECT n FROM chat WHERE table_id = $1 AND to_kind = 'seat' AND to_seat = $4 AND n < $2
        ORDER BY n DESC LIMIT $3)
    ) ORDER BY n DESC LIMIT $3`,
};

function chatPage(where: string): string {
  return `SELECT ${CHAT_COLUMNS} FROM chat WHERE table_id = $1 AND ${where} AND n < $2
    ORDER BY n DESC LIMIT $3`;
}

/**
 * Numbers the message with the table's counter and stores it in one statement: the UPDATE
 * locks the table's row, so concurrent appends number one after the other. No such table: no
 * number, and the NOT NULL refuses the row (a statement error, as a missing table's command).
 */
const APPEND_CHAT = `
  WITH next AS (UPDATE tables SET chat_n = chat_n + 1 WHERE id = $1 RETURNING chat_n)
  INSERT INTO chat (table_id, n, at, from_seat, from_name, to_kind, to_seat, text, spectators,
    client_id, gm)
  VALUES ($1, (SELECT chat_n FROM next), $2::bigint, $3::text, $4::text, $5::text, $6::text,
    $7::text, $8::boolean, $9::text, $10::boolean) RETURNING n`;

/** Retention: the table's messages up to a number go, answering the bytes they held. */
const TRIM_CHAT = `
  WITH gone AS (DELETE FROM chat WHERE table_id = $1 AND n <= $2 RETURNING ${CHAT_ROW_BYTES_SQL} AS bytes)
  SELECT COALESCE(SUM(bytes), 0)::bigint AS bytes FROM gone`;

/** The table's measure moved by a part's writes; no row when the table does not exist. */
const GROW =
  'UPDATE tables SET stored_bytes = stored_bytes + $2 WHERE id = $1 RETURNING stored_bytes';

/** Every int8 as a JS number (the driver answers strings): seqs and times stay below 2^53. */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, Number);

/**
 * The epoch of the latest lease that committed writes for the table (TableBatch.fence), or
 * undefined when none did: a new lease starts above it.
 */
export async function readFence(db: Queryable, tableId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ epoch: string | number }>(
    'SELECT epoch FROM fences WHERE table_id = $1',
    [tableId],
  );
  // A client of another pool reads int8 as a string.
  return rows[0] === undefined ? undefined : Number(rows[0].epoch);
}

/**
 * How long the storage waits for PostgreSQL, so that nothing waits forever on a database that
 * stopped answering (a hung host, a managed failover) and a command is refused within seconds.
 */
export interface PostgresTimeouts {
  /** Connecting, or waiting for a free connection of the pool (default 1000 ms). */
  connectMs?: number;
  /** PostgreSQL ends a statement that runs longer (default 2000 ms). */
  statementMs?: number;
  /** PostgreSQL ends a statement that waits longer for a lock (default 1000 ms). */
  lockMs?: number;
  /**
   * This side stops waiting for an answer and drops the connection (default 3000 ms): what the
   * two above cannot cover, a server or network that answers nothing at all.
   */
  answerMs?: number;
  /**
   * PostgreSQL ends a transaction left idle longer (default 1000 ms): a writer that stalls
   * inside a commit (a long GC pause, SIGSTOP, a cut network) would otherwise hold its table's
   * fence row until it wakes, and no other node could take the table over. The stalled node's
   * COMMIT then fails, and its commands are refused and retried. Keep it under the lease.
   */
  idleInTransactionMs?: number;
}

export const POSTGRES_TIMEOUTS: Required<PostgresTimeouts> = {
  connectMs: 1000,
  statementMs: 2000,
  lockMs: 1000,
  answerMs: 3000,
  idleInTransactionMs: 1000,
};

/**
 * Under the lease's epoch only (cluster mode, `fence`): a writer that lost the table writes
 * no snapshot and drops no picture. Locks the table's fence row for the transaction.
 */
async function underFence(
  client: pg.PoolClient,
  tableId: string,
  fence: number | undefined,
  doing: string,
): Promise<void> {
  if (fence === undefined) return;
  const { rows } = await client.query<{ epoch: number }>(
    'SELECT epoch FROM fences WHERE table_id = $1 FOR UPDATE',
    [tableId],
  );
  const stored = rows[0]?.epoch;
  if (stored !== undefined && Number(stored) > fence) {
    throw new Error(`fenced: epoch ${fence} ${doing} ${tableId} after ${stored}`);
  }
}

/** Opens a pool on `url` and creates the schema if the database has none. */
export async function openPostgresStorage(
  url: string,
  timeouts: PostgresTimeouts = {},
): Promise<Storage> {
  const t = { ...POSTGRES_TIMEOUTS, ...timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    types,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    lock_timeout: t.lockMs,
    query_timeout: t.answerMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    keepAlive: true,
  });
  // An idle connection that breaks (the database restarted) is dropped by the pool, which
  // then emits 'error'; unhandled, that would end the process. The next query connects anew,
  // and a query that fails rejects where it was made.
  pool.on('error', () => {});
  try {
    await createSchema(url);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return postgresStorage(pool, url, t);
}

/**
 * Creates what is missing of the schema, one node at a time, in one transaction, on a
 * connection of its own without the commands' timeouts: creating an index on a large table, or
 * waiting for another node doing it, takes longer than a command's statement may.
 */
async function createSchema(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ ready: boolean }>(
      `SELECT bool_and(to_regclass(name) IS NOT NULL) AS ready FROM unnest($1::text[]) AS name`,
      [SCHEMA_OBJECTS],
    );
    if (rows[0]?.ready) return;
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await chunkRestoredLogs(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client.end().catch(() => {});
  }
}

function postgresStorage(
  pool: pg.Pool,
  url: string,
  timeouts: Required<PostgresTimeouts>,
): Storage {
  let ended: Promise<void> | undefined;

  return {
    createTable: (table, docs, tokens, history, links) =>
      transaction(pool, (client) => createTable(client, table, docs, tokens, history, links), {
        retryIfBroken: true,
      }),
    getTable: async (id) => {
      const { rows } = await pool.query<TableRow>(
        `SELECT ${TABLE_COLUMNS} FROM tables WHERE id = $1`,
        [id],
      );
      return rows[0] && toTable(rows[0]);
    },
    findToken: async (hash) => {
      const { rows } = await pool.query<TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM tokens WHERE hash = $1`,
        [hash],
      );
      return rows[0] && toToken(rows[0]);
    },
    rotateLinks: (tableId, fresh, links) =>
      transaction(pool, async (client) => {
        const { rows } = await client.query<{ hash: string }>(
          `UPDATE tokens SET revoked = true WHERE table_id = $1 AND kind = 'link'
           AND NOT revoked AND role IN ('player', 'spectator') RETURNING hash`,
          [tableId],
        );
        await insertTokens(client, fresh);
        await client.query('UPDATE tables SET sealed_links = $1 WHERE id = $2', [links, tableId]);
        return rows.map((row) => row.hash);
      }),
    putClaim: async (claim) => {
      await pool.query(
        `INSERT INTO seat_claims (table_id, seat_id, hash, sealed, created)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (table_id, seat_id) DO UPDATE SET
           hash = EXCLUDED.hash, sealed = EXCLUDED.sealed, created = EXCLUDED.created`,
        [claim.tableId, claim.seatId, claim.hash, Buffer.from(claim.sealed), claim.created],
      );
    },
    findClaim: async (hash) => {
      const { rows } = await pool.query<ClaimRow>('SELECT * FROM seat_claims WHERE hash = $1', [
        hash,
      ]);
      return rows[0] && toClaim(rows[0]);
    },
    claims: async (tableId) => {
      const { rows } = await pool.query<ClaimRow>(
        'SELECT * FROM seat_claims WHERE table_id = $1 ORDER BY seat_id',
        [tableId],
      );
      return rows.map(toClaim);
    },
    dropClaim: async (tableId, seatId) => {
      await pool.query({ ...DROP_CLAIMS, values: [tableId, [seatId]] });
    },
    sealedLinks: async (tableId) => {
      const { rows } = await pool.query<{ sealed_links: Buffer | null }>(
        'SELECT sealed_links FROM tables WHERE id = $1',
        [tableId],
      );
      const bytes = rows[0]?.sealed_links;
      return bytes ? new Uint8Array(bytes) : undefined;
    },
    findCommands: async (tableId, commandIds) => {
      if (commandIds.length === 0) return [];
      const { rows } = await pool.query<CommandRow>(
        `SELECT ${COMMAND_COLUMNS} FROM commands WHERE table_id = $1 AND command_id = ANY($2)`,
        [tableId, commandIds],
      );
      return rows.map(toCommand);
    },
    commit: (batches) => commit(pool, batches),
    loadDocuments: async (tableId) => {
      const { rows } = await pool.query<BytesRow & { part: string }>(LOAD_DOCUMENTS, [tableId]);
      return documents(rows);
    },
    compact: (tableId, seq, docs, fence) =>
      transaction(pool, async (client) => {
        await underFence(client, tableId, fence, 'compacting');
        // Never back: a snapshot of a later seq stays (a slow writer's compaction after it).
        const { rowCount } = await client.query(
          'SELECT 1 FROM snapshots WHERE table_id = $1 AND seq > $2',
          [tableId, seq],
        );
        if (rowCount) return;
        // The snapshots replace the old ones and the updates they cover, bytes and all.
        const { rows: gone } = await client.query<{ bytes: number }>(
          `SELECT (SELECT COALESCE(SUM(${ROW_BYTES} + octet_length(bytes)), 0) FROM snapshots
             WHERE table_id = $1)
           + (SELECT COALESCE(SUM(${ROW_BYTES} + octet_length(bytes)), 0) FROM updates
             WHERE table_id = $1 AND seq <= $2) AS bytes`,
          [tableId, seq],
        );
        await upsertSnapshots(client, tableId, seq, docs);
        await client.query('DELETE FROM updates WHERE table_id = $1 AND seq <= $2', [tableId, seq]);
        const added = DOC_KEYS.reduce((sum, doc) => sum + blobRowBytes(docs[doc]), 0);
        await client.query(GROW, [tableId, added - Number(gone[0]?.bytes ?? 0)]);
      }),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    // A lease statement is tiny: one that takes longer than a second renews nothing useful.
    leases: () =>
      Promise.resolve(
        postgresLeases(url, {
          connectMs: timeouts.connectMs,
          answerMs: Math.min(timeouts.answerMs, 1000),
          lockMs: Math.min(timeouts.lockMs, 1000),
        }),
      ),
    readLog: async (tableId, before, limit) => {
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
    },
    readRolls: async (tableId, query) => {
      const { rows } = await pool.query<{ seq: number; rolls: unknown[] }>(SESSION_ROLLS, [
        tableId,
      ]);
      return rollPage(rows, query);
    },
    findChat: (tableId, from, id) => findChat(pool, tableId, from, id),
    readChat: async (tableId, scope, before, limit) => {
      const { rows } = await pool.query<ChatRow>(CHAT_PAGES[scope.kind], [
        tableId,
        before ?? Number.MAX_SAFE_INTEGER,
        limit,
        ...(scope.kind === 'seat' ? [scope.seatId] : []),
      ]);
      return rows.map(toMessage).reverse();
    },
    tableBytes: async (tableId) => {
      const { rows } = await pool.query<{ stored_bytes: number }>(
        'SELECT stored_bytes FROM tables WHERE id = $1',
        [tableId],
      );
      return rows[0]?.stored_bytes;
    },
    putImage: (image, allowance) =>
      transaction(pool, (client) => images.putImage(client, image, allowance)),
    readImage: (tableId, hash, variant) => images.readImage(pool, tableId, hash, variant),
    fullImages: (tableId, hashes) => images.fullImages(pool, tableId, hashes),
    dropImages: (tableId, keep, before, fence) =>
      transaction(pool, async (client) => {
        await underFence(client, tableId, fence, 'dropping pictures of');
        return images.dropImages(client, tableId, keep, before);
      }),
    close: () => (ended ??= pool.end()),
  };
}

/**
 * Runs `work` in one transaction on a client of its own. A client whose ROLLBACK fails too
 * (the connection broke) is destroyed rather than handed back to the pool mid-transaction.
 * `retryIfBroken`: when the connection broke before COMMIT was sent, nothing of it is stored,
 * and `work` runs once more on a fresh connection. PostgreSQL ends a transaction left idle
 * for a second (idle_in_transaction_session_timeout, below): a node stalled that long in the
 * middle of creating a table would otherwise answer its user 500.
 */
async function transaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  { retryIfBroken = false } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    // A checked-out client has no listener of the pool's: its connection breaking would be an
    // unhandled 'error', ending the process. The query under way rejects with it anyway.
    const ignore = () => {};
    client.on('error', ignore);
    let broken = false;
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection that stopped answering answers no ROLLBACK either: it is dropped, which
      // ends the transaction on the server's side.
      if (unanswered(error)) broken = true;
      else await client.query('ROLLBACK').catch(() => (broken = true));
      // A COMMIT whose connection broke may have been applied: never run twice.
      if (!(retryIfBroken && broken && !committing && attempt === 1)) throw error;
    } finally {
      client.removeListener('error', ignore);
      client.release(broken);
    }
  }
}

/** node-postgres gave up waiting for the answer (query_timeout): the connection is unusable. */
function unanswered(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/**
 * The group commit: one transaction, each table's part in a savepoint of its own so that a
 * failing part (a seq or command id taken, a later epoch) undoes only itself. A part whose
 * statement fails leaves the transaction aborted until the ROLLBACK TO SAVEPOINT; when that
 * fails too, or BEGIN or COMMIT does, the connection is gone and the whole call rejects.
 */
async function commit(pool: pg.Pool, batches: readonly TableBatch[]): Promise<BatchOutcome[]> {
  if (batches.length === 0) return [];
  // The common batch (commands only) in one statement; part by part when that is refused.
  const atOnce = await commitAtOnce(pool, batches);
  if (atOnce) return atOnce;
  const outcomes: BatchOutcome[] = [];
  // In table order, whatever the caller's: two nodes committing the same tables lock their
  // fence rows in the same order and so never deadlock.
  const order = batches.map((_, i) => i).sort((a, b) => compare(batches[a]!, batches[b]!));
  // One part needs no savepoint: when it fails, the COMMIT of the aborted transaction rolls
  // it back (PostgreSQL answers a COMMIT there with ROLLBACK, no error). A round trip less for
  // the common batch of one table.
  const savepoints = batches.length > 1;
  let written = false;
  try {
    await transaction(pool, async (client) => {
      for (const i of order) {
        if (savepoints) await client.query(`SAVEPOINT part_${i}`);
        try {
          outcomes[i] = await writePart(client, batches[i]!);
        } catch (error) {
          // Not a statement of the part refused but the session (its connection broke, or
          // PostgreSQL ended it): no part can be stored, and COMMIT is not sent.
          if (!statementFailed(error)) throw error;
          if (savepoints) await client.query(`ROLLBACK TO SAVEPOINT part_${i}`);
          outcomes[i] = { ok: false, fenced: false, error };
        }
        // A fenced part wrote nothing; there is nothing to undo.
      }
      written = true;
    });
  } catch (error) {
    // Before COMMIT (BEGIN, a part, a savepoint, or no connection at all): none of it stored.
    throw written ? error : new NotStoredError(error);
  }
  return outcomes;
}

/**
 * Whether a query failed on its own (a constraint, a bad value: PostgreSQL's severity ERROR)
 * with the session still usable, rather than with the session (FATAL, or the connection lost,
 * which node-postgres reports with no severity).
 */
function statementFailed(error: unknown): boolean {
  return (error as { severity?: unknown } | null)?.severity === 'ERROR';
}

function compare(a: TableBatch, b: TableBatch): number {
  return a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0;
}

/**
 * One table's part: the fence, then its commands, their updates, then tokens in order, then
 * its chat messages; the table's measure moved by all of it.
 */
async function writePart(client: pg.PoolClient, part: TableBatch): Promise<BatchOutcome> {
  for (const write of part.writes) {
    const tableId = writeTableId(write, part.tableId);
    // The fence covers the part's table only: a write for another would go unchecked.
    if (tableId !== part.tableId) {
      const error = new Error(`a write for table ${tableId} in the part of table ${part.tableId}`);
      return { ok: false, fenced: false, error };
    }
  }
  if (part.fence !== undefined) {
    const { rowCount } = await client.query(FENCE, [part.tableId, part.fence]);
    if (rowCount === 0) return { ok: false, fenced: true };
  }
  const commands = part.writes.flatMap((w) => (w.kind === 'command' ? [w.command] : []));
  let grew = await insertCommands(client, commands);
  // Tokens go in and seats are revoked in the order of the writes, a command's own tokens
  // before its revocation as SQLite does: a seat token minted after a command removed the
  // seat stays valid, one minted before is revoked with the rest.
  let minted: TokenRecord[] = [];
  let revoked: string[] = [];
  for (const write of part.writes) {
    if (write.kind === 'chat') continue;
    const tokens = write.kind === 'command' ? (write.command.tokens ?? []) : [write.token];
    if (tokens.length > 0 && revoked.length > 0) {
      await revokeSeats(client, part.tableId, revoked);
      revoked = [];
    }
    minted.push(...tokens);
    if (write.kind === 'command' && write.command.revokeSeat !== undefined) {
      await insertTokens(client, minted);
      minted = [];
      revoked.push(write.command.revokeSeat);
    }
  }
  await revokeSeats(client, part.tableId, revoked);
  await insertTokens(client, minted);
  const chat: StoredChat[] = [];
  for (const write of part.writes) {
    if (write.kind !== 'chat') continue;
    const [stored, bytes] = await writeChat(client, part.tableId, write.message, write.keep);
    chat.push(stored);
    grew += bytes;
  }
  // Claims a command used up (a seat taken back) or that lost their seat (one removed).
  const claims = commands.flatMap((c) => (c.dropClaim === undefined ? [] : [c.dropClaim]));
  if (claims.length > 0) await client.query({ ...DROP_CLAIMS, values: [part.tableId, claims] });
  const { rows } = await client.query<{ stored_bytes: number }>(GROW, [part.tableId, grew]);
  if (rows[0] === undefined) {
    return { ok: false, fenced: false, error: new Error(`no table ${part.tableId}`) };
  }
  return { ok: true, bytes: rows[0].stored_bytes, chat };
}

async function findChat(
  db: Queryable,
  tableId: string,
  from: NewChatMessage['from'],
  id: string,
): Promise<ChatMessage | undefined> {
  const { rows } = await db.query<ChatRow>(
    `SELECT ${CHAT_COLUMNS} FROM chat
     WHERE table_id = $1 AND COALESCE(from_seat, '') = $2 AND client_id = $3`,
    [tableId, from.role === 'player' ? from.seatId : '', id],
  );
  return rows[0] && toMessage(rows[0]);
}

/**
 * One chat write in the commit's transaction (TableWrite's `chat`): the message its author
 * stored under its id, or the message numbered and stored, the oldest past `keep` deleted.
 * Answers it and the bytes the table grew by.
 */
async function writeChat(
  client: pg.PoolClient,
  tableId: string,
  message: NewChatMessage,
  keep: number,
): Promise<[StoredChat, number]> {
  if (message.id !== undefined) {
    const stored = await findChat(client, tableId, message.from, message.id);
    if (stored) return [{ message: stored, fresh: false }, 0];
  }
  const { from, to } = message;
  const gm = whisperReaders(message).gm;
  const { rows } = await client.query<{ n: number }>(APPEND_CHAT, [
    tableId,
    message.at,
    from.role === 'player' ? from.seatId : null,
    from.role === 'player' ? from.name : null,
    to.kind,
    to.kind === 'seat' ? to.seatId : null,
    message.text,
    message.spectators,
    message.id ?? null,
    gm,
  ]);
  const n = rows[0]!.n;
  let grew = chatRowBytes(message);
  if (n > keep) {
    const { rows: gone } = await client.query<{ bytes: number }>(TRIM_CHAT, [tableId, n - keep]);
    grew -= Number(gone[0]?.bytes ?? 0);
  }
  const stored: ChatMessage = { n, at: message.at, from, to, text: message.text };
  if (from.role === 'player' && to.kind === 'seat') stored.gmReads = gm;
  return [{ message: stored, fresh: true }, grew];
}

/** Stores command rows and their updates; answers the bytes their table grew by. */
async function insertCommands(client: pg.PoolClient, commands: CommandWrite[]): Promise<number> {
  if (commands.length === 0) return 0;
  const { payloads, results, values } = commandColumns(commands);
  await client.query({ ...INSERT_COMMANDS, values });
  const updates = commands.flatMap((c) =>
    c.updates.map((u) => ({ tableId: c.tableId, seq: c.seq, ...u })),
  );
  let grew = payloads.reduce((sum, p, i) => sum + commandRowBytes(p, results[i] ?? null), 0);
  grew += updates.reduce((sum, u) => sum + blobRowBytes(u.bytes), 0);
  if (updates.length === 0) return grew;
  await client.query({
    ...INSERT_UPDATES,
    values: [
      updates.map((u) => u.tableId),
      updates.map((u) => u.doc),
      updates.map((u) => u.seq),
      updates.map((u) => u.bytes),
    ],
  });
  return grew;
}

async function insertTokens(client: pg.PoolClient, tokens: readonly TokenRecord[]) {
  if (tokens.length === 0) return;
  await client.query({
    ...INSERT_TOKENS,
    values: [
      tokens.map((t) => t.hash),
      tokens.map((t) => t.tableId),
      tokens.map((t) => t.role),
      tokens.map((t) => t.seatId),
      tokens.map((t) => t.kind),
      tokens.map((t) => t.revoked),
      tokens.map((t) => t.created),
    ],
  });
}

async function revokeSeats(client: pg.PoolClient, tableId: string, seats: string[]) {
  if (seats.length === 0) return;
  await client.query({ ...REVOKE_SEATS, values: [tableId, seats] });
}

async function upsertSnapshots(
  client: pg.PoolClient,
  tableId: string,
  seq: number,
  docs: Record<DocKey, Uint8Array>,
) {
  await client.query(
    `INSERT INTO snapshots (table_id, doc, seq, bytes)
     SELECT $1::text, * FROM unnest($2::text[], $3::bigint[], $4::bytea[])
     ON CONFLICT (table_id, doc) DO UPDATE SET seq = EXCLUDED.seq, bytes = EXCLUDED.bytes`,
    [tableId, DOC_KEYS, DOC_KEYS.map(() => seq), DOC_KEYS.map((doc) => docs[doc])],
  );
}

async function createTable(
  client: pg.PoolClient,
  table: TableRecord,
  docs: Record<DocKey, Uint8Array>,
  tokens: TokenRecord[],
  history: RestoredHistory | undefined,
  links: SealedLinks | undefined,
): Promise<void> {
  await client.query(
    'INSERT INTO tables (id, name, ruleset, created, sealed_links) VALUES ($1, $2, $3, $4, $5)',
    [table.id, table.name, table.ruleset, table.created, links ?? null],
  );
  await upsertSnapshots(client, table.id, 0, docs);
  await insertTokens(client, tokens);
  // The restored log in chunks and the command that marks it, in the same transaction.
  let bytes = DOC_KEYS.reduce((sum, doc) => sum + blobRowBytes(docs[doc]), 0);
  if (history !== undefined) {
    await insertChunks(client, table.id, history.chunks);
    for (const chunk of history.chunks) bytes += logChunkBytes(chunk);
    bytes += await insertCommands(client, [{ ...restoreCommand(table), seq: 1 }]);
    for (const image of history.images ?? []) bytes += await images.insertImage(client, image);
  }
  await client.query(GROW, [table.id, bytes]);
}

/** A restored log's chunks, a thousand rows a statement (each statement's size bounded). */
async function insertChunks(
  client: pg.ClientBase,
  tableId: string,
  chunks: readonly LogChunk[],
): Promise<void> {
  for (let i = 0; i < chunks.length; i += 1000) {
    const part = chunks.slice(i, i + 1000);
    await client.query(
      `INSERT INTO restored_log (table_id, first_n, last_n, entries)
       SELECT $1::text, * FROM unnest($2::bigint[], $3::bigint[], $4::text[])`,
      [tableId, part.map((c) => c.first), part.map((c) => c.last), part.map((c) => c.entries)],
    );
  }
}

/**
 * Restored logs stored before chunks (the whole log in the restore's command row) move into
 * chunks, once, when the schema gains `restored_log`; the row stays, without its log.
 */
async function chunkRestoredLogs(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ table_id: string; seq: number; result: string }>(
    'SELECT table_id, seq, result FROM commands WHERE type = $1 AND result IS NOT NULL',
    [RESTORE_COMMAND_TYPE],
  );
  for (const row of rows) {
    const log = (JSON.parse(row.result) as { log?: unknown }).log;
    await insertChunks(client, row.table_id, logChunks(Array.isArray(log) ? log : []));
    await client.query('UPDATE commands SET result = NULL WHERE table_id = $1 AND seq = $2', [
      row.table_id,
      row.seq,
    ]);
  }
}

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
