/**
 * Table write leases for cluster mode: at most one node writes a table at a time.
 *
 * Redis holds, per table, `fateboard:lease:<tableId>` = `<nodeId>:<epoch>` with a PX TTL and
 * `fateboard:epoch:<tableId>` = the table's last epoch (no TTL). Every new holder gets a
 * higher epoch than any before it, also across a Redis that lost its data: the caller passes
 * the epoch last committed in PostgreSQL as a floor.
 *
 * A lease in Redis is advisory: a node that stalls (GC, SIGSTOP, a cut network) may still
 * believe it owns a table after Redis gave it to another. So `LeaseKeeper` stops believing
 * before Redis can: a lease is safe until `sent + ttl - margin`, `sent` being when the last
 * successful acquire or renew was SENT (Redis starts its TTL no earlier than that), measured
 * with the monotonic `performance.now()`. The epoch is the fence for what may slip through
 * anyway (a write begun just inside the window and landing after it): PostgreSQL must refuse
 * writes under an epoch older than the table's, and a new holder must claim its epoch there
 * with a strict `epoch < $new` before its first write, so that two nodes handed the same
 * epoch by a Redis that lost its data cannot both write.
 *
 * Redis Cluster note: the two keys of a table and the keys of one renewal batch would need
 * one hash slot; this module is for a single Redis (with or without replicas).
 */
import { Redis } from 'ioredis';
import type { ChainableCommander, RedisOptions } from 'ioredis';

export const DEFAULT_TTL_MS = 5000;

const leaseKey = (tableId: string) => `fateboard:lease:${tableId}`;
const epochKey = (tableId: string) => `fateboard:epoch:${tableId}`;

/** Who Redis names as the table's holder. */
export type Holder = { nodeId: string; epoch: number };

export type AcquireResult =
  | { owner: 'self'; epoch: number; fresh: boolean }
  | { owner: 'other'; nodeId: string; epoch: number };

/** `refused`: Redis answered a renewal with someone else (or nobody). `expired`: the safety
 * window passed without a successful renewal (Redis down, slow, or this node stalled).
 * `fenced`: a commit under it met a later epoch in storage. */
type LossReason = 'refused' | 'expired' | 'fenced';

export type LeaseEvent =
  | { type: 'acquired'; tableId: string; epoch: number }
  | {
      type: 'lost';
      tableId: string;
      epoch: number;
      reason: LossReason;
    };

/** Same shape as the server's `Log`, so it can be passed straight in. */
export type ReportError = (message: string, error?: unknown, table?: string) => void;

// KEYS: lease, epoch. ARGV: nodeId, ttl ms, floor. Answers {nodeId, epoch, fresh 0|1}.
const ACQUIRE = `
local held = redis.call('GET', KEYS[1])
if not held then
  local epoch = redis.call('INCR', KEYS[2])
  local floor = tonumber(ARGV[3])
  if epoch <= floor then
    epoch = floor + 1
    redis.call('SET', KEYS[2], epoch)
  end
  redis.call('SET', KEYS[1], ARGV[1] .. ':' .. epoch, 'PX', ARGV[2])
  return {ARGV[1], epoch, 1}
end
local node, epoch = string.match(held, '^(.*):(%d+)$')
if not node then return redis.error_reply('malformed lease ' .. KEYS[1]) end
if node == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {node, tonumber(epoch), 0}
`;

// KEYS: any number of leases. ARGV: ttl ms, then the expected `node:epoch` of each key.
// Answers 1 (extended) or 0 (not ours any more) per key. One script for many leases, so a
// node's whole renewal is one command and one round trip.
const RENEW = `
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
`;

// KEYS: lease. ARGV: expected `node:epoch`. Deletes only our own lease.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Keys per renewal script call: bounds how long one call blocks Redis. */
const RENEW_BATCH = 1000;

/** The scripts `LeaseStore` defines; ioredis adds them at runtime, so they are typed here. */
interface LeaseScripts {
  fateboardLeaseAcquire(
    lease: string,
    epoch: string,
    nodeId: string,
    ttlMs: number,
    floor: number,
  ): Promise<unknown>;
  fateboardLeaseRelease(lease: string, expected: string): Promise<unknown>;
}
interface LeaseRenewScript {
  fateboardLeaseRenew(numKeys: number, ...keysThenArgs: (string | number)[]): unknown;
}

/**
 * ioredis options for a lease connection: commands fail at once instead of waiting for a
 * connection (a renewal that waits is worthless and hides the failure), and the client
 * reconnects on its own, quickly, when Redis is back.
 */
