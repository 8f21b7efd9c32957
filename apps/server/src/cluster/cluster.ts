import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { HandledCommand } from '../room/group-commit';
import { REDIS_UNAVAILABLE } from '../room/group-commit';
import type { Sender } from '../room/command';
import type { LeaseStore } from '../storage';
import { Bus } from './bus';
import { LeaseKeeper } from './leases';
import { SharedCounts } from './shared-counts';
import { FORWARD_TIMEOUT_MS, LEASE_LINES } from './cluster-options';
import type { ClusterOptions } from './cluster-options';
import { decodeEvent, encodeEvent } from './table-events';
import { decodeUpdateFrame, encodeUpdateFrame } from './update-frame';
import { Forwarding, nodeChannel } from './forwarding';
import type { Claim, TableEvent } from './table-events';

export type { ClusterMetrics, ClusterOptions } from './cluster-options';
export { FORWARD_TIMEOUT_MS } from './cluster-options';
export type { Claim, TableEvent } from './table-events';

/**
 * What one node of a cluster knows of the others (docs/SCALING.md). Every node serves every
 * table; one at a time writes it: the holder of its lease in Redis (leases.ts), under the
 * lease's epoch, which PostgreSQL checks in the commit's own transaction (the fence). The
 * other nodes forward commands to it, and follow its committed updates, in seq order, over
 * Redis pub/sub (bus.ts), repairing any gap from storage.
 */

/** How long a table's writer, as the leases named it, is believed without asking again. */
const OWNER_KEPT_MS = 1000;

/** A table's event as it travels: from which node. */
type WireEvent = { from: string; event: unknown };

const tableChannel = (tableId: string) => `fateboard:table:${tableId}`;

export class Cluster {
  private readonly keeper: LeaseKeeper;
  private readonly bus: Bus;
  private readonly claims = new Map<string, Promise<Claim>>();
  /** The writer of each table as the leases last named it, and when (monotonic ms). */
  private readonly owners = new Map<string, { node: string; at: number }>();
  private onEvent: ((tableId: string, event: TableEvent) => void) | undefined;
  private readonly forwardTimeoutMs: number;
  private readonly counts: SharedCounts;
  private readonly forwarding: Forwarding;

  private constructor(
    private readonly options: ClusterOptions,
    leases: LeaseStore,
  ) {
    this.forwardTimeoutMs = options.forwardTimeoutMs ?? FORWARD_TIMEOUT_MS;
    const { metrics } = options;
    this.keeper = new LeaseKeeper({
      store: leases,
      // Unique per process: a restarted node must not inherit its leases.
      nodeId: `${options.node}#${randomBytes(4).toString('hex')}`,
      ...options.lease,
      report: (message, error, table) => {
        metrics?.storageError('leases');
        options.log(message, error, table);
      },
    });
    this.keeper.on((event) => {
      const reason = event.type === 'acquired' ? 'new' : event.reason;
      metrics?.lease(event.type, reason);
      const { level, message } = LEASE_LINES[reason];
      options.note?.(
        level,
        { table: event.tableId, lease: event.type, reason, epoch: event.epoch },
        message,
      );
    });
    this.bus = new Bus(options.redisUrl, options.log, () => metrics?.redisError('publish'));
    this.forwarding = new Forwarding(
      this.bus,
      () => this.node,
      options.forwardTimeoutMs ?? FORWARD_TIMEOUT_MS,
      options.log,
    );
    this.counts = new SharedCounts((key, amount, windowMs) =>
      this.bus.reserve(key, amount, windowMs),
    );
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    if (!options.storage.leases) {
      throw new Error('cluster mode needs a storage with leases: PostgreSQL (DATABASE_URL)');
    }
    const cluster = new Cluster(options, await options.storage.leases());
    await cluster.bus.ready();
    await cluster.bus.subscribe(nodeChannel(cluster.node), (message) =>
      cluster.forwarding.onWire(message),
    );
    return cluster;
  }

  get node(): string {
    return this.keeper.nodeId;
  }

  /** Whether Redis answers (the bus's PING): messages between the nodes go through. */
  get redisReachable(): boolean {
    return this.bus.reachable;
  }

  /** The epoch this node may write the table under now, or undefined. */
  writeEpoch(tableId: string): number | undefined {
    return this.keeper.holds(tableId)?.epoch;
  }

  /**
   * Makes this node the table's writer if nobody is, or names who is. The first claim of a
   * fresh lease stores its epoch in PostgreSQL, strictly above every epoch before it.
   */
  claim(tableId: string): Promise<Claim> {
    const held = this.writeEpoch(tableId);
    if (held !== undefined) return Promise.resolve({ kind: 'owner', epoch: held });
    // Who wrote it a moment ago most likely still does: no round trip per forwarded command.
    const known = this.owners.get(tableId);
    if (known && performance.now() - known.at < OWNER_KEPT_MS) {
      return Promise.resolve({ kind: 'other', node: known.node });
    }
    let claim = this.claims.get(tableId);
    if (!claim) {
      claim = this.tryClaim(tableId).finally(() => this.claims.delete(tableId));
      this.claims.set(tableId, claim);
    }
    return claim;
  }

  /** A commit under `epoch` was fenced out by a later writer: that lease is over. */
  fencedOut(tableId: string, epoch: number): void {
    this.keeper.drop(tableId, epoch);
    this.owners.delete(tableId);
  }

