import * as v from 'valibot';
import type { RulesetId } from '@fateboard/rules';
import {
  CreatedTableSchema,
  ErrorBodySchema,
  InviteLinksSchema,
  LogPageSchema,
  PresenceSchema,
  RotatedLinksSchema,
  SceneAddedSchema,
  SeatClaimLinkSchema,
  SeatClaimLinksSchema,
  TableSummarySchema,
  TableUsageSchema,
} from '@fateboard/table';
import type {
  CreatedTable,
  LogEntry,
  Role,
  SceneAdded,
  SeatClaimLink,
  TableUsage,
} from '@fateboard/table';
import { i18n, params } from './i18n';

export const messages = i18n('lib/api', {
  answered: params('The server answered {status}.'),
  unreadable: 'The server sent an answer we cannot read.',
});

// The server's answers are parsed with the protocol module's schemas (packages/table
// src/protocol/protocol.ts), the ones the server's own tests hold it to; a shape we cannot read is an
// error with a sentence, not a half-filled object.

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

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's code from docs/PROTOCOL.md, when the server sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

async function readError(response: Response): Promise<ApiError> {
  const body = v.safeParse(ErrorBodySchema, await response.json().catch(() => null));
  if (!body.success)
    return new ApiError(
      response.status,
      messages.get().answered({ status: String(response.status) }),
    );
  return new ApiError(response.status, body.output.message, body.output.code);
}

/** The body of a successful answer, read with its schema. */
export async function readBody<S extends v.GenericSchema>(
  response: Response,
  schema: S,
): Promise<v.InferOutput<S>> {
  if (!response.ok) throw await readError(response);
  const body = v.safeParse(schema, await response.json().catch(() => null));
  if (!body.success) throw new ApiError(response.status, messages.get().unreadable);
  return body.output;
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
  return withLocalLinks(await readBody(response, CreatedTableSchema));
}

function withLocalLinks(created: CreatedTable): CreatedTable {
  return {
    id: created.id,
    links: {
      gm: onThisOrigin(created.links.gm),
      player: onThisOrigin(created.links.player),
      spectator: onThisOrigin(created.links.spectator),
    },
  };
}

/**
 * GM only: the whole table as one file (docs/PROTOCOL.md, "Table files"), with the name the
 * server gives it, for the browser to save. It holds the GM's secrets: keep it private.
 */
export async function exportTable(
  tableId: string,
  token: string,
): Promise<{ fileName: string; blob: Blob }> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await readError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'table.fateboard-table.json';
  return { fileName, blob: await response.blob() };
}

/**
 * A new table from a table file, sent as it is: the server checks it and answers the new
 * table's links, or refuses it with a sentence (nothing is created then).
 */
export async function restoreTable(file: Blob | string): Promise<CreatedTable> {
  const response = await fetch('/api/tables/restore', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: file,
  });
  return withLocalLinks(await readBody(response, CreatedTableSchema));
}

/** GM only: a Fari scene's public cards as situation aspects, its private ones as hidden prep. */
export async function addFariScene(
  tableId: string,
  token: string,
  file: Blob | string,
): Promise<SceneAdded> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/fari-scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: file,
  });
  return readBody(response, SceneAddedSchema);
}

/**
 * The role the early summary's answer gives (see takeEarlySummary), without taking it:
 * undefined when there is none or it cannot be read. Read before anything takes the answer
 * (main.ts), so that socket.io's chunk starts loading with the app's modules.
 */
export async function earlySummaryRole(): Promise<string | undefined> {
  const early = (globalThis as { fateboardEarlySummary?: { response?: unknown } })
    .fateboardEarlySummary;
  if (!(early?.response instanceof Promise)) return undefined;
  const response = (await early.response) as Response;
  if (!response.ok) return undefined;
  const body = (await response.clone().json()) as { you?: { role?: unknown } };
  return typeof body.you?.role === 'string' ? body.you.role : undefined;
}

/**
 * The summary request public/early-summary.js sent as the page started, when it is for this
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

/** GM only: what the table holds on disk, and the ceiling past which writes are refused. */
export async function fetchUsage(tableId: string, token: string): Promise<TableUsage> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/usage`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return readBody(response, TableUsageSchema);
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
  const { links } = await readBody(response, RotatedLinksSchema);
  return { player: onThisOrigin(links.player), spectator: onThisOrigin(links.spectator) };
}

export type Links = { gm: string; player: string; spectator: string };

/**
 * GM only: the table's current invite links, from the server, which keeps them sealed under
 * the GM token; so any device the GM link is opened on can show them. `kept: false` for a
 * table made before the server kept them: rotating the links gives it a copy.
 */
export async function fetchInviteLinks(
  tableId: string,
  token: string,
): Promise<{ kept: true; links: Links } | { kept: false; message: string }> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/links`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status === 404) {
    const error = await readError(response);
    if (error.code === 'links-not-kept') return { kept: false, message: error.message };
    throw error;
  }
  const { links } = await readBody(response, InviteLinksSchema);
  return {
    kept: true,
    links: {
      gm: onThisOrigin(links.gm),
      player: onThisOrigin(links.player),
      spectator: onThisOrigin(links.spectator),
    },
  };
}

/**
 * GM only: the claim links of a restored table's seats that wait for their players
 * (docs/PROTOCOL.md, "Claims"), by seat.
 */
export async function fetchSeatClaims(tableId: string, token: string): Promise<SeatClaimLink[]> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claims`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { claims } = await readBody(response, SeatClaimLinksSchema);
  return claims.map((c) => ({ seatId: c.seatId, link: onThisOrigin(c.link) }));
}

/** GM only: a new claim link for a waiting seat; the seat's earlier one stops working. */
export async function newSeatClaim(
  tableId: string,
  token: string,
  seatId: string,
): Promise<SeatClaimLink> {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claims`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ seatId }),
  });
  const claim = await readBody(response, SeatClaimLinkSchema);
  return { seatId: claim.seatId, link: onThisOrigin(claim.link) };
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
