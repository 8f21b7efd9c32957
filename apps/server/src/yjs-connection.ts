import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Identity } from './auth';
import { authenticate } from './auth';
import type { Connections, LiveConnection } from './connections';
import type { Limits } from './limits';
import { TokenBucket } from './rate-limit';
import type { TableRoom } from './room';
import type { Rooms } from './rooms';
import type { DocKey, Storage } from './storage';

// y-websocket message types (y-websocket's provider) and sync sub-types (y-protocols/sync).
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_QUERY_AWARENESS = 3;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/**
 * Close codes. 4400-4499 tell the y-websocket provider not to reconnect: the server decided
 * and retrying cannot help.
 */
export const CLOSE = {
  badMessage: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  shutdown: 1001,
  /** Storage cannot be read right now; the provider reconnects and tries again. */
  unavailable: 1013,
  /**
   * The document was rebuilt from its content (a new epoch) or the replica holds history the
   * server's document does not: drop the local Y.Doc, make a fresh one and a new provider.
   */
  rebuilt: 4410,
} as const;

/** `/yjs/table/<id>` and `/yjs/table/<id>/gm`. */
const PATH = /^\/yjs\/table\/([A-Za-z0-9_-]{1,64})(\/gm)?$/;

export interface YjsServerDeps {
  storage: Storage;
  rooms: Rooms;
  connections: Connections;
  limits: Limits;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: (message: string, error?: unknown) => void;
}

function frame(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

function syncMessage(step: number, payload: Uint8Array): Uint8Array {
  return frame((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    encoding.writeVarUint(e, step);
    encoding.writeVarUint8Array(e, payload);
  });
}

function awarenessMessage(update: Uint8Array): Uint8Array {
  return frame((e) => {
    encoding.writeVarUint(e, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(e, update);
  });
}

/** A client's state vector is empty when it has nothing yet (a first load). */
function isEmptyStateVector(sv: Uint8Array): boolean {
  return sv.length === 0 || (sv.length === 1 && sv[0] === 0);
}

/** The replica has seen something the document has not: it comes from another epoch. */
function aheadOf(sv: Uint8Array, doc: Y.Doc): boolean {
  const ours = Y.decodeStateVector(Y.encodeStateVector(doc));
  for (const [client, clock] of Y.decodeStateVector(sv)) {
    if (clock > (ours.get(client) ?? 0)) return true;
  }
  return false;
}

/** The client ids an awareness update speaks for (it is small: ids, clocks, JSON states). */
function awarenessClients(update: Uint8Array): number[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const clients: number[] = [];
  for (let i = 0; i < count; i++) {
    clients.push(decoding.readVarUint(decoder));
    decoding.readVarUint(decoder);
    decoding.readVarString(decoder);
  }
  return clients;
}

class Client {
  alive = true;
  readonly ownedClients = new Set<number>();
  constructor(
    readonly ws: WebSocket,
    readonly identity: Identity,
    readonly awarenessBucket: TokenBucket,
    /** Sync step 1 and awareness queries: each answer may be the whole document. */
    readonly requestBucket: TokenBucket,
  ) {}
}

/** The connections of one document and the awareness they share. */
class DocChannel {
  readonly clients = new Set<Client>();
  readonly awareness: awarenessProtocol.Awareness;
  private readonly owners = new Map<number, Client>();
  private fullSync: { version: number; message: Uint8Array } | undefined;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeRebuilt: () => void;

  constructor(
    readonly room: TableRoom,
    readonly key: DocKey,
    private readonly maxBuffered: number,
    private readonly maxOwned: number,
  ) {
    // Awareness gets its own empty doc: it only needs a client id, and the room may
    // replace its documents when a storage write fails.
    this.awareness = new awarenessProtocol.Awareness(new Y.Doc());
    this.awareness.setLocalState(null);
    this.awareness.on(
      'update',
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }) => {
        const changed = [...added, ...updated, ...removed];
        this.broadcast(
          awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed)),
        );
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

  broadcast(message: Uint8Array): void {
    for (const client of this.clients) this.send(client, message);
  }

  send(client: Client, message: Uint8Array): void {
    const { ws } = client;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.maxBuffered) {
      // Too slow to keep up: it reconnects and catches up from its state vector.
      ws.terminate();
      return;
    }
    ws.send(message);
  }

  /** Applies an awareness update if it only speaks for ids this client owns or may claim. */
  applyAwareness(client: Client, update: Uint8Array): void {
    const ids = awarenessClients(update);
    for (const id of ids) {
      const owner = this.owners.get(id);
      if (owner !== undefined && owner !== client) return;
    }
    const fresh = ids.filter((id) => !client.ownedClients.has(id));
    if (client.ownedClients.size + fresh.length > this.maxOwned) return;
    for (const id of fresh) {
      client.ownedClients.add(id);
      this.owners.set(id, client);
    }
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, client);
  }

  remove(client: Client): void {
    this.clients.delete(client);
    const owned = [...client.ownedClients];
    for (const id of owned) this.owners.delete(id);
    if (owned.length > 0) awarenessProtocol.removeAwarenessStates(this.awareness, owned, null);
  }

  dispose(): void {
    this.unsubscribe();
    this.unsubscribeRebuilt();
    this.awareness.destroy();
    this.awareness.doc.destroy();
  }
}

