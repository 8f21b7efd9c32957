import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ChatMessage, DocKey } from '@fateboard/table';
import type { HandledCommand } from '../group-commit';
import { MOVED } from '../group-commit';
import type { Log } from '../logger';
import type { Sender } from '../room-command';
import type { DocUpdate, Storage } from '../storage';
import type { PresenceShare } from '../presence';
import { Bus, fromBase64, toBase64 } from './bus';
import { LeaseKeeper, createLeaseClient } from './leases';

/**
 * What one node of a cluster knows of the others (docs/SCALING.md). Every node serves every
 * table; one at a time writes it: the holder of its lease in Redis (leases.ts), under the
 * lease's epoch, which PostgreSQL checks in the commit's own transaction (the fence). The
 * other nodes forward commands to it, and follow its committed updates, in seq order, over
 * Redis pub/sub (bus.ts), repairing any gap from storage.
 */

/** What the nodes of a cluster tell each other about a table. */
export type TableEvent =
  /** Committed by the owner as `seq`: the followers apply it after `seq - 1`. */
  | { kind: 'updates'; seq: number; updates: DocUpdate[] }
  /** The owner rebuilt the documents (a new epoch): the followers load them afresh. */
  | { kind: 'rebuilt' }
  /** Revoked tokens (a link rotation): their connections close on every node. */
  | { kind: 'close-tokens'; hashes: string[]; message: string }
  /** A removed seat: its connections close on every node. */
  | { kind: 'close-seat'; seatId: string }
  /** New invite links: the GM's connections on every node hear it, to fetch them. */
  | { kind: 'links-rotated' }
  /** A stored chat message: every node delivers it to its own readers. */
  | { kind: 'chat'; message: ChatMessage }
  /** One node's part of the table's presence (presence.ts): the others add it to theirs. */
  | { kind: 'presence'; node: string; share: PresenceShare }
  /** An awareness change of a document's connections on one node, for the others' (doc-channel.ts). */
  | { kind: 'awareness'; doc: DocKey; update: Uint8Array }
  /**
   * A node began hearing the table (no `doc`) or opened a channel of one of its documents: the
   * others send it their presence share, or their awareness states of that document, now
   * rather than at their next renewal (10 s, 15 s), so its people see at once who is here.
   */
  | { kind: 'hello'; doc?: DocKey };

export type Claim =
  { kind: 'owner'; epoch: number } | { kind: 'other'; node: string } | { kind: 'unavailable' };

export interface ClusterOptions {
  redisUrl: string;
  node: string;
  storage: Storage;
  log: Log;
  /** The lease's time to live; a dead owner's tables move after it (default 3000 ms). */
  leaseMs?: number;
  /** How long a forwarded command waits for the owner's answer (default 1500 ms): a dead
   * writer's tables must move within seconds, and a live one answers in milliseconds. */
  forwardTimeoutMs?: number;
  /** Where the cluster's figures go (metrics.ts). */
  metrics?: ClusterMetrics;
}

export interface ClusterMetrics {
  lease: (change: 'acquired' | 'lost') => void;
  forwarded: (ack: HandledCommand['ack']) => void;
  redisError: (operation: 'lease' | 'publish') => void;
}

type Wire =
  | { kind: 'command'; id: string; from: string; tableId: string; sender: Sender; input: unknown }
  | { kind: 'answer'; id: string; handled: HandledCommand };

type WireEvent = { from: string; event: unknown };

/** How long a table's writer, as Redis named it, is believed without asking again. */
const OWNER_KEPT_MS = 1000;

const tableChannel = (tableId: string) => `fateboard:table:${tableId}`;
const nodeChannel = (node: string) => `fateboard:node:${node}`;

/** Not answered by the writer (this node closing, or the writer failing): the client retries. */
const UNANSWERED: HandledCommand = { ack: MOVED.ack };

