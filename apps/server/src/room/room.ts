import type { DocUpdate, StoredCommand, TableRecord } from '../storage';
import type { BatchRoom, HandledCommand, Prepared } from './group-commit';
import { MOVED } from './group-commit';
import { answerOnly, commandIdOf } from './command';

import type { Sender, SenderOf } from './command';
import { RoomDocs } from './docs';
import { prepareCommand } from './apply';
import type { PrepareRoom } from './apply';
import { RoomView } from './room-view';
import { RELOADING } from './room-deps';
import type { RoomDeps } from './room-deps';
import type { GatedRoom, RoomGate, SeatListener } from './room-gate';

export type { RoomDeps } from './room-deps';
export { STORAGE_FULL } from './room-deps';
export type { GatedRoom, RoomGate, SeatListener } from './room-gate';

/**
 * One table's live documents. Transport-free: the socket layers call `handle` and subscribe
 * to committed updates. Commands go through the server's group commit (`GroupCommit`): they
 * are applied one at a time in arrival order, each start to finish without yielding, and
 * acknowledged and published once their batch is stored. The documents themselves (loading,
 * versions, rebuilds, compaction) are `RoomDocs`'.
 */
export class TableRoom extends RoomView implements BatchRoom, GatedRoom {
  readonly table: TableRecord;
  private commandsSinceCheck = 0;
  private disposedFlag = false;
  /** Cluster mode: whoever else may write the table; set once, as the room opens. */
  private gate: RoomGate | undefined;
  /**
   * Set when the live documents may hold a change that is not stored (a command failed
   * halfway): the room refuses commands until the group commit has reloaded it.
   */
  private stale = false;
  /** The seq of the last command known stored: published, or loaded. */
  private storedSeq: number;
  /**
   * Set when a failed command could not be undone by reloading from storage: the live
   * documents may hold a change that was never stored. A broken room refuses everything
   * and its owner drops it and every connection to it; the next use loads it afresh.
   */
  broken = false;

  /**
   * Loads a table's room from storage, rebuilt or compacted first if its history asks for it
   * (nobody uses the room before this resolves, so nothing needs to wait for it).
   */
  static async open(table: TableRecord, deps: RoomDeps): Promise<TableRoom> {
    // The room's own answer once it exists; it does not before its documents are loaded.
    const made: { room?: TableRoom } = {};
    const docs = await RoomDocs.open({
      storage: deps.storage,
      tableId: table.id,
      compactAfter: deps.compactAfter,
      rebuildRatio: deps.rebuildRatio ?? 2,
      log: deps.log,
      // A gated room (cluster mode) loads as a follower: it writes nothing until its gate lets it.
      writeFence: () => (made.room ? made.room.writeFence() : deps.gate ? undefined : {}),
    });
    made.room = new TableRoom(table, docs, deps);
    made.room.gate = deps.gate?.(made.room);
    if (!(await docs.rebuildIfOutgrown())) await docs.compactIfMany();
    return made.room;
  }

  private constructor(
    table: TableRecord,
    docs: RoomDocs,
    private readonly deps: RoomDeps,
  ) {
    super(docs);
    this.table = table;
    this.storedSeq = docs.lastSeq;
  }

  get id(): string {
    return this.table.id;
  }

  /** Unloaded (or unloading): it applies and publishes nothing more. */
  get disposed(): boolean {
    return this.disposedFlag;
  }

  /** The seq of the last command known stored, whose updates the listeners were handed. */
  get seq(): number {
    return this.storedSeq;
  }

  /**
   * Validates, applies and stores a command; resolves with its acknowledgement once it is
   * stored (or refused). `onSeat` learns of a seat a join gives the sender's connection, as
   * soon as it is applied, and again with undefined if its batch then fails to commit. A gated
   * room (cluster mode) lets its gate decide where the command is applied.
   */
  handle(from: SenderOf, input: unknown, onSeat?: SeatListener): Promise<HandledCommand> {
    const deadline = this.deps.commits.deadline();
    return this.gate
      ? this.gate.handle(from, input, onSeat, deadline)
      : this.submit(from, input, onSeat, deadline);
  }

  /**
   * Applies a command here, as the table's writer, through the group commit; answers by
   * `deadline` (performance.now()).
   */
  submit(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    deadline: number,
  ): Promise<HandledCommand> {
    const prepare = (previous: StoredCommand | undefined) => {
      const prepared = this.prepare(typeof from === 'function' ? from() : from, input, previous);
      const seatId = prepared.handled.seatId;
      if (seatId !== undefined && onSeat) {
        onSeat(seatId);
        prepared.undo = () => onSeat(undefined);
      }
      return prepared;
    };
    return this.deps.commits.submit(this, commandIdOf(input), prepare, deadline);
  }

  /**
   * Another writer's updates, stored there as `seq` right after what this room holds (cluster
   * mode, following the table's writer): applied and handed to the listeners.
   */
  applyStored(seq: number, updates: DocUpdate[]): void {
    if (this.disposedFlag) return;
    this.docs.follow(seq, updates);
    this.storedSeq = seq;
    this.docs.sent(seq);
    this.publish(updates);
  }

  /** Another writer rebuilt the documents (a new epoch): loads them afresh, between batches. */
  async reloadRebuilt(): Promise<void> {
    await this.deps.commits.exclusive(() => this.docs.reload());
    this.storedSeq = this.docs.lastSeq;
    this.emitRebuilt(this.epoch);
  }

