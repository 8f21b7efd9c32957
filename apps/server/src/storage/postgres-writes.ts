import { DOC_KEYS } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import type pg from 'pg';
import { COMMAND_COLUMNS, TOKEN_COLUMNS } from './postgres-schema';
import { commandColumns } from './postgres-at-once';
import { ROW_BYTES, blobRowBytes, commandRowBytes } from './table-bytes';
import type { CommandWrite, TokenRecord } from './storage';

// The rows a commit, a compaction and a new table write in PostgreSQL, many rows a statement.

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

export const DROP_CLAIMS = {
  name: 'fateboard-drop-claims',
  text: 'DELETE FROM seat_claims WHERE table_id = $1 AND seat_id = ANY($2::text[])',
};

/** The table's measure moved by a part's writes; no row when the table does not exist. */
export const GROW =
  'UPDATE tables SET stored_bytes = stored_bytes + $2 WHERE id = $1 RETURNING stored_bytes';

/** Stores command rows and their updates; answers the bytes their table grew by. */
export async function insertCommands(
  client: pg.PoolClient,
  commands: CommandWrite[],
): Promise<number> {
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

export async function insertTokens(client: pg.PoolClient, tokens: readonly TokenRecord[]) {
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

export async function revokeSeats(client: pg.PoolClient, tableId: string, seats: string[]) {
  if (seats.length === 0) return;
  await client.query({ ...REVOKE_SEATS, values: [tableId, seats] });
}

export async function upsertSnapshots(
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

/**
 * Under the lease's epoch only (cluster mode, `fence`): a writer that lost the table writes
 * no snapshot and drops no picture. Locks the table's fence row for the transaction.
 */
export async function underFence(
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

/**
 * Replaces the table's snapshots and the updates up to `seq` (Storage.compact), in the
 * caller's transaction.
 */
export async function compactTable(
  client: pg.PoolClient,
  tableId: string,
  seq: number,
  docs: Record<DocKey, Uint8Array>,
  fence: number | undefined,
): Promise<void> {
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
}
