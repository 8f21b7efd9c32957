import pg from 'pg';
import { TABLE_COLUMNS, TOKEN_COLUMNS } from './postgres-schema';
import type { Storage } from './storage';
import { toClaim, toTable, toToken } from './rows';
import type { ClaimRow, TableRow, TokenRow } from './rows';
import * as images from './postgres-images';
import { postgresLeases } from './postgres-leases';
import { findChat, readChat } from './postgres-chat';
import { commit } from './postgres-commit';
import { findCommandsOf, loadDocuments, readLog, readRolls } from './postgres-reads';
import { createSchema, createTable } from './postgres-tables';
import { transaction } from './postgres-transaction';
import type { Queryable } from './postgres-transaction';
import { DROP_CLAIMS, compactTable, insertTokens, underFence } from './postgres-writes';

// The PostgreSQL adapter: the same contract as SQLite's (contract.test.ts), for a database
// several server nodes share (cluster mode fences their writes per table, TableBatch.fence).
// Its parts: postgres-commit.ts (the group commit), postgres-writes.ts, postgres-chat.ts,
// postgres-reads.ts, postgres-tables.ts (schema and new tables), postgres-leases.ts.

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
    findCommands: (tableId, commandIds) => findCommandsOf(pool, new Map([[tableId, commandIds]])),
    findCommandsOf: (commandIds) => findCommandsOf(pool, commandIds),
    commit: (batches) => commit(pool, batches),
    loadDocuments: (tableId) => loadDocuments(pool, tableId),
    compact: (tableId, seq, docs, fence) =>
      transaction(pool, (client) => compactTable(client, tableId, seq, docs, fence)),
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
    readLog: (tableId, before, limit) => readLog(pool, tableId, before, limit),
    readRolls: (tableId, query) => readRolls(pool, tableId, query),
    findChat: (tableId, from, id) => findChat(pool, tableId, from, id),
    readChat: (tableId, scope, before, limit) => readChat(pool, tableId, scope, before, limit),
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
