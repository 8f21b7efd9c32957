import { performance } from 'node:perf_hooks';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import { NotStoredError } from '../storage';
import type { BatchOutcome, Storage, StoredCommand } from '../storage';
import type { BatchTimings } from './batch-timings';
import type { ChatJob, HandledCommand, Job } from './batch';
import {
  answerAfterCommit,
  answerChats,
  applyJobs,
  chatBatches,
  failedParts,
  measured,
} from './batch-steps';
import { NOT_STORED, UNKNOWN_OUTCOME } from './commit-answers';

// One group commit batch once its stored commands are read (steps 2 to 4 in group-commit.ts):
// applying its commands, storing every table's writes in one transaction, then undoing what
// was not stored, acknowledging in order and publishing. The queue, the lane and the
// deadlines are group-commit.ts.

/** What a batch needs of its group commit. */
export interface BatchCommitDeps {
  storage: Storage;
  log: Log;
  metrics?: Metrics | undefined;
  /** Where the batch's apply and commit times go. */
  recent: BatchTimings;
  /** Answers a job once; what would answer it later (its deadline passed) is dropped. */
  answer: (job: Job, handled: HandledCommand) => void;
}

/** Applies, stores, answers and publishes one batch; `started` is when it began. */
export async function commitBatch(
  deps: BatchCommitDeps,
  jobs: Job[],
  chats: ChatJob[],
  previous: Map<string, Map<string, StoredCommand> | Error>,
  started: number,
): Promise<void> {
  const { log } = deps;
  // 2. Apply, in arrival order, and gather each table's writes.
  const { prepared, parts, stale } = applyJobs(log, jobs, previous);
  const applied = performance.now();

  const chatParts = chatBatches(chats);

  // 3. Store every table's writes in one transaction.
  const order = [...parts.keys()];
  const batches = [...parts.values(), ...chatParts.values()];
  let all: BatchOutcome[];
  // When the commit threw: whether nothing of it was stored for certain (NotStoredError), or
  // it may have been (its COMMIT was sent and the answer lost).
  let thrown: HandledCommand | undefined;
  try {
    all = batches.length === 0 ? [] : await deps.storage.commit(batches);
  } catch (error) {
    thrown = error instanceof NotStoredError ? NOT_STORED : { ack: UNKNOWN_OUTCOME };
    // A line per table, so that each table's log shows why its commands were refused.
    for (const tableId of new Set(batches.map((b) => b.tableId))) {
      log('the group commit failed; its commands are refused', error, tableId);
    }
    all = batches.map(() => ({ ok: false, fenced: false }));
  }
  const outcomes = all.slice(0, order.length);
  measured(batches, all, [...jobs.map((j) => j.room), ...chats.map((c) => c.room)]);
  answerChats(log, chats, [...chatParts.keys()], all.slice(order.length));
  const ended = performance.now();
  deps.recent.record(applied - started, ended - applied);
  const { failed, fenced } = failedParts(log, order, outcomes);
  deps.metrics?.commit((ended - started) / 1000, jobs.length, failed.size === 0);

  // 4. Undo what was not stored, then answer in order, then publish.
  const fencedRooms = new Set(jobs.map((job) => job.room).filter((r) => fenced.has(r.id)));
  for (const room of fencedRooms) room.fencedOut();
  for (const [i, job] of jobs.entries()) {
    const p = prepared[i];
    if (p?.writes?.length && failed.has(job.room.id)) {
      p.undo?.();
      stale.add(job.room);
    }
  }
  await Promise.all([...stale].map((room) => room.reload()));
  jobs.forEach((job, i) => {
    deps.answer(job, answerAfterCommit(prepared[i], job.room.id, { failed, fenced, thrown }));
  });
  // Resolving queued each acknowledgement's continuation as a microtask; the publishes go in
  // one behind them, so every sender has its ack before the crowd gets the update (the sender
  // does not wait for hundreds of spectator writes). Microtasks run before any I/O: updates
  // keep their commit order and nobody joins or leaves in between.
  queueMicrotask(() => {
    jobs.forEach((job, i) => {
      if (!failed.has(job.room.id)) prepared[i]?.publish?.();
    });
  });
}
