import type { SentAck } from '@fateboard/table';
import type { NewChatMessage, StoredChat, StoredCommand, TableWrite } from '../storage';

// What the group commit (group-commit.ts) takes from a room and answers: a command prepared,
// the room it is for, and the jobs of a batch.

export interface HandledCommand {
  ack: SentAck;
  /** Set when a seatless player got a seat: the connection now acts for it. */
  seatId?: string;
  /**
   * Set when nothing of the command was stored, for a reason a second try may not meet: the
   * table changed writers under it (cluster mode: a later lease fenced its commit out, or its
   * writer is gone), or the database session ended before COMMIT was sent (a stalled node's
   * transaction ended by PostgreSQL). The node the client is on may route it again at once
   * (TableRoom.handle). Never sent to the client.
   */
  retry?: true;
}

/** What applying one command leaves to do once its batch is committed, or has failed. */
export interface Prepared {
  handled: HandledCommand;
  /**
   * What it writes for its table, in order. If the table's part of the batch is not stored,
   * it is refused with `storage` and its room reloads. Empty or absent: it only answers.
   */
  writes?: TableWrite[];
  /** Hands its document updates to the room's listeners (the broadcast); after the commit. */
  publish?: () => void;
  /**
   * Set when the command was refused but left a change in the live documents (a reducer that
   * threw halfway): its room reloads from storage once the batch is settled.
   */
  stale?: boolean;
  /** Undoes a side effect on the sender's connection (a seat granted by a join). */
  undo?: () => void;
}

/** What the group commit needs of the room a command is for. */
export interface BatchRoom {
  readonly id: string;
  /** The fencing epoch its writes carry (cluster mode: its lease's), or undefined. */
  fence: () => number | undefined;
  /** Its part was fenced out: a later writer's epoch is stored (cluster mode). */
  fencedOut: () => void;
  /**
   * Throws away what the live documents hold that is not stored, and loads what is (whether or
   * not its part of the batch was stored). Never rejects: a room that cannot be read breaks
   * instead.
   */
  reload: () => Promise<void>;
  /** What the table holds on disk after a stored part of a batch (BatchOutcome's `bytes`). */
  measured: (bytes: number) => void;
}

/** A chat message's batch: stored (or found stored under its id), or not stored. */
export type ChatCommitted = { ok: true; stored: StoredChat } | { ok: false };

/**
 * Applies one command in memory, without yielding. `previous` is the command stored, or
 * applied earlier in the same batch, under the same id: a retry, answered without applying.
 */
export type Prepare = (previous: StoredCommand | undefined) => Prepared;

export interface Job {
  room: BatchRoom;
  /** The command's id, read before the batch: its stored command is looked up for it. */
  commandId: string | undefined;
  prepare: Prepare;
  resolve: (handled: HandledCommand) => void;
  /** performance.now() by which it is answered, whatever storage does (`answerWithinMs`). */
  deadline: number;
  /**
   * `queued` for its batch; `reading` while the batch reads the stored commands; `applied`
   * (with what applying it left to do) while the batch commits; `answered` once resolved.
   */
  stage: 'queued' | 'reading' | 'applied' | 'answered';
  prepared?: Prepared | undefined;
  timer?: NodeJS.Timeout;
}

/** A chat message in the batch: no document, no lease; numbered by the storage. */
export interface ChatJob {
  room: BatchRoom;
  message: NewChatMessage;
  keep: number;
  resolve: (committed: ChatCommitted) => void;
}
