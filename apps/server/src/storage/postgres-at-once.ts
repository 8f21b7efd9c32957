import type pg from 'pg';
import { COMMAND_COLUMNS } from './postgres-schema';
import { NotStoredError } from './storage';
import type { BatchOutcome, CommandWrite, TableBatch } from './storage';
import { blobRowBytes, commandRowBytes } from './table-bytes';

/**
 * The group commit's common batch in ONE statement, which PostgreSQL runs as one implicit
 * transaction: every table's fence, its commands, their updates and the table's size. One round
 * trip instead of BEGIN, a savepoint and four statements per table, and COMMIT: the driver's
 * work and the database's both follow the statements, not the rows.
 *
 * The fence is still checked in the transaction that stores: a part whose epoch a later writer
 * passed (its fence upsert returns no row) stores nothing, the others store, all in one
 * transaction. A part that would fail a constraint fails the whole statement, which stores
 * nothing; the caller then commits part by part (postgres.ts's `commit`), which tells each
 * part's outcome.
 *
 * Only commands: a batch with tokens, revoked seats, dropped claims or chat goes part by part.
 */
/** The statement's name, in every message that runs it (the tests' proxy holds it by this). */
export const COMMIT_AT_ONCE = 'fateboard-commit-at-once';

const AT_ONCE = {
  name: COMMIT_AT_ONCE,
  text: `WITH part AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS p(table_id, epoch, grew)
  ), fenced AS (
    INSERT INTO fences (table_id, epoch)
      SELECT table_id, epoch FROM part WHERE epoch IS NOT NULL ORDER BY table_id
    ON CONFLICT (table_id) DO UPDATE SET epoch = EXCLUDED.epoch
      WHERE fences.epoch <= EXCLUDED.epoch
    RETURNING table_id
  ), allowed AS (
    SELECT table_id FROM part WHERE epoch IS NULL UNION ALL SELECT table_id FROM fenced
  ), commands_in AS (
    INSERT INTO commands (${COMMAND_COLUMNS})
      SELECT * FROM unnest($4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[],
        $9::text[], $10::text[], $11::text[], $12::text[], $13::bigint[])
        AS c(${COMMAND_COLUMNS})
      WHERE c.table_id IN (SELECT table_id FROM allowed)
  ), updates_in AS (
    INSERT INTO updates (table_id, doc, seq, bytes)
      SELECT * FROM unnest($14::text[], $15::text[], $16::bigint[], $17::bytea[])
        AS u(table_id, doc, seq, bytes)
      WHERE u.table_id IN (SELECT table_id FROM allowed)
  ), grown AS (
    UPDATE tables t SET stored_bytes = t.stored_bytes + part.grew FROM part
      WHERE t.id = part.table_id AND part.table_id IN (SELECT table_id FROM allowed)
    RETURNING t.id, t.stored_bytes
  )
  SELECT part.table_id, grown.stored_bytes FROM part LEFT JOIN grown ON grown.id = part.table_id`,
};

/** Whether the part is only commands, with nothing beside their rows and updates to store. */
function commandsOnly(part: TableBatch): boolean {
  return part.writes.every(
    (w) =>
      w.kind === 'command' &&
      w.command.tableId === part.tableId &&
      !w.command.tokens?.length &&
      w.command.revokeSeat === undefined &&
      w.command.dropClaim === undefined,
  );
}

/**
 * Stores the batch in one statement and answers each part's outcome, in the batch's order; or
 * undefined, storing nothing, when it is not for one statement (`commandsOnly`, each table
 * once) or a part failed a constraint. Throws NotStoredError when no connection could be had
 * (nothing sent) or PostgreSQL answered that it ended the session, and the error itself when
 * the statement was sent and no answer came (it may have been stored).
 */
export async function commitAtOnce(
  pool: pg.Pool,
  batches: readonly TableBatch[],
): Promise<BatchOutcome[] | undefined> {
  const tables = batches.map((b) => b.tableId);
  if (new Set(tables).size !== tables.length || !batches.every(commandsOnly)) return undefined;
  const commands = batches.flatMap((b) =>
    b.writes.flatMap((w) => (w.kind === 'command' ? [w.command] : [])),
  );
  const { payloads, results, values: columns } = commandColumns(commands);
  const grew = new Map<string, number>(tables.map((t) => [t, 0]));
  commands.forEach((c, i) => {
    let bytes = commandRowBytes(payloads[i]!, results[i] ?? null);
    for (const u of c.updates) bytes += blobRowBytes(u.bytes);
    grew.set(c.tableId, (grew.get(c.tableId) ?? 0) + bytes);
  });
  const updates = commands.flatMap((c: CommandWrite) =>
    c.updates.map((u) => ({ tableId: c.tableId, seq: c.seq, ...u })),
  );
  const values = [
    tables,
    batches.map((b) => b.fence ?? null),
    tables.map((t) => grew.get(t) ?? 0),
    ...columns,
    updates.map((u) => u.tableId),
    updates.map((u) => u.doc),
    updates.map((u) => u.seq),
    updates.map((u) => u.bytes),
  ];

  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new NotStoredError(error);
  }
  // A checked-out client has no listener of the pool's (see postgres.ts's `transaction`).
  const ignore = () => {};
  client.on('error', ignore);
  let broken = false;
  try {
    const { rows } = await client.query<{ table_id: string; stored_bytes: number | null }>({
      ...AT_ONCE,
      values,
    });
    const bytes = new Map(rows.map((r) => [r.table_id, r.stored_bytes]));
    return batches.map((b): BatchOutcome => {
      const stored = bytes.get(b.tableId);
      // No size back: its fence refused it (the table exists: its commands' key says so).
      return stored == null ? { ok: false, fenced: true } : { ok: true, bytes: stored, chat: [] };
    });
  } catch (error) {
    const severity = (error as { severity?: unknown } | null)?.severity;
    // A statement PostgreSQL refused (severity ERROR) stored nothing: told part by part.
    if (severity === 'ERROR') return undefined;
    broken = true;
    // PostgreSQL ended the session (FATAL: terminated, shut down) and said so in answer to the
    // statement: its implicit transaction commits before the statement's last answer (ready
    // for the next), so an error in place of that answer means it did not commit. A PANIC may come after the
    // commit record was written, and a connection lost without an answer says nothing.
    if (severity === 'FATAL') throw new NotStoredError(error);
    throw error;
  } finally {
    client.removeListener('error', ignore);
    client.release(broken);
  }
}

/** Command rows as one array per column (COMMAND_COLUMNS), for an insert from `unnest`. */
export function commandColumns(commands: readonly CommandWrite[]): {
  payloads: string[];
  results: (string | null)[];
  values: unknown[][];
} {
  const payloads = commands.map((c) => JSON.stringify(c.payload));
  const results = commands.map((c) => (c.result === undefined ? null : JSON.stringify(c.result)));
  const values = [
    commands.map((c) => c.tableId),
    commands.map((c) => c.commandId),
    commands.map((c) => c.seq),
    commands.map((c) => JSON.stringify(c.actor)),
    commands.map((c) => c.tokenHash),
    commands.map((c) => c.secretHash ?? null),
    commands.map((c) => c.type),
    payloads,
    results,
    commands.map((c) => c.created),
  ];
  return { payloads, results, values };
}
