import { performance } from 'node:perf_hooks';
import type { SentAck } from '@fateboard/table';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import { NotStoredError } from '../storage';
import type {
  BatchOutcome,
  CommandWrite,
  NewChatMessage,
  Storage,
  StoredChat,
  StoredCommand,
  TableBatch,
  TableWrite,
} from '../storage';

export interface HandledCommand {
  ack: SentAck;
  /** Set when a seatless player got a seat: the connection now acts for it. */
  seatId?: string;
  /**
   * Set when nothing of the command was stored, for a reason a second try may not meet: the
   * table changed writers under it (cluster mode: a later lease fenced its commit out, or its
   * writer is gone), or the database session ended before COMMIT was sent (a stalled node's
   * transaction ended by PostgreSQL). The node the client is on may route it again at once
   * (TableRoom.handle). Never sent to the client.
   */
  retry?: true;
}

/** What applying one command leaves to do once its batch is committed, or has failed. */
export interface Prepared {
  handled: HandledCommand;
  /**
   * What it writes for its table, in order. If the table's part of the batch is not stored,
   * it is refused with `storage` and its room reloads. Empty or absent: it only answers.
   */
  writes?: TableWrite[];
  /** Hands its document updates to the room's listeners (the broadcast); after the commit. */
  publish?: () => void;
  /**
   * Set when the command was refused but left a change in the live documents (a reducer that
   * threw halfway): its room reloads from storage once the batch is settled.
   */
  stale?: boolean;
  /** Undoes a side effect on the sender's connection (a seat granted by a join). */
  undo?: () => void;
}

/** What the group commit needs of the room a command is for. */
export interface BatchRoom {
  readonly id: string;
  /** The fencing epoch its writes carry (cluster mode: its lease's), or undefined. */
  fence: () => number | undefined;
  /** Its part was fenced out: a later writer's epoch is stored (cluster mode). */
  fencedOut: () => void;
  /**
   * Throws away what the live documents hold that is not stored, and loads what is (whether or
   * not its part of the batch was stored). Never rejects: a room that cannot be read breaks
   * instead.
   */
  reload: () => Promise<void>;
  /** What the table holds on disk after a stored part of a batch (BatchOutcome's `bytes`). */
  measured: (bytes: number) => void;
}

/** A chat message's batch: stored (or found stored under its id), or not stored. */
export type ChatCommitted = { ok: true; stored: StoredChat } | { ok: false };

/**
 * Applies one command in memory, without yielding. `previous` is the command stored, or
 * applied earlier in the same batch, under the same id: a retry, answered without applying.
 */
export type Prepare = (previous: StoredCommand | undefined) => Prepared;

interface Job {
  room: BatchRoom;
  /** The command's id, read before the batch: its stored command is looked up for it. */
  commandId: string | undefined;
  prepare: Prepare;
  resolve: (handled: HandledCommand) => void;
  /** performance.now() by which it is answered, whatever storage does (`answerWithinMs`). */
  deadline: number;
  /**
   * `queued` for its batch; `reading` while the batch reads the stored commands; `applied`
   * (with what applying it left to do) while the batch commits; `answered` once resolved.
   */
  stage: 'queued' | 'reading' | 'applied' | 'answered';
  prepared?: Prepared | undefined;
  timer?: NodeJS.Timeout;
}

/** A chat message in the batch: no document, no lease; numbered by the storage. */
interface ChatJob {
  room: BatchRoom;
  message: NewChatMessage;
  keep: number;
  resolve: (committed: ChatCommitted) => void;
}

const RECENT = 1024;

const STORAGE_FAILED: SentAck = {
  ok: false,
  code: 'storage',
  message: 'The command could not be saved.',
};
const READ_FAILED: SentAck = {
  ok: false,
  code: 'storage',
  message: "The table's storage could not be read; nothing was saved. Try again in a moment.",
};

/**
 * Whether the command was stored is not known (the database's answer to COMMIT was lost, or
 * the writer it was forwarded to did not answer in time): never "nothing changed". Sent again
 * under the same id it is applied at most once, and answered as it was the first time.
 */
export const UNKNOWN_OUTCOME: SentAck = {
  ok: false,
  code: 'unknown-outcome',
  message:
    'The server could not confirm whether this was saved; sending it again with the same id is safe.',
};

/** Cluster mode: what the table's writing needs of PostgreSQL did not answer. */
export const STORAGE_UNAVAILABLE: SentAck = {
  ok: false,
  code: 'storage',
  message: "The table's storage cannot be reached; nothing was saved. Try again in a moment.",
};
/** Cluster mode: this node cannot reach the others through Redis. */
export const REDIS_UNAVAILABLE: SentAck = {
  ok: false,
  code: 'storage',
  message:
    'This server cannot reach the others (Redis is unavailable); nothing was saved. Try again in a moment.',
};

