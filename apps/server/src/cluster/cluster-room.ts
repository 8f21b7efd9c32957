import type { HandledCommand } from '../room/group-commit';
import { MOVED, NOT_IN_TIME, STORAGE_UNAVAILABLE } from '../room/group-commit';
import type { Log } from '../ops/logger';
import type { Sender, SenderOf } from '../room/command';
import type { DocUpdate } from '../storage';
import type { GatedRoom, RoomGate, SeatListener } from '../room/room';
import type { Claim, TableEvent } from './cluster';
import { mergedPerDocument } from './table-events';
import { Turn } from './turn';

/** The writer's events a follower applies, in order. */
type Followed = Extract<TableEvent, { kind: 'updates' | 'rebuilt' | 'head' }>;

/** How long after its last command the writer keeps telling its head (ClusterRoom.beat). */
const HEAD_WINDOW_MS = 5000;
/** How often the writer tells it. */
export const HEAD_EVERY_MS = 1000;

/** What a table's cluster part needs of the node's cluster (cluster.ts's Cluster). */
export interface RoomCluster {
  writeEpoch: (tableId: string) => number | undefined;
  claim: (tableId: string) => Promise<Claim>;
  /** Sends a command to the table's writer; answers by `deadline` (performance.now()). */
  forward: (
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
    deadline: number,
  ) => Promise<HandledCommand>;
  /** Tells the other nodes; resolves whether Redis took it. */
  tryPublish: (tableId: string, event: TableEvent) => Promise<boolean>;
  /** A commit under `epoch` was fenced out: this node writes the table no more under it. */
  fencedOut: (tableId: string, epoch: number) => void;
}

/**
 * The cluster's part of one table loaded on this node, beside its `TableRoom`: while this node
 * holds the table's lease it lets the room write (the room's gate), under the lease's epoch;
 * otherwise it routes the room's commands to the writer and applies the writer's updates to the
 * room, in seq order, repairing a gap from storage.
 */
export class ClusterRoom implements RoomGate {
  /**
   * The lease epoch under which the room last loaded its documents as the table's writer. It
   * writes while the node's lease still has this epoch; otherwise it follows the writer and
   * routes commands to it.
   */
  private ownedEpoch: number | undefined;
  private becoming: Promise<void> | undefined;
  /** The other nodes' events, applied one at a time (a gap's repair waits for storage). */
  private following: Promise<void> = Promise.resolve();
  /** As the writer: when it last stored a command (performance.now()), for the heartbeat. */
  private lastStoredAt = -Infinity;
  /** As the writer: an update's publish failed, and no head told the followers since. */
  private headOwed = false;
  /** As the writer: the commands stored in this turn, published together at its end. */
  private outgoing: { first: number; seq: number; updates: DocUpdate[] } | undefined;

  constructor(
    private readonly room: GatedRoom,
    private readonly cluster: RoomCluster,
    private readonly log: Log,
    private readonly onClosed: () => void = () => {},
  ) {}

  private get id(): string {
    return this.room.id;
  }

  /**
   * A command from one of this node's connections. Nothing of one refused with `retry` was
   * stored (a later lease fenced its commit out, its writer was gone, its database session
   * ended before COMMIT): routed again once, to the writer there is now, so that a lease moving
   * under a command (a node restarting, a stall) costs the player a moment, not a refusal. Not
   * once the room is dropped: its connections are closing, and the client sends it again when
   * it is back.
   */
  async handle(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    deadline: number,
  ): Promise<HandledCommand> {
    const turn = this.turn(deadline);
    const handled = await turn.within(this.handleOnce(from, input, onSeat, turn));
    if (!handled.retry || this.room.broken || this.room.disposed) return handled;
    return turn.within(this.handleOnce(from, input, onSeat, turn));
  }

  private handleOnce(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    turn: Turn,
  ): Promise<HandledCommand> {
    turn.handedOn = false;
    if (this.writing() === undefined) return this.route(from, input, onSeat, turn);
    return this.submit(from, input, onSeat, turn);
  }

  /**
   * A command forwarded by another node, to be answered by `deadline`: applied here if this
   * node writes the table, never forwarded again (the nodes disagree on the owner only while a
   * lease moves). A moved answer goes back as it is: the node that forwarded it routes it again.
   */
  handleForwarded(sender: Sender, input: unknown, deadline: number): Promise<HandledCommand> {
    const turn = this.turn(deadline);
    return turn.within(this.route(sender, input, undefined, turn, true));
  }

  /** A command's turn; one that comes too late names what it waited on. */
  private turn(deadline: number): Turn {
    return new Turn(deadline, () => NOT_IN_TIME);
  }

  /** Not the writer (yet): claims the table, or forwards to its writer. */
  private async route(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    turn: Turn,
    forwarded = false,
  ): Promise<HandledCommand> {
    const claim = await this.cluster.claim(this.id);
    if (claim.kind === 'owner') {
      if (this.ownedEpoch !== claim.epoch) await this.becomeOwner(claim.epoch);
      return this.submit(from, input, onSeat, turn);
    }
    if (claim.kind === 'other' && !forwarded) {
      if (turn.late) return turn.tooLate();
      turn.handedOn = true;
      const sender = typeof from === 'function' ? from() : from;
      const handled = await this.cluster.forward(claim.node, this.id, sender, input, turn.deadline);
      if (handled.seatId !== undefined) onSeat?.(handled.seatId);
      return handled;
    }
    // Forwarded here, but another node writes it now: the forwarding node asks again.
    if (claim.kind === 'other') return MOVED;
    // Nobody could claim it: refused, for the client to send again later.
    return { ack: STORAGE_UNAVAILABLE };
  }

