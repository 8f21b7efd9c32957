import type { Socket } from 'socket.io-client';
import { readableConnectError } from './link-words';
import { parsePresence, type Presence } from './api';

export type LinkStatus = 'connecting' | 'online' | 'offline';

/** What a table session hears from its socket.io connection. */
export interface SocketListener {
  status(status: LinkStatus): void;
  /** A reason the page cannot go on (the link refused or revoked). */
  fatal(message: string): void;
  /** The server closed the connection on purpose (a rotated link). */
  rotated(): void;
  presence(presence: Presence): void;
  destroyed(): boolean;
}

/** Wires a table's socket.io connection (commands, presence) to its session. */
export function wireTableSocket(socket: Socket, on: SocketListener): void {
  socket.on('connect', () => on.status('online'));
  socket.on('disconnect', (reason) => {
    on.status('offline');
    // The server closed us on purpose (a rotated link): socket.io will not retry.
    if (reason === 'io server disconnect') on.rotated();
  });
  socket.on(
    'connect_error',
    (error: Error & { data?: { code?: unknown; retryInMs?: unknown } }) => {
      on.status('offline');
      // Too many attempts or connections for this link or address (the server's budgets): not
      // the link's fault; try again when the server says there is room.
      if (error.data?.code === 'rate-limited') {
        const wait = Number(error.data.retryInMs);
        const ms = Number.isFinite(wait) ? Math.min(Math.max(wait, 500), 30_000) : 5_000;
        setTimeout(() => {
          if (!on.destroyed() && !socket.connected) socket.connect();
        }, ms);
        return;
      }
      if (!socket.active) on.fatal(readableConnectError(error));
    },
  );
  socket.on('closed', (notice: { code?: unknown; message?: unknown }) => {
    if (notice.code === 'revoked-token' && typeof notice.message === 'string') {
      on.fatal(notice.message);
    }
  });
  socket.on('presence', (payload: unknown) => {
    const presence = parsePresence(payload);
    if (presence) on.presence(presence);
  });
}

/** The worst of the live connections' states: what the banner shows. */
export function worstStatus(parts: LinkStatus[]): LinkStatus {
  if (parts.includes('offline')) return 'offline';
  return parts.includes('connecting') ? 'connecting' : 'online';
}
