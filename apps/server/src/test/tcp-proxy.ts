import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

// A TCP proxy between one node and its PostgreSQL or Redis, for the tests that make either
// misbehave toward that node at a chosen moment: a commit held on its way (the node stalls or
// loses its lease meanwhile), a database or cache that stops answering altogether (a hung
// host, a managed failover), one message lost with its connection. Bytes are matched as text:
// PostgreSQL's and Redis's protocols carry statements and commands in clear.

interface Link {
  client: Socket;
  upstream: Socket;
  /** Client bytes held back (holdNext), delivered in order on release. */
  held: Buffer[] | undefined;
}

type Trap = { text: string; action: 'hold' | 'drop'; done: () => void };

export class TcpProxy {
  private readonly links = new Set<Link>();
  private trap: Trap | undefined;
  /** While set, nothing passes either way; what arrives waits here, per direction. */
  private hung: { to: Socket; chunk: Buffer }[] | undefined;
  readonly stats = { connections: 0 };

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<TcpProxy> {
    const holder: { proxy?: TcpProxy } = {};
    const server = createServer((client) => holder.proxy?.accept(client, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    holder.proxy = new TcpProxy(server, (server.address() as AddressInfo).port);
    return holder.proxy;
  }

  /** `target` (a postgresql:// or redis:// URL) through the proxy. */
  url(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.href;
  }

  /**
   * Holds the next chunk a client sends that contains `text`, and everything after it on that
   * connection, until `release()`; resolves once it has held one.
   */
  holdNext(text: string): Promise<void> {
    return new Promise((done) => (this.trap = { text, action: 'hold', done }));
  }

  /** Delivers what `holdNext` held, and lets the connection go on. */
  release(): void {
    for (const link of this.links) {
      const held = link.held;
      link.held = undefined;
      for (const chunk of held ?? []) this.write(link.upstream, chunk);
    }
  }

  /** Drops the next chunk a client sends that contains `text`, and cuts its connection. */
  dropNext(text: string): Promise<void> {
    return new Promise((done) => (this.trap = { text, action: 'drop', done }));
  }

  /** Nothing passes, either way, on any connection, new ones included, until `heal()`. */
  hang(): void {
    this.hung ??= [];
  }

  /** After `hang()`: what waited is delivered, in order, and traffic flows again. */
  heal(): void {
    const waiting = this.hung ?? [];
    this.hung = undefined;
    for (const { to, chunk } of waiting) this.write(to, chunk);
  }

  /** Cuts every connection (the peer restarted, or a connection was killed). */
  cutAll(): void {
    for (const link of [...this.links]) this.cut(link);
  }

  async close(): Promise<void> {
    this.hung = undefined;
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetPort: number): void {
    this.stats.connections++;
    const upstream = connect(targetPort, '127.0.0.1');
    const link: Link = { client, upstream, held: undefined };
    this.links.add(link);
    client.on('data', (chunk: Buffer) => this.fromClient(link, chunk));
    upstream.on('data', (chunk: Buffer) => this.pass(client, chunk));
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      socket.on('error', () => this.cut(link));
      socket.on('close', () => this.cut(link));
    }
  }

  private fromClient(link: Link, chunk: Buffer): void {
    const trap = this.trap;
    if (trap && chunk.toString('latin1').includes(trap.text)) {
      this.trap = undefined;
      if (trap.action === 'drop') {
        this.cut(link);
        trap.done();
        return;
      }
      link.held = [];
      trap.done();
    }
    if (link.held) link.held.push(chunk);
    else this.pass(link.upstream, chunk);
  }

  private pass(to: Socket, chunk: Buffer): void {
    if (this.hung) this.hung.push({ to, chunk });
    else this.write(to, chunk);
  }

  private write(to: Socket, chunk: Buffer): void {
    if (!to.destroyed) to.write(chunk);
  }

  private cut(link: Link): void {
    if (!this.links.delete(link)) return;
    link.client.destroy();
    link.upstream.destroy();
  }
}