/**
 * The y-websocket protocol, read-only. Clients may read both documents their role allows,
 * but never write: sync step 2 and update messages are dropped after reading their type,
 * without decoding the update, since a malformed update can hang the decoder.
 */
export class YjsServer {
  private readonly wss: WebSocketServer;
  private readonly channels = new Map<string, DocChannel>();
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly deps: YjsServerDeps) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: deps.limits.maxMessageBytes,
      perMessageDeflate: false,
    });
    this.pinger = setInterval(() => this.ping(), deps.limits.pingIntervalMs);
    this.pinger.unref();
  }

  /** Handles an upgrade if its path is ours; answers whether it was. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/yjs/')) return false;
    if (!this.deps.originAllowed(req)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.accept(ws, url);
    });
    return true;
  }

  close(): void {
    clearInterval(this.pinger);
    for (const client of this.wss.clients) client.close(CLOSE.shutdown, 'server shutting down');
    this.wss.close();
  }

  /**
   * Refusals happen after the upgrade, with a 44xx close code and a reason, because a
   * browser cannot read an HTTP status of a failed upgrade and would retry forever.
   */
  private accept(ws: WebSocket, url: URL): void {
    ws.on('error', (error) => this.deps.log('y-websocket error', error));
    const match = PATH.exec(url.pathname);
    if (!match) {
      ws.close(CLOSE.notFound, 'no such document');
      return;
    }
    const tableId = match[1]!;
    const key: DocKey = match[2] ? 'gm' : 'pub';
    let auth;
    try {
      auth = authenticate(this.deps.storage, url.searchParams.get('token') ?? undefined);
    } catch (error) {
      this.deps.log('token lookup failed', error);
      ws.close(CLOSE.unavailable, 'storage unavailable');
      return;
    }
    if (!auth.ok) {
      ws.close(CLOSE.unauthorized, auth.code);
      return;
    }
    const { identity } = auth;
    if (identity.tableId !== tableId) {
      ws.close(CLOSE.forbidden, 'this token is for another table');
      return;
    }
    if (key === 'gm' && identity.role !== 'gm') {
      ws.close(CLOSE.forbidden, 'the GM document is for the GM only');
      return;
    }
    let room;
    try {
      room = this.deps.rooms.retain(tableId);
    } catch (error) {
      this.deps.log(`loading table ${tableId} failed`, error);
      ws.close(CLOSE.unavailable, 'storage unavailable');
      return;
    }
    if (!room) {
      ws.close(CLOSE.notFound, 'no such table');
      return;
    }

    const { limits, clock } = this.deps;
    const client = new Client(
      ws,
      identity,
      new TokenBucket(limits.awarenessRate, limits.awarenessBurst, clock),
      new TokenBucket(limits.syncRequestRate, limits.syncRequestBurst, clock),
    );
    const channel = this.channel(room, key);
    channel.clients.add(client);

    const live: LiveConnection = {
      tableId,
      tokenHash: identity.tokenHash,
      role: identity.role,
      transport: 'yjs',
      doc: key,
      close: (code, message) =>
        ws.close(
          code === 'revoked-token'
            ? CLOSE.unauthorized
            : code === 'unavailable'
              ? CLOSE.unavailable
              : CLOSE.shutdown,
          message.slice(0, 120),
        ),
    };
    if (identity.seatId !== undefined) live.seatId = identity.seatId;
    const removeLive = this.deps.connections.add(live);

    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return;
      this.onMessage(channel, client, toBytes(data));
    });
    ws.on('close', () => {
      channel.remove(client);
      removeLive();
      if (channel.clients.size === 0) {
        channel.dispose();
        // A room dropped while broken leaves its channel behind a newer one: keep that.
        const id = channelKey(tableId, key);
        if (this.channels.get(id) === channel) this.channels.delete(id);
      }
      this.deps.rooms.release(tableId, room);
    });

    // Our sync step 1, so the client knows what we have; and who is around.
    channel.send(client, syncMessage(SYNC_STEP1, Y.encodeStateVector(room.doc(key))));
    const states = channel.awareness.getStates();
    if (states.size > 0) {
      channel.send(
        client,
        awarenessMessage(
          awarenessProtocol.encodeAwarenessUpdate(channel.awareness, [...states.keys()]),
        ),
      );
    }
  }

  private onMessage(channel: DocChannel, client: Client, bytes: Uint8Array): void {
    // A broken room may hold a change that was never stored: it serves nobody.
    if (channel.room.broken) return;
    try {
      const decoder = decoding.createDecoder(bytes);
      const type = decoding.readVarUint(decoder);
      switch (type) {
        case MESSAGE_SYNC: {
          const step = decoding.readVarUint(decoder);
          if (step === SYNC_STEP1) {
            if (!client.requestBucket.take()) return;
            const sv = decoding.readVarUint8Array(decoder);
            if (!isEmptyStateVector(sv) && aheadOf(sv, channel.room.doc(channel.key))) {
              // Another epoch's replica (it missed the rebuild, or the server restarted on a
              // rebuilt snapshot): our updates would duplicate its content.
              client.ws.close(CLOSE.rebuilt, 'document rebuilt, reload');
              return;
            }
            channel.send(
              client,
              isEmptyStateVector(sv)
                ? channel.fullSyncMessage()
                : syncMessage(SYNC_STEP2, Y.encodeStateAsUpdate(channel.room.doc(channel.key), sv)),
            );
          }
          // SYNC_STEP2 and SYNC_UPDATE: clients never write. Dropped unread.
          else if (step !== SYNC_STEP2 && step !== SYNC_UPDATE) {
            client.ws.close(CLOSE.badMessage, 'unknown sync message');
          }
          return;
        }
        case MESSAGE_AWARENESS: {
          if (client.identity.role === 'spectator') return;
          if (!client.awarenessBucket.take()) return;
          channel.applyAwareness(client, decoding.readVarUint8Array(decoder));
          return;
        }
        case MESSAGE_QUERY_AWARENESS: {
          if (!client.requestBucket.take()) return;
          const ids = [...channel.awareness.getStates().keys()];
          channel.send(
            client,
            awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(channel.awareness, ids)),
          );
          return;
        }
        case MESSAGE_AUTH:
          return;
        default:
          client.ws.close(CLOSE.badMessage, 'unknown message type');
      }
    } catch (error) {
      this.deps.log('malformed y-websocket message', error);
      client.ws.close(CLOSE.badMessage, 'malformed message');
    }
  }

  private channel(room: TableRoom, key: DocKey): DocChannel {
    const id = channelKey(room.id, key);
    let channel = this.channels.get(id);
    if (!channel || channel.room !== room) {
      const { maxBufferedBytes, awarenessClientsPerConnection } = this.deps.limits;
      channel = new DocChannel(room, key, maxBufferedBytes, awarenessClientsPerConnection);
      this.channels.set(id, channel);
    }
    return channel;
  }

  private ping(): void {
    for (const channel of this.channels.values()) {
      for (const client of channel.clients) {
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }
  }
}

function channelKey(tableId: string, key: DocKey): string {
  return `${tableId}/${key}`;
}

function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data);
}