  /** Hands the command to the room's group commit, unless it was answered as too late. */
  private submit(
    from: SenderOf,
    input: unknown,
    onSeat: SeatListener | undefined,
    turn: Turn,
  ): Promise<HandledCommand> {
    if (turn.late) return Promise.resolve(turn.tooLate());
    turn.handedOn = true;
    return this.room.submit(from, input, onSeat, turn.deadline);
  }

  /**
   * Takes the table over as its writer under `epoch`: loads what storage holds (another node
   * may have written since this one last followed), hands this node's replicas what they
   * missed, and claims a writer id the documents' history has not used.
   */
  private becomeOwner(epoch: number): Promise<void> {
    this.becoming ??= (async () => {
      // The events already heard first (outside the lane: a gap's repair runs in it).
      await this.following;
      await this.room.catchUp();
      if (!this.room.broken) this.ownedEpoch = epoch;
    })().finally(() => (this.becoming = undefined));
    return this.becoming;
  }

  /**
   * After this node could not hear the writer for a while: takes from storage what it missed,
   * in turn with the events.
   */
  resync(): void {
    this.following = this.following
      .then(async () => {
        if (!this.room.broken && !this.room.disposed && this.writing() === undefined) {
          await this.room.catchUp();
        }
      })
      .catch((error: unknown) => this.log('catching up failed', error, this.id));
  }

  /** The writer's events, in the order they arrive. */
  follow(event: Followed): void {
    this.following = this.following
      .then(() => this.followOne(event))
      .catch((error: unknown) => {
        this.log('following the writer failed', error, this.id);
      });
  }

  private async followOne(event: Followed) {
    if (this.room.broken || this.room.disposed || this.writing() !== undefined) return;
    if (event.kind === 'rebuilt') {
      await this.room.reloadRebuilt();
      return;
    }
    // Compared with what is known stored, never with what this node applied without storing
    // (its own batch, when its lease ended under it): that seq is another command elsewhere.
    const stored = this.room.seq;
    if (event.seq <= stored) return;
    if (event.kind === 'updates' && event.first === stored + 1 && this.room.lastSeq === stored) {
      this.room.applyStored(event.seq, event.updates);
      return;
    }
    // A gap (an update lost on the way, or the last ones: the writer's head says so), or the
    // room still holds a batch of its own: storage has it all (the writer stores first), read
    // once that batch is settled.
    await this.room.catchUp();
  }

  /**
   * The writer's heartbeat: while the table was written in the last HEAD_WINDOW_MS, or an
   * update's publish failed since the last head got through, the followers hear the last seq
   * stored, so that one which missed the last updates finds it out within a beat, not at the
   * next command.
   */
  beat(now: number): void {
    if (this.writing() === undefined) return;
    if (!this.headOwed && now - this.lastStoredAt > HEAD_WINDOW_MS) return;
    const seq = this.room.seq;
    void this.cluster.tryPublish(this.id, { kind: 'head', seq }).then((sent) => {
      if (sent && this.room.seq === seq) this.headOwed = false;
    });
  }

  /** RoomGate: the lease's epoch while this node holds it under the epoch the room loaded. */
  writing(): number | undefined {
    const epoch = this.ownedEpoch;
    return epoch !== undefined && this.cluster.writeEpoch(this.id) === epoch ? epoch : undefined;
  }

  fence(): number | undefined {
    return this.ownedEpoch;
  }

  fencedOut(): void {
    if (this.ownedEpoch !== undefined) this.cluster.fencedOut(this.id, this.ownedEpoch);
  }

  /**
   * A command of this writer's was stored as `seq`. The commands a batch stored go to the
   * followers as one message, sent once the batch's publishes are done (they run in one turn,
   * group-commit.ts): a publish per batch, not per command, and each follower applies and
   * writes to its replicas one update per document per batch.
   */
  stored(seq: number, updates: DocUpdate[]): void {
    this.lastStoredAt = performance.now();
    const pending = this.outgoing;
    if (pending && pending.seq + 1 === seq) {
      pending.seq = seq;
      pending.updates.push(...updates);
      return;
    }
    // Not next to what waits (a reload between): what waits goes first, on its own.
    if (pending) this.sendStored();
    this.outgoing = { first: seq, seq, updates: [...updates] };
    queueMicrotask(() => this.sendStored());
  }

  /** Publishes what the last batch stored (`stored`), its updates merged per document. */
  private sendStored(): void {
    const pending = this.outgoing;
    if (!pending) return;
    this.outgoing = undefined;
    const { first, seq } = pending;
    const updates = mergedPerDocument(pending.updates);
    void this.cluster.tryPublish(this.id, { kind: 'updates', first, seq, updates }).then((sent) => {
      if (!sent) this.headOwed = true;
    });
  }

  rebuilt(): void {
    void this.cluster.tryPublish(this.id, { kind: 'rebuilt' });
  }

  /** RoomGate: the room is unloading. */
  closed(): void {
    this.onClosed();
  }
}
