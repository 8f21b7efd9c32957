import type { NewChatMessage } from './storage';

// What a table holds on disk, as both adapters count it: every row of the table's (a command,
// a document update, a snapshot, a chat message, the restored log's) is ROW_BYTES plus the
// bytes of its variable columns. Not the database's own page accounting, which would need a
// scan: a running total kept in the table's row (`stored_bytes`), moved by every write in the
// same transaction, that a ceiling can be checked against in O(1). The SQL that measures a
// table from scratch (the migrations) is written here once, for each dialect's byte length.

/** What one row costs beyond its variable columns (keys, numbers, the database's own). */
export const ROW_BYTES = 64;

const utf8 = (text: string | null | undefined): number =>
  text === null || text === undefined ? 0 : Buffer.byteLength(text, 'utf8');

/** A command row: its payload and result as stored (JSON text). */
export function commandRowBytes(payload: string, result: string | null): number {
  return ROW_BYTES + utf8(payload) + utf8(result);
}

/** A document update's or a snapshot's row. */
export function blobRowBytes(bytes: Uint8Array): number {
  return ROW_BYTES + bytes.byteLength;
}

/** What `dropImages` gives back for the blobs it deleted, given their lengths. */
export function blobRowsBytes(lengths: readonly (number | string)[]): number {
  return lengths.reduce<number>((sum, length) => sum + ROW_BYTES + Number(length), 0);
}

/** A chat row: its text and its author's name as stored. */
export function chatRowBytes(message: NewChatMessage): number {
  return (
    ROW_BYTES + utf8(message.text) + utf8(message.from.role === 'player' ? message.from.name : null)
  );
}

/** A restored log's chunk (storage.ts, LogChunk): its entries' JSON text. */
export function logChunkBytes(chunk: { entries: string }): number {
  return ROW_BYTES + utf8(chunk.entries);
}

/** How an SQL dialect writes the byte length of a text or blob column (NULL for NULL). */
export type ByteLengthSql = (column: string) => string;

/** A chat row's bytes (chatRowBytes), in SQL. */
export const chatRowBytesSql = (bytesOf: ByteLengthSql): string =>
  `${ROW_BYTES} + ${bytesOf('text')} + COALESCE(${bytesOf('from_name')}, 0)`;

/**
 * What the table `tables.id` holds, summed from its rows, in SQL (an expression for an
 * `UPDATE tables`): the measure the migrations give a table made before it was kept.
 */
export function tableBytesSql(bytesOf: ByteLengthSql): string {
  const rows = (table: string, bytes: string) =>
    `(SELECT COALESCE(SUM(${bytes}), 0) FROM ${table} WHERE ${table}.table_id = tables.id)`;
  return [
    rows('commands', `${ROW_BYTES} + ${bytesOf('payload')} + COALESCE(${bytesOf('result')}, 0)`),
    rows('updates', `${ROW_BYTES} + ${bytesOf('bytes')}`),
    rows('snapshots', `${ROW_BYTES} + ${bytesOf('bytes')}`),
    rows('chat', chatRowBytesSql(bytesOf)),
    rows('restored_log', `${ROW_BYTES} + ${bytesOf('entries')}`),
  ].join('\n  + ');
}
