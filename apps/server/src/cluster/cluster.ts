import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ChatMessage, DocKey } from '@fateboard/table';
import type { HandledCommand } from '../room/group-commit';
import { MOVED, REDIS_UNAVAILABLE, UNKNOWN_OUTCOME } from '../room/group-commit';
import type { Log } from '../ops/logger';
import type { Sender } from '../room/command';
import type { DocUpdate, LeaseStore, Storage } from '../storage';
import type { PresenceShare } from '../socketio/presence';
import { Bus, fromBase64, toBase64 } from './bus';
import { LeaseKeeper } from './leases';
import type { LeaseEvent, LeaseTimings, LossReason } from './leases';

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
  /** The owner's last stored seq (its heartbeat): a follower behind it catches up. */
  | { kind: 'head'; seq: number }
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
  | { kind: 'owner'; epoch: number }
  | { kind: 'other'; node: string }
  /** Nobody could claim it: the leases' storage did not answer. */
  | { kind: 'unavailable' };

export interface ClusterOptions {
  redisUrl: string;
  node: string;
  storage: Storage;
  log: Log;
  /** The leases' TTL and renewal period (leases.ts's LEASE_TIMINGS by default). */
  lease?: Partial<LeaseTimings>;
  /** How long a forwarded command waits for the owner's answer (FORWARD_TIMEOUT_MS, 1500 by
   * default), within the command's own deadline. */
  forwardTimeoutMs?: number;
  /** Where the cluster's figures go (metrics.ts). */
  metrics?: ClusterMetrics;
  /** Where its events go as log lines (lease changes): fields, then a sentence. */
  note?: (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;
}

export interface ClusterMetrics {
  lease: (change: LeaseEvent['type'], reason: LossReason | 'new') => void;
  forwarded: (ack: HandledCommand['ack']) => void;
  redisError: (operation: 'publish') => void;
  storageError: (operation: 'leases') => void;
}

/** One log line per lease change: what it means for the table, and how loud. */
const LEASE_LINES: Record<LossReason | 'new', { level: 'info' | 'warn'; message: string }> = {
  new: { level: 'info', message: 'lease acquired: this node writes the table' },
  released: {
    level: 'info',
    message: 'lease released: the table unloaded here, or the node is closing',
  },
  refused: {
    level: 'warn',
    message: 'lease lost: its renewal was refused (it expired, or another node holds it now)',
  },
  expired: {
    level: 'warn',
    message: 'lease lost: not renewed in time (the database slow or away, or this node stalled)',
  },
  fenced: {
    level: 'warn',
    message: "lease lost: a later writer's epoch refused this node's commit, routed again",
  },
};

/** How long a forwarded command waits for the writer's answer by default. */
export const FORWARD_TIMEOUT_MS = 1500;

type Wire =
  | {
      kind: 'command';
      id: string;
      from: string;
      tableId: string;
      sender: Sender;
      input: unknown;
      /** How long the forwarding node waits for the answer, from when it sent it. */
      withinMs: number;
    }
  | { kind: 'answer'; id: string; handled: HandledCommand };

type WireEvent = { from: string; event: unknown };

/** What the writer keeps of a forwarded command's wait for its answer to travel back. */
const ANSWER_TRAVEL_MS = 100;

/** How long a table's writer, as the leases named it, is believed without asking again. */
const OWNER_KEPT_MS = 1000;

const tableChannel = (tableId: string) => `fateboard:table:${tableId}`;
const nodeChannel = (node: string) => `fateboard:node:${node}`;

/**
 * Not answered by the writer (it did not answer in time, failed answering, or this node is
 * closing): it may have been applied, so the client sends it again under its id.
 */
const UNANSWERED: HandledCommand = { ack: UNKNOWN_OUTCOME };

export class Cluster {
  private readonly keeper: LeaseKeeper;
  private readonly bus: Bus;
  private readonly claims = new Map<string, Promise<Claim>>();
  /** The writer of each table as the leases last named it, and when (monotonic ms). */
  private readonly owners = new Map<string, { node: string; at: number }>();
  private readonly waiting = new Map<
    string,
    { resolve: (handled: HandledCommand) => void; timer: NodeJS.Timeout }
  >();
  private serve:
    | ((
        tableId: string,
        sender: Sender,
        input: unknown,
        deadline: number,
      ) => Promise<HandledCommand>)
    | undefined;
  private onEvent: ((tableId: string, event: TableEvent) => void) | undefined;
  private readonly forwardTimeoutMs: number;

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
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    if (!options.storage.leases) {
      throw new Error('cluster mode needs a storage with leases: PostgreSQL (DATABASE_URL)');
    }
    const cluster = new Cluster(options, await options.storage.leases());
    await cluster.bus.ready();
    await cluster.bus.subscribe(nodeChannel(cluster.node), (message) => cluster.onWire(message));
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
    const handled = await this.send(node, tableId, sender, input, withinMs);
    this.options.metrics?.forwarded(handled.ack);
    // Refused as moved, or unanswered: ask who writes it again next time.
    if (!handled.ack.ok && ['storage', 'unknown-outcome'].includes(handled.ack.code)) {
      this.owners.delete(tableId);
    }
    return handled;
  }

  private send(
    node: string,
    tableId: string,
    sender: Sender,
    input: unknown,
    withinMs: number,
  ): Promise<HandledCommand> {
    const id = randomBytes(12).toString('base64url');
    return new Promise<HandledCommand>((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(id);
          resolve(UNANSWERED);
        },
        Math.max(0, withinMs),
      );
      timer.unref();
      this.waiting.set(id, { resolve, timer });
      const wire: Wire = { kind: 'command', id, from: this.node, tableId, sender, input, withinMs };
      void this.bus.publish(nodeChannel(node), wire).then((listeners) => {
        // Taken by Redis, or perhaps (sent, its answer lost): the writer's answer or the
        // timeout says what became of it.
        if (listeners === undefined || (listeners !== 'unsent' && listeners > 0)) return;
        // Never sent (Redis unreachable), or nobody listens on the writer's channel (it is
        // gone, its lease not yet expired): the command reached no one.
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(listeners === 'unsent' ? { ack: REDIS_UNAVAILABLE } : MOVED);
      });
    });
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
    void this.tryPublish(tableId, event);
  }

  /** `publish`, resolving whether Redis took it. */
  async tryPublish(tableId: string, event: TableEvent): Promise<boolean> {
    const wire: WireEvent = { from: this.node, event: encodeEvent(event) };
    return typeof (await this.bus.publish(tableChannel(tableId), wire)) === 'number';
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
    const withinMs = Number.isFinite(wire.withinMs) ? wire.withinMs : this.forwardTimeoutMs;
    const deadline = performance.now() + withinMs - ANSWER_TRAVEL_MS;
    this.serve(wire.tableId, wire.sender, wire.input, deadline).then(answer, (error: unknown) => {
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
  if (event.kind === 'head') {
    const { seq } = event as { seq?: unknown };
    return Number.isSafeInteger(seq) ? { kind: 'head', seq: seq as number } : undefined;
  }
  if (event.kind !== 'updates') return event as TableEvent;
  if (!Array.isArray(event.updates)) return undefined;
  return {
    ...(event as { kind: 'updates'; seq: number }),
    updates: event.updates.map((u) => ({ doc: u.doc, bytes: fromBase64(u.bytes) })),
  };
}
