import { WebSocket as WebSocketTransport, XHR } from 'engine.io-client';
import { adopt, sameAddress, takeEarly } from './early-socket';

// The socket.io chunk (lib/socket.ts loads it on demand): `io`, and the transports a table's
// connection uses, WebSocket first, whose first socket may be the command connection the page
// opened as it started (public/early-start.js).

export { io } from 'socket.io-client';

/** engine.io's WebSocket transport, whose first socket may be the page's early one. */
class EarlyWebSocketTransport extends WebSocketTransport {
  override createSocket(
    uri: string,
    protocols: string | string[] | undefined,
    opts: Record<string, unknown>,
  ): WebSocket {
    // The same address: a first connection (no session id). socket.io's token goes in its
    // first packet, not the address, so one early socket serves whoever the page turns out to be.
    const early = takeEarly('fateboardEarlyCommands', (url) => sameAddress(uri, url));
    return early ? adopt(early) : (super.createSocket(uri, protocols, opts) as WebSocket);
  }
}

/** WebSocket first, long polling where WebSockets are blocked. */
export const TRANSPORTS = [EarlyWebSocketTransport, XHR];
