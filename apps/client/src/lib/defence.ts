import type { CharacterView, RollView } from '@fateboard/table';
import type { Ruleset } from '@fateboard/rules';
import { signed } from './rules';

/** What a defender may roll: their skills, best first, or in `narrative` their rated aspects. */
export interface DefenceOption {
  id: string;
  label: string;
  rating: number;
}

export function defenceOptions(ruleset: Ruleset | undefined, c: CharacterView): DefenceOption[] {
  if (!ruleset) return [];
  if (ruleset.skills === null) {
    return c.aspects
      .filter((a) => a.rating !== undefined && a.text)
      .map((a) => ({
        id: a.id,
        label: `${a.text} (${signed(a.rating ?? 0)})`,
        rating: a.rating ?? 0,
      }))
      .sort((a, b) => b.rating - a.rating);
  }
  return ruleset.skills
    .map((s) => {
      const rating = c.skills.find((k) => k.id === s.id)?.rating ?? 0;
      return { id: s.id, label: `${s.name} (${signed(rating)})`, rating };
    })
    .sort((a, b) => b.rating - a.rating || a.label.localeCompare(b.label));
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
      const mine = viewer.isGm || (viewer.seatId !== null && owner === viewer.seatId);
      return { kind: 'awaiting', defenderId: d.characterId, mine };
    }
    default:
      return d.status satisfies never;
  }
}
