import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { performance } from 'node:perf_hooks';
import type { AwarenessStateLimits } from './awareness-state';
import { checkAwarenessState } from './awareness-state';
import type { ReadBudget } from '../limits/read-budget';
import type { TableRoom } from '../room/room';
import { CLOSE } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import type { Frames } from './ws-frame';
import { binaryFrame } from './ws-frame';
import {
  SYNC_UPDATE,
  awarenessMessage,
  readAwarenessEntries,
  syncMessage,
  writeAwarenessEntries,
} from './messages';
import type { Client } from './client';
import { AwarenessOwners } from './awareness-owners';
import { SyncAnswers } from './sync-answers';
import type { SyncAnswer } from './sync-answers';
import { CatchUps } from './catch-ups';

export { Client } from './client';
export type { SyncAnswer } from './sync-answers';

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
  /**
   * Cluster mode: how the room catches up with storage when a replica is ahead of it (the node
   * missed the writer's last updates, which the replica had from the writer before it came
   * here). Without it, a replica ahead is from another epoch.
   */
  catchUp?: (room: TableRoom) => Promise<void>;
}

/** The origin of awareness changes that came from another node: never relayed back. */
const REMOTE = Symbol('another node');

/** The connections of one document, the awareness they share, and the answers they get. */
export class DocChannel {
  readonly clients = new Set<Client>();
  readonly awareness: awarenessProtocol.Awareness;
  private readonly owners = new AwarenessOwners();
  private readonly answers: SyncAnswers;
  /** Set in cluster mode (DocChannelLimits.catchUp). */
  private readonly catchUps: CatchUps | undefined;
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
    this.answers = new SyncAnswers(room, key);
    const catchUp = limits.catchUp;
    this.catchUps = catchUp && new CatchUps(() => catchUp(room));
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
    return this.answers.full();
  }

  /** The answer to a sync step 1 (SyncAnswers). */
  syncAnswer(sv: Uint8Array): SyncAnswer {
    return this.answers.answer(sv);
  }

  /**
   * Brings the document to what storage holds, for a replica ahead of it (cluster mode); a
   * node that cannot lag storage (one node alone) has nothing to catch up: resolves false.
   */
  async catchUp(): Promise<boolean> {
    if (!this.catchUps) return false;
    await this.catchUps.request();
    return true;
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
      if (leaving && this.owners.holder(entry.clientId) !== client) continue;
      if (!this.owners.mayHold(client, entry.clientId)) continue;
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
    for (const { clientId } of fresh) this.owners.take(client, clientId);
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
    const ids = [...this.owners.held()].filter((id) => states.has(id));
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
    this.owners.release(owned);
    if (owned.length === 0) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, owned, null);
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeRebuilt();
    this.awareness.destroy();
    this.awareness.doc.destroy();
  }
}
