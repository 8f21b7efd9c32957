import { TokenBucket } from './rate-limit';

/**
 * What one table's readers may cost the server: every sync answer (which may be the whole
 * document) is paid for in bytes from a per-table bucket. When it is empty, requests wait in
 * a queue and are answered as it refills, so a crowd of readers hammering one table slows
 * only that table's answers, never another table's commands.
 *
 * A connection has at most one request waiting: a newer one replaces it and goes to the back,
 * so a connection that asks again and again queues behind everyone who asked once.
 */
/** Bytes of answers sent in one turn of the event loop before the rest wait for the next. */
const SLICE_BYTES = 256 * 1024;

export class ReadBudget {
  /** Bytes: an answer may overdraw it (see `request`). */
  private readonly bucket: TokenBucket;
  private readonly waiting = new Map<object, () => number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Bytes a second. */
    rate: number,
    /** Bytes that may go out at once after a quiet spell. */
    burst: number,
    clock: () => number,
  ) {
    this.bucket = new TokenBucket(rate, burst, clock);
  }

  /**
   * Runs `answer` (which sends and returns the bytes it sent) now if the budget allows,
   * otherwise once it does. An answer may overdraw the budget, so that one larger than the
   * burst still goes out; the next ones wait for the debt to be paid.
   */
  request(who: object, answer: () => number): void {
    this.waiting.delete(who);
    this.waiting.set(who, answer);
    this.drain();
  }

  /** Drops a connection's waiting request (it closed). */
  forget(who: object): void {
    this.waiting.delete(who);
  }

  /** Requests waiting for the budget to refill. */
  get queued(): number {
    return this.waiting.size;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting.clear();
  }

  private drain(): void {
    this.bucket.refill();
    let sent = 0;
    for (const [who, answer] of this.waiting) {
      if (this.bucket.balance <= 0) break;
      if (sent >= SLICE_BYTES) {
        // Let other tables' commands run between slices of a large burst.
        if (this.timer === undefined) this.timer = setTimeout(() => this.wake(), 0);
        return;
      }
      this.waiting.delete(who);
      const bytes = answer();
      sent += bytes;
      this.bucket.overdraw(bytes);
    }
    if (this.waiting.size > 0 && this.timer === undefined) {
      const wait = Math.max(1, this.bucket.msUntilNext());
      this.timer = setTimeout(() => this.wake(), wait);
      this.timer.unref();
    }
  }

  private wake(): void {
    this.timer = undefined;
    this.drain();
  }
}
