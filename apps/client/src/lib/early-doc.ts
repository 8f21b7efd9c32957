/// <reference lib="dom" />

// The public document's connection that public/early-start.js opened as the page started,
// handed to the y-websocket provider as if the provider had opened it: the provider's
// `WebSocketPolyfill`. On a phone on a slow link the socket's handshake and the first sync
// then happen while the client's scripts download, not after they have run.

/** What early-start.js leaves on `window.fateboardEarlyDoc`. */
interface EarlyDoc {
  url: string;
  socket: WebSocket;
  /** What the socket heard before the provider took it, in order. */
  heard: MessageEvent[];
  /** The whole document was asked for (sync step 1 with an empty state vector) on open. */
  asked: boolean;
}

/** Sync step 1 of an empty document: what early-start.js sent, byte for byte. */
const ASK_ALL = [0, 0, 1, 0];

/**
 * Whether the provider's `url` opens the same connection as the early one: the same path
 * (`/yjs/table/<id>`, the public document) and token, no other view. The provider also states
 * the protocol version, which the early socket left out (served as the server's own).
 */
export function sameConnection(providerUrl: string, earlyUrl: string): boolean {
  const a = new URL(providerUrl);
  const b = new URL(earlyUrl);
  const rest = (u: URL) =>
    [...u.searchParams]
      .filter(([k]) => k !== 'protocol' && k !== 'token')
      .map(String)
      .join('&');
  return (
    a.host === b.host &&
    a.pathname === b.pathname &&
    a.searchParams.get('token') === b.searchParams.get('token') &&
    rest(a) === rest(b)
  );
}

/** Takes the early connection once; closes it when it is not the one `url` opens. */
function takeEarly(url: string): EarlyDoc | undefined {
  const holder = window as unknown as { fateboardEarlyDoc?: EarlyDoc };
  const early = holder.fateboardEarlyDoc;
  if (!early) return undefined;
  delete holder.fateboardEarlyDoc;
  const live =
    early.socket.readyState === WebSocket.OPEN || early.socket.readyState === WebSocket.CONNECTING;
  if (live && sameConnection(url, early.url)) return early;
  // Closed by the server (a refusal the provider's own socket will hear and say), or another
  // connection: not kept open beside the provider's.
  early.socket.close();
  return undefined;
}

/**
 * The early socket as a WebSocket the provider drives: its events go to the handlers the
 * provider sets. The provider's `open` comes on the next microtask when the socket opened
 * already (or when it opens), then everything it heard meanwhile, in order. The provider's own
 * first question, the same empty sync step 1 the early script asked, is not sent twice: the
 * server would send the whole document again.
 */
function adopt(early: EarlyDoc): WebSocket {
  const { socket } = early;
  let askSkipped = !early.asked;
  const adapter = {
    CONNECTING: 0,
    OPEN: 1,
    CLOSING: 2,
    CLOSED: 3,
    binaryType: 'arraybuffer' as BinaryType,
    onopen: null as ((event: Event) => void) | null,
    onmessage: null as ((event: MessageEvent) => void) | null,
    onclose: null as ((event: CloseEvent) => void) | null,
    onerror: null as ((event: Event) => void) | null,
    get readyState() {
      return socket.readyState;
    },
    send(data: Uint8Array | ArrayBuffer) {
      const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
      if (
        !askSkipped &&
        bytes.length === ASK_ALL.length &&
        ASK_ALL.every((b, i) => bytes[i] === b)
      ) {
        askSkipped = true;
        return;
      }
      socket.send(bytes);
    },
    close(code?: number, reason?: string) {
      socket.close(code, reason);
    },
  };
  socket.onclose = (event) => adapter.onclose?.(event);
  socket.onerror = (event) => adapter.onerror?.(event);
  // Until the provider has its open and the backlog, new messages join the backlog.
  socket.onmessage = (event) => early.heard.push(event);
  const handOver = () => {
    if (socket.readyState !== WebSocket.OPEN) return;
    adapter.onopen?.(new Event('open'));
    for (const event of early.heard.splice(0)) adapter.onmessage?.(event);
    socket.onmessage = (event) => adapter.onmessage?.(event);
  };
  // Opened already: after the provider has set its handlers (right after it constructs this).
  // Still connecting: the early script's own ask is not sent, so the provider's is.
  if (socket.readyState === WebSocket.OPEN) queueMicrotask(handOver);
  else socket.onopen = handOver;
  return adapter as unknown as WebSocket;
}

/**
 * A WebSocket constructor for the public document's provider: the first connection it makes
 * is the early one when that is the same connection, every other a new WebSocket.
 */
export const AdoptingWebSocket = function (url: string, protocols?: string | string[]) {
  const early = takeEarly(url);
  return early ? adopt(early) : new WebSocket(url, protocols);
} as unknown as typeof WebSocket;
