import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the proxy does to the traffic while faults are on. */
export interface Faults {
  /** Each connection gets its own base latency up to this, so connections overtake each other. */
  maxLatencyMs: number;
  /** Extra random delay per chunk (order within a connection is kept: it is TCP). */
  jitterMs: number;
  /** Probability, per chunk, that the connection is cut (both sides destroyed). */
  cutChance: number;
  /** Probability, per chunk, that the connection stalls: nothing passes until it is cut. */
  stallChance: number;
  /** Probability that a new connection is refused outright. */
  refuseChance: number;
}

export const NO_FAULTS: Faults = {
  maxLatencyMs: 0,
  jitterMs: 0,
  cutChance: 0,
  stallChance: 0,
  refuseChance: 0,
};

interface Link {
  client: Socket;
  upstream: Socket;
  latency: number;
  stalled: boolean;
}

/**
 * A small TCP proxy between clients and the server that delays, reorders by connection,
 * stalls and cuts connections at random. `calm()` stops the faults: stalled connections are
 * cut (their clients reconnect), queued bytes are delivered.
 */
export class FaultyProxy {
  faults: Faults = NO_FAULTS;
  readonly stats = { connections: 0, cuts: 0, stalls: 0, refused: 0 };
  private readonly links = new Set<Link>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
    /** The faults' dice: a test's seeded source, so that a failing run can be replayed. */
    private readonly random: () => number,
  ) {}

  static async start(
    targetPort: number,
    faults: Faults,
    random: () => number,
  ): Promise<FaultyProxy> {
    const holder: { proxy?: FaultyProxy } = {};
    const server = createServer((client) => holder.proxy?.accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultyProxy(server, (server.address() as AddressInfo).port, random);
    holder.proxy = proxy;
    proxy.faults = faults;
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  calm(): void {
    this.faults = NO_FAULTS;
    for (const link of [...this.links]) if (link.stalled) this.cut(link);
  }

  async close(): Promise<void> {
    for (const link of [...this.links]) this.cut(link);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetPort: number): void {
    if (this.random() < this.faults.refuseChance) {
      this.stats.refused++;
      client.destroy();
      return;
    }
    this.stats.connections++;
    const upstream = connect(targetPort, '127.0.0.1');
    const link: Link = {
      client,
      upstream,
      latency: this.random() * this.faults.maxLatencyMs,
      stalled: false,
    };
    this.links.add(link);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    this.pipe(link, client, upstream);
    this.pipe(link, upstream, client);
    for (const s of [client, upstream]) {
      s.on('error', () => this.cut(link));
      s.on('close', () => this.cut(link));
    }
  }

  private pipe(link: Link, from: Socket, to: Socket): void {
    let releaseAt = 0;
    from.on('data', (chunk: Buffer) => {
      const f = this.faults;
      if (this.random() < f.cutChance) {
        this.stats.cuts++;
        this.cut(link);
        return;
      }
      if (!link.stalled && this.random() < f.stallChance) {
        this.stats.stalls++;
        link.stalled = true;
      }
      if (link.stalled) return;
      const delay =
        f.maxLatencyMs === 0 && f.jitterMs === 0 ? 0 : link.latency + this.random() * f.jitterMs;
      // Keep the order of one direction of one connection; only connections overtake each other.
      releaseAt = Math.max(releaseAt, Date.now() + delay);
      const wait = releaseAt - Date.now();
      if (wait <= 0) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      setTimeout(() => {
        if (!to.destroyed && !link.stalled) to.write(chunk);
      }, wait);
    });
  }

  private cut(link: Link): void {
    if (!this.links.delete(link)) return;
    link.client.destroy();
    link.upstream.destroy();
  }
}
