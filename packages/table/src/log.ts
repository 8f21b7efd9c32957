import type { Actor, LogDraft } from './context';
import { LOG_LIMIT, type PubRoots } from './schema';
import type { LogEntry } from './views';

/**
 * Appends log entries to the public document and trims it to the most recent LOG_LIMIT,
 * so a long campaign's document stays small; the server keeps the full history from the
 * entries each command returns.
 */
export function appendLog(
  r: PubRoots,
  actor: Actor,
  type: string,
  now: number,
  drafts: readonly LogDraft[],
): LogEntry[] {
  if (drafts.length === 0) return [];
  const last = r.log.length > 0 ? (r.log.get(r.log.length - 1) as LogEntry) : undefined;
  let n = last ? last.n : 0;
  const by =
    actor.seatId === undefined ? { role: actor.role } : { role: actor.role, seatId: actor.seatId };
  const entries = drafts.map((d) => {
    n += 1;
    const entry: LogEntry = { n, at: now, by, type, ...d };
    return JSON.parse(JSON.stringify(entry)) as LogEntry;
  });
  r.log.push(entries);
  const extra = r.log.length - LOG_LIMIT;
  if (extra > 0) r.log.delete(0, extra);
  return entries;
}