  /**
   * Reloads from storage between two batches and hands the listeners what they lack (cluster
   * mode: another writer stored it).
   */
  catchUp(): Promise<void> {
    return this.deps.commits.exclusive(() =>
      this.catchUpNow('catching up with storage failed; the room is dropped'),
    );
  }

  /**
   * Loads what storage holds and hands the listeners whatever of it they were not sent: the
   * replicas end equal to storage, whoever wrote it. A room that cannot read storage breaks,
   * rather than serve what may be a change that was never stored.
   */
  private async catchUpNow(failure: string): Promise<void> {
    const epoch = this.epoch;
    let missing;
    try {
      missing = await this.docs.catchUp();
    } catch (error) {
      this.break(failure, error);
      return;
    }
    this.storedSeq = this.docs.lastSeq;
    if (this.epoch !== epoch) {
      this.emitRebuilt(this.epoch);
      return;
    }
    this.emitUpdates(missing);
  }

  /** RoomDocsDeps.writeFence: whether this room may write now, and under which fence. */
  private writeFence(): { fence?: number } | undefined {
    if (!this.gate) return {};
    const fence = this.gate.writing();
    return fence === undefined ? undefined : { fence };
  }

  /** Whether the table holds its ceiling on disk: what would grow it is refused. */
  get full(): boolean {
    return this.deps.tableBytes !== undefined && this.docs.bytes >= this.deps.tableBytes;
  }

  /** The fencing epoch the room's writes carry (BatchRoom); one node writes without one. */
  fence(): number | undefined {
    return this.gate?.fence();
  }

  /** A later writer's epoch fenced this node's commit out (BatchRoom). */
  fencedOut(): void {
    this.gate?.fencedOut();
  }

  /**
   * Drops what the live documents hold that is not stored, and hands the listeners what storage
   * holds that they lack (BatchRoom.reload): more than the room knew stored when a commit
   * reported failed went through (the connection broke during COMMIT), or when another node
   * wrote the table meanwhile (cluster mode: this node's lease ended under the batch).
   */
  async reload(): Promise<void> {
    if (this.broken || this.disposedFlag) return;
    await this.catchUpNow('reload failed; the room is dropped');
    this.stale = false;
  }

  private break(message: string, error?: unknown): void {
    this.deps.log(message, error, this.id);
    this.broken = true;
    this.emitBroken();
  }

  /** One command, applied in memory; its writes go to the group commit's transaction. */
  private prepare(sender: Sender, input: unknown, previous: StoredCommand | undefined): Prepared {
    const room: PrepareRoom = {
      tableId: this.id,
      docs: this.docs,
      rng: this.deps.rng,
      clock: this.deps.clock,
      newId: this.deps.newId,
      log: this.deps.log,
      refusal: this.refusal(),
      full: this.full,
      staled: () => (this.stale = true),
      committed: (seq, updates, removedSeat) => {
        this.storedSeq = seq;
        this.docs.sent(seq);
        this.gate?.stored(seq, updates);
        this.publish(updates, removedSeat);
      },
    };
    return prepareCommand(room, sender, input, previous);
  }

  /** Why the room takes no command now, or undefined when it does. */
  private refusal(): Prepared | undefined {
    // The lease went between the routing and the batch: routed again, to the new writer.
    if (!this.writeFence()) return { handled: MOVED };
    if (this.broken || this.disposedFlag || this.stale) return answerOnly(RELOADING);
    return undefined;
  }

  /**
   * After the commit and its acknowledgements: the updates go to the listeners, then a removed
   * seat's connections are dropped (after the update, so its replicas saw the removal).
   */
  private publish(updates: DocUpdate[], removedSeat?: string): void {
    if (this.disposedFlag) return;
    this.emitUpdates(updates);
    if (removedSeat !== undefined) this.deps.seatRemoved?.(this.id, removedSeat);
    const every = this.deps.rebuildCheckEvery ?? 0;
    if (every > 0 && ++this.commandsSinceCheck >= every) {
      this.commandsSinceCheck = 0;
      // After the acknowledgements and broadcasts of this batch, between two batches.
      void this.deps.commits.exclusive(async () => {
        if (this.disposedFlag) return;
        await this.rebuildIfOutgrown();
        if (!this.broken) await this.docs.dropUnnamedImages(this.deps.clock());
      });
    }
  }

  /**
   * Unloads: merges the stored updates into a snapshot when there are many and drops the
   * pictures no document names any more, between two batches. Resolves once the room's documents are written and gone.
   */
  dispose(): Promise<void> {
    this.disposedFlag = true;
    this.clearUpdateListeners();
    this.gate?.closed();
    return this.deps.commits.exclusive(async () => {
      // A broken room's documents may hold a change that was never stored: never write them.
      if (!this.broken && !(await this.rebuildIfOutgrown())) await this.docs.compactIfMany();
      if (!this.broken) await this.docs.dropUnnamedImages(this.deps.clock());
      this.docs.destroy();
    });
  }

  /**
   * Rebuilds the documents when their history outgrew their content (`RoomDocs`) and tells the
   * listeners (the y-websocket layer closes every replica with 4410). Answers whether it did.
   */
  private async rebuildIfOutgrown(): Promise<boolean> {
    if (this.broken || !(await this.docs.rebuildIfOutgrown())) return false;
    this.gate?.rebuilt();
    const epoch = this.epoch;
    this.emitRebuilt(epoch);
    return true;
  }
}
