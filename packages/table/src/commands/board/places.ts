import type * as Y from 'yjs';
import { say } from '../../log/say';
import type { LogParam } from '../../log/say';
import type { Refusal } from '../context';
import { refuse } from '../context';
import type { TableDocs } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import { readBorders, readZones } from '../../doc/board';
import type { BorderView, ZoneView } from '../../doc/view-types';
import type { YMap } from '../../doc/ymap';
import { BOARD_LIMITS } from './schemas';

/**
 * Finding zones and borders on the board, public or prepared, and the places (a zone or a
 * border) situation aspects stand on: the lookups every board command shares.
 */

/** Public zones and borders are in the public document, prepared ones in the GM's. */
export type Side = 'pub' | 'gm';

export interface BoardState {
  zones: { side: Side; zone: ZoneView }[];
  borders: { side: Side; border: BorderView }[];
}

/** Every zone and border, public and prepared. */
export function boardState(docs: TableDocs): BoardState {
  const roots = pubRoots(docs.pub);
  const g = gmRoots(docs.gm);
  return {
    zones: [
      ...readZones(roots.zones).map((zone) => ({ side: 'pub' as const, zone })),
      ...readZones(g.zones).map((zone) => ({ side: 'gm' as const, zone })),
    ],
    borders: [
      ...readBorders(roots.borders).map((border) => ({ side: 'pub' as const, border })),
      ...readBorders(g.borders).map((border) => ({ side: 'gm' as const, border })),
    ],
  };
}

export function findZone(
  state: BoardState,
  id: string,
  side?: Side,
): { side: Side; zone: ZoneView } | Refusal {
  const found = state.zones.find(
    (z) => z.zone.id === id && (side === undefined || z.side === side),
  );
  return found ?? refuse('not-found', `No zone "${id}" on the board.`, { id: 'no-zone' });
}

export function findBorder(
  state: BoardState,
  id: string,
): { side: Side; border: BorderView } | Refusal {
  const found = state.borders.find((b) => b.border.id === id);
  return found ?? refuse('not-found', `No border "${id}" on the board.`, { id: 'no-border' });
}

/** A zone's name, or its id when it is gone. */
export function zoneName(state: BoardState, id: string): string {
  return state.zones.find((z) => z.zone.id === id)?.zone.name ?? id;
}

/** A place in the log's words: a zone's name, or "the border between A and B". */
export function placeSaid(state: BoardState, place: string): LogParam {
  const border = state.borders.find((b) => b.border.id === place)?.border;
  if (border)
    return say('placeBorder', { a: zoneName(state, border.a), b: zoneName(state, border.b) });
  return zoneName(state, place);
}

/** A rectangle within the board's grid, or why not. */
export function offBoard(z: Pick<ZoneView, 'x' | 'y' | 'w' | 'h'>): Refusal | undefined {
  if (z.x + z.w <= BOARD_LIMITS.columns && z.y + z.h <= BOARD_LIMITS.rows) return undefined;
  return refuse(
    'invalid',
    `A zone must fit the board's ${BOARD_LIMITS.columns} × ${BOARD_LIMITS.rows} cells.`,
    { id: 'zone-off-board' },
  );
}

/** Whether two rectangles of cells share a cell. */
export function overlaps(
  a: Pick<ZoneView, 'x' | 'y' | 'w' | 'h'>,
  b: Pick<ZoneView, 'x' | 'y' | 'w' | 'h'>,
): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The zone (other than `self`) the rectangle would overlap, as a refusal. */
export function overlapRefusal(
  state: BoardState,
  rect: Pick<ZoneView, 'x' | 'y' | 'w' | 'h'>,
  self?: string,
): Refusal | undefined {
  const other = state.zones.find((z) => z.zone.id !== self && overlaps(z.zone, rect));
  if (!other) return undefined;
  return refuse('invalid', `Zones may not overlap: that would cover ${other.zone.name}.`, {
    id: 'zone-overlap',
    params: { name: other.zone.name },
  });
}

/** Ids of the aspects (public, and prepared) standing on a place. */
function aspectsOn(map: Y.Map<unknown>, place: string): string[] {
  const out: string[] = [];
  map.forEach((value, id) => {
    if ((value as YMap).get('place') === place) out.push(id);
  });
  return out;
}

/**
 * Checks a place for an aspect: a zone or border that exists (public only, for an aspect in
 * play; public or prepared for a prepared one), with room for one more aspect, counting the
 * public and the prepared ones that stand there (so a reveal always fits).
 */
export function checkPlace(
  docs: TableDocs,
  state: BoardState,
  place: string,
  prepared: boolean,
  self?: string,
): Refusal | undefined {
  const zone = state.zones.find((z) => z.zone.id === place);
  const border = state.borders.find((b) => b.border.id === place);
  const side = zone?.side ?? border?.side;
  if (side === undefined) {
    return refuse('not-found', `No zone or border "${place}" on the board.`, { id: 'no-zone' });
  }
  if (side === 'gm' && !prepared) {
    return refuse('invalid', 'That zone or border is still prepared: reveal the board first.', {
      id: 'place-prepared',
    });
  }
  const standing = [
    ...aspectsOn(pubRoots(docs.pub).aspects, place),
    ...aspectsOn(gmRoots(docs.gm).hidden, place),
  ].filter((id) => id !== self);
  if (standing.length >= BOARD_LIMITS.aspectsPerPlace) {
    return refuse(
      'invalid',
      `At most ${BOARD_LIMITS.aspectsPerPlace} aspects stand on one zone or border.`,
      { id: 'place-full', params: { limit: BOARD_LIMITS.aspectsPerPlace } },
    );
  }
  return undefined;
}

/** The ids of the public aspects and prepared items standing on any of these places. */
export function standingOn(
  docs: TableDocs,
  places: ReadonlySet<string>,
): { pub: { id: string; text: string }[]; gm: string[] } {
  const pub: { id: string; text: string }[] = [];
  pubRoots(docs.pub).aspects.forEach((value, id) => {
    const m = value as YMap;
    const place = m.get('place');
    if (typeof place === 'string' && places.has(place))
      pub.push({ id, text: String(m.get('text')) });
  });
  const gm: string[] = [];
  gmRoots(docs.gm).hidden.forEach((value, id) => {
    const m = value as YMap;
    const place = m.get('place') ?? m.get('zoneId');
    if (typeof place === 'string' && places.has(place)) gm.push(id);
  });
  return { pub, gm };
}
