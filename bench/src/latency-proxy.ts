import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A TCP proxy in front of the server under test that gives its WebSocket connections the
 * phone's network: Chromium's network emulation (CDP `Network.emulateNetworkConditions`)
 * slows HTTP requests and the WebSocket handshake but not the frames after it, so the
 * documents' sync and every broadcast would arrive at loopback speed. Here each direction
 * of a WebSocket connection gets half the round trip as latency and its share of the link's
 * throughput (one link per direction, shared by every connection through the proxy, as a
 * phone's radio is). Plain HTTP connections pass through untouched: Chromium slows those.
 */
export interface LinkShape {
  /** Round trip added to WebSocket traffic, ms (half each way). */
  rttMs: number;
  /** Bytes a second towards the browser and from it; 0: no limit. */
  downBytesPerSecond: number;
  upBytesPerSecond: number;
}

export interface ProxyCounters {
  /** Bytes sent to the browser on WebSocket connections, by path prefix (`yjs`, `socket.io`). */
  down: Map<string, number>;
  /** The latest chunks handed to the browser on WebSocket connections, oldest first. */
  deliveries: Delivery[];
}

/** A chunk the server sent towards the browser: when the proxy read it and when it passed it on. */
export interface Delivery {
  /** The connection's path prefix (`yjs`, `socket.io`). */
  kind: string;
  /** performance.timeOrigin-based epoch ms, both. */
  readAt: number;
  deliveredAt: number;
}

/** How many deliveries the counters keep (a roll's are looked up within seconds). */
const KEPT_DELIVERIES = 500;

/** Chunks read this close after a message's first are taken as the rest of it. */
const BURST_MS = 5;

/**
 * When the browser had the first message of `kind` the server sent at or after `since`
 * (epoch ms), with the chunks read with it (a message may span several): the last of them
 * delivered. `undefined` if none came.
 */
export function deliveredAfter(
  counters: ProxyCounters,
  kind: string,
  since: number,
): number | undefined {
  const sent = counters.deliveries.filter((d) => d.kind === kind && d.readAt >= since);
  const first = sent[0];
  if (!first) return undefined;
  const burst = sent.filter((d) => d.readAt - first.readAt <= BURST_MS);
  return Math.max(...burst.map((d) => d.deliveredAt));
}

export interface LatencyProxy {
  port: number;
  counters: ProxyCounters;
  /** Shape of the link from now on (`undefined`: pass everything through). */
  shape(link: LinkShape | undefined): void;
  /** Zeroes the byte counters. */
  reset(): void;
  close(): Promise<void>;
}

const epochNow = () => performance.timeOrigin + performance.now();

/** One direction of the link: when its next byte can leave, so that bytes queue behind bytes. */
class Pipe {
  private free = 0;
  constructor(private readonly proxy: { link: LinkShape | undefined }) {}

  /** When a chunk of `bytes` that arrives now is delivered, epoch ms. */
  due(bytes: number, rate: (l: LinkShape) => number): number {
    const link = this.proxy.link;
    const now = epochNow();
    if (!link) return now;
    const perSecond = rate(link);
    const start = Math.max(now, this.free);
    const sending = perSecond > 0 ? (bytes / perSecond) * 1000 : 0;
    this.free = start + sending;
    return start + sending + link.rttMs / 2;
  }
}

export async function startLatencyProxy(targetPort: number): Promise<LatencyProxy> {
  const state: { link: LinkShape | undefined } = { link: undefined };
  const downPipe = new Pipe(state);
  const upPipe = new Pipe(state);
  const counters: ProxyCounters = { down: new Map(), deliveries: [] };
  const sockets = new Set<Socket>();

  // Delivers `chunk` to `to` at its due time, in order after what was queued before it.
  const later = (to: Socket, queue: { last: Promise<void> }, chunk: Buffer, at: number) => {
    queue.last = queue.last.then(async () => {
      const wait = at - epochNow();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!to.destroyed) to.write(chunk);
    });
  };

  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    let kind: string | undefined;
    let headersPassed = false;
    const toServer = { last: Promise.resolve() };
    const toClient = { last: Promise.resolve() };
    client.on('data', (chunk) => {
      if (kind === undefined) {
        // The first bytes are the request line and headers: an upgrade to WebSocket is shaped,
        // anything else passes through.
        const head = chunk.toString('latin1', 0, Math.min(chunk.length, 4096));
        const path = /^GET \/([^/?\s]*)/.exec(head)?.[1] ?? '';
        kind = /^upgrade:\s*websocket/im.test(head) ? path || 'ws' : '';
        upstream.write(chunk);
        return;
      }
      if (kind === '') upstream.write(chunk);
      else
        later(
          upstream,
          toServer,
          chunk,
          upPipe.due(chunk.length, (l) => l.upBytesPerSecond),
        );
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!kind) {
        client.write(chunk);
        return;
      }
      let rest = chunk;
      if (!headersPassed) {
        // The handshake's answer goes at once (Chromium already delayed the handshake).
        const end = chunk.indexOf('\r\n\r\n');
        if (end < 0) {
          client.write(chunk);
          return;
        }
        headersPassed = true;
        client.write(chunk.subarray(0, end + 4));
        rest = chunk.subarray(end + 4);
        if (rest.length === 0) return;
      }
      const name = kind;
      counters.down.set(name, (counters.down.get(name) ?? 0) + rest.length);
      const readAt = epochNow();
      const at = downPipe.due(rest.length, (l) => l.downBytesPerSecond);
      later(client, toClient, rest, at);
      toClient.last = toClient.last.then(() => {
        counters.deliveries.push({ kind: name, readAt, deliveredAt: epochNow() });
        if (counters.deliveries.length > KEPT_DELIVERIES) counters.deliveries.shift();
      });
    });
    const end = () => {
      // What is still queued for delivery goes before the close.
      void toClient.last.then(() => client.end());
      void toServer.last.then(() => upstream.end());
    };
    client.on('end', end);
    upstream.on('end', end);
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    counters,
    shape: (link) => {
      state.link = link;
    },
    reset: () => counters.down.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
