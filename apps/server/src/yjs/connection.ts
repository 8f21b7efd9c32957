import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Budgets } from '../limits/budgets';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import type { Connections, LiveConnection } from '../socketio/connections';
import { Client, DocChannel } from './doc-channel';
import type { Limits } from '../limits/limits';
import { TokenBucket } from '../limits/rate-limit';
import { ReadBudget } from '../limits/read-budget';
import type { TableRoom } from '../room/room';
import type { Rooms } from '../room/rooms';
import { CLOSE } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import type { Storage } from '../storage';
import { admit } from './admission';
import type { Admission } from './admission';
import {
  MESSAGE_AUTH,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  SYNC_STEP1,
  SYNC_STEP2,
  SYNC_UPDATE,
  syncMessage,
} from './messages';
import type { GroupCommit } from '../room/group-commit';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';

/** How long a refused connection has to answer our close frame before it is cut. */
const REFUSED_GRACE_MS = 1000;

export interface YjsServerDeps {
  storage: Storage;
  rooms: Rooms;
  /** The group commit: sync answers wait while a batch is being stored. */
  commits: Pick<GroupCommit, 'settled' | 'read'>;
  connections: Connections;
  limits: Limits;
  /** What each principal and address may cost (budgets.ts): attempts and open connections. */
  budgets: Budgets;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** Cluster mode: awareness changes go to the other nodes too (DocChannelLimits). */
  relayAwareness?: (tableId: string, key: DocKey, update: Uint8Array) => void;
  /** Cluster mode: how a room catches up with storage for a replica ahead of it. */
  catchUp?: (room: TableRoom) => Promise<void>;
  /** Cluster mode: a document's channel opened here; the other nodes send their awareness. */
  channelOpened?: (tableId: string, key: DocKey) => void;
}

