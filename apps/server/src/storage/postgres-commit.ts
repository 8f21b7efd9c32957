import type pg from 'pg';
import { NotStoredError, writeTableId } from './storage';
import type { BatchOutcome, StoredChat, TableBatch, TokenRecord } from './storage';
import { commitAtOnce } from './postgres-at-once';
import { writeChat } from './postgres-chat';
import { transaction } from './postgres-transaction';
import { DROP_CLAIMS, GROW, insertCommands, insertTokens, revokeSeats } from './postgres-writes';

// PostgreSQL's group commit (Storage.commit): every table's part in one transaction, each
// fenced by its writer's epoch in cluster mode.

/**
 * The fencing check (TableBatch.fence), in the commit's transaction: the epoch is stored
 * unless a later one is already; no row back means a later epoch committed first. The row
 * stays locked until the commit ends, so two writers of one table commit one after the other.
 */
const FENCE = `INSERT INTO fences (table_id, epoch) VALUES ($1, $2)
  ON CONFLICT (table_id) DO UPDATE SET epoch = EXCLUDED.epoch
  WHERE fences.epoch <= EXCLUDED.epoch RETURNING epoch`;

/**
 * The group commit: one transaction, each table's part in a savepoint of its own so that a
 * failing part (a seq or command id taken, a later epoch) undoes only itself. A part whose
 * statement fails leaves the transaction aborted until the ROLLBACK TO SAVEPOINT; when that
 * fails too, or BEGIN or COMMIT does, the connection is gone and the whole call rejects.
 */
export async function commit(
  pool: pg.Pool,
  batches: readonly TableBatch[],
): Promise<BatchOutcome[]> {
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
