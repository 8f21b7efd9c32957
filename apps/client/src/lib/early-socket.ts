/// <reference lib="dom" />
import { nextTask } from './next-task';

// A socket public/early-start.js opened as the page started, handed to the client's own
// connection code (the y-websocket provider, socket.io's engine) as if that code had opened
// it: on a phone on a slow link the handshake then happens while the scripts download.

/** What early-start.js leaves on `window` for a connection. */
export interface EarlySocket {
  url: string;
  socket: WebSocket;
  /** What the socket heard before it was taken, in order. */
  heard: MessageEvent[];
  /** A first question was sent on open (the document's early ask). */
  asked?: boolean;
}

/**
 * Whether two WebSocket addresses open the same connection: the same host and path and the
 * same query, in any order, leaving out the parameters named in `ignoring`.
 */
export function sameAddress(a: string, b: string, ignoring: readonly string[] = []): boolean {
  const parts = (address: string) => {
    const url = new URL(address);
    const query = [...url.searchParams]
      .filter(([key]) => !ignoring.includes(key))
      .map(([key, value]) => `${key}=${value}`)
      .sort();
    return [url.host, url.pathname, ...query].join('\n');
  };
  return parts(a) === parts(b);
}

/**
 * Takes the early socket left on `window[name]` once; answers it when it is still connecting
 * or open and `accepts` its address, and closes it otherwise (a refusal the client's own
 * socket will hear and say, or another connection: not kept open beside the client's).
 */
export function takeEarly(
  name: string,
  accepts: (url: string) => boolean,
): EarlySocket | undefined {
  const holder = window as unknown as Record<string, EarlySocket | undefined>;
  const early = holder[name];
  if (!early) return undefined;
  delete holder[name];
  const { readyState } = early.socket;
  const live = readyState === WebSocket.OPEN || readyState === WebSocket.CONNECTING;
  if (live && accepts(early.url)) return early;
  early.socket.close();
  return undefined;
}

/**
 * The early socket as a WebSocket the taker drives: its events go to the handlers the taker
 * sets. The taker's `open` comes in the next task when the socket opened already (or when it
 * opens), then everything it heard meanwhile, in order, a task each. `unsent`: a first message the
 * taker sends that the early script sent already (it would be answered twice).
 */
export function adopt(early: EarlySocket, unsent?: readonly number[]): WebSocket {
  const { socket } = early;
  // Opened already: the early script's own question went out. Still connecting: it will not
  // (the handler below replaces the script's), so the taker's is sent.
  let skipped = unsent === undefined || socket.readyState !== WebSocket.OPEN || !early.asked;
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
    send(data: string | Uint8Array | ArrayBuffer) {
      if (!skipped && typeof data !== 'string') {
        skipped = true;
        const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
        if (bytes.length === unsent?.length && unsent.every((b, i) => bytes[i] === b)) return;
      }
      socket.send(data);
    },
    close(code?: number, reason?: string) {
      socket.close(code, reason);
    },
  };
  socket.onclose = (event) => adapter.onclose?.(event);
  socket.onerror = (event) => adapter.onerror?.(event);
  // Until the taker has its open and the backlog, new messages join the backlog.
  socket.onmessage = (event) => early.heard.push(event);
  // Each in a task of its own, as a socket's events come: the document's first sync is the
  // longest piece of a phone's load, and in the task that made the session it made one task
  // of half a second.
  const handOver = async () => {
    await nextTask();
    if (socket.readyState !== WebSocket.OPEN) return;
    adapter.onopen?.(new Event('open'));
    while (early.heard.length > 0) {
      await nextTask();
      const event = early.heard.shift();
      if (event) adapter.onmessage?.(event);
    }
    socket.onmessage = (event) => adapter.onmessage?.(event);
  };
  // Opened already: after the taker has set its handlers (right after it constructs this).
  if (socket.readyState === WebSocket.OPEN) void handOver();
  else socket.onopen = () => void handOver();
  return adapter as unknown as WebSocket;
}
