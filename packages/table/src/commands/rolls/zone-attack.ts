import { ladderParam, line, say } from '../../log/say';
import type { Character } from '@fateboard/rules';
import { zoneAttackStunt, zoneAttackTargets } from '@fateboard/rules';
import { findCharacter, tableRuleset } from '../access';
import { beginConflict, joinConflict } from '../time/conflict';
import type { Ctx, Plan, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import { diceSaid } from './sides';
import { writeNewRoll } from './stored-rolls';
import { endRequestsOf } from './help';
import type { PubRoots } from '../../doc/schema';
import { pubRoots, ROLL_LIMIT } from '../../doc/schema';
import type { RollView, ZoneView } from '../../doc/view-types';
import { readBoard, tokenRecord } from '../../doc/board';
import { bool } from '../../doc/ymap';
import { rollPurposeSaid } from '../../log/words';

/**
 * An attack on everyone in a zone [CORE-TARGET-1]: one attack roll, and a copy of it for each
 * character there, each awaiting that character's own `defend` (or concession) and then
 * played like any roll with a defender. The copies share the attacker's dice and, through
 * `invoke`, every invoke on the attack.
 */

/** At most this many defenders for one zone attack: each takes a place among the recent rolls. */
export const ZONE_ATTACK_TARGETS = ROLL_LIMIT / 2;

export interface ZoneTargets {
  zone: ZoneView;
  characters: Character[];
}

/** The characters an attack on `zoneId` by `attacker` asks to defend, checked. */
export function zoneTargets(
  roots: PubRoots,
  zoneId: string,
  attacker: Character,
): ZoneTargets | Refusal {
  if (zoneAttackStunt(attacker) === undefined) {
    return refuse('rules', `${attacker.name} has no stunt that attacks everyone in a zone.`, {
      id: 'zone-attack-stunt',
      params: { name: attacker.name },
    });
  }
  const board = readBoard(roots);
  const zone = board.zones.find((z) => z.id === zoneId);
  if (!zone) return refuse('not-found', `No zone "${zoneId}" on the board.`, { id: 'no-zone' });
  const out = new Set<string>();
  roots.characters.forEach((m, id) => {
    if ((m as { get(k: string): unknown }).get('takenOut') === true) out.add(id);
  });
  const ids = zoneAttackTargets(tokenRecord(board.tokens), zoneId, attacker.id, out);
  if (ids.length === 0) {
    return refuse('invalid', `Nobody in ${zone.name} to attack.`, { id: 'zone-attack-alone' });
  }
  if (ids.length > ZONE_ATTACK_TARGETS) {
    return refuse('invalid', `One attack reaches at most ${ZONE_ATTACK_TARGETS} defenders.`, {
      id: 'board-full',
      params: { limit: ZONE_ATTACK_TARGETS },
    });
  }
  const characters: Character[] = [];
  for (const id of ids) {
    const found = findCharacter(roots, id);
    if (isRefusal(found)) return found;
    characters.push(found.character);
  }
  return { zone, characters };
}

/** The stunt that lets `attacker` attack a whole zone, by name, for the roll cards. */
function stuntNamed(attacker: Character): { stunt?: string } {
  const stunt = zoneAttackStunt(attacker);
  return stunt === undefined ? {} : { stunt: stunt.name };
}

/**
 * Stores one copy of the attack per defender, each awaiting its defence; outside a conflict it
 * starts one between the attacker and all of them, inside one they join it.
 */
export function awaitZoneDefences(
  ctx: Ctx<'roll'>,
  draft: RollView,
  attacker: Character,
  targets: ZoneTargets,
): Plan | Refusal {
  const roots = pubRoots(ctx.docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const ids = targets.characters.map((c, i) => (i === 0 ? draft.id : ctx.newId()));
  const group = draft.id;
  const copies: RollView[] = targets.characters.map((c, i) => ({
    ...structuredClone(draft),
    id: ids[i]!,
    defence: { characterId: c.id, status: 'awaiting' },
    zoneAttack: { group, zoneId: targets.zone.id, ...stuntNamed(attacker) },
  }));
  const everyone = [attacker.id, ...targets.characters.map((c) => c.id)];
  const inConflict = bool(roots.conflict, 'active');
  const names = targets.characters.map((c) => c.name);
  return {
    pub: () => {
      if (!inConflict) beginConflict(roots, ruleset, everyone);
      else joinConflict(roots, everyone);
      for (const copy of copies) writeNewRoll(roots, copy);
      endRequestsOf(roots, attacker.id);
    },
    log: [
      ...(inConflict
        ? []
        : [line(say('attackStartedConflict', { attacker: attacker.name, defender: names }))]),
      {
        ...line(
          say('rolledAgainstZone', {
            name: attacker.name,
            purpose: rollPurposeSaid('attack'),
            dice: diceSaid(draft.actor),
            total: ladderParam(draft.actor.total),
            zone: targets.zone.name,
            defenders: names,
          }),
        ),
        characterId: attacker.id,
        rollId: draft.id,
      },
    ],
    result: { rollId: draft.id, rollIds: ids },
  };
}