  /** Gives the table's lease up (the table unloaded here). */
  async release(tableId: string): Promise<void> {
    if (this.writeEpoch(tableId) === undefined) return;
    await this.keeper.release(tableId).catch(() => false);
  }

  /** Called when this node lost a table's lease (expired, or taken over). */
  onLost(listener: (tableId: string) => void): () => void {
    return this.keeper.on((event) => {
      if (event.type === 'lost') listener(event.tableId);
    });
  }

  /**
   * Sends a command to the table's writer and answers its acknowledgement, or
   * `unknown-outcome` when none came by `deadline` (performance.now()) or within the forward
   * timeout.
   */
  async forward(
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
    deadline: number,
  ): Promise<HandledCommand> {
    // Redis does not answer: the command would reach nobody, or nobody could say.
    if (!this.bus.reachable) return { ack: REDIS_UNAVAILABLE };
    const withinMs = Math.min(this.forwardTimeoutMs, deadline - performance.now());
    const handled = await this.forwarding.send(node, tableId, sender, input, withinMs);
    this.options.metrics?.forwarded(handled.ack);
    // Refused as moved, or unanswered: ask who writes it again next time.
    if (!handled.ack.ok && ['storage', 'unknown-outcome'].includes(handled.ack.code)) {
      this.owners.delete(tableId);
    }
    return handled;
  }

  /**
   * Who applies the commands other nodes forward here, answering by `deadline`
   * (performance.now()): a little before the forwarding node stops waiting, so that the answer
   * reaches it in time.
   */
  serveForwarded(
    handler: (
      tableId: string,
      sender: Sender,
      input: unknown,
      deadline: number,
    ) => Promise<HandledCommand>,
  ): void {
    this.forwarding.serve = handler;
  }

  /** Who hears the other nodes' events of the tables this node watches. */
  onTableEvent(handler: (tableId: string, event: TableEvent) => void): void {
    this.onEvent = handler;
  }

  /** Starts hearing a table's events (it loaded here); resolves once Redis listens. */
  async watch(tableId: string): Promise<void> {
    await this.bus.subscribe(tableChannel(tableId), (message) =>
      this.onTableWire(tableId, message),
    );
    this.publish(tableId, { kind: 'hello' });
  }

  unwatch(tableId: string): void {
    this.bus.unsubscribe(tableChannel(tableId));
  }

  /** Tells the other nodes watching the table; best effort (followers repair a gap). */
  publish(tableId: string, event: TableEvent): void {
    void this.tryPublish(tableId, event);
  }

  /** `publish`, resolving whether Redis took it. */
  async tryPublish(tableId: string, event: TableEvent): Promise<boolean> {
    const wire =
      event.kind === 'updates'
        ? encodeUpdateFrame({ from: this.node, ...event })
        : ({ from: this.node, event: encodeEvent(event) } satisfies WireEvent);
    return typeof (await this.bus.publish(tableChannel(tableId), wire)) === 'number';
  }

  /**
   * A limit every node counts together (a client spreads its requests over the nodes): one
   * more under `key` in a window of `windowMs` from its first count (a minute unless told);
   * false once `allowance` are used over all the nodes. Each node reserves a share of it in
   * Redis at a time (shared-counts.ts), so most requests ask Redis nothing. True when Redis
   * cannot be asked: each node's own limit still holds.
   */
  allow(key: string, allowance: number, windowMs = 60_000): Promise<boolean> {
    return this.counts.take(`fateboard:limit:${key}`, allowance, windowMs);
  }

  /** Called after this node's Redis connection came back: events sent meanwhile are lost. */
  onReconnect(listener: () => void): () => void {
    return this.bus.onReconnect(listener);
  }

  async close(): Promise<void> {
    this.forwarding.close();
    await this.keeper.close();
    await this.bus.close();
  }

  /**
   * One statement: takes the lease if it is free (and stores its epoch as the table's fence in
   * the same statement, so nothing can be half-claimed), extends it, or names its holder.
   */
  private async tryClaim(tableId: string): Promise<Claim> {
    let got;
    try {
      got = await this.keeper.acquire(tableId);
    } catch (error) {
      this.options.log('claiming a table failed: its storage did not answer', error, tableId);
      return { kind: 'unavailable' };
    }
    if (got.owner === 'other') {
      this.owners.set(tableId, { node: got.holder, at: performance.now() });
      return { kind: 'other', node: got.holder };
    }
    this.owners.delete(tableId);
    return { kind: 'owner', epoch: got.epoch };
  }

  /** Another node's message on a table's channel: a batch's frame (binary), or JSON. */
  private onTableWire(tableId: string, message: unknown): void {
    if (!this.onEvent) return;
    if (message instanceof Uint8Array) {
      const frame = decodeUpdateFrame(message);
      if (!frame) this.options.log('a malformed cluster frame', undefined, tableId);
      else if (frame.from !== this.node) this.onEvent(tableId, { kind: 'updates', ...frame });
      return;
    }
    const wire = message as Partial<WireEvent> | null;
    if (!wire || typeof wire !== 'object' || wire.from === this.node) return;
    const event = decodeEvent(wire.event);
    if (event) this.onEvent(tableId, event);
    else this.options.log('a malformed cluster message', undefined, tableId);
  }
}
