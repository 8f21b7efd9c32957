import type { RulesetId } from '@fateboard/rules';
import * as Y from 'yjs';
import type { ChatAuthor, ChatMessage, DocKey, ImageVariant, Role } from '@fateboard/table';
import type { ImageAllowance, NewImage, PutImageOutcome, StoredImage } from './image-types';
import type { DroppedImages } from './image-types';

export type {
  DroppedImages,
  ImageAllowance,
  ImageVariantBytes,
  NewImage,
  PutImageOutcome,
  StoredImage,
} from './image-types';

// What the server keeps and the one interface every storage adapter implements (SQLite in
// sqlite.ts, in memory in memory.ts); contract.test.ts holds each adapter to it.

export interface TableRecord {
  id: string;
  name: string;
  ruleset: RulesetId;
  /** Creation time, ms since the epoch. */
  created: number;
}

/** `link`: one of the three invite links; `seat`: a player's personal token minted on join. */
export type TokenKind = 'link' | 'seat';

export interface TokenRecord {
  /** sha-256 of the token, hex. The token itself is never stored. */
  hash: string;
  tableId: string;
  role: Role;
  seatId: string | null;
  kind: TokenKind;
  revoked: boolean;
  created: number;
}

/**
 * The player and spectator link tokens sealed under a key only the GM token gives
 * (sealed-links.ts). Opaque bytes to the storage; the tokens themselves are never stored.
 */
export type SealedLinks = Uint8Array;

/**
 * A restored seat's claim (claims.ts): the sha-256 of the code its claim link carries, which a
 * `join` presents to take the seat back, and the code sealed under the GM token (sealed-links.ts)
 * so that the GM sees the link again on any device. At most one per seat: a new one replaces
 * it, and the seat's retaking (or removal) drops it.
 */
export interface SeatClaim {
  tableId: string;
  seatId: string;
  hash: string;
  sealed: Uint8Array;
  created: number;
}

export interface StoredActor {
  role: Role;
  seatId?: string;
}

export interface StoredCommand {
  tableId: string;
  commandId: string;
  seq: number;
  actor: StoredActor;
  /** Hash of the token whose connection sent it, so a retry can be told from a replay by another. */
  tokenHash: string | null;
  /**
   * A join's client secret, hashed (null for other commands and joins without one): a replayed
   * join gets a seat token only if it carries the same secret (docs/PROTOCOL.md).
   */
  secretHash: string | null;
  type: string;
  payload: unknown;
  /** The command's result (what the acknowledgement carried), or null. */
  result: unknown;
  created: number;
}

export interface DocUpdate {
  doc: DocKey;
  bytes: Uint8Array;
}

export type NewCommand = Omit<StoredCommand, 'seq' | 'secretHash'> & {
  secretHash?: string | null;
  updates: DocUpdate[];
  /** Tokens minted by the command (a seat token on join), stored in the same transaction. */
  tokens?: TokenRecord[];
  /** A seat the command removed: its seat tokens are revoked in the same transaction. */
  revokeSeat?: string;
  /** A restored seat taken back or removed: its claim goes in the same transaction. */
  dropClaim?: string;
};

export interface StoredDocument {
  snapshot: Uint8Array | null;
  updates: Uint8Array[];
}

/** The document a stored snapshot and its updates make. */
export function loadDoc(stored: StoredDocument): Y.Doc {
  const doc = new Y.Doc();
  const parts = stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
  if (parts.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(parts));
  return doc;
}

export interface StoredDocuments {
  /** The last command seq of the table (0 when none). */
  seq: number;
  docs: Record<DocKey, StoredDocument>;
  /** What the table holds on disk now (table-bytes.ts), for its ceiling. */
  bytes: number;
}

/**
 * The log of a restored table (`POST /api/tables/restore`), as runs of entries (LogChunk)
 * stored apart from the commands, so that a page of it is read without parsing the rest.
 * The table's first command row (seq 1, RESTORE_COMMAND_ID) marks the restore and carries no
 * log: the next command goes on at seq 2. The row's id is longer than any command id may be
 * (64 characters), so no client's command is ever answered with it.
 */
