import type { NewChatMessage, NewCommand, StoredChat, TokenRecord } from './records';

// What a group commit hands the storage (Storage.commit) and what it answers, table by table.

/** A command as the room hands it to the commit: numbered by the room (the table's next seq). */
export type CommandWrite = NewCommand & { seq: number };

/** One write of a group commit. */
export type TableWrite =
  | { kind: 'command'; command: CommandWrite }
  /** A token minted outside a command row (a retried join's fresh seat token). */
  | { kind: 'token'; token: TokenRecord }
  /**
   * A chat message, numbered by the storage (the table's next) unless its author stored its
   * id already; then the table keeps its newest `keep` messages, the older ones deleted.
   */
  | { kind: 'chat'; message: NewChatMessage; keep: number };

/** The table a write is for: a chat write's is its part's. */
export function writeTableId(write: TableWrite, partTableId: string): string {
  switch (write.kind) {
    case 'command':
      return write.command.tableId;
    case 'token':
      return write.token.tableId;
    case 'chat':
      return partTableId;
  }
}

/** What one batch writes for one table, in order. */
export interface TableBatch {
  tableId: string;
  /**
   * Cluster mode: the fencing epoch of the lease the writer holds for the table. The commit
   * refuses the table's writes when a writer with a later epoch already committed for it, in
   * the same transaction as the writes. Undefined (one node): no check.
   */
  fence?: number;
  writes: TableWrite[];
}

/**
 * A table's part of a batch: stored, or not stored at all (a later epoch fenced it out, or a
 * write failed, e.g. a seq another writer took); the other tables' parts are not affected.
 * Stored: what the table holds on disk afterwards (table-bytes.ts), and its chat writes'
 * outcomes in the order of the part's chat writes.
 */
export type BatchOutcome =
  { ok: true; bytes: number; chat: StoredChat[] } | { ok: false; fenced: boolean; error?: unknown };

/**
 * `commit` rejected before its COMMIT was sent (the connection broke, or could not be had):
 * nothing of the batch is stored, for certain, unlike a connection that broke during COMMIT.
 */
export class NotStoredError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the batch was not stored: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'NotStoredError';
  }
}
