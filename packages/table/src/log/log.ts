import type * as Y from 'yjs';
import type { Movement } from '@fateboard/rules';
import type { Actor, LogDraft } from '../commands/context';
import type { LogRow } from './rows';
import type { Lookup } from './row-messages';
import type { Refs } from './row-codes';
import { fromRow, toRow } from './rows';
import { LOG_KEEP, LOG_LIMIT, type PubRoots } from '../doc/schema';
import type { FateSummaryRow, LogEntry } from './entry';
import { appendAtEnd, optStr, peek } from '../doc/ymap';

/**
 * Appends log entries to the public document as compact rows (see rows.ts, in the
 * `journal` array) and keeps the log bounded: once it holds LOG_LIMIT rows it is cut back to the newest LOG_KEEP in one go, and the fate
 * point movements of the cut rows that belong to the current session are added into the `fp`
 * summary map, so that the session's summary survives the cut. Cutting in batches keeps a
 * typical command's update small (no delete, no summary write) and leaves one overwritten
 * summary value per character every LOG_LIMIT − LOG_KEEP entries. The server keeps the full
 * entries this returns.
 */
export function appendLog(
  roots: PubRoots,
  actor: Actor,
  type: string,
  now: number,
  drafts: readonly LogDraft[],
): LogEntry[] {
  if (drafts.length === 0) return [];
  const end = logEnd(roots);
  let n = end?.n ?? 0;
  const by =
    actor.seatId === undefined ? { role: actor.role } : { role: actor.role, seatId: actor.seatId };
  const entries = drafts.map((d) => {
    n += 1;
    const entry: LogEntry = { n, at: now, by, type, ...d };
    return JSON.parse(JSON.stringify(entry)) as LogEntry;
  });
  pushRows(roots, entries, end?.t ?? Math.round(now / 1000));
  // A new session starts a new summary.
  if (type === 'session.start' && roots.fp.size > 0) roots.fp.clear();
  if (roots.journal.length > LOG_LIMIT) trim(roots, roots.journal.length - LOG_KEEP);
  return entries;
}

/**
 * Appends entries as rows after the newest one, whose time is `t` (seconds); into an empty
 * journal, first records the entry before them in `meta.logBase`.
 */
export function pushRows(roots: PubRoots, entries: readonly LogEntry[], t: number): void {
  if (entries.length === 0) return;
  const look = lookup(roots);
  const refs = refsOf(roots);
  if (roots.journal.length === 0) {
    const base = [entries[0]!.n - 1, t];
    if (JSON.stringify(roots.meta.get('logBase')) !== JSON.stringify(base))
      roots.meta.set('logBase', base);
  }
  const rows = entries.map((e) => {
    const seconds = Math.round(e.at / 1000);
    const row = toRow(e, seconds - t, look, refs);
    // The entry reads back with its message only where the row keeps it: say so now, so the
    // entries the command returns are the entries the log reads.
    if (e.msg !== undefined && !Array.isArray(row[5])) delete (e as { msg?: unknown }).msg;
    t = seconds;
    return row;
  });
  const length = roots.journal.length;
  appendAtEnd(roots.journal, rows);
  const known = ends.get(roots.journal);
  // Only a cache that was right before the rows went in is right after them.
  if (known && known.length === length && known.base === baseKey(roots)) {
    ends.set(roots.journal, { length: length + rows.length, base: known.base, t });
  }
}

export function lookup(roots: PubRoots): Lookup {
  const field = (id: string, key: string) => {
    const c = peek(roots.characters, id);
    return c ? optStr(c, key) : undefined;
  };
  return { name: (id) => field(id, 'name'), owner: (id) => field(id, 'owner') };
}

/** The `refs` array as numbers for ids; `ref` appends an id it does not hold yet. */
export function refsOf(roots: PubRoots): Refs {
  const ids = roots.refs.toArray();
  const index = new Map(ids.map((id, i) => [id, i + 1]));
  return {
    ref: (id) => {
      let ref = index.get(id);
      if (ref === undefined) {
        appendAtEnd(roots.refs, [id]);
        ids.push(id);
        ref = ids.length;
        index.set(id, ref);
      }
      return ref;
    },
    id: (ref) => ids[ref - 1] ?? String(ref),
  };
}

/** `meta.logBase`: the number and time (seconds) of the entry before `journal`'s first row. */
function logBase(roots: PubRoots): { n: number; t: number } | undefined {
  const base = roots.meta.get('logBase');
  if (!Array.isArray(base)) return undefined;
  return { n: Number(base[0]), t: Number(base[1]) };
}

/**
 * The time (seconds) of the newest entry of each journal, with what it was computed from.
 * Rows only ever go in at the end or come off the front (which rewrites `logBase`), so the
 * same length and the same base mean the same rows; anything else recomputes.
 */