export interface RestoredHistory {
  chunks: LogChunk[];
  /** The restored table's pictures (each checked again from the file: file-work/images.ts). */
  images?: NewImage[];
  /**
   * What chunks of the log written apart before the table cost (table-bytes.ts): SQLite writes
   * a long log in slices ahead of the table's own transaction, which counts them in its measure.
   */
  storedApart?: number;
}
export const RESTORE_COMMAND_ID = `table.restore:${'-'.repeat(64)}`;
export const RESTORE_COMMAND_TYPE = 'table.restore';

/** The command row that marks a restored table, written by the GM when the table was made. */
export function restoreCommand(table: TableRecord): NewCommand {
  return {
    tableId: table.id,
    commandId: RESTORE_COMMAND_ID,
    actor: { role: 'gm' },
    tokenHash: null,
    type: RESTORE_COMMAND_TYPE,
    payload: {},
    result: null,
    created: table.created,
    updates: [],
  };
}

/**
 * Consecutive entries of a restored log, numbered `first` to `last`, as the JSON text of
 * their array: one stored row, parsed only when a page reaches into it.
 */
export interface LogChunk {
  first: number;
  last: number;
  entries: string;
}

/** About this much JSON a chunk: a page of the log parses one or two, never the whole log. */
export const LOG_CHUNK_BYTES = 32 * 1024;

/** A checked log (entries numbered 1, 2, 3…) as chunks of about LOG_CHUNK_BYTES each. */
export function logChunks(log: readonly { n: number }[]): LogChunk[] {
  const chunks: LogChunk[] = [];
  let run: string[] = [];
  let bytes = 0;
  let first = 0;
  const close = (last: number) => {
    if (run.length > 0) chunks.push({ first, last, entries: `[${run.join(',')}]` });
    run = [];
    bytes = 0;
  };
  for (const [i, entry] of log.entries()) {
    if (run.length === 0) first = entry.n;
    const text = JSON.stringify(entry);
    run.push(text);
    bytes += text.length + 1;
    if (bytes >= LOG_CHUNK_BYTES) close(entry.n);
    else if (i === log.length - 1) close(entry.n);
  }
  return chunks;
}

/**
 * Restored entries numbered below `before`, the newest `limit` of them, oldest first, from
 * the table's chunks newest first (each a LogChunk's `entries`): stops at the first chunk that
 * completes the page.
 */
export function restoredPage(
  newestFirst: Iterable<string>,
  before: number,
  limit: number,
): unknown[] {
  const page: unknown[] = [];
  for (const text of newestFirst) {
    const entries = JSON.parse(text) as { n: number }[];
    for (let i = entries.length - 1; i >= 0 && page.length < limit; i--) {
      if (entries[i]!.n < before) page.push(entries[i]);
    }
    if (page.length >= limit) break;
  }
  return page.reverse();
}

/**
 * A chat message before the storage numbers it (its `n`, the table's next). `spectators`: a
 * public message sent while the GM let spectators read the chat; one said while they could
 * not stays hidden from them when the switch is turned back on. `gmReads` (a whisper between
 * two players): the same for the GM. `id`: the sender's own id for it (`chat.send`'s), unique
 * per table and author, which only `findChat` reads back.
 */
export type NewChatMessage = Omit<ChatMessage, 'n'> & { spectators: boolean; id?: string };

/** A chat write's outcome: the message stored, or the one its author stored under its id. */
export interface StoredChat {
  message: ChatMessage;
  /** False when the id was stored already (a retry): nothing was written. */
  fresh: boolean;
}

/**
 * Which messages a reader's history holds (chatVisible in @fateboard/table says the same for
 * live delivery): `gm` for the GM (every message whisperReaders gives the GM), `seat` for a
 * seated player (the public ones and the whispers it sent or received), `public` for a
 * seatless player, `spectator` for an allowed spectator (the public ones sent while spectators
 * could read). Each is read through an index of its own, never a scan of the others' messages.
 */
export type ChatScope =
  { kind: 'gm' } | { kind: 'public' } | { kind: 'spectator' } | { kind: 'seat'; seatId: string };

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

/** A page of the session's rolls: made by commands numbered below `before`, of `character`. */
export interface RollQuery {
  before: number | undefined;
  limit: number;
  /** Only the rolls this character rolled in (its own side or the opposing one). */
  character: string | undefined;
}

