import type { Socket } from 'socket.io';
import { protocolMatches } from '@fateboard/table';
import { authenticate } from '../access/auth';
import type { Identity } from '../access/auth';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import type { SocketIoDeps } from './socketio-deps';

/** When a client at its cap of open connections may try again. */
const TOO_MANY_RETRY_MS = 5_000;

/** What a socket.io connection carries once admitted. */
export interface SocketData {
  identity: Identity;
  /** The client's address group (client-address.ts), which pays beside the principal. */
  address: string;
}

type HandshakeSocket = Pick<Socket, 'handshake' | 'conn'> & { data: Partial<SocketData> };

/**
 * socket.io's handshake middleware: reads the token and loads the table before the
 * connection, so that its handlers are registered in the turn it opens, before any of its
 * events can arrive. The principal pays its attempt and holds a place among its open
 * connections until the transport closes.
 */
export async function admitSocket(
  deps: SocketIoDeps,
  socket: HandshakeSocket,
  next: (error?: Error) => void,
): Promise<void> {
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
