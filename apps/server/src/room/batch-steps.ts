import type { Log } from '../ops/logger';
import type { BatchOutcome, CommandWrite, Storage, StoredCommand, TableBatch } from '../storage';
import type { BatchRoom, ChatJob, HandledCommand, Job, Prepared } from './batch';
import { MOVED, READ_FAILED, STORAGE_FAILED, UNKNOWN_OUTCOME } from './commit-answers';

// Steps of a group commit's batch (group-commit.ts) that need nothing of its queue: reading
// the stored commands a batch's ids name, and answering what its commit stored.

/** The row a command write is read back as, for a retry later in the same batch. */
export function asStored(write: CommandWrite): StoredCommand {
  const { updates: _updates, tokens: _tokens, revokeSeat: _revokeSeat, ...row } = write;
  return { ...row, secretHash: write.secretHash ?? null, result: write.result ?? null };
}

/**
 * The stored commands under the batch's ids, by table, or the error reading them gave. One
 * read for the batch when the storage offers it (`findCommandsOf`), else one query per table;
 * the reads happen before anything is applied, so they see every earlier batch stored.
 */
export async function readPrevious(
  storage: Storage,
  log: Log,
  jobs: Job[],
): Promise<Map<string, Map<string, StoredCommand> | Error>> {
  const sets = new Map<string, Set<string>>();
  for (const job of jobs) {
    if (job.commandId === undefined) continue;
    const forTable = sets.get(job.room.id) ?? new Set<string>();
    forTable.add(job.commandId);
    sets.set(job.room.id, forTable);
  }
  const ids = new Map([...sets].map(([tableId, set]) => [tableId, [...set]]));
  const found = new Map<string, Map<string, StoredCommand> | Error>();
  const failed = (tableId: string, error: unknown) => {
    log('storage read failed', error, tableId);
    found.set(tableId, error instanceof Error ? error : new Error(String(error)));
  };
  if (ids.size === 0) return found;
  if (storage.findCommandsOf) {
    try {
      const rows = await storage.findCommandsOf(ids);
      const byTable = new Map([...ids.keys()].map((id) => [id, new Map<string, StoredCommand>()]));
      for (const row of rows) byTable.get(row.tableId)?.set(row.commandId, row);
      for (const [tableId, stored] of byTable) found.set(tableId, stored);
    } catch (error) {
      for (const tableId of ids.keys()) failed(tableId, error);
    }
    return found;
  }
  await Promise.all(
    [...ids].map(async ([tableId, commandIds]) => {
      try {
        const rows = await storage.findCommands(tableId, commandIds);
        found.set(tableId, new Map(rows.map((row) => [row.commandId, row])));
      } catch (error) {
        failed(tableId, error);
      }
    }),
  );
  return found;
}

/** Tells each room what its table holds on disk now: its last stored part's figure. */
export function measured(
  batches: TableBatch[],
  outcomes: BatchOutcome[],
  rooms: BatchRoom[],
): void {
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
export function answerChats(
  log: Log,
  chats: ChatJob[],
  tables: string[],
  outcomes: BatchOutcome[],
): void {
  const byTable = new Map(tables.map((tableId, i) => [tableId, outcomes[i]]));
  const next = new Map<string, number>();
  for (const chat of chats) {
    const outcome = byTable.get(chat.room.id);
    const i = next.get(chat.room.id) ?? 0;
    next.set(chat.room.id, i + 1);
    const stored = outcome?.ok ? outcome.chat[i] : undefined;
    if (!outcome?.ok && outcome && 'error' in outcome && outcome.error !== undefined) {
      if (i === 0) log("a table's chat could not be stored", outcome.error, chat.room.id);
    }
    chat.resolve(stored ? { ok: true, stored } : { ok: false });
  }
}

/**
 * Applies the batch's commands in arrival order, each without yielding, and gathers each
 * table's writes (its part, under its room's fence). `stale`: rooms whose live documents
 * hold what a refused command left, to reload.
 */
export function applyJobs(
  log: Log,
  jobs: Job[],
  previous: Map<string, Map<string, StoredCommand> | Error>,
): { prepared: (Prepared | undefined)[]; parts: Map<string, TableBatch>; stale: Set<BatchRoom> } {
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
      log('a command threw out of its room', error, job.room.id);
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
  return { prepared, parts, stale };
}

/** The chat messages: a part of their own per table, after its commands' (unfenced). */
export function chatBatches(chats: ChatJob[]): Map<string, TableBatch> {
  const chatParts = new Map<string, TableBatch>();
  for (const chat of chats) {
    const part = chatParts.get(chat.room.id) ?? { tableId: chat.room.id, writes: [] };
    part.writes.push({ kind: 'chat', message: chat.message, keep: chat.keep });
    chatParts.set(chat.room.id, part);
  }

  return chatParts;
}

/**
 * The tables whose part was not stored, and those of them a later writer fenced out; a part
 * that failed for another reason is logged.
 */
export function failedParts(
  log: Log,
  order: string[],
  outcomes: BatchOutcome[],
): { failed: Set<string>; fenced: Set<string> } {
  const failed = new Set<string>();
  const fenced = new Set<string>();
  order.forEach((tableId, i) => {
    const outcome = outcomes[i];
    if (outcome?.ok) return;
    failed.add(tableId);
    if (outcome?.fenced) fenced.add(tableId);
    if (outcome && !outcome.fenced && outcome.error !== undefined) {
      log(
        "a table's part of the group commit failed; its commands are refused",
        outcome.error,
        tableId,
      );
    }
  });
  return { failed, fenced };
}

/** A job whose deadline came once its batch applied it: what can be said of it then. */
export function answerOnceApplied(p: Prepared | undefined): HandledCommand {
  // Writes in a commit under way: stored or not, nobody can say yet.
  if (p?.writes?.length) return { ack: UNKNOWN_OUTCOME };
  return p?.handled ?? { ack: STORAGE_FAILED };
}

/**
 * A job's answer once its batch's commit is known: its own answer when its writes were stored
 * (or it had none), `moved` when a later writer fenced its table out, otherwise what the
 * commit's failure says (`thrown`: nothing stored, or perhaps stored) or `storage`.
 */
export function answerAfterCommit(
  p: Prepared | undefined,
  tableId: string,
  commit: { failed: Set<string>; fenced: Set<string>; thrown: HandledCommand | undefined },
): HandledCommand {
  if (p === undefined) return { ack: STORAGE_FAILED };
  if (!p.writes?.length || !commit.failed.has(tableId)) return p.handled;
  if (commit.fenced.has(tableId)) return MOVED;
  return commit.thrown ?? { ack: STORAGE_FAILED };
}
