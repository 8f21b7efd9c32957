import * as Y from 'yjs';
import type { ChatMessage, DocKey, Role } from '@fateboard/table';
import type { RulesetId } from '@fateboard/rules';
import type { NewImage } from './image-types';
import type { LogChunk } from './restored-log';

// The records the server keeps (tables, tokens, claims, commands, documents, chat) as the
// Storage interface (storage.ts) reads and writes them.

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
