import type { RulesetId } from '@fateboard/rules';
import {
  CreatedTableSchema,
  InviteLinksSchema,
  RotatedLinksSchema,
  SceneAddedSchema,
  SeatClaimLinkSchema,
  SeatClaimLinksSchema,
  TableUsageSchema,
} from '@fateboard/table';
import type { CreatedTable, SceneAdded, SeatClaimLink, TableUsage } from '@fateboard/table';
import { onThisOrigin, readBody, readError } from './api-answers';

// The server's doors for making tables and for the GM's own business: new and restored
// tables, table files, invite and claim links, disk usage.

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
