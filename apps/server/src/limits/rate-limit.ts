/** A token bucket: `rate` tokens a second, at most `burst` saved up. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly clock: () => number,
  ) {
    this.tokens = burst;
    this.last = clock();
  }

  /** Takes one token if there is one. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is there (0 when one is), taking none. */
  msUntilReady(): number {
    this.refill();
    return this.msUntilNext();
  }

  /** Adds the tokens earned since the last refill, up to `burst`. */
  refill(): void {
    const now = this.clock();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  /** The tokens as of the last refill: below zero while an overdraft is being paid. */
  get balance(): number {
    return this.tokens;
  }

  /**
   * Takes `amount` tokens whether or not there are that many: for a cost known only once paid
   * (the bytes of an answer), the debt delaying what comes next.
   */
  overdraw(amount: number): void {
    this.tokens -= amount;
  }

  /** Milliseconds until the next token, after a refused `take` (0 when one is there). */
  msUntilNext(): number {
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }
}

/**
 * A bucket that also notices a flood: once refusals since the last accepted message pass
 * `floodAfter`, `take` answers 'flood' and the caller drops the connection.
 */
export class FloodGuard {
  private readonly bucket: TokenBucket;
  private refusedInARow = 0;

  constructor(
    rate: number,
    burst: number,
    private readonly floodAfter: number,
    clock: () => number,
  ) {
    this.bucket = new TokenBucket(rate, burst, clock);
  }

  take(): 'ok' | 'limited' | 'flood' {
    if (this.bucket.take()) {
      this.refusedInARow = 0;
      return 'ok';
    }
    this.refusedInARow++;
    return this.refusedInARow > this.floodAfter ? 'flood' : 'limited';
  }
}
