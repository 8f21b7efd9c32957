import type { NewChatMessage } from './storage';

// What a table holds on disk, as both adapters count it: every row of the table's (a command,
// a document update, a snapshot, a chat message, the restored log's) is ROW_BYTES plus the
// bytes of its variable columns. Not the database's own page accounting, which would need a
// scan: a running total kept in the table's row (`stored_bytes`), moved by every write in the
// same transaction, that a ceiling can be checked against in O(1). The SQL that measures a
// table from scratch (the migrations) says the same in each dialect.

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
