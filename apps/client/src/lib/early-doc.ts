import { adopt, sameAddress, takeEarly } from './early-socket';

// The public document's connection that public/early-start.js opened as the page started,
// handed to the y-websocket provider as if the provider had opened it: the provider's
// `WebSocketPolyfill`. The document's handshake and first sync then happen while the client's
// scripts download.

/** Sync step 1 of an empty document: what early-start.js asked on open, byte for byte. */
const ASK_ALL = [0, 0, 1, 0];

/**
 * Whether the provider's `url` opens the same connection as the early one: the same path
 * (`/yjs/table/<id>`, the public document) and token, no other view. The provider also states
 * the protocol version, which the early socket left out (served as the server's own).
 */
export function sameConnection(providerUrl: string, earlyUrl: string): boolean {
  return sameAddress(providerUrl, earlyUrl, ['protocol']);
}

/**
 * A WebSocket constructor for the public document's provider: its first connection is the
 * early one when that is the same connection (and the provider's own first ask, the same
 * question, is not sent again: the server would send the whole document twice); every
 * other is a new WebSocket.
 */
export const AdoptingWebSocket = function (url: string, protocols?: string | string[]) {
  const early = takeEarly('fateboardEarlyDoc', (earlyUrl) => sameConnection(url, earlyUrl));
  return early ? adopt(early, ASK_ALL) : new WebSocket(url, protocols);
} as unknown as typeof WebSocket;
