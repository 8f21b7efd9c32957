import type { Rng } from '@fateboard/rules';
import type { Log } from '../ops/logger';
import type { Storage } from '../storage';
import type { GroupCommit } from './group-commit';
import type { GatedRoom, RoomGate } from './room-gate';

// What a TableRoom is made with (room.ts), and the refusals of the room itself.

export interface RoomDeps {
  storage: Storage;
  /** The server's group commit: one per storage connection, shared by every room. */
  commits: GroupCommit;
  clock: () => number;
  rng: Rng;
  newId: () => string;
  /** Stored updates past which a load or unload merges them into one snapshot. */
  compactAfter: number;
  /**
   * Commands between two checks of whether the documents' history outgrew their content;
   * also checked on load and unload. 0 checks on load and unload only.
   */
  rebuildCheckEvery?: number;
  /** Rebuild once the encoded documents are this many times the size of a fresh rebuild. */
  rebuildRatio?: number;
  log: Log;
  /** After a committed `seat.remove`: the seat's connections must go (its tokens are revoked). */
  seatRemoved?: (tableId: string, seatId: string) => void;
  /** Cluster mode: the room writes only while its gate lets it (the table's lease). */
  gate?: (room: GatedRoom) => RoomGate;
  /**
   * What a table may hold on disk (table-bytes.ts); at it, commands and chat messages are
   * refused with `storage-full` (STORAGE_FULL). Unlimited when absent.
   */
  tableBytes?: number;
}

/** The refusal of a write to a table that holds its ceiling on disk already. */
export const STORAGE_FULL = {
  ok: false,
  code: 'storage-full',
  message:
    'This table has used all the storage this server gives a table: export it (GM tools) and ' +
    'restore the file as a new table to go on.',
} as const;

/** A command that comes while the room reloads what a failed one left (TableRoom). */
export const RELOADING = {
  ok: false,
  code: 'storage',
  message: 'The table is reloading; try again.',
} as const;
