import { line, say } from '../../log/say';
import { findControlled, gmOnly } from '../access';
import type { Handler, LogDraft, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { TableDocs } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import { writeTableState } from '../../doc/character-store';
import type { BorderView, ZoneView } from '../../doc/view-types';
import type { YMap } from '../../doc/ymap';
import { put } from '../../doc/ymap';
import type { BoardState, Side } from './places';
import {
  boardState,
  findBorder,
  findZone,
  offBoard,
  overlapRefusal,
  standingOn,
  zoneName,
} from './places';
import { BOARD_LIMITS } from './schemas';

/**
 * The GM lays out the scene board: zones (rectangles of whole cells that never overlap),
 * borders between them, the scene's map; a player or the GM sets a character's portrait.
 * Prepared zones and borders (`hidden`) are written in the GM document only and logged
 * nowhere: a public log line would tell the players they exist.
 */

function rootsOf(docs: TableDocs, side: Side) {
  return side === 'pub' ? pubRoots(docs.pub) : gmRoots(docs.gm);
}

/** A fresh id for a zone or border, unused in either document. */
function freshId(state: BoardState, newId: () => string): string | Refusal {
  const id = newId();
  const taken =
    state.zones.some((z) => z.zone.id === id) || state.borders.some((b) => b.border.id === id);
  return taken ? refuse('invalid', 'Id collision; try again.') : id;
}

export const zoneAdd: Handler<'zone.add'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'lay out the board');
  if (denied) return denied;
  const state = boardState(docs);
  if (state.zones.length >= BOARD_LIMITS.zones) {
    return refuse('invalid', `A board holds at most ${BOARD_LIMITS.zones} zones.`, {
      id: 'board-full',
      params: { limit: BOARD_LIMITS.zones },
    });
  }
  const { name, x, y, w, h } = command;
  const rect = { x, y, w, h };
  const bad = offBoard(rect) ?? overlapRefusal(state, rect);
  if (bad) return bad;
  const id = freshId(state, newId);
  if (typeof id !== 'string') return id;
  const zone: ZoneView = { id, name, ...rect, at: now };
  const side: Side = command.hidden === true ? 'gm' : 'pub';
  const write = () => rootsOf(docs, side).zones.set(id, zone);
  return side === 'gm'
    ? { gm: write, result: { zoneId: id } }
    : { pub: write, log: [line(say('zoneAdded', { zone: name }))], result: { zoneId: id } };
};

export const zoneEdit: Handler<'zone.edit'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'lay out the board');
  if (denied) return denied;
  const state = boardState(docs);
  const found = findZone(state, command.zoneId);
  if (isRefusal(found)) return found;
  const before = found.zone;
  const next: ZoneView = {
    ...before,
    ...(command.name === undefined ? {} : { name: command.name }),
    ...(command.x === undefined ? {} : { x: command.x }),
    ...(command.y === undefined ? {} : { y: command.y }),
    ...(command.w === undefined ? {} : { w: command.w }),
    ...(command.h === undefined ? {} : { h: command.h }),
  };
  const bad = offBoard(next) ?? overlapRefusal(state, next, before.id);
  if (bad) return bad;
  if (JSON.stringify(next) === JSON.stringify(before)) return {};
  const write = () => rootsOf(docs, found.side).zones.set(before.id, next);
  if (found.side === 'gm') return { gm: write };
  // Moving or resizing a zone is layout, not news; a new name is.
  const renamed = next.name !== before.name;
  return {
    pub: write,
    ...(renamed
      ? { log: [line(say('zoneRenamed', { before: before.name, zone: next.name }))] }
      : {}),
  };
};

/**
 * What leaves the board with some zones and borders: the borders touching the zones, the
 * tokens in them, and the places of the aspects (and prepared items) on any of them, which
 * then stand over the whole scene. Public aspects are logged, prepared ones are not.
 */
function dropPlaces(
  docs: TableDocs,
  state: BoardState,
  zones: ReadonlySet<string>,
  borders: ReadonlySet<string>,
): { pub: () => void; gm: () => void; log: LogDraft[] } {
  const gone = new Set(borders);
  for (const { border } of state.borders) {
    if (zones.has(border.a) || zones.has(border.b)) gone.add(border.id);
  }
  const places = new Set([...zones, ...gone]);
  const standing = standingOn(docs, places);
  const roots = pubRoots(docs.pub);
  const g = gmRoots(docs.gm);
  return {
    pub: () => {
      for (const id of zones) roots.zones.delete(id);
      for (const id of gone) roots.borders.delete(id);
      roots.tokens.forEach((zoneId, characterId) => {
        if (typeof zoneId === 'string' && zones.has(zoneId)) roots.tokens.delete(characterId);
      });
      for (const a of standing.pub) (roots.aspects.get(a.id) as YMap | undefined)?.delete('place');
    },
    gm: () => {
      for (const id of zones) g.zones.delete(id);
      for (const id of gone) g.borders.delete(id);
      for (const id of standing.gm) {
        const m = g.hidden.get(id) as YMap | undefined;
        if (!m) continue;
        put(m, 'place', undefined);
        put(m, 'zoneId', undefined);
      }
    },
    log: standing.pub.map((a) => line(say('aspectSceneWide', { text: a.text }))),
  };
}

