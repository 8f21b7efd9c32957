import type { GmView, TableView } from '../doc/view-types';
import { BOARD_LIMITS } from '../commands/board/schemas';
import { overlaps } from '../commands/board/places';
import type { TableProblem } from './problem';
import { problem } from './problem';

/**
 * What the scene board's fields say about each other, as the board commands keep it (each
 * zone's shape and bounds are shapes.ts's): ids shared by no two zones or borders of either
 * document, the board's limits counted over public and prepared together (a reveal must fit),
 * zones that never overlap, borders between two distinct zones that exist (a public border
 * between public zones), one border per pair, tokens of characters in the running scene
 * standing in public zones, and aspects standing on places that exist, within their limit.
 */
export function boardProblem(table: TableView, gm: GmView): TableProblem | undefined {
  return layout(table, gm) ?? tokens(table) ?? places(table, gm);
}

function layout(table: TableView, gm: GmView): TableProblem | undefined {
  const zones = [
    ...table.board.zones.map((zone, i) => ({ zone, where: `board.zones.${i}` })),
    ...gm.board.zones.map((zone, i) => ({ zone, where: `gm.board.zones.${i}` })),
  ];
  const borders = [
    ...table.board.borders.map((border, i) => ({ border, where: `board.borders.${i}`, pub: true })),
    ...gm.board.borders.map((border, i) => ({
      border,
      where: `gm.board.borders.${i}`,
      pub: false,
    })),
  ];
  if (zones.length > BOARD_LIMITS.zones) {
    return problem(
      'board.zones',
      `holds more than ${BOARD_LIMITS.zones} zones, prepared ones included`,
    );
  }
  if (borders.length > BOARD_LIMITS.borders) {
    return problem(
      'board.borders',
      `holds more than ${BOARD_LIMITS.borders} borders, prepared ones included`,
    );
  }
  const ids = new Set<string>();
  for (const { where, id } of [
    ...zones.map((z) => ({ where: z.where, id: z.zone.id })),
    ...borders.map((b) => ({ where: b.where, id: b.border.id })),
  ]) {
    if (ids.has(id)) return problem(`${where}.id`, `repeats the id "${id}"`);
    ids.add(id);
  }
  for (const [i, a] of zones.entries()) {
    const other = zones.slice(i + 1).find((b) => overlaps(a.zone, b.zone));
    if (other) return problem(a.where, `overlaps the zone ${other.zone.name}`);
  }
  const publicZones = new Set(table.board.zones.map((z) => z.id));
  const anyZone = new Set(zones.map((z) => z.zone.id));
  const pairs = new Set<string>();
  for (const { border, where, pub } of borders) {
    const known = pub ? publicZones : anyZone;
    if (!known.has(border.a)) return problem(`${where}.a`, 'names no zone it may join');
    if (!known.has(border.b)) return problem(`${where}.b`, 'names no zone it may join');
    if (border.a === border.b) return problem(where, 'joins a zone to itself');
    const pair = [border.a, border.b].sort().join(' ');
    if (pairs.has(pair)) return problem(where, 'joins two zones another border already joins');
    pairs.add(pair);
  }
  return undefined;
}

function tokens(table: TableView): TableProblem | undefined {
  const { board, scene } = table;
  if (board.tokens.length > BOARD_LIMITS.tokens) {
    return problem('board.tokens', `holds more than ${BOARD_LIMITS.tokens} tokens`);
  }
  const zones = new Set(board.zones.map((z) => z.id));
  const characters = new Set(table.characters.map((c) => c.id));
  const present = new Set(scene.present);
  for (const [i, token] of board.tokens.entries()) {
    const where = `board.tokens.${i}`;
    if (!characters.has(token.characterId)) {
      return problem(`${where}.characterId`, 'names no character at the table');
    }
    if (!scene.active || !present.has(token.characterId)) {
      return problem(`${where}.characterId`, 'names a character not in a running scene');
    }
    if (!zones.has(token.zoneId)) return problem(`${where}.zoneId`, 'names no zone on the board');
  }
  const moved = table.conflict.freeMove?.characterId;
  if (moved !== undefined && !characters.has(moved)) {
    return problem('conflict.freeMove.characterId', 'names no character at the table');
  }
  return undefined;
}

function places(table: TableView, gm: GmView): TableProblem | undefined {
  const pub = new Set([...table.board.zones, ...table.board.borders].map((x) => x.id));
  const all = new Set([
    ...pub,
    ...gm.board.zones.map((z) => z.id),
    ...gm.board.borders.map((b) => b.id),
  ]);
  const zones = new Set([...table.board.zones, ...gm.board.zones].map((z) => z.id));
  const count = new Map<string, number>();
  const stand = (place: string) => count.set(place, (count.get(place) ?? 0) + 1);
  for (const [i, a] of table.aspects.entries()) {
    if (a.place === undefined) continue;
    const where = `aspects.${i}.place`;
    if (!pub.has(a.place)) return problem(where, 'names no zone or border on the board');
    if (a.kind !== 'situation') return problem(where, 'places an aspect that is not a situation');
    stand(a.place);
  }
  for (const [i, h] of gm.hidden.entries()) {
    if (h.place !== undefined) {
      if (!all.has(h.place)) {
        return problem(`gm.hidden.${i}.place`, 'names no zone or border, public or prepared');
      }
      stand(h.place);
    }
    if (h.zoneId !== undefined && !zones.has(h.zoneId)) {
      return problem(`gm.hidden.${i}.zoneId`, 'names no zone, public or prepared');
    }
  }
  for (const [place, n] of count) {
    if (n > BOARD_LIMITS.aspectsPerPlace) {
      return problem(
        'aspects',
        `stand ${n} on "${place}", more than ${BOARD_LIMITS.aspectsPerPlace}, prepared ones included`,
      );
    }
  }
  return undefined;
}
