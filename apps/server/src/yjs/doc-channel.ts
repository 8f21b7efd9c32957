import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Identity } from '../access/auth';
import type { AwarenessStateLimits } from './awareness-state';
import { checkAwarenessState } from './awareness-state';
import type { TokenBucket } from '../limits/rate-limit';
import type { ReadBudget } from '../limits/read-budget';
import type { TableRoom } from '../room/room';
import { CLOSE } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import type { Frames } from './ws-frame';
import { binaryFrame } from './ws-frame';
import {
  SYNC_STEP2,
  SYNC_UPDATE,
  awarenessMessage,
  isEmptyStateVector,
  readAwarenessEntries,
  syncMessage,
  writeAwarenessEntries,
} from './messages';

/** One y-websocket connection. */
export class Client {
  alive = true;
  /** Awareness client ids this connection speaks for now. */
  readonly ownedClients = new Set<number>();
  constructor(
    readonly ws: WebSocket,
    /** The connection's socket, which `ws` writes to as well: broadcasts write framed bytes. */
    readonly socket: Duplex,
    readonly identity: Identity,
    readonly awarenessBucket: TokenBucket,
    /** Sync step 1 and awareness queries: each answer may be the whole document. */
    readonly requestBucket: TokenBucket,
  ) {}

  /** Whose an awareness client id is: the same link and seat may take it back after a drop. */
  get ownerKey(): string {
    return `${this.identity.tokenHash}/${this.identity.seatId ?? ''}`;
  }

  /**
   * A GM or seat token is one person's; the shared player link before a join is anyone's, so
   * a connection on it cannot take an id from another live connection on it.
   */
  get personal(): boolean {
    return this.identity.role === 'gm' || this.identity.seatId !== undefined;
  }
}

export interface DocChannelLimits {
  /** Told how long each broadcast's writes took and how many sockets it wrote to. */
  fanout?: (seconds: number, writes: number) => void;
  maxBufferedBytes: number;
  awarenessClientsPerConnection: number;
  awarenessState: AwarenessStateLimits;
  /**
   * Cluster mode: hands every awareness change made here (a state of a client of this node
   * set, renewed or removed) to the other nodes, which apply it to their channel of the
   * document (`applyRemoteAwareness`).
   */
  relayAwareness?: (update: Uint8Array) => void;
}

/** The origin of awareness changes that came from another node: never relayed back. */
const REMOTE = Symbol('another node');

/** Diffs kept per document version, for replicas asking with the same state vector. */
const CACHED_DIFFS = 32;
/** Awareness client ids remembered for identities that left, before the oldest are forgotten. */
const REMEMBERED_OWNERS = 1024;

export type SyncAnswer = { kind: 'answer'; message: Uint8Array } | { kind: 'other-epoch' };

/** The connections of one document, the awareness they share, and the answers they get. */
export class DocChannel {
  readonly clients = new Set<Client>();
  readonly awareness: awarenessProtocol.Awareness;
  /** Which identity first spoke for each awareness client id; kept after it leaves. */
  private readonly owners = new Map<number, { key: string; personal: boolean }>();
  /** The live connection speaking for each awareness client id. */
  private readonly holders = new Map<number, Client>();
  private fullSync: { version: number; message: Uint8Array } | undefined;
  private diffs: { version: number; bySv: Map<string, Uint8Array> } = {
    version: -1,
    bySv: new Map(),
  };
  private readonly unsubscribe: () => void;
  private readonly unsubscribeRebuilt: () => void;
  /** Frames broadcast in this turn and not yet written; see `broadcast`. */
  private pending: Frames[] = [];

