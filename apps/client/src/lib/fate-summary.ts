import type { LogEntry } from '@fateboard/table';

export interface FateSummaryRow {
  characterId: string;
  gained: number;
  spent: number;
  /** Gains and spends by reason, e.g. `{ 'compel-accepted': 2, invoke: -1 }`. */
  byReason: Record<string, number>;
}

/**
 * Where fate points went this session, per character, read off the log's movements since the
 * last `session.start` (the whole log when there was none). Bookkeeping only: the amounts
 * are the server's.
 */
export function fateSummary(log: readonly LogEntry[]): FateSummaryRow[] {
  let start = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i]?.type === 'session.start') {
      start = i;
      break;
    }
  }
  const rows = new Map<string, FateSummaryRow>();
  const row = (id: string) => {
    let r = rows.get(id);
    if (!r) {
      r = { characterId: id, gained: 0, spent: 0, byReason: {} };
      rows.set(id, r);
    }
    return r;
  };
  for (const entry of log.slice(start)) {
    for (const m of entry.movements ?? []) {
      if (m.to.type === 'character') {
        const r = row(m.to.id);
        r.gained += m.amount;
        r.byReason[m.reason] = (r.byReason[m.reason] ?? 0) + m.amount;
      }
      if (m.from.type === 'character') {
        const r = row(m.from.id);
        r.spent += m.amount;
        r.byReason[m.reason] = (r.byReason[m.reason] ?? 0) - m.amount;
      }
    }
  }
  return [...rows.values()];
}
