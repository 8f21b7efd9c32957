import type * as Y from 'yjs';
import type { Rng } from '@fateboard/rules';
import { applyCommand, parseCommand } from '@fateboard/table';
import type { Ack, DocKey } from '@fateboard/table';
import type { DocUpdate, Storage, TableRecord } from './storage';
import type { GroupCommit, HandledCommand, Prepared } from './group-commit';
import { answerOnly, commandIdOf, commandRow, grantedSeat, issueSeatToken } from './room-command';
import type { Sender, SenderOf } from './room-command';
import { RoomDocs } from './room-docs';
import { replayCommand } from './room-replay';
import type { Log } from './logger';

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
}

type UpdateListener = (doc: DocKey, update: Uint8Array) => void;
type BrokenListener = () => void;
type RebuiltListener = (epoch: number) => void;

/**
 * One table's live documents. Transport-free: the socket layers call `handle` and subscribe
 * to committed updates. Commands go through the server's group commit (`GroupCommit`): they
 * are applied one at a time in arrival order, each start to finish without yielding
 * (better-sqlite3 is synchronous), and acknowledged and published once their batch is stored.
 * The documents themselves (loading, versions, rebuilds, compaction) are `RoomDocs`'.
 */
export class TableRoom {
  readonly table: TableRecord;
  private readonly docs: RoomDocs;
  private readonly listeners = new Set<UpdateListener>();
  private readonly brokenListeners = new Set<BrokenListener>();
  private readonly rebuiltListeners = new Set<RebuiltListener>();
  private commandsSinceCheck = 0;
  private disposed = false;
  /** One function per room: a failed batch reloads each of its rooms once. */
  private readonly rollback = () => this.reloadOrBreak();
  /**
   * Set when a failed command could not be undone by reloading from storage: the live
   * documents may hold a change that was never stored. A broken room refuses everything
   * and its owner drops it and every connection to it; the next use loads it afresh.
   */
  broken = false;

  constructor(
    table: TableRecord,
    private readonly deps: RoomDeps,
  ) {
    this.table = table;
    this.docs = new RoomDocs({
      storage: deps.storage,
      tableId: table.id,
      compactAfter: deps.compactAfter,
      rebuildRatio: deps.rebuildRatio ?? 2,
      log: deps.log,
    });
    if (!this.rebuildIfOutgrown()) this.docs.compactIfMany();
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
    return this.deps.commits.submit(() => {
      const prepared = this.prepare(typeof from === 'function' ? from() : from, input);
      const seatId = prepared.handled.seatId;
      if (seatId !== undefined && onSeat) {
        onSeat(seatId);
        prepared.undo = () => onSeat(undefined);
      }
      return prepared;
    });
  }

  /** One command, inside the group commit's transaction. */
  private prepare(sender: Sender, input: unknown): Prepared {
    if (this.broken || this.disposed) {
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
    const { storage } = this.deps;

    let previous;
    try {
      previous = storage.findCommand(this.id, commandId);
    } catch (error) {
      this.deps.log('storage read failed', error, this.id);
      return answerOnly({ ok: false, code: 'storage', message: 'The table could not be read.' });
    }
    if (previous) {
      const hasSeat = (seatId: string) => this.docs.doc('pub').getMap('seats').has(seatId);
      return replayCommand({ ...this.deps, tableId: this.id, hasSeat }, sender, previous, command);
    }

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
      });
    } catch (error) {
      const changed = capture.stop().length > 0;
      this.deps.log(`command ${command.type} threw`, error, this.id);
      if (changed) this.reloadOrBreak();
      return answerOnly({
        ok: false,
        code: 'internal',
        message: 'The command failed on the server.',
      });
    }
    const updates = capture.stop();

    if (!outcome.ok) {
      // A refusal changes nothing; if the reducer left a change behind anyway, drop it.
      if (updates.length > 0) this.reloadOrBreak();
      // The reason (why, as data) lets a client in another language say it (docs/PROTOCOL.md).
      const { code, message, reason } = outcome;
      return answerOnly({ ok: false, code, message, ...(reason ? { reason } : {}) });
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

    let seq: number;
    try {
      seq = storage.appendCommand(row);
    } catch (error) {
      this.deps.log('storage write failed', error, this.id);
      this.reloadOrBreak();
      return answerOnly({ ok: false, code: 'storage', message: 'The command could not be saved.' });
    }

    this.docs.stored(seq, updates);
    const result =
      seatToken === undefined
        ? outcome.result
        : { ...(outcome.result as object), seatToken: seatToken.token };
    const ack: Ack = result === undefined ? { ok: true, seq } : { ok: true, seq, result };
    return {
      handled: seatId === undefined ? { ack } : { ack, seatId },
      wrote: true,
      rollback: this.rollback,
      publish: () => this.publish(updates, row.revokeSeat),
    };
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
      // After the acknowledgements and broadcasts of this batch, outside its transaction.
      setImmediate(() => {
        if (!this.disposed) this.rebuildIfOutgrown();
      });
    }
  }

  /** Unloads: merges the stored updates into a snapshot when there are many. */
  dispose(): void {
    // A broken room's documents may hold a change that was never stored: never write them.
    if (!this.broken && !this.rebuildIfOutgrown()) this.docs.compactIfMany();
    this.disposed = true;
    this.listeners.clear();
    this.docs.destroy();
  }

  /**
   * Drops a change that was not stored. If storage cannot even be read, the room breaks
   * rather than throwing out of `handle` (which would take the process down) or serving
   * the unsaved change to the next replica that syncs. Inside a batch the reload reads
   * through the batch's open transaction, so the earlier commands of the batch stay.
   */
  private reloadOrBreak(): void {
    if (this.broken || this.disposed) return;
    try {
      this.docs.reload();
    } catch (error) {
      this.deps.log('reload failed; the room is dropped', error, this.id);
      this.broken = true;
      for (const listener of [...this.brokenListeners]) listener();
    }
  }

  /**
   * Rebuilds the documents when their history outgrew their content (`RoomDocs`) and tells the
   * listeners (the y-websocket layer closes every replica with 4410). Answers whether it did.
   */
  private rebuildIfOutgrown(): boolean {
    if (this.broken || !this.docs.rebuildIfOutgrown()) return false;
    const epoch = this.epoch;
    for (const listener of [...this.rebuiltListeners]) listener(epoch);
    return true;
  }
}