export function leaseRedisOptions(ttlMs = DEFAULT_TTL_MS): RedisOptions {
  return {
    // Not connected: reject instead of queueing until reconnection.
    enableOfflineQueue: false,
    // In flight when the connection drops: reject at the first reconnection attempt...
    maxRetriesPerRequest: 0,
    // ...and never resend a stale lease command on the next connection.
    autoResendUnfulfilledCommands: false,
    // Connected but unanswered (Redis paused, packets dropped): an answer later than a TTL
    // cannot keep a lease anyway.
    commandTimeout: ttlMs,
    connectTimeout: Math.max(ttlMs, 1000),
    // The default backs off to 5 s; a lease node should be back within a fraction of that.
    retryStrategy: (times) => Math.min(50 * times, 1000),
  };
}

/** A Redis client configured with `leaseRedisOptions`; it connects in the background. */
export function createLeaseClient(url: string, ttlMs = DEFAULT_TTL_MS): Redis {
  return new Redis(url, leaseRedisOptions(ttlMs));
}

function parseHolder(value: string): Holder {
  const match = /^(.*):(\d+)$/s.exec(value);
  if (!match) throw new Error(`malformed lease value ${JSON.stringify(value)}`);
  return { nodeId: match[1]!, epoch: Number(match[2]) };
}

/** The atomic lease operations of one node, each one Redis command. */
export class LeaseStore {
  private readonly scripts: LeaseScripts;

  constructor(
    readonly redis: Redis,
    readonly nodeId: string,
    readonly ttlMs = DEFAULT_TTL_MS,
  ) {
    if (!nodeId) throw new Error('a lease needs a node id');
    if (!(ttlMs > 0)) throw new Error('a lease needs a positive TTL');
    // defineCommand sends EVAL once per connection, then EVALSHA; it survives a Redis that
    // restarted without its script cache.
    redis.defineCommand('fateboardLeaseAcquire', { lua: ACQUIRE, numberOfKeys: 2 });
    redis.defineCommand('fateboardLeaseRenew', { lua: RENEW });
    redis.defineCommand('fateboardLeaseRelease', { lua: RELEASE, numberOfKeys: 1 });
    this.scripts = redis as unknown as LeaseScripts;
  }

  private value(epoch: number): string {
    return `${this.nodeId}:${epoch}`;
  }

  /**
   * Takes the table's lease if nobody holds it (with an epoch above both the last one in Redis
   * and `floor`, the last committed in PostgreSQL), extends it if this node holds it, or
   * answers who does.
   */
  async acquire(tableId: string, floor: number): Promise<AcquireResult> {
    if (!Number.isSafeInteger(floor) || floor < 0) throw new Error(`bad epoch floor ${floor}`);
    const reply = await this.scripts.fateboardLeaseAcquire(
      leaseKey(tableId),
      epochKey(tableId),
      this.nodeId,
      this.ttlMs,
      floor,
    );
    if (
      !Array.isArray(reply) ||
      typeof reply[0] !== 'string' ||
      typeof reply[1] !== 'number' ||
      typeof reply[2] !== 'number'
    ) {
      throw new Error(`unexpected acquire reply ${JSON.stringify(reply)}`);
    }
    const [nodeId, epoch, fresh] = reply as [string, number, number];
    return nodeId === this.nodeId
      ? { owner: 'self', epoch, fresh: fresh === 1 }
      : { owner: 'other', nodeId, epoch };
  }

  /** Extends the lease if it is still this node's under `epoch`; answers whether it was. */
  async renew(tableId: string, epoch: number): Promise<boolean> {
    const [held] = await this.renewMany([{ tableId, epoch }]);
    return held === true;
  }

  /** `renew` for many leases, in one round trip (one script call per `RENEW_BATCH` leases,
   * pipelined). Answers per lease, in order. */
  async renewMany(leases: readonly { tableId: string; epoch: number }[]): Promise<boolean[]> {
    if (leases.length === 0) return [];
    const pipeline = this.redis.pipeline() as ChainableCommander & LeaseRenewScript;
    for (let start = 0; start < leases.length; start += RENEW_BATCH) {
      const batch = leases.slice(start, start + RENEW_BATCH);
      pipeline.fateboardLeaseRenew(
        batch.length,
        ...batch.map((lease) => leaseKey(lease.tableId)),
        this.ttlMs,
        ...batch.map((lease) => this.value(lease.epoch)),
      );
    }
    const replies = await pipeline.exec();
    if (!replies) throw new Error('renewal pipeline aborted');
    const held: boolean[] = [];
    for (const [error, reply] of replies) {
      if (error) throw error;
      if (!Array.isArray(reply)) throw new Error(`unexpected renew reply ${JSON.stringify(reply)}`);
      for (const answer of reply) held.push(answer === 1);
    }
    if (held.length !== leases.length) throw new Error('renew answered the wrong count');
    return held;
  }