export const zoneRemove: Handler<'zone.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'lay out the board');
  if (denied) return denied;
  const state = boardState(docs);
  const found = findZone(state, command.zoneId);
  if (isRefusal(found)) return found;
  const dropped = dropPlaces(docs, state, new Set([found.zone.id]), new Set());
  // A prepared zone was never seen: removing it tells the players nothing.
  if (found.side === 'gm') return { gm: dropped.gm };
  return {
    pub: dropped.pub,
    gm: dropped.gm,
    log: [line(say('zoneRemoved', { zone: found.zone.name })), ...dropped.log],
  };
};

export const borderAdd: Handler<'border.add'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'lay out the board');
  if (denied) return denied;
  const state = boardState(docs);
  const a = findZone(state, command.a);
  if (isRefusal(a)) return a;
  const b = findZone(state, command.b);
  if (isRefusal(b)) return b;
  if (a.zone.id === b.zone.id) {
    return refuse('invalid', 'A border joins two different zones.', { id: 'border-same-zone' });
  }
  const pair = (x: BorderView) =>
    (x.a === a.zone.id && x.b === b.zone.id) || (x.a === b.zone.id && x.b === a.zone.id);
  if (state.borders.some((x) => pair(x.border))) {
    return refuse('invalid', `${a.zone.name} and ${b.zone.name} already touch.`, {
      id: 'border-exists',
    });
  }
  if (state.borders.length >= BOARD_LIMITS.borders) {
    return refuse('invalid', `A board holds at most ${BOARD_LIMITS.borders} borders.`, {
      id: 'board-full',
      params: { limit: BOARD_LIMITS.borders },
    });
  }
  const id = freshId(state, newId);
  if (typeof id !== 'string') return id;
  const border: BorderView = { id, a: a.zone.id, b: b.zone.id, at: now };
  const side: Side = command.hidden === true || a.side === 'gm' || b.side === 'gm' ? 'gm' : 'pub';
  const write = () => rootsOf(docs, side).borders.set(id, border);
  if (side === 'gm') return { gm: write, result: { borderId: id } };
  return {
    pub: write,
    log: [line(say('zonesTouch', { a: a.zone.name, b: b.zone.name }))],
    result: { borderId: id },
  };
};

export const borderRemove: Handler<'border.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'lay out the board');
  if (denied) return denied;
  const state = boardState(docs);
  const found = findBorder(state, command.borderId);
  if (isRefusal(found)) return found;
  const dropped = dropPlaces(docs, state, new Set(), new Set([found.border.id]));
  if (found.side === 'gm') return { gm: dropped.gm };
  const { a, b } = found.border;
  return {
    pub: dropped.pub,
    gm: dropped.gm,
    log: [
      line(say('zonesApart', { a: zoneName(state, a), b: zoneName(state, b) })),
      ...dropped.log,
    ],
  };
};

export const boardMap: Handler<'board.map'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'set the scene’s map');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (roots.scene.get('map') === command.hash) return {};
  return { pub: () => put(roots.scene, 'map', command.hash) };
};

/**
 * The GM shows the board on the stream overlay, or takes it off: `meta.boardOnOverlay`, `true`
 * when shown, absent otherwise. A setting, not a move of the game: no log line.
 */
export const boardOverlay: Handler<'board.overlay'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'choose what the stream overlay shows');
  if (denied) return denied;
  const meta = pubRoots(docs.pub).meta;
  if ((meta.get('boardOnOverlay') === true) === command.show) return {};
  return {
    pub: () => {
      if (command.show) meta.set('boardOnOverlay', true);
      else meta.delete('boardOnOverlay');
    },
  };
};

export const characterPortrait: Handler<'character.portrait'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  if (found.map.get('portrait') === command.hash) return {};
  return { pub: () => writeTableState(found.map, { portrait: command.hash }) };
};

/**
 * The board ends with its scene, as situation aspects do: public zones, borders, tokens and
 * the map go; the prepared board stays, losing whatever it named of the public one (a
 * prepared border to a public zone, a prepared aspect or token there).
 */
export function boardEnded(docs: TableDocs): { pub: () => void; gm: () => void } {
  const state = boardState(docs);
  const zones = new Set(state.zones.filter((z) => z.side === 'pub').map((z) => z.zone.id));
  const borders = new Set(state.borders.filter((b) => b.side === 'pub').map((b) => b.border.id));
  const dropped = dropPlaces(docs, state, zones, borders);
  const roots = pubRoots(docs.pub);
  return {
    pub: () => {
      dropped.pub();
      roots.tokens.forEach((_zone, characterId) => roots.tokens.delete(characterId));
      put(roots.scene, 'map', undefined);
    },
    gm: dropped.gm,
  };
}
