import type { Movement } from '@fateboard/rules';
import type { Actor, LogDraft } from './context';
import type { Lookup, LogRow } from './log-rows';
import { asRow, rowMovements, rowType, toRow } from './log-rows';
import { LOG_KEEP, LOG_LIMIT, type PubRoots } from './schema';
import type { FateSummaryRow, LogEntry } from './views';
import { optStr, peek } from './ymap';

/**
 * Appends log entries to the public document as compact rows (see log-rows.ts) and keeps the
 * log bounded: once it holds LOG_LIMIT rows it is cut back to the newest LOG_KEEP in one go,
 * and the fate point movements of the cut rows that belong to the current session are added
 * into the `fp` summary map, so that the session's summary survives the cut. Cutting in
 * batches keeps a typical command's update small (no delete, no summary write) and leaves
 * one overwritten summary value per character every LOG_LIMIT − LOG_KEEP entries. The server
 * keeps the full entries this returns.
 */
export function appendLog(
  r: PubRoots,
  actor: Actor,
  type: string,
  now: number,
  drafts: readonly LogDraft[],
): LogEntry[] {
  if (drafts.length === 0) return [];
  const last = r.log.length > 0 ? (r.log.get(r.log.length - 1) as LogRow) : undefined;
  let n = last ? Number(asRow(last)[0]) : 0;
  const by =
    actor.seatId === undefined ? { role: actor.role } : { role: actor.role, seatId: actor.seatId };
  const entries = drafts.map((d) => {
    n += 1;
    const entry: LogEntry = { n, at: now, by, type, ...d };
    return JSON.parse(JSON.stringify(entry)) as LogEntry;
  });
  const look = lookup(r);
  r.log.push(entries.map((e) => toRow(e, look)));
  // A new session starts a new summary.
  if (type === 'session.start' && r.fp.size > 0) r.fp.clear();
  if (r.log.length > LOG_LIMIT) trim(r, r.log.length - LOG_KEEP);
  return entries;
}

export function lookup(r: PubRoots): Lookup {
  const field = (id: string, key: string) => {
    const c = peek(r.characters, id);
    return c ? optStr(c, key) : undefined;
  };
  return { name: (id) => field(id, 'name'), owner: (id) => field(id, 'owner') };
}

/** Drops the `count` oldest rows, folding the current session's movements into `fp`. */
function trim(r: PubRoots, count: number): void {
  const rows = r.log.toArray() as LogRow[];
  const start = lastSessionStart(rows);
  if (start < count) {
    const moves = rows.slice(Math.max(start, 0), count).flatMap(rowMovements);
    const summary = foldSummary(readFp(r), moves);
    for (const row of summary) {
      const value = [row.gained, row.spent, row.byReason];
      const old = r.fp.get(row.characterId);
      if (JSON.stringify(old) !== JSON.stringify(value)) r.fp.set(row.characterId, value);
    }
  }
  r.log.delete(0, count);
}

/** Index of the newest `session.start` row, or -1. */
export function lastSessionStart(rows: readonly LogRow[]): number {
  for (let i = rows.length - 1; i >= 0; i--) if (rowType(rows[i]!) === 'session.start') return i;
  return -1;
}

/** The `fp` map as summary rows. */
export function readFp(r: PubRoots): FateSummaryRow[] {
  const out: FateSummaryRow[] = [];
  r.fp.forEach((value, characterId) => {
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
