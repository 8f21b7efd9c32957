import { performance } from 'node:perf_hooks';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { NewChatMessage, Storage } from '../storage';
import { commitBatch } from './batch-commit';
import { BatchTimings } from './batch-timings';
import type { BatchRoom, ChatCommitted, ChatJob, HandledCommand, Job, Prepare } from './batch';
import { answerOnceApplied, readPrevious } from './batch-steps';
import { NOT_IN_TIME } from './commit-answers';

// The group commit's queue: what is submitted, when a batch starts, the lane that runs batches
// and exclusive tasks one at a time, each command's deadline, and reads held while the live
// documents are ahead of storage. What one batch does once started (apply, store, answer,
// publish) is batch-commit.ts.

export type { BatchRoom, ChatCommitted, HandledCommand, Prepare, Prepared } from './batch';
export {
  MOVED,
  NOT_IN_TIME,
  REDIS_UNAVAILABLE,
  STORAGE_UNAVAILABLE,
  UNKNOWN_OUTCOME,
} from './commit-answers';

/** A batch that ended less than this long ago means load (GroupCommit's `gatherMs`). */
const BUSY_MS = 10;

/** How long a command waits for its answer by default (GroupCommit's `answerWithinMs`). */
export const ANSWER_WITHIN_MS = 1500;

/**
 * Group commit. The commands that arrive while the previous batch is being stored (or in one
 * turn of the event loop, when none is) make the next batch. A batch:
 *   1. reads the stored commands under its commands' ids (retries): one query for the batch
 *      with PostgreSQL (`findCommandsOf`), one per table with SQLite, which answers at once;
 *   2. applies its commands in arrival order on the rooms' live documents, each start to
 *      finish without yielding;
 *   3. stores every table's writes in ONE transaction (`Storage.commit`): one fsync for all;
 *   4. only then acknowledges each command and publishes its updates, in order; a table whose
 *      part was not stored has its commands refused and its room reloaded.
 * Batches, and the room maintenance that writes documents (`exclusive`), run one at a time,
 * so a table's commands are stored in the order they were applied.
 *
 * Between 2 and the end of 4 the live documents may hold what is not yet stored. Whoever reads
 * them for a client (a sync answer, a REST read) does it through `read`: nobody is ever sent a
 * change that is not stored. With SQLite, 2 to 4 finish within one turn of the event loop (its
 * commit is synchronous), so a reader that came in with I/O never waits.
 */
export class GroupCommit {
  private jobs: Job[] = [];
  private chats: ChatJob[] = [];
  private scheduled = false;
  /** The batches and exclusive tasks, one after the other. */
  private lane: Promise<void> = Promise.resolve();
  /** True while applied changes are not yet stored (or undone). */
  private dirty = false;
  private cleanWaiters: (() => void)[] = [];
  /** Commits so far and the commands they carried (the benchmarks and tests read these). */
  readonly stats = { batches: 0, commands: 0, largest: 0 };
  /** When the last batch ended (performance.now()): `schedule` tells load from it. */
  private lastBatchEnded = -Infinity;
  /** How long the latest batches took to apply and to commit (batch-timings.ts). */
  private readonly recent = new BatchTimings();

  constructor(
    private readonly storage: Storage,
    private readonly log: Log,
    private readonly metrics?: Metrics,
    /**
     * How long a command may wait for its answer: past it, one its batch has not applied yet
     * is refused with `storage` (it never will be applied), and one whose batch is committing
     * is answered `unknown-outcome`. So a database that stops answering holds nobody longer.
     */
    private readonly answerWithinMs = ANSWER_WITHIN_MS,
    /**
     * Under load, how long a batch waits for more commands before it starts (0: never). With a
     * networked storage every batch pays a round trip, a statement and, in cluster mode, a
     * publish per table, whatever its size: a few milliseconds of latency buy fewer of them.
     */
    private readonly gatherMs = 0,
  ) {}

  /** When a command that arrives now must be answered (performance.now()). */
  deadline(): number {
    return performance.now() + this.answerWithinMs;
  }

  /**
   * Queues a command for the next batch; resolves with its answer by `deadline`
   * (performance.now(); `answerWithinMs` from now by default).
   */
  submit(
    room: BatchRoom,
    commandId: string | undefined,
    prepare: Prepare,
    deadline = this.deadline(),
  ): Promise<HandledCommand> {
    return new Promise((resolve) => {
      const job: Job = { room, commandId, prepare, resolve, deadline, stage: 'queued' };
      job.timer = setTimeout(() => this.expire(job), Math.max(0, deadline - performance.now()));
      job.timer.unref();
      this.jobs.push(job);
      this.schedule();
    });
  }

