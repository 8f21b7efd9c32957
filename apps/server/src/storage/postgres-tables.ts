import pg from 'pg';
import { DOC_KEYS } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import { RESTORE_COMMAND_TYPE, logChunks, restoreCommand } from './storage';
import type { LogChunk, RestoredHistory, SealedLinks, TableRecord, TokenRecord } from './storage';
import { SCHEMA, SCHEMA_OBJECTS } from './postgres-schema';
import * as images from './postgres-images';
import { blobRowBytes, logChunkBytes } from './table-bytes';
import { GROW, insertCommands, insertTokens, upsertSnapshots } from './postgres-writes';

// The schema created once for the cluster, and a new (or restored) table stored.

/** Serialises the schema's creation when several nodes start at once (an arbitrary key). */
const SCHEMA_LOCK = 0x46617465;

/**
 * Creates what is missing of the schema, one node at a time, in one transaction, on a
 * connection of its own without the commands' timeouts: creating an index on a large table, or
 * waiting for another node doing it, takes longer than a command's statement may.
 */
export async function createSchema(url: string): Promise<void> {
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

export async function createTable(
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
