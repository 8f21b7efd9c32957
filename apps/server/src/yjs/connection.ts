import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { LiveConnection } from '../socketio/connections';
import { Client } from './client';
import type { DocChannel } from './doc-channel';
import { DocChannels } from './channels';
import { TokenBucket } from '../limits/rate-limit';
import { CLOSE } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import type { Admission } from './admission';
import { admitUpgrade } from './admit-upgrade';
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
import type { YjsServerDeps } from './yjs-deps';
import { answerSync } from './answer-sync';

export type { YjsServerDeps } from './yjs-deps';

/** How long a refused connection has to answer our close frame before it is cut. */
const REFUSED_GRACE_MS = 1000;

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
  private readonly channels: DocChannels;
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly deps: YjsServerDeps) {
    this.channels = new DocChannels(deps);
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
    admitUpgrade(req, url, socket, this.deps)
      .then((admission) => {
        if (!admission) return;
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

  /** Another node's awareness change of a document (cluster mode), for the connections here. */
  heardAwareness(tableId: string, key: DocKey, update: Uint8Array): void {
    const channel = this.channels.get(tableId, key);
    try {
      channel?.applyRemoteAwareness(update);
    } catch (error) {
      this.deps.log('a malformed awareness update from another node', error, tableId);
    }
  }

  /** Another node opened a channel of this document (cluster mode): it gets the states here. */
  shareAwareness(tableId: string, key: DocKey): void {
    const update = this.channels.get(tableId, key)?.localAwareness();
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
    const channel = this.channels.open(room, key);
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
        if (channel.clients.size === 0) this.channels.drop(channel);
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
            channel.budget.request(client, () =>
              answerSync(channel, client, sv, {
                commits: this.deps.commits,
                log: this.deps.log,
                refuse: (reason) => this.refuse(channel, client, reason),
              }),
            );
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
   * Closes a connection that sent something no client of ours sends. It leaves the channel
   * (and its awareness) at once, not when the peer answers the close, which it may never do.
   */
  private refuse(channel: DocChannel, client: Client, reason: string): void {
    channel.remove(client);
    client.ws.close(CLOSE.badMessage, reason);
    setTimeout(() => client.ws.terminate(), REFUSED_GRACE_MS).unref();
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

function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  // An ArrayBuffer is wrapped; a Buffer (a view into ws's pooled memory) is copied out.
  return new Uint8Array(data);
}
