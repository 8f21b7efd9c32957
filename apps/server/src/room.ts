import * as Y from 'yjs';
import type { Rng } from '@fateboard/rules';
import {
  DOC_KEYS,
  applyCommand,
  claimWriterId,
  compactTableDocs,
  docEpoch,
  parseCommand,
} from '@fateboard/table';
import type { Ack, Actor, Command, DocKey, TableDocs } from '@fateboard/table';
import { loadDoc } from './storage';
import type { DocUpdate, Storage, StoredCommand, TableRecord, TokenRecord } from './storage';
import type { GroupCommit, HandledCommand, Prepared } from './group-commit';
import { tokenRecord } from './tables';
import { hashToken, newToken } from './tokens';

/** What the socket layer sends back for a command. */

/** Who sent a command: the role and seat it acts as, and the token its connection used. */
export interface Sender {
  actor: Actor;
  tokenHash: string | null;
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
  log: (message: string, error?: unknown) => void;
  /** After a committed `seat.remove`: the seat's connections must go (its tokens are revoked). */
  seatRemoved?: (tableId: string, seatId: string) => void;
}

type UpdateListener = (doc: DocKey, update: Uint8Array) => void;
type BrokenListener = () => void;
type RebuiltListener = (epoch: number) => void;

/** Below this many encoded bytes a table is too small to be worth rebuilding. */
const REBUILD_MIN_BYTES = 16 * 1024;

const MAX_COMMAND_ID = 128;

function commandIdOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const id = (input as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_COMMAND_ID ? id : undefined;
}

/** The seat a command's result hands to a seatless player (the `join` command). */
function grantedSeat(actor: Actor, result: unknown): string | undefined {
  if (actor.role !== 'player' || actor.seatId !== undefined) return undefined;
  if (typeof result !== 'object' || result === null) return undefined;
  const seatId = (result as { seatId?: unknown }).seatId;
  return typeof seatId === 'string' ? seatId : undefined;
}

/** A join's client secret, hashed like a token (null without one): never stored as sent. */
function joinSecretHash(command: Command): string | null {
  return command.type === 'join' && command.secret !== undefined ? hashToken(command.secret) : null;
}

/** The command as its row keeps it: without a join's secret, which only its hash stands for. */
function storedPayload(command: Command): Command {
  if (command.type !== 'join' || command.secret === undefined) return command;
  const { secret: _secret, ...rest } = command;
  return rest;
}

/** A command answered without writing anything. */
function answerOnly(ack: Ack): Prepared {
  return { handled: { ack }, wrote: false };
}

/**
 * Who sends a command: read when the command is applied, at the end of the event-loop turn it
 * arrived in, so that a join earlier in the same batch has already seated the connection.
 */
export type SenderOf = Sender | (() => Sender);

/**
 * One table's live documents. Transport-free: the socket layers call `handle` and subscribe
 * to committed updates. Commands go through the server's group commit (`GroupCommit`): they
 * are applied one at a time in arrival order, each start to finish without yielding
 * (better-sqlite3 is synchronous), and acknowledged and published once their batch is stored.
 */
