import type { ChatAuthor, ChatMessage, DocKey, ImageVariant } from '@fateboard/table';
import type {
  DroppedImages,
  ImageAllowance,
  NewImage,
  PutImageOutcome,
  StoredImage,
} from './image-types';
import type { BatchOutcome, TableBatch } from './batch';
import type { LeaseStore } from './lease-store';
import type {
  ChatScope,
  NewChatMessage,
  RestoredHistory,
  SealedLinks,
  SeatClaim,
  StoredCommand,
  StoredDocuments,
  TableRecord,
  TokenRecord,
} from './records';
import type { RollPage, RollQuery } from './roll-page';

// The one interface every storage adapter implements (SQLite in sqlite.ts, PostgreSQL in
// postgres.ts); contract.test.ts holds each adapter to it. What it keeps is in records.ts,
// what a commit writes in batch.ts; this module answers for all of them.

export type {
  DroppedImages,
  ImageAllowance,
  ImageVariantBytes,
  NewImage,
  PutImageOutcome,
  StoredImage,
} from './image-types';
export type {
  ChatScope,
  DocUpdate,
  NewChatMessage,
  NewCommand,
  RestoredHistory,
  SealedLinks,
  SeatClaim,
  StoredActor,
  StoredChat,
  StoredCommand,
  StoredDocument,
  StoredDocuments,
  TableRecord,
  TokenKind,
  TokenRecord,
} from './records';
export { RESTORE_COMMAND_ID, RESTORE_COMMAND_TYPE, loadDoc, restoreCommand } from './records';
export type { BatchOutcome, CommandWrite, TableBatch, TableWrite } from './batch';
export { NotStoredError, writeTableId } from './batch';
export type { LogChunk } from './restored-log';
export { LOG_CHUNK_BYTES, logChunks, restoredPage } from './restored-log';
export type { CommandRolls, RollPage, RollQuery } from './roll-page';
export { rollKeys, rollPage, rollsOf } from './roll-page';
export type { LeaseAnswer, LeaseHolder, LeaseStore } from './lease-store';

/**
 * Everything the server keeps, asynchronous so that a networked database (PostgreSQL) sits
 * behind the same interface as SQLite. A command is applied in memory by its room without
 * yielding; the group commit (group-commit.ts) then hands the batch's writes to `commit` and
 * acknowledges nothing before it resolves. Reads answer what is committed.
 */
