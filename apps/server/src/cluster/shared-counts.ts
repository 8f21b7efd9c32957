import { performance } from 'node:perf_hooks';
import { LruMap } from '../limits/lru';

/**
 * A limit every node counts together (Cluster.allow), asked of Redis a share at a time rather
 * than once per request: a node reserves a share of a key's allowance (one INCRBY of the share,
 * atomically with the window's expiry), then spends it locally, without a round trip, until it
 * is used up or the window ends. The counts in Redis are reservations, so the nodes together
 * never pass the allowance: a node whose reservation comes back partly over it gets only what
 * was left, and knows the key used up until the window ends (refused without asking again).
 * What a node reserved and did not spend is lost for the window: a person who moves from one
 * node to another loses at most a share (a sixteenth of the allowance) for a window.
 */

/** What Redis answers a reservation: the key's count after it, and its window's time left. */
export interface Reservation {
  count: number;
  ttlMs: number;
}

/**
 * Adds `amount` to `key`'s count in a window of `windowMs` from its first count; undefined when
 * Redis cannot be asked.
 */
export type Reserve = (
  key: string,
  amount: number,
  windowMs: number,
) => Promise<Reservation | undefined>;

/** How much of an allowance one reservation takes: a sixteenth, at least one. */
const SHARES = 16;
/** How many keys a node holds reservations of; past it the least recently used go (spent). */
const KEYS_HELD = 100_000;

interface Held {
  /** What this node may still spend without asking. */
  left: number;
  /** When the window ends (performance.now()): what is left goes then. */
  until: number;
  /** The allowance is used up over the nodes: refused until `until`. */
  exhausted: boolean;
}

export class SharedCounts {
  private readonly held = new LruMap<string, Held>(KEYS_HELD);
  /** One reservation at a time per key: the others wait for it. */
  private readonly reserving = new Map<string, Promise<boolean>>();

  constructor(
    private readonly reserve: Reserve,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Takes one under `key`: true while the nodes together used fewer than `allowance` in the
   * window, and true when Redis cannot be asked (each node's own limit holds then).
   */
  async take(key: string, allowance: number, windowMs: number): Promise<boolean> {
    // Each turn either spends, refuses, or waits for a reservation that leaves this node some
    // to spend or the key used up: a turn never ends where it started.
    for (;;) {
      const held = this.current(key);
      if (held && held.left > 0) {
        held.left--;
        return true;
      }
      if (held?.exhausted) return false;
      let reserving = this.reserving.get(key);
      if (!reserving) {
        reserving = this.reserveShare(key, allowance, windowMs).finally(() =>
          this.reserving.delete(key),
        );
        this.reserving.set(key, reserving);
      }
      if (!(await reserving)) return true;
    }
  }

  /** The key's reservation while its window lasts. */
  private current(key: string): Held | undefined {
    const held = this.held.get(key);
    if (held && held.until <= this.now()) {
      this.held.delete(key);
      return undefined;
    }
    return held;
  }

  /** Reserves a share of the key's allowance; false when Redis could not be asked. */
  private async reserveShare(key: string, allowance: number, windowMs: number): Promise<boolean> {
    const share = Math.max(1, Math.floor(allowance / SHARES));
    // The window is timed from before asking: it ends here no later than in Redis.
    const asked = this.now();
    const answer = await this.reserve(key, share, windowMs);
    if (answer === undefined) return false;
    const before = answer.count - share;
    const granted = Math.max(0, Math.min(share, allowance - before));
    const ttlMs = answer.ttlMs > 0 ? answer.ttlMs : windowMs;
    const held = this.current(key);
    this.held.set(key, {
      left: (held?.left ?? 0) + granted,
      until: asked + ttlMs,
      exhausted: granted < share,
    });
    return true;
  }
}
