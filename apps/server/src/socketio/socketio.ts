import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { protocolMatches, spectatorRefusal } from '@fateboard/table';
import type {
  SentAck,
  ChatMessage,
  ChatPage,
  ChatSent,
  ClosedNotice,
  Presence,
} from '@fateboard/table';
import { chatHistory, connectionSender, sendChat } from '../chat/chat';
import { carriesClaim, claimedSeatOf } from '../access/claims';
import type { HandledCommand } from '../room/group-commit';
import type { Identity } from '../access/auth';
import { authenticate } from '../access/auth';
import type { Budgets } from '../limits/budgets';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import type { Connections, LiveConnection } from './connections';
import type { GroupCommit } from '../room/group-commit';
import type { Limits } from '../limits/limits';
import { FloodGuard } from '../limits/rate-limit';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import { PresenceBroadcaster } from './presence';
import type { PresenceShare } from './presence';

interface SocketData {
  identity: Identity;
  /** The client's address group (client-address.ts), which pays beside the principal. */
  address: string;
}

type AckFn = (ack: SentAck) => void;

export interface SocketIoDeps {
  storage: Storage;
  rooms: Rooms;
  commits: GroupCommit;
  connections: Connections;
  limits: Limits;
  /** What each principal and address may cost (budgets.ts), across all their connections. */
  budgets: Budgets;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** Cluster mode: chat messages go to the other nodes too (ChatDeps.spread). */
  spread?: (tableId: string, message: ChatMessage) => void;
  /**
   * Cluster mode: websocket only, so that a load balancer needs no sticky sessions (a long
   * poll's requests must all reach one node).
   */
  websocketOnly?: boolean;
  /** Cluster mode: this node's part of a table's presence goes to the other nodes. */
  sharePresence?: (tableId: string, share: PresenceShare) => void;
}

const KNOWN_EVENTS = new Set(['command', 'chat.send', 'chat.history']);

/** When a client at its cap of open connections may try again. */
const TOO_MANY_RETRY_MS = 5_000;

function roomOf(tableId: string): string {
  return `table:${tableId}`;
}

function lastFunction(args: unknown[]): AckFn | undefined {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as AckFn) : undefined;
}

/** socket.io on the server: commands with acknowledgements, and presence. */
export function attachSocketIo(
  httpServer: HttpServer,
  deps: SocketIoDeps,
): {
  close(): void;
  heardPresence(tableId: string, node: string, share: PresenceShare): void;
  sharePresence(tableId: string): void;
} {
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
  type Handshake = Parameters<Parameters<typeof io.use>[0]>;
  io.use((socket, next) => void admitSocket(socket, next));

  async function admitSocket(socket: Handshake[0], next: Handshake[1]): Promise<void> {
    const stated = socket.handshake.auth as { token?: unknown; protocol?: unknown };
    if (!protocolMatches(stated.protocol)) {
      const error = new Error('Fateboard was updated since this page loaded: reload the page.');
      next(Object.assign(error, { data: { code: 'outdated-client' } }));
      return;
    }
    let auth;
    let found;
    try {
      auth = await authenticate(deps.storage, stated.token);
      if (auth.ok) found = await deps.rooms.get(auth.identity.tableId);
    } catch (error) {
      // Storage cannot be read: drop the transport, so the client reconnects and retries
      // (a middleware error would tell it the link is bad and stop it).
      deps.log('token lookup failed', error);
      socket.conn.close();
      return;
    }
    if (!auth.ok) {
      next(Object.assign(new Error(auth.message), { data: { code: auth.code } }));
      return;
    }
    if (!found) {
      next(Object.assign(new Error('No such table.'), { data: { code: 'not-found' } }));
      return;
    }
    // The principal's own attempts, and its place among its open connections, held until the
    // transport closes (whether or not the connection is ever made).
    const address = addressGroup(socket.handshake.address);
    const payer = payerOf(auth.identity, address);
    const admitted = await deps.budgets.admitPrincipal(payer);
    const release = admitted.ok ? deps.budgets.hold(payer) : undefined;
    if (!release) {
      const retryInMs = admitted.ok ? TOO_MANY_RETRY_MS : admitted.retryInMs;
      const message = admitted.ok
        ? 'Too many connections open with this link; close another tab or device.'
        : 'Too many connection attempts; trying again shortly.';
      next(Object.assign(new Error(message), { data: { code: 'rate-limited', retryInMs } }));
      return;
    }
    // Closed while it was admitted: nothing will close it again.
    if (socket.conn.readyState === 'closed') release();
    else socket.conn.once('close', release);
    socket.data.identity = auth.identity;
    socket.data.address = address;
    next();
  }

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
      const input = typeof args[0] === 'function' ? undefined : args[0];
      const type = (input as { type?: unknown } | null | undefined)?.type;
      const refusal = spectatorRefusal(identity);
      if (refusal) {
        deps.metrics.command(type, refusal);
        ack(refusal);
        return;
      }
      // The sender is read when the command is applied: a join before it in the same batch
      // may have seated this connection.
      const sender = (claimedSeat: string | undefined) => () => ({
        actor:
          identity.seatId === undefined
            ? { role: identity.role }
            : { role: identity.role, seatId: identity.seatId },
        tokenHash: identity.tokenHash,
        ...(claimedSeat === undefined ? {} : { claimedSeat }),
      });
      // From a join on, this connection acts for its seat; the client reconnects with the
      // seat token it got in the acknowledgement. Undone if the join's batch was not stored.
      const seat = (seatId: string | undefined) => {
        if (seatId === undefined) delete identity.seatId;
        else identity.seatId = seatId;
        if (seatId === undefined) delete live.seatId;
        else live.seatId = seatId;
        deps.connections.changed(identity.tableId);
      };
      // A join taking back a restored seat: its claim code is looked up first (claims.ts); the
      // reducer learns only the seat it holds for. Every other command goes in as it came.
      const handle = (): Promise<HandledCommand> => {
        const claimed = carriesClaim(input)
          ? claimedSeatOf(deps.storage, identity.tableId, input)
          : Promise.resolve(undefined);
        return claimed.then(
          (seatId) => room.handle(sender(seatId), input, seat),
          (error: unknown): HandledCommand => {
            deps.log('reading a claim failed', error, identity.tableId);
            return { ack: { ok: false, code: 'storage', message: 'Try again in a moment.' } };
          },
        );
      };
      // Paid by the principal it acts for now (a seat once joined) and its address, across all
      // their connections; refused, nothing is applied. The budget answers in arrival order, so
      // a connection's commands keep theirs. A rejection here would be unhandled, and an
      // unhandled rejection stops the process.
      deps.budgets
        .spend('command', payerOf(identity, socket.data.address))
        .then((paid) => {
          if (paid.ok) return handle().then((handled) => handled.ack);
          return {
            ok: false,
            code: 'rate-limited',
            message: 'Too many commands; wait a moment and send again.',
            retryInMs: paid.retryInMs,
          } as const;
        })
        .then((answer) => {
          deps.metrics.command(type, answer);
          ack(answer);
        })
        .catch((error: unknown) => deps.log('answering a command failed', error, identity.tableId));
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