/** A later writer fenced the table's part out (cluster mode): nothing of it was stored. */
export const MOVED: HandledCommand = {
  ack: { ok: false, code: 'storage', message: 'The table is moving between servers; try again.' },
  retry: true,
};
/** The batch failed before its COMMIT was sent (NotStoredError): certainly not stored. */
const NOT_STORED: HandledCommand = { ack: STORAGE_FAILED, retry: true };
/**
 * Its deadline came before anything applied it (the batches ahead of it, or what had to be
 * read or claimed before, did not finish): it never will be.
 */
export const NOT_IN_TIME: HandledCommand = {
  ack: {
    ok: false,
    code: 'storage',
    message:
      "The table's storage did not answer in time; nothing was saved. Try again in a moment.",
  },
};

/** How long a command waits for its answer by default (GroupCommit's `answerWithinMs`). */
export const ANSWER_WITHIN_MS = 1500;

/** The row a command write is read back as, for a retry later in the same batch. */
function asStored(write: CommandWrite): StoredCommand {
  const { updates: _updates, tokens: _tokens, revokeSeat: _revokeSeat, ...row } = write;
  return { ...row, secretHash: write.secretHash ?? null, result: write.result ?? null };
}

/**
 * Group commit. The commands that arrive while the previous batch is being stored (or in one
 * turn of the event loop, when none is) make the next batch. A batch:
 *   1. reads, in one query per table, the stored commands under its commands' ids (retries);
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
  /**
   * How long the latest batches took: applying their commands (rules, Yjs) and committing them
   * (the storage's transaction, its fsync). A ring of the last RECENT, for diagnosis.
   */
  private readonly recent = { apply: new Float64Array(RECENT), commit: new Float64Array(RECENT) };

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
    // The end of this turn: what else arrives in it joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.enqueue(() => this.flush());
    });
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
      case 'applied': {
        const p = job.prepared;
        // Writes in a commit under way: stored or not, nobody can say yet.
        if (p?.writes?.length) this.answer(job, { ack: UNKNOWN_OUTCOME });
        else this.answer(job, p?.handled ?? { ack: STORAGE_FAILED });
        return;
      }
      case 'answered':
        return;
    }
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
    const previous = await this.readPrevious(queued);
    // What came past its deadline while the stored commands were read is answered already.
    const jobs = queued.filter((job) => job.stage === 'reading');
    if (jobs.length === 0 && chats.length === 0) return;
    this.stats.batches++;
    this.stats.commands += jobs.length;
    this.stats.largest = Math.max(this.stats.largest, jobs.length);
    const started = performance.now();
    this.dirty = true;
    try {
      await this.applyAndCommit(jobs, chats, previous, started);
    } finally {
      this.dirty = false;
      const waiters = this.cleanWaiters;
      this.cleanWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /**
   * The stored commands under the batch's ids, by table, or the error reading them gave. One
   * query per table; the reads happen before anything is applied, so they see every earlier
   * batch stored.
   */
  private async readPrevious(
    jobs: Job[],
  ): Promise<Map<string, Map<string, StoredCommand> | Error>> {
    const ids = new Map<string, Set<string>>();
    for (const job of jobs) {
      if (job.commandId === undefined) continue;
      const forTable = ids.get(job.room.id) ?? new Set<string>();
      forTable.add(job.commandId);
      ids.set(job.room.id, forTable);
    }
    const found = new Map<string, Map<string, StoredCommand> | Error>();
    await Promise.all(
      [...ids].map(async ([tableId, commandIds]) => {
        try {
          const rows = await this.storage.findCommands(tableId, [...commandIds]);
          found.set(tableId, new Map(rows.map((row) => [row.commandId, row])));
        } catch (error) {
          this.log('storage read failed', error, tableId);
          found.set(tableId, error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
    return found;
  }

  /** Tells each room what its table holds on disk now: its last stored part's figure. */
  private measured(batches: TableBatch[], outcomes: BatchOutcome[], rooms: BatchRoom[]): void {
    const latest = new Map<string, number>();
    batches.forEach((batch, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) latest.set(batch.tableId, outcome.bytes);
    });
    for (const room of new Set(rooms)) {
      const bytes = latest.get(room.id);
      if (bytes !== undefined) room.measured(bytes);
    }
  }

  /** Each chat job's outcome, in the order of its table's part (after the commit). */
  private answerChats(chats: ChatJob[], tables: string[], outcomes: BatchOutcome[]): void {
    const byTable = new Map(tables.map((tableId, i) => [tableId, outcomes[i]]));
    const next = new Map<string, number>();
    for (const chat of chats) {
      const outcome = byTable.get(chat.room.id);
      const i = next.get(chat.room.id) ?? 0;
      next.set(chat.room.id, i + 1);
      const stored = outcome?.ok ? outcome.chat[i] : undefined;
      if (!outcome?.ok && outcome && 'error' in outcome && outcome.error !== undefined) {
        if (i === 0) this.log("a table's chat could not be stored", outcome.error, chat.room.id);
      }
      chat.resolve(stored ? { ok: true, stored } : { ok: false });
    }
  }

  private async applyAndCommit(
    jobs: Job[],
    chats: ChatJob[],
    previous: Map<string, Map<string, StoredCommand> | Error>,
    started: number,
  ): Promise<void> {
    // 2. Apply, in arrival order, and gather each table's writes.
    const prepared: (Prepared | undefined)[] = [];
    const parts = new Map<string, TableBatch>();
    const stale = new Set<BatchRoom>();
    for (const job of jobs) {
      const known = previous.get(job.room.id);
      job.stage = 'applied';
      if (known instanceof Error) {
        prepared.push((job.prepared = { handled: { ack: READ_FAILED } }));
        continue;
      }
      let p: Prepared | undefined;
      try {
        p = job.prepare(job.commandId === undefined ? undefined : known?.get(job.commandId));
      } catch (error) {
        // It never should: TableRoom answers every failure. Whatever it left goes.
        this.log('a command threw out of its room', error, job.room.id);
        stale.add(job.room);
      }
      prepared.push((job.prepared = p));
      if (p?.stale) stale.add(job.room);
      if (!p?.writes?.length) continue;
      const part = parts.get(job.room.id) ?? { tableId: job.room.id, writes: [] };
      const fence = job.room.fence();
      if (fence !== undefined) part.fence = fence;
      part.writes.push(...p.writes);
      parts.set(job.room.id, part);
      // A retry later in this batch finds it, as a later batch finds it stored.
      for (const write of p.writes) {
        if (write.kind !== 'command' || known === undefined) continue;
        known.set(write.command.commandId, asStored(write.command));
      }
    }
    const applied = performance.now();

    // The chat messages: a part of their own per table, after its commands' (unfenced).
    const chatParts = new Map<string, TableBatch>();
    for (const chat of chats) {
      const part = chatParts.get(chat.room.id) ?? { tableId: chat.room.id, writes: [] };
      part.writes.push({ kind: 'chat', message: chat.message, keep: chat.keep });
      chatParts.set(chat.room.id, part);
    }

    // 3. Store every table's writes in one transaction.
    const order = [...parts.keys()];
    const batches = [...parts.values(), ...chatParts.values()];
    let all: BatchOutcome[];
    // When the commit threw: whether nothing of it was stored for certain (NotStoredError), or
    // it may have been (its COMMIT was sent and the answer lost).
    let thrown: HandledCommand | undefined;
    try {
      all = batches.length === 0 ? [] : await this.storage.commit(batches);
    } catch (error) {
      thrown = error instanceof NotStoredError ? NOT_STORED : { ack: UNKNOWN_OUTCOME };
      // A line per table, so that each table's log shows why its commands were refused.
      for (const tableId of new Set(batches.map((b) => b.tableId))) {
        this.log('the group commit failed; its commands are refused', error, tableId);
      }
      all = batches.map(() => ({ ok: false, fenced: false }));
    }
    const outcomes = all.slice(0, order.length);
    this.measured(batches, all, [...jobs.map((j) => j.room), ...chats.map((c) => c.room)]);
    this.answerChats(chats, [...chatParts.keys()], all.slice(order.length));
    const ended = performance.now();
    const slot = (this.stats.batches - 1) % RECENT;
    this.recent.apply[slot] = applied - started;
    this.recent.commit[slot] = ended - applied;
    const failed = new Set<string>();
    const fenced = new Set<string>();
    order.forEach((tableId, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) return;
      failed.add(tableId);
      if (outcome?.fenced) fenced.add(tableId);
      if (outcome && !outcome.fenced && outcome.error !== undefined) {
        this.log(
          "a table's part of the group commit failed; its commands are refused",
          outcome.error,
          tableId,
        );
      }
    });
    this.metrics?.commit((ended - started) / 1000, jobs.length, failed.size === 0);

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
      const p = prepared[i];
      if (p === undefined) this.answer(job, { ack: STORAGE_FAILED });
      else if (!p.writes?.length || !failed.has(job.room.id)) this.answer(job, p.handled);
      else if (fenced.has(job.room.id)) this.answer(job, MOVED);
      else this.answer(job, thrown ?? { ack: STORAGE_FAILED });
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
}
