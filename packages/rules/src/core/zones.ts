/**
 * Zones and moving between them [CORE-ZONE-1] [CORE-MOVE-1..3]: a scene's map is its zones;
 * two zones touch where a border joins them; how far apart two zones are is the fewest
 * borders crossed between them. Moving one zone is free when nothing stands in the way; going
 * farther, or across a border that carries an aspect, is an overcome against passive
 * opposition. Pure: the table hands in the zones and borders as plain data.
 */

import type { Stunt } from './character';

/** A border between two zones, and how many aspects stand on it (its obstacles). */
export interface BorderEdge {
  id: string;
  a: string;
  b: string;
  aspects: number;
}

/** A scene's zones (their ids) and the borders between them. */
export interface ZoneGraph {
  zones: readonly string[];
  borders: readonly BorderEdge[];
}

/** The easiest shortest way between two zones: how many borders, and which ones. */
export interface ZonePath {
  distance: number;
  /** The borders crossed, in order from the start. */
  borders: string[];
  /** Those of them that carry at least one aspect. */
  hindered: string[];
}

/**
 * The fewest borders crossed from `from` to `to` [CORE-ZONE-1], and among the paths that
 * short, the one with the fewest borders that carry an aspect (a mover takes the easiest
 * route of that length); ties keep the borders in their given order. Undefined when no path
 * joins them (or a zone is not in the graph). Breadth first: a scene has tens of zones.
 */
export function zonePath(graph: ZoneGraph, from: string, to: string): ZonePath | undefined {
  const zones = new Set(graph.zones);
  if (!zones.has(from) || !zones.has(to)) return undefined;
  const edges = new Map<string, BorderEdge[]>();
  for (const border of graph.borders) {
    if (!zones.has(border.a) || !zones.has(border.b) || border.a === border.b) continue;
    for (const end of [border.a, border.b]) {
      const list = edges.get(end) ?? [];
      list.push(border);
      edges.set(end, list);
    }
  }
  // best[zone]: its distance, hindered borders on the way, and the border that led there.
  const best = new Map<string, { distance: number; hindered: number; via?: BorderEdge }>();
  best.set(from, { distance: 0, hindered: 0 });
  let layer = [from];
  while (layer.length > 0 && !best.has(to)) {
    const next: string[] = [];
    for (const zone of layer) {
      const here = best.get(zone)!;
      for (const border of edges.get(zone) ?? []) {
        const other = border.a === zone ? border.b : border.a;
        const hindered = here.hindered + (border.aspects > 0 ? 1 : 0);
        const known = best.get(other);
        if (known === undefined) {
          best.set(other, { distance: here.distance + 1, hindered, via: border });
          next.push(other);
        } else if (known.distance === here.distance + 1 && hindered < known.hindered) {
          best.set(other, { distance: known.distance, hindered, via: border });
        }
      }
    }
    layer = next;
  }
  const end = best.get(to);
  if (end === undefined) return undefined;
  const borders: BorderEdge[] = [];
  for (let zone = to, step = end; step.via !== undefined;) {
    borders.unshift(step.via);
    zone = step.via.a === zone ? step.via.b : step.via.a;
    step = best.get(zone)!;
  }
  return {
    distance: end.distance,
    borders: borders.map((b) => b.id),
    hindered: borders.filter((b) => b.aspects > 0).map((b) => b.id),
  };
}

/**
 * What a move asks for [CORE-MOVE-1] [CORE-MOVE-2]:
 * - `free`: one zone, across a border with no aspect, with the free move still at hand;
 * - `overcome`: an overcome against passive opposition, the difficulty one step per zone
 *   crossed, the hindering borders' aspects standing as that opposition;
 * - `unreachable`: no border leads there; `same-zone`: already there.
 */
export type MoveRule =
  | { kind: 'free'; path: ZonePath }
  | { kind: 'overcome'; path: ZonePath; difficulty: number; why: 'distance' | 'border' | 'spent' }
  | { kind: 'unreachable' }
  | { kind: 'same-zone' };

/**
 * The rule for moving from `from` to `to`. `freeMove` says whether the free move is at hand:
 * outside a conflict always; in one, on the character's own turn, once [CORE-MOVE-1].
 */
export function moveRule(graph: ZoneGraph, from: string, to: string, freeMove: boolean): MoveRule {
  if (from === to) return { kind: 'same-zone' };
  const path = zonePath(graph, from, to);
  if (path === undefined) return { kind: 'unreachable' };
  const why =
    path.distance > 1
      ? 'distance'
      : path.hindered.length > 0
        ? 'border'
        : freeMove
          ? undefined
          : 'spent';
  if (why === undefined) return { kind: 'free', path };
  return { kind: 'overcome', path, difficulty: moveDifficulty(path.distance), why };
}

/**
 * The passive opposition of a moving overcome: one step on the ladder per zone crossed, so
 * one zone is Average (+1), two Fair (+2), three Good (+3) [CORE-MOVE-2]. The aspects on the
 * borders crossed raise it when invoked against the mover [CORE-INVOKE-2].
 */
export function moveDifficulty(distance: number): number {
  return distance;
}

/**
 * How a game rolls a moving overcome [CORE-MOVE-2]: with one skill (Athletics; pirates'
 * Explore), or, where aspects act as skills (`narrative`), with any rated aspect, the one
 * named first offered.
 */
export type MovementRoll = { skillId: string } | { aspectId: string };

/**
 * Whether a moving overcome's outcome lets the move happen [CORE-MOVE-3]: anything but a
 * failure (a tie reaches the goal at a minor cost [CORE-OVERCOME-2]).
 */
export function moveAllowedBy(outcome: 'fail' | 'tie' | 'success' | 'success-with-style'): boolean {
  return outcome !== 'fail';
}

/**
 * The stunt that lets a character attack everyone in a zone [CORE-TARGET-2]: an active stunt
 * ("Attack all characters in a zone") marked so on the sheet; without one, an attack names one
 * defender. The first such stunt, or undefined.
 */
export function zoneAttackStunt(attacker: {
  stunts?: readonly Stunt[] | undefined;
}): Stunt | undefined {
  return attacker.stunts?.find((s) => s.zoneAttack === true);
}

/**
 * Whom an attack on everyone in a zone asks for a defence [CORE-TARGET-1]: every character
 * whose token stands in the zone, but the attacker and those already taken out, in id order.
 * One attack roll; each of them defends against it separately.
 */
export function zoneAttackTargets(
  tokens: Readonly<Record<string, string>>,
  zoneId: string,
  attackerId: string,
  takenOut: ReadonlySet<string> = new Set(),
): string[] {
  return Object.entries(tokens)
    .filter(([id, zone]) => zone === zoneId && id !== attackerId && !takenOut.has(id))
    .map(([id]) => id)
    .sort();
}
