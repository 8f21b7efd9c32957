import { outcomeOf, type Outcome } from './outcome';

/**
 * Exact odds of Fate dice. Every count is an integer number of ways out of 3^N equally likely
 * face combinations, so the client can show exact fractions and the sums are exact
 * [CORE-ODDS-1]. 3^8 = 6561, far inside the safe-integer range.
 */

export const ODDS_MIN_DICE = 1;
export const ODDS_MAX_DICE = 8;

export interface DiceTotalOdds {
  total: number;
  /** Face combinations giving this total, out of `denominator`. */
  ways: number;
  probability: number;
}

export interface DiceDistribution {
  dice: number;
  /** 3^dice: the number of equally likely face combinations. */
  denominator: number;
  /** One entry per total from −dice to +dice, lowest first. */
  totals: DiceTotalOdds[];
}

/** The exact distribution of NdF totals, by convolving one die (−1, 0, +1) N times [CORE-ODDS-1]. */
export function diceDistribution(dice: number): DiceDistribution {
  assertDiceCount(dice);
  // ways[i] counts the combinations whose total is i − n after n dice.
  let ways = [1];
  for (let n = 1; n <= dice; n++) {
    const next = new Array<number>(2 * n + 1).fill(0);
    ways.forEach((w, i) => {
      for (let face = 0; face < 3; face++) next[i + face] = (next[i + face] ?? 0) + w;
    });
    ways = next;
  }
  const denominator = 3 ** dice;
  return {
    dice,
    denominator,
    totals: ways.map((w, i) => ({ total: i - dice, ways: w, probability: w / denominator })),
  };
}

export interface OddsQuery {
  /** The skill (or aspect rating) rolled. */
  skill: number;
  /** Everything else added to the roll: stunts, invocations already known, tools. */
  modifier?: number;
  /** The difficulty or the opposing result. */
  opposition: number;
  /** 4 for 4dF, 3 for 3dF. */
  dice: number;
}

export type OutcomeCounts = Record<Outcome, number>;

export interface OutcomeOdds {
  /** 3^dice. The numerators always add up to exactly this. */
  denominator: number;
  numerators: OutcomeCounts;
  /** numerator / denominator; floats, so their sum is 1 up to rounding (~1e-16). */
  probabilities: OutcomeCounts;
}

/**
 * The chance of each outcome when rolling `skill + modifier + NdF` against a fixed
 * opposition [CORE-ODDS-2]: each dice total is resolved with the ordinary outcome rule
 * [CORE-OUTCOME-2], so the odds can never disagree with what the table resolves.
 */
export function outcomeOdds(query: OddsQuery): OutcomeOdds {
  const { skill, opposition, dice } = query;
  const modifier = query.modifier ?? 0;
  for (const [name, value] of [
    ['skill', skill],
    ['modifier', modifier],
    ['opposition', opposition],
  ] as const) {
    if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
  }
  const distribution = diceDistribution(dice);
  const numerators: OutcomeCounts = { fail: 0, tie: 0, success: 0, 'success-with-style': 0 };
  for (const { total, ways } of distribution.totals) {
    numerators[outcomeOf(skill + modifier + total - opposition)] += ways;
  }
  const d = distribution.denominator;
  return {
    denominator: d,
    numerators,
    probabilities: {
      fail: numerators.fail / d,
      tie: numerators.tie / d,
      success: numerators.success / d,
      'success-with-style': numerators['success-with-style'] / d,
    },
  };
}

/**
 * The chance of each outcome when the opposition rolls too (an opposed roll): `opposition` is
 * the opponent's skill and modifiers, and each of the opponent's dice totals is weighted by
 * its ways [CORE-ODDS-2]. The denominator is 3^(2 × dice).
 */
export function opposedOutcomeOdds(query: OddsQuery): Omit<OutcomeOdds, 'probabilities'> {
  const { dice } = query;
  const distribution = diceDistribution(dice);
  const numerators: OutcomeCounts = { fail: 0, tie: 0, success: 0, 'success-with-style': 0 };
  for (const { total, ways } of distribution.totals) {
    const o = outcomeOdds({ ...query, opposition: query.opposition + total });
    for (const k of Object.keys(numerators) as (keyof OutcomeCounts)[]) {
      numerators[k] += o.numerators[k] * ways;
    }
  }
  return { denominator: distribution.denominator * distribution.denominator, numerators };
}

function assertDiceCount(dice: number): void {
  if (!Number.isInteger(dice) || dice < ODDS_MIN_DICE || dice > ODDS_MAX_DICE) {
    throw new RangeError(
      `Exact odds cover ${ODDS_MIN_DICE} to ${ODDS_MAX_DICE} Fate dice, got ${String(dice)}`,
    );
  }
}
