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
  private tokens: number;
  private last: number;
  private readonly waiting = new Map<object, () => number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Bytes a second. */
    private readonly rate: number,
    /** Bytes that may go out at once after a quiet spell. */
    private readonly burst: number,
    private readonly clock: () => number,
  ) {
    this.tokens = burst;
    this.last = clock();
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
    this.refill();
    let sent = 0;
    for (const [who, answer] of this.waiting) {
      if (this.tokens <= 0) break;
      if (sent >= SLICE_BYTES) {
        // Let other tables' commands run between slices of a large burst.
        if (this.timer === undefined) this.timer = setTimeout(() => this.wake(), 0);
        return;
      }
      this.waiting.delete(who);
      const bytes = answer();
      sent += bytes;
      this.tokens -= bytes;
    }
    if (this.waiting.size > 0 && this.timer === undefined) {
      const wait = Math.max(1, Math.ceil(((1 - this.tokens) / this.rate) * 1000));
      this.timer = setTimeout(() => this.wake(), wait);
      this.timer.unref();
    }
  }

  private wake(): void {
    this.timer = undefined;
    this.drain();
  }

  private refill(): void {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }
}