  constructor(
    readonly room: TableRoom,
    readonly key: DocKey,
    /** Shared by the table's two documents. */
    readonly budget: ReadBudget,
    private readonly limits: DocChannelLimits,
  ) {
    // Awareness gets its own empty doc: it only needs a client id, and the room may
    // replace its documents when a storage write fails.
    this.awareness = new awarenessProtocol.Awareness(new Y.Doc());
    this.awareness.setLocalState(null);
    this.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
        this.broadcast(awarenessMessage(update));
        if (origin !== REMOTE) this.limits.relayAwareness?.(update);
      },
    );
    // Updates come after their commit and after the acknowledgements of their batch (see
    // GroupCommit). Encoded once, the same buffer goes to every connection.
    this.unsubscribe = room.onUpdate((doc, update) => {
      if (doc === key) this.broadcast(syncMessage(SYNC_UPDATE, update));
    });
    this.unsubscribeRebuilt = room.onRebuilt(() => this.reloadAll());
  }

  /** Closes every replica: they hold the old documents, which the rebuilt ones cannot update. */
  private reloadAll(): void {
    for (const client of this.clients) client.ws.close(CLOSE.rebuilt, 'document rebuilt, reload');
  }

  /** Sync step 2 with the full state, one buffer per document version for every joiner. */
  fullSyncMessage(): Uint8Array {
    const version = this.room.version(this.key);
    if (this.fullSync?.version !== version) {
      this.fullSync = { version, message: syncMessage(SYNC_STEP2, this.room.fullState(this.key)) };
    }
    return this.fullSync.message;
  }

  /**
   * The answer to a sync step 1. Encoding a diff costs as much as the document is large, so
   * a diff is made once per version and state vector, and a replica that shares little with
   * the document gets the full state everyone shares instead: asking with a made-up state
   * vector costs the server no more than asking with an empty one.
   */
  syncAnswer(sv: Uint8Array): SyncAnswer {
    if (isEmptyStateVector(sv)) return { kind: 'answer', message: this.fullSyncMessage() };
    const doc = this.room.doc(this.key);
    const version = this.room.version(this.key);
    if (this.diffs.version !== version) this.diffs = { version, bySv: new Map() };
    const cacheKey = Buffer.from(sv).toString('base64');
    const cached = this.diffs.bySv.get(cacheKey);
    if (cached) return { kind: 'answer', message: cached };

    const ours = Y.decodeStateVector(Y.encodeStateVector(doc));
    const theirs = Y.decodeStateVector(sv);
    let missing = 0;
    let total = 0;
    for (const [client, clock] of theirs) {
      // The replica has seen something the document has not: it comes from another epoch
      // (it missed a rebuild, or the server restarted on a rebuilt snapshot).
      if (clock > (ours.get(client) ?? 0)) return { kind: 'other-epoch' };
    }
    for (const [client, clock] of ours) {
      total += clock;
      missing += clock - Math.min(clock, theirs.get(client) ?? 0);
    }
    const message =
      missing * 2 >= total
        ? this.fullSyncMessage()
        : syncMessage(SYNC_STEP2, Y.encodeStateAsUpdate(doc, sv));
    if (this.diffs.bySv.size >= CACHED_DIFFS) {
      this.diffs.bySv.delete(this.diffs.bySv.keys().next().value!);
    }
    this.diffs.bySv.set(cacheKey, message);
    return { kind: 'answer', message };
  }

  /**
   * Sends a message to every connection. It is framed once, and what is broadcast in one go
   * (a group commit's updates are published together, in one microtask) is written as one
   * buffer, the same bytes to every socket: one write per receiver however many updates the
   * batch held. The write happens at the end of the current microtask queue, before any I/O,
   * so nothing can join, leave or be sent in between (`send` writes what is pending first).
   */
  broadcast(message: Uint8Array): void {
    this.pending.push(binaryFrame(message));
    if (this.pending.length === 1) queueMicrotask(() => this.flush());
  }

  /** Writes the pending broadcast to every open connection that keeps up. */
  private flush(): void {
    const frames = this.pending;
    if (frames.length === 0) return;
    this.pending = [];
    const bytes = frames.length === 1 ? frames[0]! : Buffer.concat(frames);
    const started = performance.now();
    let writes = 0;
    for (const client of this.clients) {
      if (!this.writable(client)) continue;
      client.socket.write(bytes);
      writes++;
    }
    this.limits.fanout?.((performance.now() - started) / 1000, writes);
  }

  /** Sends to one connection; answers the bytes queued for it (0 when it was not open). */
  send(client: Client, message: Uint8Array): number {
    this.flush(); // a broadcast made earlier in this turn goes first
    if (!this.writable(client)) return 0;
    client.ws.send(message);
    return message.length;
  }

  /**
   * Whether the connection is open and keeping up. One that is too slow (its unsent bytes
   * over the limit) is cut: it reconnects and catches up from its state vector.
   */
  private writable(client: Client): boolean {
    const { ws } = client;
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount > this.limits.maxBufferedBytes) {
      ws.terminate();
      return false;
    }
    return true;
  }

  /**
   * Applies an awareness update from a client. Every state is checked and bounded before
   * anything is applied, and `who` is set from the connection's identity: presence shows who
   * the server knows, whatever the client claims. A client id belongs to the identity that
   * first used it. Answers why the update was refused, or undefined when it was applied (or
   * ignored: an echo, or an id someone else owns).
   */
  applyAwareness(client: Client, update: Uint8Array): string | undefined {
    const kept = [];
    for (const entry of readAwarenessEntries(update)) {
      const seen = this.awareness.meta.get(entry.clientId)?.clock ?? -1;
      // The y-websocket provider sends back every awareness update it receives (its own
      // included): what the relay already holds at that clock is an echo, not news.
      if (entry.clock <= seen && entry.json === this.stateJson(entry.clientId)) continue;
      // Only the connection holding an id may say it left; anyone else's `null` (an echo of
      // a removal the relay already made) would otherwise claim the id.
      const leaving = entry.json.trim() === 'null';
      if (leaving && this.holders.get(entry.clientId) !== client) continue;
      if (!this.mayHold(client, entry.clientId)) continue;
      const checked = checkAwarenessState(entry.json, client.identity, this.limits.awarenessState);
      if (!checked.ok) return checked.reason;
      // Everyone else saw the id's last clock (a removal when its connection dropped bumps
      // it), and would ignore an update at or below it: the owner's provider comes back with
      // its own, lower clock. The relay keeps the id's clock moving forward for all.
      kept.push({ ...entry, clock: Math.max(entry.clock, seen + 1), json: checked.json });
    }
    const fresh = kept.filter((e) => !client.ownedClients.has(e.clientId));
    if (client.ownedClients.size + fresh.length > this.limits.awarenessClientsPerConnection) {
      return 'too many awareness client ids';
    }
    for (const { clientId } of fresh) {
      this.holders.get(clientId)?.ownedClients.delete(clientId);
      this.holders.set(clientId, client);
      client.ownedClients.add(clientId);
      this.owners.delete(clientId); // re-inserted: most recently used last
      this.owners.set(clientId, { key: client.ownerKey, personal: client.personal });
    }
    this.forgetOldOwners();
    if (kept.length > 0) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, writeAwarenessEntries(kept), client);
    }
    return undefined;
  }

  /**
   * Another node's awareness change of this document (cluster mode), checked there: applied
   * and sent to this node's connections. Those states expire here as any do when not renewed
   * (y-protocols' 30 s), so a node that died drops out of everyone's awareness.
   */
  applyRemoteAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE);
  }

  /**
   * The awareness states of this node's own connections, as one update (undefined when none):
   * what another node that just opened this document's channel is sent (cluster mode).
   */
  localAwareness(): Uint8Array | undefined {
    const states = this.awareness.getStates();
    const ids = [...this.holders.keys()].filter((id) => states.has(id));
    return ids.length === 0
      ? undefined
      : awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids);
  }

  /** The state the relay holds for an id as JSON; `null` once it left (as a removal reads). */
  private stateJson(clientId: number): string {
    const state: unknown = this.awareness.getStates().get(clientId);
    return state === undefined ? 'null' : JSON.stringify(state);
  }

  /**
   * An id nobody holds is free. One used before belongs to its identity: after a drop the
   * same identity takes it back (the provider reconnects with the same id), and a GM or seat
   * token also takes it from a connection of its own that the server has not yet seen die.
   * An id of the shared player link is its connection's only, and free once that closes: the
   * link is anyone's, and the person behind it comes back with their seat token after joining.
   */
  private mayHold(client: Client, clientId: number): boolean {
    const owner = this.owners.get(clientId);
    if (owner === undefined) return true;
    if (owner.key !== client.ownerKey) return false;
    const holder = this.holders.get(clientId);
    return holder === undefined || holder === client || client.personal;
  }

  /**
   * The awareness of everyone here, for an awareness query (answered even when nobody is
   * here, so that the answer proves every earlier frame arrived).
   */
  awarenessMessage(): Uint8Array {
    const ids = [...this.awareness.getStates().keys()];
    return awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids));
  }

  remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.budget.forget(client);
    const owned = [...client.ownedClients];
    client.ownedClients.clear();
    for (const id of owned) {
      this.holders.delete(id);
      if (!this.owners.get(id)?.personal) this.owners.delete(id);
    }
    if (owned.length === 0) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, owned, null);
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeRebuilt();
    this.awareness.destroy();
    this.awareness.doc.destroy();
  }

  /** Ids whose owner left long ago are forgotten first; ids in use never are. */
  private forgetOldOwners(): void {
    if (this.owners.size <= REMEMBERED_OWNERS) return;
    for (const id of this.owners.keys()) {
      if (this.owners.size <= REMEMBERED_OWNERS) break;
      if (!this.holders.has(id)) this.owners.delete(id);
    }
  }
}
