import type { CharacterView, RollView } from '@fateboard/table';
import { playedBy } from '@fateboard/table';
import type { Ruleset } from '@fateboard/rules';
import { usualDefence } from '@fateboard/rules';
import { ratedChoices, type RatedChoice } from '../dice/rated-choices';

/** What a defender may roll: their skills or (narrative) rated aspects, best first. */
export type DefenceOption = RatedChoice;

export function defenceOptions(ruleset: Ruleset | undefined, c: CharacterView): DefenceOption[] {
  // A stable sort: aspects of equal rating keep their sheet order.
  return [...ratedChoices(ruleset, c)].sort((a, b) => b.rating - a.rating);
}

/**
 * The option a defence prompt starts on: the skill that usually defends against the roll's
 * (the rules' `usualDefence`: Fight against Fight, Athletics against Shoot, Will against
 * Provoke…), else the best option.
 */
export function defaultDefence(
  ruleset: Ruleset | undefined,
  roll: Pick<RollView, 'actor'>,
  defender: Pick<CharacterView, 'skills'>,
  options: readonly DefenceOption[],
): string {
  const usual = ruleset ? usualDefence(ruleset, roll.actor.skillId, defender.skills) : undefined;
  return options.find((o) => o.id === usual)?.id ?? options[0]?.id ?? '';
}

/**
 * Where a roll stands on its defence, for its card: nothing asked, awaiting the defender's
 * roll, or conceded. Only the defender's controller (their player, or the GM) answers.
 */
export type DefenceState =
  | { kind: 'none' }
  | { kind: 'awaiting'; defenderId: string; mine: boolean }
  | { kind: 'conceded'; defenderId: string };

export function defenceState(
  roll: RollView,
  viewer: { isGm: boolean; seatId: string | null },
  owners: ReadonlyMap<string, string | undefined>,
): DefenceState {
  const d = roll.defence;
  if (!d) return { kind: 'none' };
  switch (d.status) {
    case 'rolled':
      return { kind: 'none' };
    case 'conceded':
      return { kind: 'conceded', defenderId: d.characterId };
    case 'awaiting': {
      const owner = owners.get(d.characterId);
      const mine = viewer.isGm || playedBy(viewer.seatId, { owner });
      return { kind: 'awaiting', defenderId: d.characterId, mine };
    }
    default:
      return d.status satisfies never;
  }
}
