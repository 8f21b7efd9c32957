import { WebSocket as WebSocketTransport, XHR } from 'engine.io-client';
import { adopt, takeEarly } from './early-socket';

// The socket.io chunk (lib/socket.ts loads it on demand): `io`, and the transports a table's
// connection uses, WebSocket first, whose first socket may be the command connection the page
// opened as it started (public/early-start.js).

export { io } from 'socket.io-client';

/**
 * Whether engine.io's address for a WebSocket is the early socket's: the same host and path
 * and the same query (a first connection: no session id). socket.io's token goes in its
 * first packet, not the address, so one early socket serves whoever the page turns out to be.
 */
export function sameEngineUrl(uri: string, earlyUrl: string): boolean {
  const a = new URL(uri);
  const b = new URL(earlyUrl);
  const query = (u: URL) => [...u.searchParams].map(String).sort().join('&');
  return a.host === b.host && a.pathname === b.pathname && query(a) === query(b);
}

/** engine.io's WebSocket transport, whose first socket may be the page's early one. */
class EarlyWebSocketTransport extends WebSocketTransport {
  override createSocket(
    uri: string,
    protocols: string | string[] | undefined,
    opts: Record<string, unknown>,
  ): WebSocket {
    const early = takeEarly('fateboardEarlyCommands', (url) => sameEngineUrl(uri, url));
    return early ? adopt(early) : (super.createSocket(uri, protocols, opts) as WebSocket);
  }
}

/** WebSocket first, long polling where WebSockets are blocked. */
export const TRANSPORTS = [EarlyWebSocketTransport, XHR];