/**
 * The y-websocket protocol, read-only. Clients may read both documents their role allows,
 * but never write: sync step 2 and update messages are dropped after reading their type,
 * without decoding the update, since a malformed update can hang the decoder.
 *
 * No exception leaves a handler here: whatever one message does, the process stays up and
 * only the connection that sent it is closed.
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
    // Every attempt an address makes is paid for before its token is read; past its budget it
    // gets a plain 429 and no upgrade (the provider tries again after its backoff).
    const address = addressGroup(req.socket.remoteAddress);
    // Admitted before the upgrade (the token and the table are read from storage), refused
    // after it: a browser cannot read the HTTP status of a failed upgrade and would retry.
    this.deps.budgets
      .admitAddress(address)
      .then(async (verdict) => {
        if (!verdict.ok) {
          const seconds = Math.ceil(verdict.retryInMs / 1000);
          socket.end(
            `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${seconds}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
          );
          return;
        }
        const admission = await admit(url, this.deps)
          .catch((error: unknown): Admission => {
            this.deps.log('y-websocket admission failed', error);
            return { ok: false, code: CLOSE.unavailable, reason: 'server error' };
          })
          .then((admitted) => this.holdPlace(admitted, address, socket));
        this.wss.handleUpgrade(req, socket, head, (ws) => {
          try {
            this.accept(ws, admission, socket);
          } catch (error) {
            this.deps.log('y-websocket connection failed', error);
            ws.close(CLOSE.unavailable, 'server error');
          }
        });
      })
      .catch((error: unknown) => {
        this.deps.log('y-websocket upgrade failed', error);
        socket.destroy();
      });
    return true;
  }

  /**
   * An admitted connection's principal pays its attempt and holds a place among its open
   * connections until the socket closes; past either, it is refused with CLOSE.rateLimited.
   */
  private async holdPlace(
    admission: Admission,
    address: string,
    socket: Duplex,
  ): Promise<Admission> {
    if (!admission.ok) return admission;
    const payer = payerOf(admission.identity, address);
    const paid = await this.deps.budgets.admitPrincipal(payer);
    const release = paid.ok ? this.deps.budgets.hold(payer) : undefined;
    if (!release) {
      return {
        ok: false,
        code: CLOSE.rateLimited,
        reason: paid.ok ? 'too many connections' : 'rate-limited',
      };
    }
    // Closed while it was admitted: nothing will close it again.
    if (socket.destroyed) release();
    else socket.once('close', release);
    return admission;
  }

  /** Another node's awareness change of a document (cluster mode), for the connections here. */
  heardAwareness(tableId: string, key: DocKey, update: Uint8Array): void {
    const channel = this.channels.get(channelKey(tableId, key));
    try {
      channel?.applyRemoteAwareness(update);
    } catch (error) {
      this.deps.log('a malformed awareness update from another node', error, tableId);
    }
  }

  /** Another node opened a channel of this document (cluster mode): it gets the states here. */
  shareAwareness(tableId: string, key: DocKey): void {
    const update = this.channels.get(channelKey(tableId, key))?.localAwareness();
    if (update) this.deps.relayAwareness?.(tableId, key, update);
  }

  close(): void {
    clearInterval(this.pinger);
    for (const client of this.wss.clients) client.close(CLOSE.shutdown, 'server shutting down');
    this.wss.close();
  }

  private accept(ws: WebSocket, admission: Admission, socket: Duplex): void {
    ws.on('error', (error) => this.deps.log('y-websocket error', error));
    if (!admission.ok) {
      ws.close(admission.code, admission.reason);
      return;
    }
    const { tableId, key, identity } = admission;
    const room = this.deps.rooms.retain(tableId);
    if (room !== admission.room) {
      // Unloaded (or dropped) since it was admitted: the client reconnects and loads it again.
      if (room) this.deps.rooms.release(tableId, room);
      ws.close(CLOSE.unavailable, 'table reloading');
      return;
    }

    const { limits, clock } = this.deps;
    const client = new Client(
      ws,
      socket,
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
    if (admission.overlay) live.overlay = true;
    const removeLive = this.deps.connections.add(live);

    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return;
      this.onMessage(channel, client, toBytes(data));
    });
    ws.on('close', () => {
      try {
        channel.remove(client);
        removeLive();
        if (channel.clients.size === 0) this.dropChannel(channel);
        this.deps.rooms.release(tableId, room);
      } catch (error) {
        this.deps.log('closing a y-websocket connection failed', error, tableId);
      }
    });

    // Our sync step 1, so the client knows what we have; and who is around.
    channel.send(client, syncMessage(SYNC_STEP1, Y.encodeStateVector(room.doc(key))));
    if (channel.awareness.getStates().size > 0) channel.send(client, channel.awarenessMessage());
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
            // Answered when the table's read budget allows, from the document as it is then.
            channel.budget.request(client, () => this.answerSync(channel, client, sv));
          }
          // SYNC_STEP2 and SYNC_UPDATE: clients never write. Dropped unread.
          else if (step !== SYNC_STEP2 && step !== SYNC_UPDATE) {
            this.refuse(channel, client, 'unknown sync message');
          }
          return;
        }
        case MESSAGE_AWARENESS: {
          if (client.identity.role === 'spectator') return;
          if (!client.awarenessBucket.take()) return;
          const refused = channel.applyAwareness(client, decoding.readVarUint8Array(decoder));
          if (refused !== undefined) this.refuse(channel, client, refused);
          return;
        }
        case MESSAGE_QUERY_AWARENESS: {
          if (!client.requestBucket.take()) return;
          channel.send(client, channel.awarenessMessage());
          return;
        }
        case MESSAGE_AUTH:
          return;
        default:
          this.refuse(channel, client, 'unknown message type');
      }
    } catch (error) {
      this.deps.log('malformed y-websocket message', error, channel.room.id);
      this.refuse(channel, client, 'malformed message');
    }
  }

  /**
   * Sends a sync answer; answers the bytes sent (what the read budget is charged). A replica
   * ahead of the document is answered once the room caught up with storage (`caughtUp`), and
   * closed only if it is still ahead then.
   */
  private answerSync(
    channel: DocChannel,
    client: Client,
    sv: Uint8Array,
    caughtUp = false,
  ): number {
    if (!channel.clients.has(client) || channel.room.broken) return 0;
    if (!this.deps.commits.settled) {
      // A batch is between applying and storing: answer once it is stored, never before.
      void this.deps.commits.read(() =>
        channel.budget.request(client, () => this.answerSync(channel, client, sv, caughtUp)),
      );
      return 0;
    }
    let answer;
    try {
      answer = channel.syncAnswer(sv);
    } catch (error) {
      this.deps.log('malformed state vector', error, channel.room.id);
      this.refuse(channel, client, 'malformed state vector');
      return 0;
    }
    if (answer.kind === 'answer') return channel.send(client, answer.message);
    if (!caughtUp) {
      channel
        .catchUp()
        .then((caught) => {
          if (caught)
            channel.budget.request(client, () => this.answerSync(channel, client, sv, true));
          else this.closeOtherEpoch(client);
        })
        .catch((error: unknown) => {
          this.deps.log('catching up for a replica failed', error, channel.room.id);
          this.closeOtherEpoch(client);
        });
      return 0;
    }
    this.closeOtherEpoch(client);
    return 0;
  }

  /**
   * A replica that holds what the document does not, even as storage holds it: it comes from
   * another epoch, and our updates would duplicate the content it holds under other ids.
   */
  private closeOtherEpoch(client: Client): void {
    client.ws.close(CLOSE.rebuilt, 'document rebuilt, reload');
  }

  /**
   * Closes a connection that sent something no client of ours sends. It leaves the channel
   * (and its awareness) at once, not when the peer answers the close, which it may never do.
   */
  private refuse(channel: DocChannel, client: Client, reason: string): void {
    channel.remove(client);
    client.ws.close(CLOSE.badMessage, reason);
    setTimeout(() => client.ws.terminate(), REFUSED_GRACE_MS).unref();
  }

  private channel(room: TableRoom, key: DocKey): DocChannel {
    const id = channelKey(room.id, key);
    let channel = this.channels.get(id);
    if (!channel || channel.room !== room) {
      const { limits, clock } = this.deps;
      // One budget per table: the other document's channel shares it, if it is open.
      const other = this.channels.get(channelKey(room.id, key === 'pub' ? 'gm' : 'pub'));
      const budget =
        other?.room === room
          ? other.budget
          : new ReadBudget(limits.readBytesPerSecond, limits.readBurstBytes, clock);
      channel = new DocChannel(room, key, budget, {
        fanout: (seconds, writes) => this.deps.metrics.fanout(seconds, writes),
        maxBufferedBytes: limits.maxBufferedBytes,
        awarenessClientsPerConnection: limits.awarenessClientsPerConnection,
        ...(this.deps.catchUp ? { catchUp: this.deps.catchUp } : {}),
        ...(this.deps.relayAwareness
          ? {
              relayAwareness: (update: Uint8Array) =>
                this.deps.relayAwareness?.(room.id, key, update),
            }
          : {}),
        awarenessState: {
          maxChars: limits.awarenessStateChars,
          maxDepth: limits.awarenessStateDepth,
          maxNodes: limits.awarenessStateEntries,
        },
      });
      this.channels.set(id, channel);
      this.deps.channelOpened?.(room.id, key);
    }
    return channel;
  }

  private dropChannel(channel: DocChannel): void {
    channel.dispose();
    // A room dropped while broken leaves its channel behind a newer one: keep that.
    const id = channelKey(channel.room.id, channel.key);
    if (this.channels.get(id) === channel) this.channels.delete(id);
    const other = this.channels.get(
      channelKey(channel.room.id, channel.key === 'pub' ? 'gm' : 'pub'),
    );
    if (other?.budget !== channel.budget) channel.budget.dispose();
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
  // An ArrayBuffer is wrapped; a Buffer (a view into ws's pooled memory) is copied out.
  return new Uint8Array(data);
}
