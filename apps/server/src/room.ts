import type * as Y from 'yjs';
import type { Rng } from '@fateboard/rules';
import { applyCommand, parseCommand } from '@fateboard/table';
import type { Ack, DocKey } from '@fateboard/table';
import type { DocUpdate, Storage, StoredCommand, TableRecord } from './storage';
import type { BatchRoom, GroupCommit, HandledCommand, Prepared } from './group-commit';
import { MOVED } from './group-commit';
import { answerOnly, commandIdOf, commandRow, grantedSeat, issueSeatToken } from './room-command';
import type { Sender, SenderOf } from './room-command';
import { RoomDocs } from './room-docs';
import { replayCommand } from './room-replay';
import type { Log } from './logger';
import type { Claim, TableEvent } from './cluster/cluster';

/** What a room needs of cluster mode (cluster/cluster.ts's Cluster). */
export interface RoomCluster {
  writeEpoch: (tableId: string) => number | undefined;
  claim: (tableId: string) => Promise<Claim>;
  forward: (
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
  ) => Promise<HandledCommand>;
  publish: (tableId: string, event: TableEvent) => void;
  /** Hears the table's events (Rooms, while it is loaded here) and gives its lease up. */
  watch: (tableId: string) => Promise<void>;
  unwatch: (tableId: string) => void;
  release: (tableId: string) => Promise<void>;
  /** A commit under `epoch` was fenced out: this node writes the table no more under it. */
  fencedOut: (tableId: string, epoch: number) => void;
}

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
  /** Cluster mode: the room writes only while this node holds the table's lease. */
  cluster?: RoomCluster;
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
  private disposed = false;
  /**
   * Set when the live documents may hold a change that is not stored (a command failed
   * halfway): the room refuses commands until the group commit has reloaded it.
   */
  private stale = false;
  /** The seq of the last command known stored: published, or loaded. */
  private storedSeq: number;
  /**
   * Cluster mode: the lease epoch under which this room last loaded its documents as the
   * table's writer. It writes while the node's lease still has this epoch; otherwise it
   * follows the writer (`follow`) and routes commands to it.
   */
  private ownedEpoch: number | undefined;
  private becoming: Promise<void> | undefined;
  /** The other nodes' events, applied one at a time (a gap's repair waits for storage). */
  private following: Promise<void> = Promise.resolve();
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
      // A cluster node loads a table as a follower: it writes nothing until it owns it.
      writeFence: () => (made.room ? made.room.writeFence() : deps.cluster ? undefined : {}),
    });
    if (!(await docs.rebuildIfOutgrown())) await docs.compactIfMany();
    made.room = new TableRoom(table, docs, deps);
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
   * soon as it is applied, and again with undefined if its batch then fails to commit.
   */
  handle(
    from: SenderOf,
    input: unknown,
    onSeat?: (seatId: string | undefined) => void,
  ): Promise<HandledCommand> {
    const { cluster } = this.deps;
    if (!cluster) return this.submit(from, input, onSeat);
    // Nothing of such a command was stored (a later lease fenced its commit out, its writer
    // was gone, its database session ended before COMMIT): routed again once, to the writer
    // there is now, so that a lease moving under a command (a node restarting, a stall) costs
    // the player a moment, not a refusal. Not once the room is dropped: its connections are
    // closing, and the client sends it again when it is back.
    return this.handleInCluster(cluster, from, input, onSeat).then((handled) =>
      handled.retry && !this.broken && !this.disposed
        ? this.handleInCluster(cluster, from, input, onSeat)
        : handled,
    );
  }

  private handleInCluster(
    cluster: RoomCluster,
    from: SenderOf,
    input: unknown,
    onSeat: ((seatId: string | undefined) => void) | undefined,
  ): Promise<HandledCommand> {
    if (this.ownedEpoch === undefined || cluster.writeEpoch(this.id) !== this.ownedEpoch) {
      return this.route(cluster, from, input, onSeat);
    }
    return this.submit(from, input, onSeat);
  }

  /**
   * A command forwarded by another node: applied here if this node writes the table, never
   * forwarded again (the nodes disagree on the owner only while a lease moves). A moved answer
   * goes back as it is: the node that forwarded it routes it again.
   */
  handleForwarded(sender: Sender, input: unknown): Promise<HandledCommand> {
    const { cluster } = this.deps;
    if (!cluster) return this.submit(sender, input);
    return this.route(cluster, sender, input, undefined, true);
  }

  /** Cluster mode, not the writer (yet): claims the table, or forwards to its writer. */
  private async route(
    cluster: RoomCluster,
    from: SenderOf,
    input: unknown,
    onSeat: ((seatId: string | undefined) => void) | undefined,
    forwarded = false,
  ): Promise<HandledCommand> {
    const claim = await cluster.claim(this.id);
    if (claim.kind === 'owner') {
      if (this.ownedEpoch !== claim.epoch) await this.becomeOwner(claim.epoch);
      return this.submit(from, input, onSeat);
    }
    if (claim.kind === 'other' && !forwarded) {
      const sender = typeof from === 'function' ? from() : from;
      const handled = await cluster.forward(claim.node, this.id, sender, input);
      if (handled.seatId !== undefined) onSeat?.(handled.seatId);
      return handled;
    }
    // Forwarded here, but another node writes it now: the forwarding node asks again.
    if (claim.kind === 'other') return MOVED;
    // Nobody could claim it (Redis unreachable): refused, for the client to send again later.
    return { ack: MOVED.ack };
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
      await this.deps.commits.exclusive(() => this.catchUp());
      if (!this.broken) this.ownedEpoch = epoch;
    })().finally(() => (this.becoming = undefined));
    return this.becoming;
  }

  /**
   * Cluster mode, after this node could not hear the writer for a while: takes from storage
   * what it missed, in turn with the events.
   */
  resync(): void {
    this.following = this.following
      .then(async () => {
        if (!this.broken && !this.disposed && !this.isWriter()) {
          await this.deps.commits.exclusive(() => this.catchUp());
        }
      })
      .catch((error: unknown) => this.deps.log('catching up failed', error, this.id));
  }

  /** The writer's events (cluster mode), in the order they arrive. */
  follow(event: Extract<TableEvent, { kind: 'updates' | 'rebuilt' }>): void {
    this.following = this.following
      .then(() => this.followOne(event))
      .catch((error: unknown) => {
        this.deps.log('following the writer failed', error, this.id);
      });
  }

  private async followOne(event: Extract<TableEvent, { kind: 'updates' | 'rebuilt' }>) {
    if (this.broken || this.disposed || this.isWriter()) return;
    if (event.kind === 'rebuilt') {
      await this.deps.commits.exclusive(() => this.docs.reload());
      this.storedSeq = this.docs.lastSeq;
      for (const listener of [...this.rebuiltListeners]) listener(this.epoch);
      return;
    }
    if (event.seq <= this.docs.lastSeq) return;
    if (event.seq === this.docs.lastSeq + 1) {
      this.docs.follow(event.seq, event.updates);
      this.storedSeq = event.seq;
      this.publish(event.updates);
      return;
    }
    // A gap: an update was lost on the way. Storage has it (the writer stores first).
    await this.deps.commits.exclusive(() => this.catchUp());
  }

  /** Reloads from storage and publishes to this node's replicas what they lack. */
  private async catchUp(): Promise<void> {
    const epoch = this.epoch;
    let missing;
    try {
      missing = await this.docs.catchUp();
    } catch (error) {
      this.break('catching up with storage failed; the room is dropped', error);
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

  /** Whether this node writes the table now (always, outside cluster mode). */
  private isWriter(): boolean {
    const { cluster } = this.deps;
    return (
      !cluster || (this.ownedEpoch !== undefined && cluster.writeEpoch(this.id) === this.ownedEpoch)
    );
  }

  /** RoomDocsDeps.writeFence. */
  private writeFence(): { fence?: number } | undefined {
    if (!this.deps.cluster) return {};
    return this.isWriter() ? { fence: this.ownedEpoch! } : undefined;
  }

  private submit(
    from: SenderOf,
    input: unknown,
    onSeat?: (seatId: string | undefined) => void,
  ): Promise<HandledCommand> {
    return this.deps.commits.submit(this, commandIdOf(input), (previous) => {
      const prepared = this.prepare(typeof from === 'function' ? from() : from, input, previous);
      const seatId = prepared.handled.seatId;
      if (seatId !== undefined && onSeat) {
        onSeat(seatId);
        prepared.undo = () => onSeat(undefined);
      }
      return prepared;
    });
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

  /** Cluster mode's fencing epoch; one node writes without one. */
  fence(): number | undefined {
    return this.ownedEpoch;
  }

  /** A later writer's epoch fenced this node's commit out: its lease is over (BatchRoom). */
  fencedOut(): void {
    if (this.ownedEpoch !== undefined) this.deps.cluster?.fencedOut(this.id, this.ownedEpoch);
  }

  /**
   * Drops what the live documents hold that is not stored (BatchRoom.reload). If storage
   * cannot even be read, the room breaks rather than serving the unsaved change to the next
   * replica that syncs.
   */
  async reload(stored: boolean): Promise<void> {
    if (this.broken || this.disposed) return;
    // What storage should hold: everything applied if the batch's part was stored, else what
    // was stored before it.
    const expected = stored ? this.docs.lastSeq : this.storedSeq;
    try {
      await this.docs.reload();
    } catch (error) {
      this.break('reload failed; the room is dropped', error);
      return;
    }
    if (this.docs.lastSeq !== expected) {
      // A commit reported failed that went through (the connection broke during COMMIT): the
      // replicas never got its updates. They load afresh; retries find the commands stored.
      this.break('storage holds commands the room did not know stored; the room is dropped');
      return;
    }
    this.storedSeq = this.docs.lastSeq;
    this.stale = false;
  }

  private break(message: string, error?: unknown): void {
    this.deps.log(message, error, this.id);
    this.broken = true;
    for (const listener of [...this.brokenListeners]) listener();
  }

  /** One command, applied in memory; its writes go to the group commit's transaction. */
  private prepare(sender: Sender, input: unknown, previous: StoredCommand | undefined): Prepared {
    if (!this.isWriter()) {
      // The lease went between the routing and the batch: routed again, to the new writer.
      return { handled: MOVED };
    }
    if (this.broken || this.disposed || this.stale) {
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
    const ack: Ack = result === undefined ? { ok: true, seq } : { ok: true, seq, result };
    return {
      handled: seatId === undefined ? { ack } : { ack, seatId },
      writes: [{ kind: 'command', command: { ...row, seq } }],
      publish: () => {
        this.storedSeq = seq;
        this.deps.cluster?.publish(this.id, { kind: 'updates', seq, updates });
        this.publish(updates, row.revokeSeat);
      },
    };
  }

  /**
   * A refused command's answer. When it left a change in the live documents, the room is
   * stale: it refuses the rest of the batch, and the group commit reloads it after.
   */
  private leftBehind(changed: boolean, ack: Ack): Prepared {
    if (!changed) return answerOnly(ack);
    this.stale = true;
    return { ...answerOnly(ack), stale: true };
  }

  /**
   * After the commit and its acknowledgements: the updates go to the listeners, then a removed
   * seat's connections are dropped (after the update, so its replicas saw the removal).
   */
  private publish(updates: DocUpdate[], removedSeat?: string): void {
    if (this.disposed) return;
    for (const update of updates) {
      for (const listener of this.listeners) listener(update.doc, update.bytes);
    }
    if (removedSeat !== undefined) this.deps.seatRemoved?.(this.id, removedSeat);
    const every = this.deps.rebuildCheckEvery ?? 0;
    if (every > 0 && ++this.commandsSinceCheck >= every) {
      this.commandsSinceCheck = 0;
      // After the acknowledgements and broadcasts of this batch, between two batches.
      void this.deps.commits.exclusive(async () => {
        if (!this.disposed) await this.rebuildIfOutgrown();
      });
    }
  }

  /**
   * Unloads: merges the stored updates into a snapshot when there are many, between two
   * batches. Resolves once the room's documents are written and gone.
   */
  dispose(): Promise<void> {
    this.disposed = true;
    this.listeners.clear();
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
    this.deps.cluster?.publish(this.id, { kind: 'rebuilt' });
    const epoch = this.epoch;
    for (const listener of [...this.rebuiltListeners]) listener(epoch);
    return true;
  }
}
