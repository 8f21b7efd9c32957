import type { DocUpdate } from '../storage';
import type { HandledCommand } from './batch';
import type { SenderOf } from './command';

// Between a room and whoever else may write its table (cluster mode: cluster/cluster-room.ts):
// what each asks of the other. The room knows nothing more of a cluster.

/** What a gate may ask of the room it guards (TableRoom). */
export interface GatedRoom {
  readonly id: string;
  /** The seq of the last command applied to the live documents (stored or not yet). */
  readonly lastSeq: number;
  /** The seq of the last command known stored, whose updates the listeners were handed. */
  readonly seq: number;
  readonly broken: boolean;
  readonly disposed: boolean;
  /** Applies a command here, as the table's writer (TableRoom.submit). */
  submit(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    deadline: number,
  ): Promise<HandledCommand>;
  /** Another writer's updates, stored there as `seq` right after what the room holds. */
  applyStored(seq: number, updates: DocUpdate[]): void;
  /** Reloads from storage between two batches and hands the listeners what they lack. */
  catchUp(): Promise<void>;
  /** Another writer rebuilt the documents (a new epoch): loads them afresh. */
  reloadRebuilt(): Promise<void>;
}

/**
 * Whoever else may write the table (cluster mode: cluster/cluster-room.ts, the lease): what
 * the room asks before it writes and tells once it has. Without a gate the room is the
 * table's only writer.
 */
export interface RoomGate {
  /** The fence this process may write the table under now, or undefined while it may not. */
  writing(): number | undefined;
  /** The fence of the writes the room makes (TableBatch.fence), even once it lapsed. */
  fence(): number | undefined;
  /**
   * Takes a command in place of the room: applies it here (`TableRoom.submit`) or elsewhere,
   * answering by `deadline` (performance.now()).
   */
  handle(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    deadline: number,
  ): Promise<HandledCommand>;
  /** A commit under `fence()` was refused: a later writer's fence is stored. */
  fencedOut(): void;
  /** The room stored a command as `seq` with these updates (the other writers follow them). */
  stored(seq: number, updates: DocUpdate[]): void;
  /** The room rebuilt its documents (a new epoch). */
  rebuilt(): void;
  /** The room is unloading. */
  closed(): void;
}

/** Learns of a seat a join gives the sender's connection, and of its undoing (undefined). */
export type SeatListener = (seatId: string | undefined) => void;
