import pg from 'pg';
import type { LeaseAnswer, LeaseHolder, LeaseStore } from './storage';

// Cluster mode's table leases in the PostgreSQL every node shares (the `leases` table of
// postgres-schema.ts), beside the fences the commits check. Keeping them here rather than in
// Redis puts the lease, its epoch and the fence in one database with one clock: taking a lease
// stores its epoch as the table's fence in the same statement, so no commit of an earlier
// holder can land after it, and the writer keeps its lease (and its own clients' commands)
// while Redis, which then only carries messages between the nodes, is away.

/**
 * Takes the lease when it is free or expired (a new epoch, above the one before and above the
 * table's fence), extends it when `$2` holds it, and stores a new epoch as the fence at once;
 * answers this holder's epoch, or nothing when another holds it. One statement: the row lock
 * of `leases` orders two nodes claiming at once, and waiting for the fence row (a holder
 * stalled in a commit) is bounded by the lock timeout.
 */
const ACQUIRE = `
WITH floor AS (
  SELECT COALESCE((SELECT epoch FROM fences WHERE table_id = $1), 0) + 1 AS epoch
), took AS (
  INSERT INTO leases AS l (table_id, holder, epoch, expires_at)
  SELECT $1, $2, floor.epoch, clock_timestamp() + $3 * interval '1 millisecond' FROM floor
  ON CONFLICT (table_id) DO UPDATE SET
    epoch = CASE WHEN l.holder = EXCLUDED.holder AND l.expires_at > clock_timestamp()
      THEN l.epoch ELSE GREATEST(l.epoch + 1, EXCLUDED.epoch) END,
    holder = EXCLUDED.holder,
    expires_at = EXCLUDED.expires_at
  WHERE l.holder = EXCLUDED.holder OR l.expires_at <= clock_timestamp()
  RETURNING l.epoch
), fenced AS (
  INSERT INTO fences (table_id, epoch) SELECT $1, epoch FROM took
  ON CONFLICT (table_id) DO UPDATE SET epoch = EXCLUDED.epoch
  WHERE fences.epoch < EXCLUDED.epoch
  RETURNING epoch
)
SELECT $2::text AS holder, epoch, EXISTS (SELECT 1 FROM fenced) AS fresh FROM took
UNION ALL
SELECT holder, epoch, false FROM leases
WHERE table_id = $1 AND NOT EXISTS (SELECT 1 FROM took)`;

/** Extends every lease the holder still holds, unexpired, under its epoch; one statement. */
const RENEW = `
UPDATE leases AS l SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
FROM unnest($2::text[], $4::bigint[]) AS r(table_id, epoch)
WHERE l.table_id = r.table_id AND l.epoch = r.epoch AND l.holder = $1
  AND l.expires_at > clock_timestamp()
RETURNING l.table_id`;

const RELEASE = `
UPDATE leases SET expires_at = '-infinity'
WHERE table_id = $1 AND holder = $2 AND epoch = $3 AND expires_at > clock_timestamp()`;

const OWNER = `
SELECT holder, epoch FROM leases WHERE table_id = $1 AND expires_at > clock_timestamp()`;

export interface LeasePoolOptions {
  connectMs: number;
  /** How long a lease statement may take, on either side: a renewal later than this is no use. */
  answerMs: number;
  lockMs: number;
}

/**
 * The lease statements on a small pool of their own (`url`'s database), so that a renewal
 * never waits for a free connection behind the commits.
 */
export function postgresLeases(url: string, options: LeasePoolOptions): LeaseStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: 3,
    connectionTimeoutMillis: options.connectMs,
    statement_timeout: options.answerMs,
    lock_timeout: options.lockMs,
    query_timeout: options.answerMs,
    keepAlive: true,
  });
  pool.on('error', () => {});
  let ended: Promise<void> | undefined;
  return {
    acquire: async (tableId, holder, ttlMs) => {
      for (let attempt = 1; ; attempt++) {
        const { rows } = await pool.query<{ holder: string; epoch: string; fresh: boolean }>(
          ACQUIRE,
          [tableId, holder, ttlMs],
        );
        const row = rows[0];
        if (row) {
          const epoch = Number(row.epoch);
          return row.holder === holder
            ? ({ owner: 'self', epoch, fresh: row.fresh } satisfies LeaseAnswer)
            : { owner: 'other', holder: row.holder, epoch };
        }
        // No row: another node took the free lease after this statement's snapshot, which
        // cannot see its row. Asked again, it can.
        if (attempt >= 2) throw new Error(`no lease row for ${tableId}`);
      }
    },
    renew: async (leases, holder, ttlMs) => {
      if (leases.length === 0) return [];
      const { rows } = await pool.query<{ table_id: string }>(RENEW, [
        holder,
        leases.map((lease) => lease.tableId),
        ttlMs,
        leases.map((lease) => lease.epoch),
      ]);
      const renewed = new Set(rows.map((row) => row.table_id));
      return leases.map((lease) => renewed.has(lease.tableId));
    },
    release: async (tableId, holder, epoch) => {
      const { rowCount } = await pool.query(RELEASE, [tableId, holder, epoch]);
      return rowCount === 1;
    },
    owner: async (tableId) => {
      const { rows } = await pool.query<{ holder: string; epoch: string }>(OWNER, [tableId]);
      const row = rows[0];
      return row
        ? ({ holder: row.holder, epoch: Number(row.epoch) } satisfies LeaseHolder)
        : undefined;
    },
    close: () => (ended ??= pool.end()),
  };
}