const ends = new WeakMap<Y.Array<unknown>, { length: number; base: string; t: number }>();

function baseKey(roots: PubRoots): string {
  return JSON.stringify(roots.meta.get('logBase') ?? null);
}

/**
 * The number and time (seconds) of the newest entry. Rows store the seconds since the row
 * before them, so the time is a sum over the journal: summed once, then kept up to date as
 * rows are appended (every command appends one).
 */
function logEnd(roots: PubRoots): { n: number; t: number } | undefined {
  const base = logBase(roots);
  if (roots.journal.length === 0) return base;
  const n = (base?.n ?? 0) + roots.journal.length;
  const key = baseKey(roots);
  const known = ends.get(roots.journal);
  if (known && known.length === roots.journal.length && known.base === key)
    return { n, t: known.t };
  let t = base?.t ?? 0;
  for (const row of roots.journal.toArray() as LogRow[]) t += Number(row[1] ?? 0);
  ends.set(roots.journal, { length: roots.journal.length, base: key, t });
  return { n, t };
}

/**
 * The entries of rows read before, by row. A row's entry depends on the row, its place (its
 * number and time, checked on each use) and the characters' names and owners: whoever keeps
 * a memo starts a new one when the characters change. Rows only go in at the end and come
 * off the front, so a new entry in the log reads one row, not the hundred and fifty.
 */
export type LogMemo = WeakMap<LogRow, LogEntry>;

/** Every entry the document holds, oldest first; with a memo, only the rows not read before. */
export function readLog(roots: PubRoots, memo?: LogMemo): LogEntry[] {
  const out: LogEntry[] = [];
  const rows = roots.journal.toArray() as LogRow[];
  if (rows.length === 0) return out;
  let look: Lookup | undefined;
  let refs: Refs | undefined;
  const base = logBase(roots);
  let n = base?.n ?? 0;
  let t = base?.t ?? 0;
  for (const row of rows) {
    n += 1;
    t += Number(row[1] ?? 0);
    const known = memo?.get(row);
    if (known && known.n === n && known.at === t * 1000) {
      out.push(known);
      continue;
    }
    const entry = fromRow(row, n, t * 1000, (look ??= lookup(roots)), (refs ??= refsOf(roots)));
    memo?.set(row, entry);
    out.push(entry);
  }
  return out;
}

/** Drops the `count` oldest entries, folding the current session's movements into `fp`. */
function trim(roots: PubRoots, count: number): void {
  const entries = readLog(roots);
  const start = lastSessionStart(entries);
  if (start < count) {
    const moves = entries.slice(Math.max(start, 0), count).flatMap((e) => e.movements ?? []);
    const summary = foldSummary(readFp(roots), moves);
    for (const row of summary) {
      const value = [row.gained, row.spent, row.byReason];
      const old = roots.fp.get(row.characterId);
      if (JSON.stringify(old) !== JSON.stringify(value)) roots.fp.set(row.characterId, value);
    }
  }
  const last = entries[count - 1]!;
  roots.meta.set('logBase', [last.n, Math.round(last.at / 1000)]);
  roots.journal.delete(0, count);
}

/** Index of the newest `session.start` entry, or -1. */
export function lastSessionStart(entries: readonly LogEntry[]): number {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.type === 'session.start') return i;
  return -1;
}

/** The `fp` map as summary rows. */
export function readFp(roots: PubRoots): FateSummaryRow[] {
  const out: FateSummaryRow[] = [];
  roots.fp.forEach((value, characterId) => {
    if (!Array.isArray(value)) return;
    const [gained, spent, byReason] = value as [number, number, Record<string, number>];
    out.push({ characterId, gained, spent, byReason: { ...byReason } });
  });
  return out;
}

/** Adds movements to summary rows (characters only), sorted by character id. */
export function foldSummary(
  start: readonly FateSummaryRow[],
  moves: readonly Movement[],
): FateSummaryRow[] {
  const rows = new Map<string, FateSummaryRow>();
  for (const s of start) rows.set(s.characterId, { ...s, byReason: { ...s.byReason } });
  const row = (id: string) => {
    let found = rows.get(id);
    if (!found) {
      found = { characterId: id, gained: 0, spent: 0, byReason: {} };
      rows.set(id, found);
    }
    return found;
  };
  for (const m of moves) {
    if (m.to.type === 'character') {
      const to = row(m.to.id);
      to.gained += m.amount;
      to.byReason[m.reason] = (to.byReason[m.reason] ?? 0) + m.amount;
    }
    if (m.from.type === 'character') {
      const from = row(m.from.id);
      from.spent += m.amount;
      from.byReason[m.reason] = (from.byReason[m.reason] ?? 0) - m.amount;
    }
  }
  return [...rows.values()].sort((a, b) =>
    a.characterId < b.characterId ? -1 : a.characterId > b.characterId ? 1 : 0,
  );
}