export class Cluster {
  private readonly keeper: LeaseKeeper;
  private readonly bus: Bus;
  private readonly claims = new Map<string, Promise<Claim>>();
  /** The writer of each table as Redis last named it, and when (monotonic ms). */
  private readonly owners = new Map<string, { node: string; at: number }>();
  private readonly waiting = new Map<
    string,
    { resolve: (handled: HandledCommand) => void; timer: NodeJS.Timeout }
  >();
  private serve:
    ((tableId: string, sender: Sender, input: unknown) => Promise<HandledCommand>) | undefined;
  private onEvent: ((tableId: string, event: TableEvent) => void) | undefined;
  private readonly readFence: (tableId: string) => Promise<number | undefined>;
  private readonly claimFence: (tableId: string, epoch: number) => Promise<boolean>;
  private readonly forwardTimeoutMs: number;

  private constructor(private readonly options: ClusterOptions) {
    const { storage } = options;
    if (!storage.readFence || !storage.claimFence) {
      throw new Error('cluster mode needs a storage with fencing: PostgreSQL (DATABASE_URL)');
    }
    this.readFence = storage.readFence;
    this.claimFence = storage.claimFence;
    this.forwardTimeoutMs = options.forwardTimeoutMs ?? 1500;
    const ttlMs = options.leaseMs ?? 3000;
    // The node name is unique per process: a restarted node must not inherit its leases.
    const { metrics } = options;
    this.keeper = new LeaseKeeper({
      redis: createLeaseClient(options.redisUrl, ttlMs),
      nodeId: `${options.node}#${randomBytes(4).toString('hex')}`,
      ttlMs,
      report: (message, error, table) => {
        metrics?.redisError('lease');
        options.log(message, error, table);
      },
    });
    this.keeper.on((event) => metrics?.lease(event.type === 'acquired' ? 'acquired' : 'lost'));
    this.bus = new Bus(options.redisUrl, options.log, () => metrics?.redisError('publish'));
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    await cluster.bus.ready();
    await cluster.bus.subscribe(nodeChannel(cluster.node), (message) => cluster.onWire(message));
    return cluster;
  }