  /** Deletes the lease if it is still this node's under `epoch`; answers whether it was. */
  async release(tableId: string, epoch: number): Promise<boolean> {
    const reply = await this.scripts.fateboardLeaseRelease(leaseKey(tableId), this.value(epoch));
    return reply === 1;
  }

  /** Who holds the table now, for forwarding to it; undefined when nobody does. */
  async owner(tableId: string): Promise<Holder | undefined> {
    const value = await this.redis.get(leaseKey(tableId));
    return value === null ? undefined : parseHolder(value);
  }
}

type HeldLease = { epoch: number; safeUntil: number };

export interface LeaseKeeperOptions {
  /** The keeper's own connection (see `createLeaseClient`); `close()` quits it. */
  redis: Redis;
  /** Unique per running process: a restarted process must not inherit its predecessor's
   * leases by name. */
  nodeId: string;
  ttlMs?: number;
  /** How much earlier than Redis this node gives a lease up (default ttl/5): covers the
   * clock-rate difference between this host and Redis's. */
  marginMs?: number;
  report?: ReportError;
}

type Listener = (event: LeaseEvent) => void;

/**
 * The leases one node holds: renews them all every ttl/3 in one round trip and answers,
 * from its own clock, whether each is still safe to write under.
 */
export class LeaseKeeper {
  readonly store: LeaseStore;
  readonly ttlMs: number;
  readonly marginMs: number;
  private readonly held = new Map<string, HeldLease>();
  private readonly listeners = new Set<Listener>();
  private readonly report: ReportError;
  private readonly renewTimer: NodeJS.Timeout;
  private lossTimer: NodeJS.Timeout | undefined;
  private renewalsFailing = false;
  private closed = false;

  constructor(options: LeaseKeeperOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.marginMs = options.marginMs ?? this.ttlMs / 5;
    // With renewals every ttl/3, a margin of ttl/2 or more would lose leases between two
    // healthy renewals.
    if (!(this.marginMs >= 0 && this.marginMs < this.ttlMs / 2)) {
      throw new Error(`lease margin ${this.marginMs} must be in [0, ttl/2)`);
    }
    this.store = new LeaseStore(options.redis, options.nodeId, this.ttlMs);
    this.report = options.report ?? ((message, error) => console.error(message, error));
    // Errors surface as failed commands; without a listener ioredis prints each one.
    options.redis.on('error', () => {});
    this.renewTimer = setInterval(() => void this.renewAll(), this.ttlMs / 3);
    // The keeper alone must not keep a process alive.
    this.renewTimer.unref();
  }

  get nodeId(): string {
    return this.store.nodeId;
  }

  /** Whether the last renewal failed (Redis unreachable or not answering). */
  get failing(): boolean {
    return this.renewalsFailing;
  }

  /** Listens for leases acquired and lost; answers a function that stops listening. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The lease's epoch while this node may write the table under it, else undefined. */
  holds(tableId: string): { epoch: number } | undefined {
    const lease = this.held.get(tableId);
    if (!lease || this.closed || performance.now() >= lease.safeUntil) return undefined;
    return { epoch: lease.epoch };
  }

  /** The tables this node may write now. */
  tables(): string[] {
    const now = performance.now();
    return [...this.held].filter(([, lease]) => now < lease.safeUntil).map(([id]) => id);
  }

  /**
   * `LeaseStore.acquire`, and keeps the lease when it is this node's. Whether this node may
   * write is `holds()`: an answer that came back slower than the safety window is no lease.
   * Rejects when Redis cannot be reached.
   */
  async acquire(tableId: string, floor: number): Promise<AcquireResult> {
    if (this.closed) throw new Error('lease keeper closed');
    const sent = performance.now();
    const result = await this.store.acquire(tableId, floor);
    if (result.owner === 'other') return result;
    if (this.closed) {
      // Closed while the answer was on its way: nobody here will renew it.
      this.store.release(tableId, result.epoch).catch(() => {});
      return result;
    }
    const before = this.held.get(tableId);
    if (before && before.epoch !== result.epoch) this.lose(tableId, before, 'refused');
    const lease = this.held.get(tableId);
    const safeUntil = sent + this.ttlMs - this.marginMs;
    if (lease) {
      lease.safeUntil = Math.max(lease.safeUntil, safeUntil);
    } else {
      this.held.set(tableId, { epoch: result.epoch, safeUntil });
      this.emit({ type: 'acquired', tableId, epoch: result.epoch });
    }
    this.checkLosses();
    return result;
  }

