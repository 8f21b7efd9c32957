import type * as Y from 'yjs';
import type { Rng } from '@fateboard/rules';
import { applyCommand, parseCommand } from '@fateboard/table';
import type { SentAck, DocKey } from '@fateboard/table';
import type { DocUpdate, Storage, StoredCommand, TableRecord } from '../storage';
import type { BatchRoom, GroupCommit, HandledCommand, Prepared } from './group-commit';
import { MOVED } from './group-commit';
import { answerOnly, commandIdOf, commandRow, grantedSeat, issueSeatToken } from './command';
import type { Sender, SenderOf } from './command';
import { RoomDocs } from './docs';
import { replayCommand } from './replay';
import type { Log } from '../ops/logger';

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
  gate?: (room: TableRoom) => RoomGate;
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

type UpdateListener = (doc: DocKey, update: Uint8Array) => void;
type BrokenListener = () => void;
type RebuiltListener = (epoch: number) => void;

/**
 * One table's live documents. Transport-free: the socket layers call `handle` and subscribe
 * to committed updates. Commands go through the server's group commit (`GroupCommit`): they
 * are applied one at a time in arrival order, each start to finish without yielding, and
 * acknowledged and published once their batch is stored. The documents themselves (loading,
 * versions, rebuilds, compaction) are `RoomDocs`'.
 */