  /**
   * A chat message of the room's table, stored in the next batch's transaction with the
   * commands (one fsync for all); resolves once it is committed. Its part carries no fence:
   * any node stores a table's chat, which no lease orders (the storage numbers it).
   */
  submitChat(room: BatchRoom, message: NewChatMessage, keep: number): Promise<ChatCommitted> {
    return new Promise((resolve) => {
      this.chats.push({ room, message, keep, resolve });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const flush = () => {
      this.scheduled = false;
      void this.enqueue(() => this.flush());
    };
    // Under load (a batch under way, or one that ended a moment ago), what arrives within
    // `gatherMs` joins the batch; otherwise (and always with SQLite, whose commit is
    // synchronous) what arrives in this turn does, and a lone command never waits.
    const busy = this.dirty || performance.now() - this.lastBatchEnded < BUSY_MS;
    if (this.gatherMs > 0 && busy) setTimeout(flush, this.gatherMs);
    else setImmediate(flush);
  }

  /**
   * Runs `task` between batches, none running meanwhile: room maintenance that reads the live
   * documents and writes them to storage (compaction, rebuilds). Resolves with what it answers.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.enqueue(() => task().then(resolve, reject));
    });
  }

  /** Whether the live documents hold only what is stored (see `read`). */
  get settled(): boolean {
    return !this.dirty;
  }

  /**
   * Runs `reader` once the live documents hold only what is stored, at that very moment (no
   * yield between the check and the read), and answers what it answers. At once when no
   * batch is between applying and storing, which with SQLite is always.
   */
  async read<T>(reader: () => T): Promise<T> {
    while (this.dirty) await new Promise<void>((resolve) => this.cleanWaiters.push(resolve));
    return reader();
  }

  /** Resolves once every command submitted so far is settled and every task has run. */
  async drain(): Promise<void> {
    while (this.jobs.length > 0 || this.chats.length > 0 || this.scheduled) {
      await this.lane;
      if (this.jobs.length > 0 || this.chats.length > 0) await this.enqueue(() => this.flush());
    }
    await this.lane;
  }

  /** Answers a job once; what would answer it later is dropped. */
  private answer(job: Job, handled: HandledCommand): void {
    if (job.stage === 'answered') return;
    job.stage = 'answered';
    clearTimeout(job.timer);
    job.resolve(handled);
  }

  /** A job's deadline came: answered with what is known of it now. */
  private expire(job: Job): void {
    switch (job.stage) {
      case 'queued':
        this.jobs = this.jobs.filter((queued) => queued !== job);
        this.answer(job, NOT_IN_TIME);
        return;
      case 'reading':
        // Its batch skips it: never applied.
        this.answer(job, NOT_IN_TIME);
        return;
      case 'applied':
        this.answer(job, answerOnceApplied(job.prepared));
        return;
      case 'answered':
        return;
    }
  }

  /** Milliseconds spent applying and committing each of the last `count` batches, oldest first. */
  timings(count?: number): { applyMs: number[]; commitMs: number[] } {
    return this.recent.last(count);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    // A task never rejects the lane: each one answers its own failures.
    this.lane = this.lane.then(task).catch((error: unknown) => {
      this.log('a group commit task failed', error);
    });
    return this.lane;
  }

  /** Applies and commits everything submitted so far. */
  private async flush(): Promise<void> {
    const queued = this.jobs;
    const chats = this.chats;
    this.jobs = [];
    this.chats = [];
    for (const job of queued) job.stage = 'reading';
    if (queued.length === 0 && chats.length === 0) return;
    const previous = await readPrevious(this.storage, this.log, queued);
    // What came past its deadline while the stored commands were read is answered already.
    const jobs = queued.filter((job) => job.stage === 'reading');
    if (jobs.length === 0 && chats.length === 0) return;
    this.stats.batches++;
    this.stats.commands += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    const started = performance.now();
    this.dirty = true;
    try {
      const answer = (job: Job, handled: HandledCommand) => this.answer(job, handled);
      const { storage, log, metrics, recent } = this;
      await commitBatch({ storage, log, metrics, recent, answer }, jobs, chats, previous, started);
    } finally {
      this.lastBatchEnded = performance.now();
      this.dirty = false;
      const waiters = this.cleanWaiters;
      this.cleanWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
