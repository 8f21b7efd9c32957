import type { Stunt } from '@fateboard/rules';
import { zoneAttackStunt, zoneAttackTargets } from '@fateboard/rules';
import { tokenRecord } from '../../doc/board';
import type { BoardView, ZoneView } from '../../doc/view-types';
import { ZONE_ATTACK_TARGETS } from '../rolls/zone-attack';

/**
 * Whom the board offers as an attack's defenders [CORE-TARGET-1]: for each zone, the
 * characters standing there who could defend (never the attacker, never one taken out), and
 * whether an attack on everyone there is one the reducer takes: only with the attacker's
 * zone-attack stunt [CORE-TARGET-2]. The dice tray lists these;
 * the reducer's `zoneTargets` asks the same rules function, so the two never disagree.
 */

/** A character as any view of it has it. */
export interface TargetCharacter {
  id: string;
  takenOut?: boolean | undefined;
  stunts?: readonly Stunt[] | undefined;
}

/** One zone's defenders, in the rules' order (by id). */
export interface ZoneDefenders<C extends TargetCharacter> {
  zone: ZoneView;
  defenders: C[];
  /** An attack on everyone here is accepted: the attacker's stunt, someone to defend, within the limit. */
  everyone: boolean;
}

export interface BoardTargets<C extends TargetCharacter> {
  /** Every zone of the board in reading order (top to bottom, left to right), with who stands there to defend. */
  zones: ZoneDefenders<C>[];
  /** The characters who could defend but have no token on the board. */
  offBoard: C[];
}

/** The defenders `attackerId` may name, zone by zone, on this board. */
export function boardTargets<C extends TargetCharacter>(
  table: { board: BoardView; characters: readonly C[] },
  attackerId: string,
): BoardTargets<C> {
  const tokens = tokenRecord(table.board.tokens);
  const out = new Set(table.characters.filter((c) => c.takenOut === true).map((c) => c.id));
  const byId = new Map(table.characters.map((c) => [c.id, c]));
  const attacker = byId.get(attackerId);
  const stunt = attacker !== undefined && zoneAttackStunt(attacker) !== undefined;
  const reading = [...table.board.zones].sort((a, b) => a.y - b.y || a.x - b.x);
  const zones = reading.map((zone) => {
    const defenders = zoneAttackTargets(tokens, zone.id, attackerId, out)
      .map((id) => byId.get(id))
      .filter((c): c is C => c !== undefined);
    return {
      zone,
      defenders,
      everyone: stunt && defenders.length > 0 && defenders.length <= ZONE_ATTACK_TARGETS,
    };
  });
  const offBoard = table.characters.filter(
    (c) => c.id !== attackerId && !out.has(c.id) && tokens[c.id] === undefined,
  );
  return { zones, offBoard };
}
