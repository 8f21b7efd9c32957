import type * as Y from 'yjs';
import type { BoardView, BorderView, PrepBoardView, TokenView, ZoneView } from './view-types';

/**
 * The scene board as stored: zones and borders are plain JSON values in Y.Maps keyed by their
 * ids (a zone is edited seldom, and its five numbers and a name are rewritten as one value),
 * tokens a Y.Map of character id → zone id, so a move writes one short string. The public
 * document holds the board everyone sees; the GM document holds prepared zones and borders
 * in roots of the same names, until `board.reveal` moves them over.
 */

function values<T extends { id: string }>(map: Y.Map<unknown>, ok: (x: unknown) => x is T): T[] {
  const out: T[] = [];
  map.forEach((value) => {
    if (ok(value)) out.push(structuredClone(value));
  });
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);
const isZone = (x: unknown): x is ZoneView => isObject(x) && typeof x.id === 'string';
const isBorder = (x: unknown): x is BorderView => isObject(x) && typeof x.id === 'string';

/** The zones of one document, by id. */
export function readZones(map: Y.Map<unknown>): ZoneView[] {
  return values(map, isZone);
}

/** The borders of one document, by id. */
export function readBorders(map: Y.Map<unknown>): BorderView[] {
  return values(map, isBorder);
}

/** Where each token stands, by character id. */
export function readTokens(map: Y.Map<unknown>): TokenView[] {
  const out: TokenView[] = [];
  map.forEach((zoneId, characterId) => {
    if (typeof zoneId === 'string') out.push({ characterId, zoneId });
  });
  return out.sort((a, b) => (a.characterId < b.characterId ? -1 : 1));
}

/** The board of the public document. */
export function readBoard(roots: {
  zones: Y.Map<unknown>;
  borders: Y.Map<unknown>;
  tokens: Y.Map<unknown>;
}): BoardView {
  return {
    zones: readZones(roots.zones),
    borders: readBorders(roots.borders),
    tokens: readTokens(roots.tokens),
  };
}

/** Tokens as a record, character id → zone id (what the rules' helpers take). */
export function tokenRecord(tokens: readonly TokenView[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of tokens) out[t.characterId] = t.zoneId;
  return out;
}

/** The characters whose tokens stand in a zone (the dice tray's defenders), in id order. */
export function charactersInZone<C extends { id: string }>(
  table: { board: BoardView; characters: readonly C[] },
  zoneId: string,
): C[] {
  const here = new Set(
    table.board.tokens.filter((t) => t.zoneId === zoneId).map((t) => t.characterId),
  );
  return table.characters.filter((c) => here.has(c.id));
}

/** A place an aspect stands on: a zone, or a border with its two zones. */
export type BoardPlace =
  | { kind: 'zone'; zone: ZoneView }
  | { kind: 'border'; border: BorderView; a: ZoneView | undefined; b: ZoneView | undefined };

export function placeOf(
  board: Pick<BoardView, 'zones' | 'borders'>,
  place: string,
): BoardPlace | undefined {
  const zone = board.zones.find((z) => z.id === place);
  if (zone) return { kind: 'zone', zone };
  const border = board.borders.find((b) => b.id === place);
  if (!border) return undefined;
  const named = (id: string) => board.zones.find((z) => z.id === id);
  return { kind: 'border', border, a: named(border.a), b: named(border.b) };
}

/**
 * A place's name as the scene's aspect list shows it beside an aspect: the zone's name, or a
 * border's two zones as `Dock – Floor`; undefined for an aspect of the whole scene.
 */
export function placeName(
  board: Pick<BoardView, 'zones' | 'borders'>,
  place: string | undefined,
): string | undefined {
  if (place === undefined) return undefined;
  const found = placeOf(board, place);
  if (!found) return undefined;
  return found.kind === 'zone'
    ? found.zone.name
    : `${found.a?.name ?? found.border.a} – ${found.b?.name ?? found.border.b}`;
}

/**
 * The GM's prepared board less what is already public. The two documents reach a browser one
 * after the other, so for a moment a revealed zone or border is in both.
 */
export function preparedOnly(
  prep: PrepBoardView | undefined,
  board: Pick<BoardView, 'zones' | 'borders'>,
): PrepBoardView {
  const pub = new Set([...board.zones, ...board.borders].map((x) => x.id));
  return {
    zones: (prep?.zones ?? []).filter((z) => !pub.has(z.id)),
    borders: (prep?.borders ?? []).filter((b) => !pub.has(b.id)),
  };
}