export class TableRoom implements BatchRoom {
  readonly table: TableRecord;
  private readonly docs: RoomDocs;
  private readonly listeners = new Set<UpdateListener>();
  private readonly brokenListeners = new Set<BrokenListener>();
  private readonly rebuiltListeners = new Set<RebuiltListener>();
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
    this.table = table;
    this.docs = docs;
    this.storedSeq = docs.lastSeq;
  }

  get id(): string {
    return this.table.id;
  }

  /** Unloaded (or unloading): it applies and publishes nothing more. */
  get disposed(): boolean {
    return this.disposedFlag;
  }

  /** The seq of the last command applied to the live documents (stored or not yet). */
  get lastSeq(): number {
    return this.docs.lastSeq;
  }

  /** The seq of the last command known stored, whose updates the listeners were handed. */
  get seq(): number {
    return this.storedSeq;
  }

  doc(key: DocKey): Y.Doc {
    return this.docs.doc(key);
  }

  /** Bumped on every committed change of the document; keys the cached full state. */
  version(key: DocKey): number {
    return this.docs.version(key);
  }

  /** Y.encodeStateAsUpdate of the document, encoded once per version and shared by all joiners. */
  fullState(key: DocKey): Uint8Array {
    return this.docs.fullState(key);
  }

  onUpdate(listener: UpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after the documents were rebuilt from their content (a new epoch): replicas of the
   * old documents cannot take the new ones' updates and must load afresh.
   */
  onRebuilt(listener: RebuiltListener): () => void {
    this.rebuiltListeners.add(listener);
    return () => this.rebuiltListeners.delete(listener);
  }

  /** How many times the documents were rebuilt (`meta.epoch`). */
  get epoch(): number {
    return this.docs.epoch;
  }

  onBroken(listener: BrokenListener): () => void {
    this.brokenListeners.add(listener);
    return () => this.brokenListeners.delete(listener);
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
    for (const listener of [...this.rebuiltListeners]) listener(this.epoch);
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
      for (const listener of [...this.rebuiltListeners]) listener(this.epoch);
      return;
    }
    for (const update of missing) {
      for (const listener of this.listeners) listener(update.doc, update.bytes);
    }
  }

  /** RoomDocsDeps.writeFence: whether this room may write now, and under which fence. */
  private writeFence(): { fence?: number } | undefined {
    if (!this.gate) return {};
    const fence = this.gate.writing();
    return fence === undefined ? undefined : { fence };
  }

  /** What the table holds on disk, as last known (RoomDocs.bytes). */
  get storedBytes(): number {
    return this.docs.bytes;
  }

  /** Whether the table holds its ceiling on disk: what would grow it is refused. */
  get full(): boolean {
    return this.deps.tableBytes !== undefined && this.docs.bytes >= this.deps.tableBytes;
  }

  /** A batch stored a part of this table (BatchRoom): what the table holds now. */
  measured(bytes: number): void {
    this.docs.bytes = bytes;
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
    for (const listener of [...this.brokenListeners]) listener();
  }

  /** One command, applied in memory; its writes go to the group commit's transaction. */
  private prepare(sender: Sender, input: unknown, previous: StoredCommand | undefined): Prepared {
    if (!this.writeFence()) {
      // The lease went between the routing and the batch: routed again, to the new writer.
      return { handled: MOVED };
    }
    if (this.broken || this.disposedFlag || this.stale) {
      return answerOnly({
        ok: false,
        code: 'storage',
        message: 'The table is reloading; try again.',
      });
    }
    const parsed = parseCommand(input);
    if (!parsed.ok) return answerOnly({ ok: false, code: parsed.code, message: parsed.message });
    const command = parsed.command;
    const commandId = commandIdOf(command);
    if (commandId === undefined) {
      return answerOnly({ ok: false, code: 'bad-command', message: 'A command needs an id.' });
    }
    if (previous) {
      const hasSeat = (seatId: string) => this.docs.doc('pub').getMap('seats').has(seatId);
      return replayCommand({ ...this.deps, tableId: this.id, hasSeat }, sender, previous, command);
    }
    // A retry above is answered whatever the table holds; a new command would grow it.
    if (this.full) return answerOnly(STORAGE_FULL);

    // Apply on the live documents and capture their updates. The documents are only
    // published after the commit; if anything fails the room is reloaded from storage,
    // which is cheaper than copying both documents before every command and costs
    // nothing on the common path.
    const capture = this.docs.capture();
    let outcome;
    try {
      outcome = applyCommand({
        docs: this.docs.all,
        actor: sender.actor,
        command,
        rng: this.deps.rng,
        now: this.deps.clock(),
        newId: this.deps.newId,
        ...(sender.claimedSeat === undefined ? {} : { claimedSeat: sender.claimedSeat }),
      });
    } catch (error) {
      const changed = capture.stop().length > 0;
      this.deps.log(`command ${command.type} threw`, error, this.id);
      return this.leftBehind(changed, {
        ok: false,
        code: 'internal',
        message: 'The command failed on the server.',
      });
    }
    const updates = capture.stop();

    if (!outcome.ok) {
      // A refusal changes nothing; if the reducer left a change behind anyway, it goes.
      // The reason (why, as data) lets a client in another language say it (docs/PROTOCOL.md).
      const { code, message, reason } = outcome;
      return this.leftBehind(updates.length > 0, {
        ok: false,
        code,
        message,
        ...(reason ? { reason } : {}),
      });
    }

    const seatId = grantedSeat(sender.actor, outcome.result);
    const seatToken =
      seatId === undefined ? undefined : issueSeatToken(this.id, seatId, this.deps.clock());
    const row = commandRow(
      this.id,
      commandId,
      sender,
      command,
      { result: outcome.result, rolls: outcome.rolls, updates, seatToken: seatToken?.record },
      this.deps.clock(),
    );

    const seq = this.docs.lastSeq + 1;
    this.docs.stored(seq, updates);
    const result =
      seatToken === undefined
        ? outcome.result
        : { ...(outcome.result as object), seatToken: seatToken.token };
    const ack: SentAck = result === undefined ? { ok: true, seq } : { ok: true, seq, result };
    return {
      handled: seatId === undefined ? { ack } : { ack, seatId },
      writes: [{ kind: 'command', command: { ...row, seq } }],
      publish: () => {
        this.storedSeq = seq;
        this.docs.sent(seq);
        this.gate?.stored(seq, updates);
        this.publish(updates, row.revokeSeat);
      },
    };
  }

  /**
   * A refused command's answer. When it left a change in the live documents, the room is
   * stale: it refuses the rest of the batch, and the group commit reloads it after.
   */
  private leftBehind(changed: boolean, ack: SentAck): Prepared {
    if (!changed) return answerOnly(ack);
    this.stale = true;
    return { ...answerOnly(ack), stale: true };
  }

  /**
   * After the commit and its acknowledgements: the updates go to the listeners, then a removed
   * seat's connections are dropped (after the update, so its replicas saw the removal).
   */
  private publish(updates: DocUpdate[], removedSeat?: string): void {
    if (this.disposedFlag) return;
    for (const update of updates) {
      for (const listener of this.listeners) listener(update.doc, update.bytes);
    }
    if (removedSeat !== undefined) this.deps.seatRemoved?.(this.id, removedSeat);
    const every = this.deps.rebuildCheckEvery ?? 0;
    if (every > 0 && ++this.commandsSinceCheck >= every) {
      this.commandsSinceCheck = 0;
      // After the acknowledgements and broadcasts of this batch, between two batches.
      void this.deps.commits.exclusive(async () => {
        if (!this.disposedFlag) await this.rebuildIfOutgrown();
      });
    }
  }

  /**
   * Unloads: merges the stored updates into a snapshot when there are many, between two
   * batches. Resolves once the room's documents are written and gone.
   */
  dispose(): Promise<void> {
    this.disposedFlag = true;
    this.listeners.clear();
    this.gate?.closed();
    return this.deps.commits.exclusive(async () => {
      // A broken room's documents may hold a change that was never stored: never write them.
      if (!this.broken && !(await this.rebuildIfOutgrown())) await this.docs.compactIfMany();
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
    for (const listener of [...this.rebuiltListeners]) listener(epoch);
    return true;
  }
}
