const RECENT = 1024;

/**
 * How long the latest batches of a group commit took: applying their commands (rules, Yjs)
 * and committing them (the storage's transaction, its fsync). A ring of the last RECENT, for
 * diagnosis (the benchmarks and tests read it).
 */
export class BatchTimings {
  private readonly apply = new Float64Array(RECENT);
  private readonly commit = new Float64Array(RECENT);
  private count = 0;

  record(applyMs: number, commitMs: number): void {
    const slot = this.count % RECENT;
    this.apply[slot] = applyMs;
    this.commit[slot] = commitMs;
    this.count++;
  }

  /** Milliseconds spent applying and committing each of the last `count` batches, oldest first. */
  last(count = RECENT): { applyMs: number[]; commitMs: number[] } {
    const n = Math.min(count, this.count, RECENT);
    const applyMs: number[] = [];
    const commitMs: number[] = [];
    for (let i = this.count - n; i < this.count; i++) {
      applyMs.push(this.apply[i % RECENT]!);
      commitMs.push(this.commit[i % RECENT]!);
    }
    return { applyMs, commitMs };
  }
}
