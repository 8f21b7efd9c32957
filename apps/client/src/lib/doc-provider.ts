import type * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { CLOSE, PROTOCOL_VERSION } from '@fateboard/table';
import { readableClose } from './link-words';
import type { LinkStatus } from './session-socket';
import { AdoptingWebSocket } from './early-doc';

/** What a table session hears from one of its documents' y-websocket connections. */
export interface DocListener {
  status(status: LinkStatus): void;
  synced(): void;
  /** The server rebuilt the documents from their content: load fresh ones. */
  rebuilt(): void;
  /** The server closed the connection for good (the first reason is the one to show). */
  closed(reason: string): void;
}

/** The y-websocket parameters of a table's document: the token, the protocol, the overlay. */
export function docParams(token: string, overlay = false): Record<string, string> {
  return { token, protocol: String(PROTOCOL_VERSION), ...(overlay ? { view: 'overlay' } : {}) };
}

/**
 * A read-only replica of one of the table's documents (`room`), synced over y-websocket.
 * `early`: the public document's first connection may be the one the page opened as it
 * started (lib/early-doc.ts).
 */
export function docProvider(
  room: string,
  doc: Y.Doc,
  params: Record<string, string>,
  on: DocListener,
  early = false,
): WebsocketProvider {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const provider = new WebsocketProvider(`${scheme}//${location.host}/yjs`, room, doc, {
    params,
    disableBc: true,
    maxBackoffTime: 4000,
    ...(early ? { WebSocketPolyfill: AdoptingWebSocket } : {}),
  });
  provider.on('status', ({ status }) =>
    on.status(
      status === 'connected' ? 'online' : status === 'connecting' ? 'connecting' : 'offline',
    ),
  );
  provider.on('sync', (synced: boolean) => {
    if (synced) on.synced();
  });
  provider.on('closed', ({ code, reason }) => {
    if (code === CLOSE.rebuilt) queueMicrotask(() => on.rebuilt());
    else on.closed(readableClose(code, reason));
  });
  return provider;
}

/**
 * Reconnects a table's documents with a new token (a player's seat token): the server shows
 * presence as it knows the connection (the token it opened with), not as the client claims.
 * `who` is announced again once the new connection has synced: the server frees the link's
 * awareness id when it sees the old connection close, which may come after the new one's
 * first message.
 */
export function reconnectDocs(
  providers: WebsocketProvider[],
  token: string,
  who: () => { role: string; seatId: string | null },
): void {
  for (const p of providers) {
    p.params = docParams(token);
    p.disconnect();
    p.connect();
  }
  const primary = providers[0];
  const announce = () => primary?.awareness.setLocalStateField('who', who());
  announce();
  primary?.once('sync', announce);
}
