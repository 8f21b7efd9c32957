import { exhaustive, type Rng } from '../../core/types';
import { rollNarrative } from './resolution';

/**
 * Initiative for alternating conflicts [NAR-INIT-1]: by the higher aspect, or by a conflict
 * skill check (aspect + 3dF) when the GM prefers; a surprising character goes first
 * [NAR-INIT-2]. A tied roll goes to the higher aspect; equal aspects roll again [NAR-INIT-3].
 * Ordering by aspect alone breaks equal aspects with the same roll-off, since the text gives no
 * other way.
 */
export type InitiativeMethod = 'aspect' | 'roll';

export interface InitiativeEntrant {
  id: string;
  /** The aspect that fits the conflict. */
  rating: number;
  /** This character surprised the others. */
  surprise?: boolean;
}

export interface InitiativeRoll {
  id: string;
  /** 1 for the first roll, 2 for a re-roll among tied characters, … */
  round: number;
  dice: number;
  total: number;
}

export interface InitiativeResult {
  order: string[];
  rolls: InitiativeRoll[];
}

/** Re-rolls stop here; a tie surviving this many rounds keeps the entrants' given order. */
const MAX_ROUNDS = 50;

export function determineInitiative(
  entrants: readonly InitiativeEntrant[],
  method: InitiativeMethod,
  rng: Rng,
): InitiativeResult {
  const rolls: InitiativeRoll[] = [];
  const rollGroup = (group: readonly InitiativeEntrant[], round: number): Map<string, number> => {
    const totals = new Map<string, number>();
    for (const e of group) {
      const dice = rollNarrative(rng).total;
      rolls.push({ id: e.id, round, dice, total: e.rating + dice });
      totals.set(e.id, e.rating + dice);
    }
    return totals;
  };

  /** Orders a group whose members the previous key left tied. */
  const order = (
    group: readonly InitiativeEntrant[],
    round: number,
    useRoll: boolean,
  ): string[] => {
    if (group.length <= 1) return group.map((e) => e.id);
    if (round > MAX_ROUNDS) return group.map((e) => e.id);
    if (!useRoll) {
      // By aspect: groups of equal aspects go to a roll-off.
      return groupsBy(group, (e) => e.rating).flatMap((g) => order(g, round, true));
    }
    const totals = rollGroup(group, round);
    return groupsBy(group, (e) => totals.get(e.id) ?? 0).flatMap((g) =>
      // A tied roll goes to the higher aspect; equal aspects roll again.
      groupsBy(g, (e) => e.rating).flatMap((same) => order(same, round + 1, true)),
    );
  };

  const surprisers = entrants.filter((e) => e.surprise === true);
  const others = entrants.filter((e) => e.surprise !== true);
  let useRoll: boolean;
  switch (method) {
    case 'aspect':
      useRoll = false;
      break;
    case 'roll':
      useRoll = true;
      break;
    default:
      return exhaustive(method);
  }
  const result = [...order(surprisers, 1, useRoll), ...order(others, 1, useRoll)];
  return { order: result, rolls };
}

/** Splits into groups of equal key, highest key first, keeping the given order inside a group. */
function groupsBy<T>(items: readonly T[], key: (item: T) => number): T[][] {
  const keys = [...new Set(items.map(key))].sort((a, b) => b - a);
  return keys.map((k) => items.filter((i) => key(i) === k));
}
