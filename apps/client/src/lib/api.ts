import type { RulesetId } from '@fateboard/rules';
import type { LogEntry } from '@fateboard/table';

export type Role = 'gm' | 'player' | 'spectator';

/** `POST /api/tables` answers this. */
export interface CreatedTable {
  id: string;
  links: { gm: string; player: string; spectator: string };
}

export interface Participant {
  role: Role;
  seatId?: string;
  name?: string;
  online: boolean;
}

export interface Presence {
  participants: Participant[];
  spectators: number;
}

/** What `GET /api/tables/:id` tells a token holder about the table and itself. */
export interface TableSummary {
  id: string;
  name: string;
  ruleset: string;
  role: Role;
  seatId: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readError(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string') message = body.message;
    else if (typeof body.error === 'string') message = body.error;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(response.status, message);
}

/**
 * Invite links point at the origin this browser uses, which is where the client runs (in
 * development Vite's port rather than the server's).
 */
export function onThisOrigin(link: string): string {
  try {
    const url = new URL(link, location.href);
    return `${location.origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return link;
  }
}

export async function createTable(name: string, ruleset: RulesetId): Promise<CreatedTable> {
  const response = await fetch('/api/tables', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, ruleset }),
  });
  if (!response.ok) throw await readError(response);
  const created = (await response.json()) as CreatedTable;
  return {
    id: created.id,
    links: {
      gm: onThisOrigin(created.links.gm),
      player: onThisOrigin(created.links.player),
      spectator: onThisOrigin(created.links.spectator),
    },
  };
}

export async function fetchSummary(tableId: string, token: string): Promise<TableSummary> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await readError(response);
  const body = (await response.json()) as Record<string, unknown>;
  const you = (typeof body.you === 'object' && body.you !== null ? body.you : {}) as {
    role?: unknown;
    seatId?: unknown;
  };
  const role = you.role;
  return {
    id: typeof body.id === 'string' ? body.id : tableId,
    name: typeof body.name === 'string' ? body.name : '',
    ruleset: typeof body.ruleset === 'string' ? body.ruleset : 'fate-core',
    role: role === 'gm' || role === 'player' || role === 'spectator' ? role : 'spectator',
    seatId: typeof you.seatId === 'string' ? you.seatId : null,
  };
}

/** Reads the server's `presence` event defensively; unknown shapes are ignored. */
export function parsePresence(payload: unknown): Presence | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const list = Array.isArray(p.participants) ? p.participants : [];
  const participants: Participant[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const i = item as Record<string, unknown>;
    if (i.role !== 'gm' && i.role !== 'player' && i.role !== 'spectator') continue;
    participants.push({
      role: i.role,
      ...(typeof i.seatId === 'string' ? { seatId: i.seatId } : {}),
      ...(typeof i.name === 'string' ? { name: i.name } : {}),
      online: i.online !== false,
    });
  }
  const spectators = typeof p.spectators === 'number' ? p.spectators : 0;
  return { participants, spectators };
}

/** GM only: new player and spectator links; the old ones stop working. */
export async function rotateLinks(
  tableId: string,
  token: string,
): Promise<{ player: string; spectator: string }> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rotate-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw await readError(response);
  const body = (await response.json()) as { links?: { player?: unknown; spectator?: unknown } };
  const links = body.links ?? (body as { player?: unknown; spectator?: unknown });
  if (typeof links.player !== 'string' || typeof links.spectator !== 'string') {
    throw new Error('The server did not send the new links.');
  }
  return { player: onThisOrigin(links.player), spectator: onThisOrigin(links.spectator) };
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
  if (!response.ok) throw await readError(response);
  const body = (await response.json()) as { entries?: unknown; more?: unknown };
  const entries = (Array.isArray(body.entries) ? body.entries : []).filter(
    (e): e is LogEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as LogEntry).n === 'number' &&
      typeof (e as LogEntry).at === 'number' &&
      typeof (e as LogEntry).text === 'string' &&
      typeof (e as LogEntry).type === 'string',
  );
  return { entries, more: body.more === true };
}