export interface Storage {
  /**
   * Stores a new table; with `history`, a restored table and its log; with `sealedLinks`, its
   * player and spectator links sealed under the GM token (SealedLinks); one transaction.
   */
  createTable: (
    table: TableRecord,
    docs: Record<DocKey, Uint8Array>,
    tokens: TokenRecord[],
    history?: RestoredHistory,
    sealedLinks?: SealedLinks,
  ) => Promise<void>;
  getTable: (id: string) => Promise<TableRecord | undefined>;
  findToken: (hash: string) => Promise<TokenRecord | undefined>;
  /**
   * Revokes the table's player and spectator link tokens, stores `fresh` and replaces the
   * sealed links by `sealedLinks` (the fresh ones, sealed); one transaction. Answers the
   * revoked tokens' hashes.
   */
  rotateLinks: (
    tableId: string,
    fresh: TokenRecord[],
    sealedLinks: SealedLinks,
  ) => Promise<string[]>;
  /** The table's sealed links, or undefined when it has none (made before they were kept). */
  sealedLinks: (tableId: string) => Promise<SealedLinks | undefined>;
  /** Stores `claim` in place of its seat's claim, if any (which then no longer holds). */
  putClaim: (claim: SeatClaim) => Promise<void>;
  /** The claim whose code hashes to `hash`, while it is its seat's. */
  findClaim: (hash: string) => Promise<SeatClaim | undefined>;
  /** The table's claims, one per seat that has one. */
  claims: (tableId: string) => Promise<SeatClaim[]>;
  /** Revokes the seat's claim (nothing when it has none). */
  dropClaim: (tableId: string, seatId: string) => Promise<void>;
  /** The stored commands of the table among `commandIds` (in no particular order). */
  findCommands: (tableId: string, commandIds: readonly string[]) => Promise<StoredCommand[]>;
  /**
   * The same for several tables at once (`commandIds` by table id), in one read: what a
   * storage whose reads are network round trips offers, so that a group commit's batch reads
   * its retries once rather than once per table. Without it, `findCommands` per table.
   */
  findCommandsOf?: (commandIds: ReadonlyMap<string, readonly string[]>) => Promise<StoredCommand[]>;
  /**
   * The group commit: every table's writes in ONE transaction (one fsync), each table's part
   * all or nothing (BatchOutcome, in the order of `batches`). A command row goes with its
   * document updates, its tokens and its seat revocation; a write for another table than its
   * part's fails the part. Rejects when the transaction itself fails: then nothing of the batch
   * is stored, except when the connection to a networked database broke during its COMMIT,
   * which may have gone through (the group commit reloads the tables from storage, and tells
   * a table whose reload holds more than it knew stored apart, see TableRoom.reload). With
   * NotStoredError when it failed before COMMIT was sent: certainly nothing stored.
   */
  commit: (batches: readonly TableBatch[]) => Promise<BatchOutcome[]>;
  loadDocuments: (tableId: string) => Promise<StoredDocuments>;
  /**
   * Replaces the table's snapshots and every update up to `seq` by `docs`; one transaction.
   * Nothing changes when a snapshot of a later seq is stored already. With `fence` (cluster
   * mode, as TableBatch's), it rejects when a later epoch committed for the table.
   */
  compact: (
    tableId: string,
    seq: number,
    docs: Record<DocKey, Uint8Array>,
    fence?: number,
  ) => Promise<void>;
  /**
   * Cluster mode's table leases (PostgreSQL; a storage without them cannot run a cluster), on
   * connections of their own so that a renewal never waits behind commits.
   */
  leases?: () => Promise<LeaseStore>;
  /**
   * Resolves when a networked storage answers a trivial query (`/readyz`); a storage in this
   * process (SQLite) has none.
   */
  ping?: () => Promise<void>;
  /**
   * The newest `limit` public log entries numbered below `before` (all when undefined), oldest
   * first, read from the commands' stored results, then from a restored table's chunks
   * (RestoredHistory: numbered below every command's entry), reading only the chunks the page
   * reaches. Optional: a backend without it has no log history to page
   * (`GET /api/tables/:id/log` answers 501).
   */
  readLog?: (tableId: string, before: number | undefined, limit: number) => Promise<unknown[]>;
  /**
   * The rolls of the current session (made by commands after the last `session.start`), newest
   * first: each once, as the last command that changed it stored it (RollQuery). Optional like
   * readLog (`GET /api/tables/:id/rolls` answers 501 without it).
   */
  readRolls?: (tableId: string, query: RollQuery) => Promise<RollPage>;
  /**
   * The message `from` stored with `id` (NewChatMessage), or undefined: a retried `chat.send`
   * answers it instead of posting again. Another author's id is another message.
   */
  findChat: (tableId: string, from: ChatAuthor, id: string) => Promise<ChatMessage | undefined>;
  /**
   * The newest `limit` chat messages numbered below `before` (all when undefined) that `scope`
   * may read, oldest first.
   */
  readChat: (
    tableId: string,
    scope: ChatScope,
    before: number | undefined,
    limit: number,
  ) => Promise<ChatMessage[]>;
  /** What the table holds on disk (table-bytes.ts), or undefined when there is no such table. */
  tableBytes: (tableId: string) => Promise<number | undefined>;
  /**
   * Stores a picture's variants in one transaction, counted in the table's measure, unless the
   * table holds that picture already (the same hash: two uploads of one file are stored once)
   * or it would take the table past its allowance.
   */
  putImage: (image: NewImage, allowance: ImageAllowance) => Promise<PutImageOutcome>;
  /** One variant of a table's picture; its `full` variant when the picture has no such one. */
  readImage: (
    tableId: string,
    hash: string,
    variant: ImageVariant,
  ) => Promise<StoredImage | undefined>;
  /** The `full` variants of the table's pictures among `hashes`, sorted by hash (the export). */
  fullImages: (tableId: string, hashes: readonly string[]) => Promise<StoredImage[]>;
  /**
   * Deletes every variant of the table's pictures that `keep` does not name and that were
   * stored (or uploaded again, see putImage) before `storedBefore`, and takes their bytes off
   * the table's measure; one transaction. With `fence` (cluster mode, as `compact`'s), rejects
   * when a later epoch committed for the table. Answers how many pictures went.
   */
  dropImages: (
    tableId: string,
    keep: readonly string[],
    storedBefore: number,
    fence?: number,
  ) => Promise<DroppedImages>;
  close: () => Promise<void>;
}

/**
 * Stores one chat message of the table in a commit of its own (tools, tests and migrations;
 * the server's go through the group commit): numbered next, or the one its author stored
 * under its id. Rejects when the part was not stored (no such table).
 */
export async function appendChat(
  storage: Pick<Storage, 'commit'>,
  tableId: string,
  message: NewChatMessage,
  keep = Number.MAX_SAFE_INTEGER,
): Promise<ChatMessage> {
  const [outcome] = await storage.commit([{ tableId, writes: [{ kind: 'chat', message, keep }] }]);
  if (!outcome?.ok) throw new Error(`the chat message was not stored: ${String(outcome?.error)}`);
  return outcome.chat[0]!.message;
}
