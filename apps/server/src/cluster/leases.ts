/**
 * Table write leases for cluster mode: at most one node writes a table at a time.
 *
 * The leases live in the storage every node shares (storage/postgres-leases.ts): per table a
 * holder, an epoch and an expiry on the database's clock. Every new holder gets an epoch above
 * any before it, stored as the table's fence as it is taken, so PostgreSQL refuses the
 * commits of every earlier holder from then on.
 *
 * A lease is still advisory on the holder's side: a node that stalls (GC, SIGSTOP, a cut
 * network) may believe it owns a table after the database gave it to another. So `LeaseKeeper`
 * stops believing first: a lease is safe until `sent + ttl - margin`, `sent` being when the last
 * successful acquire or renewal was SENT (the database starts its TTL no earlier than that),
 * measured with the monotonic `performance.now()`. The fence stops what slips through anyway
 * (a write begun just inside the window and landing after it).
 */
import type { LeaseAnswer, LeaseStore } from '../storage';

/** The defaults ride out a 1 s stall (a long GC pause) without a lease move: see LeaseTimings. */
export const LEASE_TIMINGS: LeaseTimings = { ttlMs: 4000, renewMs: 1000 };

/**
 * How long a lease lasts and how often its holder renews it. A holder paused for less than
 * `ttl - margin - renew` (here 4000 - 800 - 1000 = 2.2 s) keeps its leases; a dead holder's
 * tables move after at most `ttl`.
 */
export interface LeaseTimings {
  ttlMs: number;
  renewMs: number;
  /** How much earlier than the database this node gives a lease up (default ttl/5): covers
   * the clock-rate difference between this host and the database's. */
  marginMs?: number;
}

/** `refused`: the store answered a renewal with someone else (or nobody). `expired`: the safety
 * window passed without a successful renewal (the store down, slow, or this node stalled).
 * `fenced`: a commit under it met a later epoch in storage. `released`: given up. */
export type LossReason = 'refused' | 'expired' | 'fenced' | 'released';

export type LeaseEvent =
  | { type: 'acquired'; tableId: string; epoch: number }
  | { type: 'lost'; tableId: string; epoch: number; reason: LossReason };

/** Same shape as the server's `Log`, so it can be passed straight in. */
export type ReportError = (message: string, error?: unknown, table?: string) => void;

type HeldLease = { epoch: number; safeUntil: number };

export interface LeaseKeeperOptions extends Partial<LeaseTimings> {
  /** Where the leases are kept; `close()` closes it. */
  store: LeaseStore;
  /** Unique per running process: a restarted process must not inherit its predecessor's
   * leases by name. */
  nodeId: string;
  report?: ReportError;
}

type Listener = (event: LeaseEvent) => void;

/**
 * The leases one node holds: renews them all every `renewMs` in one statement and answers,
 * from its own clock, whether each is still safe to write under.
 */
export class LeaseKeeper {
  readonly store: LeaseStore;
  readonly nodeId: string;
  readonly ttlMs: number;
  readonly renewMs: number;
  readonly marginMs: number;
  private readonly held = new Map<string, HeldLease>();
  private readonly listeners = new Set<Listener>();
  private readonly report: ReportError;
  private readonly renewTimer: NodeJS.Timeout;
  private lossTimer: NodeJS.Timeout | undefined;
  private renewing = false;
  private renewalsFailing = false;
  private closed = false;

  constructor(options: LeaseKeeperOptions) {
    if (!options.nodeId) throw new Error('a lease needs a node id');
    this.nodeId = options.nodeId;
    this.ttlMs = options.ttlMs ?? LEASE_TIMINGS.ttlMs;
    this.renewMs = options.renewMs ?? LEASE_TIMINGS.renewMs;
    this.marginMs = options.marginMs ?? this.ttlMs / 5;
    // A margin and a renewal period that add up to the TTL would lose leases between two
    // healthy renewals.
    if (!(this.renewMs > 0 && this.marginMs >= 0 && this.renewMs + this.marginMs < this.ttlMs)) {
      throw new Error(
        `lease renewal ${this.renewMs} ms and margin ${this.marginMs} ms must add up to less than its TTL ${this.ttlMs} ms`,
      );
    }
    this.store = options.store;
    this.report = options.report ?? ((message, error) => console.error(message, error));
    this.renewTimer = setInterval(() => void this.renewAll(), this.renewMs);
    // The keeper alone must not keep a process alive.
    this.renewTimer.unref();
  }

  /** Whether the last renewal failed (the store unreachable or not answering). */
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
   * Rejects when the store cannot be reached.
   */
  async acquire(tableId: string): Promise<LeaseAnswer> {
    if (this.closed) throw new Error('lease keeper closed');
    const sent = performance.now();
    const result = await this.store.acquire(tableId, this.nodeId, this.ttlMs);
    if (result.owner === 'other') return result;
    if (this.closed) {
      // Closed while the answer was on its way: nobody here will renew it.
      this.store.release(tableId, this.nodeId, result.epoch).catch(() => {});
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
   * its window says (it expired during a stall this side did not notice yet).
   */
  drop(tableId: string, epoch: number): void {
    const lease = this.held.get(tableId);
    if (lease?.epoch === epoch) this.lose(tableId, lease, 'fenced');
  }

  /** Gives the lease up: at once locally, then in the store (whose answer is returned). */
  async release(tableId: string): Promise<boolean> {
    const lease = this.held.get(tableId);
    if (!lease) return false;
    this.held.delete(tableId);
    this.emit({ type: 'lost', tableId, epoch: lease.epoch, reason: 'released' });
    return this.store.release(tableId, this.nodeId, lease.epoch);
  }

  /** Who holds the table according to the store. */
  async owner(tableId: string): Promise<{ nodeId: string; epoch: number } | undefined> {
    const holder = await this.store.owner(tableId);
    return holder && { nodeId: holder.holder, epoch: holder.epoch };
  }

  /** Renews every held lease in one statement. Never rejects: a failure is a renewal that
   * did not happen, and the safety window runs out on its own. */
  async renewAll(): Promise<void> {
    this.checkLosses();
    if (this.closed || this.held.size === 0 || this.renewing) return;
    const leases = [...this.held].map(([tableId, lease]) => ({ tableId, epoch: lease.epoch }));
    const sent = performance.now();
    let answers: boolean[];
    this.renewing = true;
    try {
      answers = await this.store.renew(leases, this.nodeId, this.ttlMs);
    } catch (error) {
      if (!this.renewalsFailing) this.report('lease renewals failing', error);
      this.renewalsFailing = true;
      return;
    } finally {
      this.renewing = false;
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

  /** Releases the held leases (best effort, bounded by a TTL) and closes the store. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.renewTimer);
    clearTimeout(this.lossTimer);
    const leases = [...this.held];
    this.held.clear();
    await withinMs(
      this.ttlMs,
      Promise.allSettled(
        leases.map(([id, lease]) => this.store.release(id, this.nodeId, lease.epoch)),
      ),
    );
    await withinMs(
      this.ttlMs,
      this.store.close().catch(() => {}),
    );
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
    // The store may still name this node (a stall on this side): free the table for others
    // now rather than at its expiry. Compare-and-release, so it cannot free another's.
    if (reason !== 'refused') {
      this.store.release(tableId, this.nodeId, lease.epoch).catch(() => {});
    }
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
