import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type {
  SentAck,
  ChatMessage,
  ChatPage,
  ChatSent,
  ClosedNotice,
  Presence,
} from '@fateboard/table';
import { chatHistory, connectionSender, sendChat } from '../chat/chat';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import type { LiveConnection } from './connections';
import { FloodGuard } from '../limits/rate-limit';
import { PresenceBroadcaster } from './presence';
import type { PresenceShare } from './presence';
import { admitSocket } from './admit-socket';
import type { SocketData } from './admit-socket';
import { answerCommand } from './answer-command';
import type { SocketIoDeps } from './socketio-deps';

export type { SocketIoDeps } from './socketio-deps';

/** What the server does with socket.io's side once attached. */
export interface SocketIoServer {
  close(): void;
  /** Another node's part of a table's presence (cluster mode). */
  heardPresence(tableId: string, node: string, share: PresenceShare): void;
  /** Another node opened the table: it gets this node's part of its presence now. */
  sharePresence(tableId: string): void;
}

type AckFn = (ack: SentAck) => void;

const KNOWN_EVENTS = new Set(['command', 'chat.send', 'chat.history']);

function roomOf(tableId: string): string {
  return `table:${tableId}`;
}

function lastFunction(args: unknown[]): AckFn | undefined {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as AckFn) : undefined;
}

/** socket.io on the server: commands with acknowledgements, and presence. */
export function attachSocketIo(httpServer: HttpServer, deps: SocketIoDeps): SocketIoServer {
  const { limits } = deps;
  const io = new Server<
    Record<string, never>,
    {
      presence: (p: Presence) => void;
      closed: (n: ClosedNotice) => void;
      chat: (m: ChatMessage) => void;
      'links-rotated': () => void;
    },
    Record<string, never>,
    SocketData
  >(httpServer, {
    serveClient: false,
    maxHttpBufferSize: limits.maxMessageBytes,
    ...(deps.websocketOnly ? { transports: ['websocket' as const] } : {}),
    // y-websocket shares the HTTP server; engine.io must not end upgrades it does not own.
    destroyUpgrade: false,
    allowRequest: (req, callback) => {
      if (!deps.originAllowed(req)) {
        callback('origin not allowed', false);
        return;
      }
      // Before the token is read: every attempt an address makes is paid for, a bad token's
      // too. Refused here, the client's manager tries again after its backoff.
      deps.budgets.admitAddress(addressGroup(req.socket.remoteAddress)).then(
        (verdict) => callback(verdict.ok ? null : 'rate-limited', verdict.ok),
        () => callback('rate-limited', false),
      );
    },
  });

  // Reads the token and loads the table before the connection: its handlers below are then
  // registered in the turn it opens, before any of its events can arrive.
  io.use((socket, next) => void admitSocket(deps, socket, next));

  const presence = new PresenceBroadcaster(
    deps,
    (tableId, p) => io.to(roomOf(tableId)).emit('presence', p),
    deps.sharePresence,
  );

  io.on('connection', (socket) => {
    const identity = socket.data.identity;
    const room = deps.rooms.retain(identity.tableId);
    if (!room) {
      // Unloaded between the middleware and now: the client reconnects and loads it again.
      socket.conn.close();
      return;
    }
    void socket.join(roomOf(identity.tableId));

    const live: LiveConnection = {
      tableId: identity.tableId,
      tokenHash: identity.tokenHash,
      role: identity.role,
      transport: 'socket.io',
      close: (code, message) => {
        socket.emit('closed', { code, message });
        // Unavailable: drop the transport only, so the client reconnects by itself.
        if (code === 'unavailable') socket.conn.close();
        else socket.disconnect(true);
      },
    };
    if (identity.seatId !== undefined) live.seatId = identity.seatId;
    // Chat (chat.ts) writes a message here only if this connection may read it.
    live.chat = (message) => socket.emit('chat', message);
    if (identity.role === 'gm') live.linksRotated = () => socket.emit('links-rotated');
    const removeLive = deps.connections.add(live);

    // One choke point for every incoming event: rate, flood, unknown events.
    const guard = new FloodGuard(
      limits.eventRate,
      limits.eventBurst,
      limits.floodDisconnectAfter,
      deps.clock,
    );
    socket.use(([event, ...args], next) => {
      const ack = lastFunction(args);
      const verdict = guard.take();
      if (verdict === 'flood') {
        ack?.({ ok: false, code: 'rate-limited', message: 'Too many messages; disconnected.' });
        live.close('rate-limited', 'Too many messages; disconnected.');
        return;
      }
      if (verdict === 'limited') {
        ack?.({ ok: false, code: 'rate-limited', message: 'Too many messages; slow down.' });
        return;
      }
      if (!KNOWN_EVENTS.has(event)) {
        ack?.({ ok: false, code: 'unknown-event', message: `No event named ${event}.` });
        return;
      }
      next();
    });

    socket.on('command', (...args: unknown[]) => {
      const ack: AckFn = lastFunction(args) ?? (() => {});
      answerCommand({ deps, room, identity, live, address: socket.data.address }, args[0], ack);
    });

    // Chat: `chatDeps` stores through the group commit; each message is paid from the chat
    // budget of the principal (a seat, the GM) and its address, across all their connections.
    const chatDeps = { ...deps, keep: limits.chatKeep };
    const payChat = () => deps.budgets.spend('chat', payerOf(identity, socket.data.address));
    const chatRoom = () => (room.broken ? undefined : room);
    const unavailable = { ok: false, code: 'storage', message: 'The table is reloading.' } as const;
    socket.on('chat.send', (...args: unknown[]) => {
      const ack = (lastFunction(args) ?? (() => {})) as (answer: ChatSent) => void;
      const input = typeof args[0] === 'function' ? undefined : args[0];
      const current = chatRoom();
      if (!current) return ack(unavailable);
      sendChat(chatDeps, current, connectionSender(live), payChat, input)
        .then(ack)
        .catch((error: unknown) => deps.log('answering a chat failed', error, identity.tableId));
    });
    socket.on('chat.history', (...args: unknown[]) => {
      const ack = (lastFunction(args) ?? (() => {})) as (answer: ChatPage) => void;
      const input = typeof args[0] === 'function' ? undefined : args[0];
      const current = chatRoom();
      if (!current) return ack(unavailable);
      chatHistory(chatDeps, current, connectionSender(live), input)
        .then(ack)
        .catch((error: unknown) => deps.log('answering a chat failed', error, identity.tableId));
    });

    socket.on('disconnect', () => {
      try {
        removeLive();
        deps.rooms.release(identity.tableId, room);
      } catch (error) {
        deps.log('closing a socket.io connection failed', error, identity.tableId);
      }
    });
  });

  return {
    close: () => {
      presence.close();
      void io.close();
    },
    heardPresence: (tableId, node, share) => presence.heard(tableId, node, share),
    sharePresence: (tableId) => presence.shareNow(tableId),
  };
}