  /**
   * A commit under `epoch` was fenced out: a later lease exists, so this one is over whatever
   * its window says (Redis's key expired during a stall this side did not notice yet).
   */
  drop(tableId: string, epoch: number): void {
    const lease = this.held.get(tableId);
    if (lease?.epoch === epoch) this.lose(tableId, lease, 'fenced');
  }

  /** Gives the lease up: at once locally, then in Redis (whose answer is returned). */
  async release(tableId: string): Promise<boolean> {
    const lease = this.held.get(tableId);
    if (!lease) return false;
    this.held.delete(tableId);
    return this.store.release(tableId, lease.epoch);
  }

  /** Who holds the table according to Redis. */
  owner(tableId: string): Promise<Holder | undefined> {
    return this.store.owner(tableId);
  }

  /** Renews every held lease in one round trip. Never rejects: a failure is a renewal that
   * did not happen, and the safety window runs out on its own. */
  async renewAll(): Promise<void> {
    this.checkLosses();
    if (this.closed || this.held.size === 0) return;
    const leases = [...this.held].map(([tableId, lease]) => ({ tableId, epoch: lease.epoch }));
    const sent = performance.now();
    let answers: boolean[];
    try {
      answers = await this.store.renewMany(leases);
    } catch (error) {
      if (!this.renewalsFailing) this.report('lease renewals failing', error);
      this.renewalsFailing = true;
      return;
    }
    this.renewalsFailing = false;
    if (this.closed) return;
    leases.forEach(({ tableId, epoch }, i) => {
      const lease = this.held.get(tableId);
      // Released, lost or re-acquired under another epoch while the renewal was out.
      if (!lease || lease.epoch !== epoch) return;
      if (answers[i])
        lease.safeUntil = Math.max(lease.safeUntil, sent + this.ttlMs - this.marginMs);
      else this.lose(tableId, lease, 'refused');
    });
    this.checkLosses();
  }

  /** Releases the held leases (best effort, bounded by a TTL) and closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.renewTimer);
    clearTimeout(this.lossTimer);
    const leases = [...this.held];
    this.held.clear();
    const redis = this.store.redis;
    await withinMs(
      this.ttlMs,
      Promise.allSettled(leases.map(([id, lease]) => this.store.release(id, lease.epoch))),
    );
    const quit = await withinMs(
      this.ttlMs,
      redis.quit().then(
        () => true,
        () => false,
      ),
    );
    if (quit !== true) redis.disconnect();
  }

  /** Declares lost every lease whose window has passed, and sets a timer for the next one. */
  private checkLosses(): void {
    clearTimeout(this.lossTimer);
    this.lossTimer = undefined;
    if (this.closed) return;
    const now = performance.now();
    let next = Infinity;
    for (const [tableId, lease] of this.held) {
      if (now >= lease.safeUntil) this.lose(tableId, lease, 'expired');
      else next = Math.min(next, lease.safeUntil);
    }
    if (next === Infinity) return;
    // +1: timers may fire up to a millisecond early against performance.now().
    this.lossTimer = setTimeout(() => this.checkLosses(), next - now + 1);
    this.lossTimer.unref();
  }

  private lose(tableId: string, lease: HeldLease, reason: LossReason): void {
    this.held.delete(tableId);
    // Redis may still name this node (a stall on this side): free the table for others
    // now rather than at Redis's expiry, and so that the next claim takes a fresh epoch above
    // the fence. Compare-and-delete, so it cannot free another's.
    if (reason !== 'refused') this.store.release(tableId, lease.epoch).catch(() => {});
    this.emit({ type: 'lost', tableId, epoch: lease.epoch, reason });
  }

  private emit(event: LeaseEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // A listener's bug must not stop the other listeners or escape from a timer.
        this.report(`lease ${event.type} listener failed`, error, event.tableId);
      }
    }
  }
}

/** `promise`'s value, or undefined after `ms`. */
async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