export class TableRoom {
  readonly table: TableRecord;
  private docs: TableDocs;
  private seq = 0;
  private storedUpdates = 0;
  /** The writer ids this room gave its documents, so that a reload never reuses one. */
  private writerIds = { pub: 0, gm: 0 };
  private readonly versions: Record<DocKey, number> = { pub: 0, gm: 0 };
  private readonly fullStates = new Map<DocKey, { version: number; bytes: Uint8Array }>();
  private readonly listeners = new Set<UpdateListener>();
  private readonly brokenListeners = new Set<BrokenListener>();
  private readonly rebuiltListeners = new Set<RebuiltListener>();
  private commandsSinceCheck = 0;
  /** Encoded size of the last rebuild computed, so that most checks need not compute one. */
  private lastRebuildBytes = 0;
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
    this.docs = this.load();
    if (!this.rebuildIfOutgrown() && this.storedUpdates > deps.compactAfter) this.compact();
  }

  get id(): string {
    return this.table.id;
  }

  doc(key: DocKey): Y.Doc {
    return this.docs[key];
  }

  /** Bumped on every committed change of the document; keys the cached full state. */
  version(key: DocKey): number {
    return this.versions[key];
  }

  /** Y.encodeStateAsUpdate of the document, encoded once per version and shared by all joiners. */
  fullState(key: DocKey): Uint8Array {
    const cached = this.fullStates.get(key);
    if (cached && cached.version === this.versions[key]) return cached.bytes;
    const bytes = Y.encodeStateAsUpdate(this.docs[key]);
    this.fullStates.set(key, { version: this.versions[key], bytes });
    return bytes;
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
    return docEpoch(this.docs.pub);
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
      this.deps.log(`storage read failed on table ${this.id}`, error);
      return answerOnly({ ok: false, code: 'storage', message: 'The table could not be read.' });
    }
    if (previous) return this.replay(sender, previous, command);

    // Apply on the live documents and capture their updates. The documents are only
    // published after the commit; if anything fails the room is reloaded from storage,
    // which is cheaper than copying both documents before every command and costs
    // nothing on the common path.
    const captured: Record<DocKey, Uint8Array[]> = { pub: [], gm: [] };
    const stop = DOC_KEYS.map((key) => {
      const capture = (update: Uint8Array) => captured[key].push(update);
      this.docs[key].on('update', capture);
      return () => this.docs[key].off('update', capture);
    });
    const changed = () => captured.pub.length + captured.gm.length > 0;

    let outcome;
    try {
      outcome = applyCommand({
        docs: this.docs,
        actor: sender.actor,
        command,
        rng: this.deps.rng,
        now: this.deps.clock(),
        newId: this.deps.newId,
      });
    } catch (error) {
      stop.forEach((off) => off());
      this.deps.log(`command ${command.type} threw on table ${this.id}`, error);
      if (changed()) this.reloadOrBreak();
      return answerOnly({
        ok: false,
        code: 'internal',
        message: 'The command failed on the server.',
      });
    }
    stop.forEach((off) => off());

    if (!outcome.ok) {
      // A refusal changes nothing; if the reducer left a change behind anyway, drop it.
      if (changed()) this.reloadOrBreak();
      return answerOnly({ ok: false, code: outcome.code, message: outcome.message });
    }

    const updates: DocUpdate[] = [];
    for (const key of DOC_KEYS) {
      const parts = captured[key];
      if (parts.length === 0) continue;
      updates.push({ doc: key, bytes: parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts) });
    }

    const seatId = grantedSeat(sender.actor, outcome.result);
    const seatToken = seatId === undefined ? undefined : newToken();
    const removedSeat = command.type === 'seat.remove' ? command.seatId : undefined;
    const tokens: TokenRecord[] = [];
    if (seatId !== undefined && seatToken !== undefined) {
      tokens.push(this.seatTokenRecord(seatId, seatToken));
    }

    let seq: number;
    try {
      seq = storage.appendCommand({
        tableId: this.id,
        commandId,
        actor: sender.actor,
        tokenHash: sender.tokenHash,
        secretHash: joinSecretHash(command),
        type: command.type,
        payload: storedPayload(command),
        result: outcome.result ?? null,
        created: this.deps.clock(),
        updates,
        tokens,
        ...(removedSeat === undefined ? {} : { revokeSeat: removedSeat }),
      });
    } catch (error) {
      this.deps.log(`storage write failed on table ${this.id}`, error);
      this.reloadOrBreak();
      return answerOnly({ ok: false, code: 'storage', message: 'The command could not be saved.' });
    }

    this.seq = seq;
    this.storedUpdates += updates.length;
    // New versions at once, so that nothing caches this state under an older one; if the batch
    // fails to commit, the rollback's reload drops every cached state anyway.
    for (const update of updates) this.versions[update.doc]++;
    const result =
      seatToken === undefined ? outcome.result : { ...(outcome.result as object), seatToken };
    const ack: Ack = result === undefined ? { ok: true, seq } : { ok: true, seq, result };
    return {
      handled: seatId === undefined ? { ack } : { ack, seatId },
      wrote: true,
      rollback: this.rollback,
      publish: () => this.publish(updates, removedSeat),
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
    if (!this.broken && !this.rebuildIfOutgrown() && this.storedUpdates > this.deps.compactAfter) {
      this.compact();
    }
    this.disposed = true;
    this.listeners.clear();
    for (const key of DOC_KEYS) this.docs[key].destroy();
  }

  /** A retried command id: the first result again, nothing applied. */
  private replay(sender: Sender, previous: StoredCommand, command: Command): Prepared {
    const result = previous.result ?? undefined;
    const seatId = grantedSeat(previous.actor, result);
    if (seatId !== undefined) return this.replayJoin(sender, previous, seatId, command);
    return answerOnly(
      result === undefined
        ? { ok: true, seq: previous.seq }
        : { ok: true, seq: previous.seq, result },
    );
  }

  /**
   * A retried join. Its id proves nothing: anyone on the shared player link may send it. The
   * seat token is stored hashed only, so a retry is answered with a fresh one, and only to the
   * seat itself (the connection the join seated, or one on the seat's token) or to a seatless
   * player whose retry carries the join's secret: the honest client back on the player link
   * before it saw the acknowledgement. Anyone else is refused and nothing changes.
   */
  private replayJoin(
    sender: Sender,
    previous: StoredCommand,
    seatId: string,
    command: Command,
  ): Prepared {
    const { actor } = sender;
    const secretHash = joinSecretHash(command);
    const ownSeat = actor.role === 'player' && actor.seatId === seatId;
    const provenBySecret =
      actor.role === 'player' &&
      actor.seatId === undefined &&
      previous.secretHash !== null &&
      secretHash === previous.secretHash;
    if (!ownSeat && !provenBySecret) {
      return answerOnly({
        ok: false,
        code: 'replayed-join',
        message: 'This join was made by someone else; join with a new command id.',
      });
    }
    // The GM may have removed the seat since: no token for a seat that is gone.
    if (!this.docs.pub.getMap('seats').has(seatId)) {
      return answerOnly({
        ok: false,
        code: 'not-found',
        message: 'The GM removed this seat; join the table again.',
      });
    }
    const seatToken = newToken();
    try {
      this.deps.storage.addToken(this.seatTokenRecord(seatId, seatToken));
    } catch (error) {
      this.deps.log(`storage write failed on table ${this.id}`, error);
      return answerOnly({ ok: false, code: 'storage', message: 'The seat could not be saved.' });
    }
    return {
      handled: {
        ack: { ok: true, seq: previous.seq, result: { ...(previous.result as object), seatToken } },
        seatId,
      },
      // The fresh seat token is stored with the batch.
      wrote: true,
    };
  }

  private seatTokenRecord(seatId: string, token: string): TokenRecord {
    return tokenRecord(
      token,
      { tableId: this.id, role: 'player', kind: 'seat', seatId },
      this.deps.clock(),
    );
  }

  private load(): TableDocs {
    const stored = this.deps.storage.loadDocuments(this.id);
    this.seq = stored.seq;
    this.storedUpdates = 0;
    const docs = { pub: loadDoc(stored.docs.pub), gm: loadDoc(stored.docs.gm) };
    for (const key of DOC_KEYS) {
      // A small id of its own: every write names it (see claimWriterId).
      this.writerIds[key] = claimWriterId(docs[key], this.writerIds[key]);
      this.storedUpdates += stored.docs[key].updates.length;
    }
    return docs;
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
      this.reload();
    } catch (error) {
      this.deps.log(`reload failed on table ${this.id}; the room is dropped`, error);
      this.broken = true;
      for (const listener of [...this.brokenListeners]) listener();
    }
  }

  /** Throws away the in-memory documents and loads what storage holds. */
  private reload(): void {
    const old = this.docs;
    this.docs = this.load();
    for (const key of DOC_KEYS) old[key].destroy();
    this.fullStates.clear();
  }

  /**
   * Rebuilds the documents from their content when their history (Yjs keeps an item for every
   * overwritten value) makes them more than `rebuildRatio` times the size of a rebuild: stores
   * the rebuilt snapshots in place of every update so far, swaps them in and tells the
   * listeners (the y-websocket layer closes every replica with 4410). Answers whether it did.
   */
  private rebuildIfOutgrown(): boolean {
    if (this.broken) return false;
    const current = this.fullState('pub').length + this.fullState('gm').length;
    if (current < REBUILD_MIN_BYTES) return false;
    const ratio = this.deps.rebuildRatio ?? 2;
    // Content changes far more slowly than history grows: while the documents are within the
    // ratio of the last rebuild computed, skip computing another (it costs milliseconds).
    if (current <= ratio * this.lastRebuildBytes) return false;
    const fresh = compactTableDocs(this.docs);
    const bytes = { pub: Y.encodeStateAsUpdate(fresh.pub), gm: Y.encodeStateAsUpdate(fresh.gm) };
    this.lastRebuildBytes = bytes.pub.length + bytes.gm.length;
    if (current <= ratio * this.lastRebuildBytes) {
      fresh.pub.destroy();
      fresh.gm.destroy();
      return false;
    }
    try {
      this.deps.storage.compact(this.id, this.seq, bytes);
    } catch (error) {
      this.deps.log(`rebuild failed on table ${this.id}`, error);
      fresh.pub.destroy();
      fresh.gm.destroy();
      return false;
    }
    const old = this.docs;
    this.docs = fresh;
    for (const key of DOC_KEYS) {
      old[key].destroy();
      this.versions[key]++;
      this.fullStates.set(key, { version: this.versions[key], bytes: bytes[key] });
    }
    this.storedUpdates = 0;
    const epoch = this.epoch;
    for (const listener of [...this.rebuiltListeners]) listener(epoch);
    return true;
  }

  private compact(): void {
    try {
      this.deps.storage.compact(this.id, this.seq, {
        pub: Y.encodeStateAsUpdate(this.docs.pub),
        gm: Y.encodeStateAsUpdate(this.docs.gm),
      });
      this.storedUpdates = 0;
    } catch (error) {
      this.deps.log(`compaction failed on table ${this.id}`, error);
    }
  }
}