export interface RollPage {
  /** Newest first; `seq` is the command that made the roll: the next page's `before`. */
  rolls: { seq: number; roll: unknown }[];
  /** Every character with a roll this session, whatever the filter (the feed's choices). */
  characters: string[];
}

/** The stored result's `rolls` (what the reducer hands over): the roll history's source. */
export function rollsOf(result: unknown): unknown[] {
  const rolls = (result as { rolls?: unknown } | null)?.rolls;
  return Array.isArray(rolls) ? rolls : [];
}

/** A roll's id and the characters on its sides, read defensively from a stored snapshot. */
export function rollKeys(roll: unknown): { id: unknown; characters: string[] } {
  const r = roll as {
    id?: unknown;
    actor?: { characterId?: unknown };
    opposition?: { characterId?: unknown };
  } | null;
  const characters = [r?.actor?.characterId, r?.opposition?.characterId].filter(
    (c): c is string => typeof c === 'string',
  );
  return { id: r?.id, characters };
}

/** One command's stored rolls (rollsOf its result), as the roll history reads them. */
export interface CommandRolls {
  seq: number;
  rolls: unknown[];
}

/**
 * A page of the session's rolls from its commands' stored rolls, read once, newest command
 * first, back to the session's start (the caller stops there). A roll is stored again by every
 * command that changes it: the first snapshot met is the roll as it reads now, the last one
 * met is the command that made it (the roll's `seq`). Both adapters page with it.
 */
export function rollPage(newestFirst: Iterable<CommandRolls>, query: RollQuery): RollPage {
  const made = new Map<unknown, { seq: number; roll: unknown; characters: string[] }>();
  const characters = new Set<string>();
  for (const { seq, rolls } of newestFirst) {
    for (let i = rolls.length - 1; i >= 0; i--) {
      const roll = rolls[i];
      if (typeof roll !== 'object' || roll === null) continue;
      const keys = rollKeys(roll);
      for (const c of keys.characters) characters.add(c);
      const later = made.get(keys.id);
      if (later) later.seq = seq;
      else made.set(keys.id, { seq, roll, characters: keys.characters });
    }
  }
  const before = query.before ?? Number.MAX_SAFE_INTEGER;
  const rolls = [...made.values()]
    .filter((m) => m.seq < before)
    .filter((m) => query.character === undefined || m.characters.includes(query.character))
    .sort((a, b) => b.seq - a.seq)
    .slice(0, query.limit)
    .map((m) => ({ seq: m.seq, roll: m.roll }));
  return { rolls, characters: [...characters].sort() };
}

/** Who holds a table's lease, and under which epoch. */
export interface LeaseHolder {
  holder: string;
  epoch: number;
}

/** `acquire`'s answer: this holder's lease (`fresh`: under a new epoch), or who holds it. */
export type LeaseAnswer =
  | { owner: 'self'; epoch: number; fresh: boolean }
  | { owner: 'other'; holder: string; epoch: number };

/**
 * Table write leases kept beside the tables (postgres-leases.ts): one holder per table at a
 * time, each new holder under an epoch above every earlier one, stored as the table's fence as
 * it is taken, so that a commit of an earlier holder is refused from then on. Expiry is the
 * database's clock; a holder trusts its lease on its own clock for less (cluster/leases.ts).
 */
export interface LeaseStore {
  /** Takes the lease if nobody holds it, extends it if `holder` does, or answers who does. */
  acquire(tableId: string, holder: string, ttlMs: number): Promise<LeaseAnswer>;
  /** Extends each lease `holder` still holds under its epoch; answers which, in order. */
  renew(
    leases: readonly { tableId: string; epoch: number }[],
    holder: string,
    ttlMs: number,
  ): Promise<boolean[]>;
  /** Ends the lease if `holder` still holds it under `epoch`; answers whether it did. */
  release(tableId: string, holder: string, epoch: number): Promise<boolean>;
  /** Who holds the table's lease now, if anyone. */
  owner(tableId: string): Promise<LeaseHolder | undefined>;
  close(): Promise<void>;
}