  get node(): string {
    return this.keeper.nodeId;
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

  /** Sends a command to the table's writer and answers its acknowledgement. */
  async forward(
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
  ): Promise<HandledCommand> {
    const handled = await this.send(node, tableId, sender, input);
    this.options.metrics?.forwarded(handled.ack);
    // Refused as moved (or unanswered): ask Redis again next time.
    if (!handled.ack.ok && handled.ack.code === 'storage') this.owners.delete(tableId);
    return handled;
  }

  private send(
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
  ): Promise<HandledCommand> {
    const id = randomBytes(12).toString('base64url');
    return new Promise<HandledCommand>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({
          ack: {
            ok: false,
            code: 'storage',
            message: "The table's server did not answer; try again.",
          },
        });
      }, this.forwardTimeoutMs);
      timer.unref();
      this.waiting.set(id, { resolve, timer });
      const wire: Wire = { kind: 'command', id, from: this.node, tableId, sender, input };
      void this.bus.publish(nodeChannel(node), wire).then((listeners) => {
        // Nobody listens on the writer's channel: it is gone (its lease not yet expired), and
        // the command never reached anyone.
        if (listeners !== undefined && listeners > 0) return;
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(MOVED);
      });
    });
  }

  /** Who applies the commands other nodes forward here. */
  serveForwarded(
    handler: (tableId: string, sender: Sender, input: unknown) => Promise<HandledCommand>,
  ): void {
    this.serve = handler;
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
    const wire: WireEvent = { from: this.node, event: encodeEvent(event) };
    void this.bus.publish(tableChannel(tableId), wire);
  }

  /**
   * A limit every node counts together (a client spreads its requests over the nodes): one
   * more under `key` in a window of `windowMs` from its first count (a minute unless told);
   * false once `allowance` are used. True when Redis cannot be asked: each node's own limit
   * still holds.
   */
  async allow(key: string, allowance: number, windowMs = 60_000): Promise<boolean> {
    const count = await this.bus.count(`fateboard:limit:${key}`, windowMs);
    return count === undefined || count <= allowance;
  }

  /** Called after this node's Redis connection came back: events sent meanwhile are lost. */
  onReconnect(listener: () => void): () => void {
    return this.bus.onReconnect(listener);
  }

  async close(): Promise<void> {
    for (const { timer, resolve } of this.waiting.values()) {
      clearTimeout(timer);
      resolve(UNANSWERED);
    }
    this.waiting.clear();
    await this.keeper.close();
    await this.bus.close();
  }

  private async tryClaim(tableId: string): Promise<Claim> {
    try {
      const floor = (await this.readFence(tableId)) ?? 0;
      const got = await this.keeper.acquire(tableId, floor);
      if (got.owner === 'other') {
        this.owners.set(tableId, { node: got.nodeId, at: performance.now() });
        return { kind: 'other', node: got.nodeId };
      }
      this.owners.delete(tableId);
      if (got.fresh && !(await this.claimFence(tableId, got.epoch))) {
        // Another node claimed this epoch (Redis lost its data and handed it out twice).
        await this.keeper.release(tableId).catch(() => false);
        return { kind: 'unavailable' };
      }
      return { kind: 'owner', epoch: got.epoch };
    } catch (error) {
      this.options.log('claiming a table failed', error, tableId);
      return { kind: 'unavailable' };
    }
  }

  private onWire(message: unknown): void {
    const wire = message as Wire;
    if (wire?.kind === 'answer') {
      const waiting = this.waiting.get(wire.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.waiting.delete(wire.id);
      waiting.resolve(wire.handled);
      return;
    }
    if (wire?.kind !== 'command' || typeof wire.tableId !== 'string' || !this.serve) return;
    const answer = (handled: HandledCommand) => {
      const reply: Wire = { kind: 'answer', id: wire.id, handled };
      void this.bus.publish(nodeChannel(wire.from), reply);
    };
    this.serve(wire.tableId, wire.sender, wire.input).then(answer, (error: unknown) => {
      this.options.log('a forwarded command failed', error, wire.tableId);
      answer(UNANSWERED);
    });
  }

  private onTableWire(tableId: string, message: unknown): void {
    const wire = message as WireEvent;
    if (!wire || wire.from === this.node || !this.onEvent) return;
    const event = decodeEvent(wire.event);
    if (event) this.onEvent(tableId, event);
  }
}

/** Updates travel as base64 in JSON. */
function encodeEvent(event: TableEvent): unknown {
  if (event.kind === 'awareness') return { ...event, update: toBase64(event.update) };
  if (event.kind !== 'updates') return event;
  return {
    ...event,
    updates: event.updates.map((u) => ({ doc: u.doc, bytes: toBase64(u.bytes) })),
  };
}

function decodeEvent(raw: unknown): TableEvent | undefined {
  const event = raw as { kind?: unknown; updates?: { doc: DocKey; bytes: string }[] } | null;
  if (!event || typeof event.kind !== 'string') return undefined;
  if (event.kind === 'awareness') {
    const { doc, update } = event as { doc?: unknown; update?: unknown };
    if ((doc !== 'pub' && doc !== 'gm') || typeof update !== 'string') return undefined;
    return { kind: 'awareness', doc, update: fromBase64(update) };
  }
  if (event.kind === 'hello') {
    const { doc } = event as { doc?: unknown };
    if (doc === undefined) return { kind: 'hello' };
    return doc === 'pub' || doc === 'gm' ? { kind: 'hello', doc } : undefined;
  }
  if (event.kind !== 'updates') return event as TableEvent;
  if (!Array.isArray(event.updates)) return undefined;
  return {
    ...(event as { kind: 'updates'; seq: number }),
    updates: event.updates.map((u) => ({ doc: u.doc, bytes: fromBase64(u.bytes) })),
  };
}
