import type { Character, Stunt } from './character';
import { ok, refuse, type Result } from './types';

/**
 * What a roll adds besides the rating, the dice and the invocations: the roller's stunts and
 * the help of other characters. The table names them (the roller picks the stunt, the helpers
 * say they help); the rules check that each may apply and say how much it is worth.
 */

/** A passive stunt's bonus: "I get a +2 when I use [skill] to [action]" [CORE-STUNT-1]. */
export const STUNT_BONUS = 2;

/** One bonus on a roll, labelled by what gives it. */
export interface RollBonus {
  kind: 'stunt' | 'help';
  /** The stunt's id, or the helping character's. */
  id: string;
  /** The stunt's name, or the helper's. */
  label: string;
  value: number;
}

/**
 * The stunts that may add their bonus to a roll [CORE-STUNT-1]: every one but an active stunt
 * that attacks everyone in a zone [CORE-TARGET-2], whose effect is the attack, not a +2.
 */
export function bonusStunts(roller: Pick<Character, 'stunts'>): Stunt[] {
  return roller.stunts.filter((s) => s.zoneAttack !== true);
}

/**
 * The roller's stunts on a roll [CORE-STUNT-1]: each must be on the rolling character's sheet,
 * and each counts once. Whether the stunt's circumstance fits is the table's call, as with an
 * invocation: the roll card names the stunt for everyone to see.
 */
export function stuntBonuses(roller: Character, stuntIds: readonly string[]): Result<RollBonus[]> {
  const bonuses: RollBonus[] = [];
  for (const id of stuntIds) {
    const stunt = roller.stunts.find((s) => s.id === id);
    if (!stunt) return refuse('no-stunt', `${roller.name} has no stunt "${id}".`);
    if (stunt.zoneAttack === true) {
      return refuse('active-stunt', `${stunt.name} attacks a zone; it adds no bonus.`);
    }
    if (bonuses.some((b) => b.id === id)) {
      return refuse('stunt-twice', `${stunt.name} counts once on a roll.`);
    }
    bonuses.push({ kind: 'stunt', id, label: stunt.name, value: STUNT_BONUS });
  }
  return ok(bonuses);
}

/**
 * Teamwork by combining skills [CORE-TEAMWORK-1]: each other character who has at least
 * Average (+1) in the skill being rolled adds +1. A helper is not the roller, counts once, and
 * a character already taken out helps no one. Only a roll of a skill can be helped this way.
 * A helper is on the roller's side [CORE-TEAMWORK-2]: never one of `against`, the characters
 * the roll acts against (its defender, its opposition).
 */
export function teamworkBonuses(
  roller: Character,
  skillId: string | undefined,
  helpers: readonly Character[],
  against: readonly string[] = [],
): Result<RollBonus[]> {
  if (helpers.length === 0) return ok([]);
  if (skillId === undefined) {
    return refuse('help-needs-skill', 'Only a roll of a skill can be helped.');
  }
  const bonuses: RollBonus[] = [];
  for (const helper of helpers) {
    if (helper.id === roller.id) {
      return refuse('help-self', `${roller.name} cannot help their own roll.`);
    }
    if (against.includes(helper.id)) {
      return refuse(
        'help-opposing',
        `${helper.name} is on the other side of this roll and cannot help it.`,
      );
    }
    if (bonuses.some((b) => b.id === helper.id)) {
      return refuse('help-twice', `${helper.name} helps once on a roll.`);
    }
    if (helper.takenOut) {
      return refuse('helper-out', `${helper.name} was taken out and cannot help.`);
    }
    const rating = helper.skills.find((s) => s.id === skillId)?.rating ?? 0;
    if (rating < 1) {
      return refuse(
        'helper-unskilled',
        `${helper.name} needs at least Average (+1) in that skill to help.`,
      );
    }
    bonuses.push({ kind: 'help', id: helper.id, label: helper.name, value: 1 });
  }
  return ok(bonuses);
}
