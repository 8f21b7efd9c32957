import * as v from 'valibot';
import { LogPageSchema, PresenceSchema, TableSummarySchema } from '@fateboard/table';
import type { LogEntry, Role } from '@fateboard/table';
import { readBody } from './api-answers';

// The server's answers every table page reads (its summary, who is here, the log's pages);
// the GM's doors are in gm-api.ts, what reads an answer in api-answers.ts.
export { ApiError, onThisOrigin, readBody } from './api-answers';
export {
  addFariScene,
  createTable,
  exportTable,
  fetchInviteLinks,
  fetchSeatClaims,
  fetchUsage,
  newSeatClaim,
  restoreTable,
  rotateLinks,
  type Links,
} from './gm-api';

export type { Role };

/** Someone at the table, as the presence list shows them. */
export interface Participant {
  role: Role;
  seatId?: string;
  name?: string;
  online: boolean;
}

export interface Presence {
  participants: Participant[];
  /** People watching with the spectator link. */
  spectators: number;
  /** Stream overlays showing the table (nobody in person). */
  overlays: number;
}

/** What `GET /api/tables/:id` tells a token holder about the table and itself. */
export interface TableSummary {
  id: string;
  name: string;
  ruleset: string;
  role: Role;
  seatId: string | null;
}

/**
 * The summary request public/early-start.js sent as the page started, when it is for this
 * table and token; taken once (a later open asks again).
 */
export function takeEarlySummary(tableId: string, token: string): Promise<Response> | undefined {
  const holder = globalThis as { fateboardEarlySummary?: unknown };
  const early = holder.fateboardEarlySummary as
    { tableId?: unknown; token?: unknown; response?: unknown } | undefined;
  delete holder.fateboardEarlySummary;
  if (early?.tableId !== tableId || early.token !== token) return undefined;
  return early.response instanceof Promise ? (early.response as Promise<Response>) : undefined;
}

export async function fetchSummary(tableId: string, token: string): Promise<TableSummary> {
  const response = await (takeEarlySummary(tableId, token) ??
    fetch(`/api/tables/${encodeURIComponent(tableId)}`, {
      headers: { authorization: `Bearer ${token}` },
    }));
  const body = await readBody(response, TableSummarySchema);
  return {
    id: body.id,
    name: body.name,
    ruleset: body.ruleset,
    role: body.you.role,
    seatId: body.you.seatId ?? null,
  };
}

/** Reads the server's `presence` event defensively; unknown shapes are ignored. */
export function parsePresence(payload: unknown): Presence | null {
  const presence = v.safeParse(PresenceSchema, payload);
  if (!presence.success) return null;
  return {
    // Everyone the server lists holds a connection; awareness marks who stepped away.
    participants: presence.output.participants.map(({ role, seatId, name }) => ({
      role,
      ...(seatId === undefined ? {} : { seatId }),
      ...(name === undefined ? {} : { name }),
      online: true,
    })),
    spectators: presence.output.spectators,
    overlays: presence.output.overlays ?? 0,
  };
}

/** One page of the log's history, oldest first, and whether older entries exist. */
export async function fetchLogPage(
  tableId: string,
  token: string,
  before: number,
  limit = 50,
): Promise<{ entries: LogEntry[]; more: boolean }> {
  const query = new URLSearchParams({ before: String(before), limit: String(limit) });
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/log?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await readBody(response, LogPageSchema);
  // An entry we cannot read is left out rather than losing the page.
  const entries = body.entries.filter(isLogEntry);
  return { entries, more: body.more };
}

function isLogEntry(entry: unknown): entry is LogEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const e = entry as Partial<Record<keyof LogEntry, unknown>>;
  return (
    typeof e.n === 'number' &&
    typeof e.at === 'number' &&
    typeof e.text === 'string' &&
    typeof e.type === 'string'
  );
}
