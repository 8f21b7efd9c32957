import { performance } from 'node:perf_hooks';
import type { Ack } from '@fateboard/table';
import type { Log } from './logger';
import type { Metrics } from './metrics';
import type { Storage } from './storage';

export interface HandledCommand {
  ack: Ack;
  /** Set when a seatless player got a seat: the connection now acts for it. */
  seatId?: string;
}

/** What applying one command leaves to do once its batch is committed, or has failed. */
export interface Prepared {
  handled: HandledCommand;
  /** It wrote to storage: if the batch's commit fails, it is refused with `storage`. */
  wrote: boolean;
  /** Hands its document updates to the room's listeners (the broadcast); after the commit. */
  publish?: () => void;
  /**
   * Undoes what the failed commit left in memory: the room reloads from storage. The same
   * function for every command of a room, so a room reloads once per failed batch.
   */
  rollback?: () => void;
  /** Undoes a side effect on the sender's connection (a seat granted by a join). */
  undo?: () => void;
}

interface Job {
  prepare: () => Prepared;
  resolve: (handled: HandledCommand) => void;
}

const RECENT = 1024;

const STORAGE_FAILED: Ack = {
  ok: false,
  code: 'storage',
  message: 'The command could not be saved.',
};

/**
 * Group commit. The commands that arrive in one turn of the event loop are applied at the end
 * of it, in arrival order, one after the other, inside ONE SQLite transaction: one fsync for
 * all of them instead of one each, which is what bounds durable throughput. Only after the
 * commit is each one acknowledged and its update published, in order. Applying, committing
 * and publishing run without yielding, so nobody ever reads a change that is not stored.
 *
 * A command waits at most until the end of the current turn (setImmediate); under load the
 * turn holds many commands and the one fsync is shared.
 */
export class GroupCommit {
  private jobs: Job[] = [];
  private scheduled = false;
  /** Commits so far and the commands they carried (the benchmarks and tests read these). */
  readonly stats = { batches: 0, commands: 0, largest: 0 };
  /**
   * How long the latest batches took: applying their commands (rules, Yjs, the SQLite rows) and
   * committing them (SQLite's COMMIT, its fsync). A ring of the last RECENT, for diagnosis.
   */
  private readonly recent = { apply: new Float64Array(RECENT), commit: new Float64Array(RECENT) };

  constructor(
    private readonly storage: Storage,
    private readonly log: Log,
    private readonly metrics?: Metrics,
  ) {}

  submit(prepare: () => Prepared): Promise<HandledCommand> {
    return new Promise((resolve) => {
      this.jobs.push({ prepare, resolve });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Milliseconds spent applying and committing each of the last `count` batches, oldest first. */
  timings(count = RECENT): { applyMs: number[]; commitMs: number[] } {
    const n = Math.min(count, this.stats.batches, RECENT);
    const applyMs: number[] = [];
    const commitMs: number[] = [];
    for (let i = this.stats.batches - n; i < this.stats.batches; i++) {
      applyMs.push(this.recent.apply[i % RECENT]!);
      commitMs.push(this.recent.commit[i % RECENT]!);
    }
    return { applyMs, commitMs };
  }

  /** Applies and commits everything submitted so far. */
  flush(): void {
    this.scheduled = false;
    const jobs = this.jobs;
    this.jobs = [];
    if (jobs.length === 0) return;
    this.stats.batches++;
    this.stats.commands += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);

    const prepared: Prepared[] = [];
    let committed = true;
    const started = performance.now();
    let applied = started;
    try {
      this.storage.batch(() => {
        for (const job of jobs) prepared.push(job.prepare());
        applied = performance.now();
      });
      const slot = (this.stats.batches - 1) % RECENT;
      const ended = performance.now();
      this.recent.apply[slot] = applied - started;
      this.recent.commit[slot] = ended - applied;
      this.metrics?.commit((ended - started) / 1000, jobs.length, true);
    } catch (error) {
      committed = false;
      this.metrics?.commit((performance.now() - started) / 1000, jobs.length, false);
      this.log('the group commit failed; its commands are refused', error);
    }

    if (!committed) {
      const rollbacks = new Set<() => void>();
      for (const p of prepared) {
        if (!p.wrote) continue;
        p.undo?.();
        if (p.rollback) rollbacks.add(p.rollback);
      }
      for (const rollback of rollbacks) rollback();
    }
    // A prepare that threw (it never should: TableRoom answers every failure) is refused too.
    jobs.forEach((job, i) => {
      const p = prepared[i];
      job.resolve(p && (committed || !p.wrote) ? p.handled : { ack: STORAGE_FAILED });
    });
    // Resolving queued each acknowledgement's continuation as a microtask; the publishes go
    // in one behind them, so every sender has its ack before the crowd gets the update (the
    // sender does not wait for hundreds of spectator writes). Microtasks run before any I/O:
    // updates keep their commit order and nobody joins or leaves in between.
    if (committed) {
      queueMicrotask(() => {
        for (const p of prepared) p.publish?.();
      });
    }
  }
}
