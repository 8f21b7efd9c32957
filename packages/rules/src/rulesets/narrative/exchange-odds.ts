import { diceDistribution } from '../../core/odds';
import type { OutcomeCounts } from '../../core/odds';
import type { ActionKind } from '../../core/actions';
import {
  NARRATIVE_DICE,
  conflictModifier,
  conflictWinner,
  type ConflictModifiers,
  type ConflictRole,
} from './resolution';
import { narrativeResolveAction } from './resolve';

/**
 * Exact odds for narrative rolls, by the narrative rules rather than core's fail / tie / success
 * / with style: an exchange is won only at Poor or better and higher than the other side
 * [NAR-CONFLICT-1], both sides rolling 3dF [NAR-DICE-1]; a complex action has no tie
 * [NAR-COMPLEX-1]. Every count is an integer number of equally likely face combinations.
 */

export interface ExchangeOddsSide {
  /** The aspect's rating. */
  rating: number;
  /** Strategy, creativity and tools; strategy counts by the side's role [NAR-STRATEGY-1]. */
  modifiers?: ConflictModifiers;
  /** Anything else already on the side's roll, whatever its role. */
  bonus?: number;
}

export type ExchangeWinner = ConflictRole | 'neither';

export interface ExchangeOdds {
  /** 3^3 × 3^3 = 729: every face combination of both sides' dice. */
  denominator: number;
  /** Face combinations giving each result; they add up to exactly `denominator`. */
  numerators: Record<ExchangeWinner, number>;
  /** numerator / denominator. */
  probabilities: Record<ExchangeWinner, number>;
}

/**
 * The odds of one exchange [NAR-CONFLICT-3]: the aggressor's total against the defender's, each
 * with its modifiers for its role, both 3dF. Each pair of dice totals is judged by the conflict
 * rule itself (`conflictWinner`), weighted by the ways each total comes up, so the odds cannot
 * disagree with `resolveExchange`. A simultaneous conflict is a set of such exchanges
 * [NAR-SIMUL-1]; each one's odds are these.
 */
export function exchangeOdds(
  aggressor: ExchangeOddsSide,
  defender: ExchangeOddsSide,
): ExchangeOdds {
  const a = sideBase(aggressor, 'aggressor');
  const d = sideBase(defender, 'defender');
  const dist = diceDistribution(NARRATIVE_DICE);
  const numerators: Record<ExchangeWinner, number> = { aggressor: 0, defender: 0, neither: 0 };
  for (const ta of dist.totals) {
    for (const td of dist.totals) {
      const { winner } = conflictWinner([
        { id: 'aggressor', total: a + ta.total },
        { id: 'defender', total: d + td.total },
      ]);
      const key: ExchangeWinner =
        winner === 'aggressor' || winner === 'defender' ? winner : 'neither';
      numerators[key] += ta.ways * td.ways;
    }
  }
  const denominator = dist.denominator * dist.denominator;
  return {
    denominator,
    numerators,
    probabilities: shares(numerators, denominator),
  };
}

function sideBase(side: ExchangeOddsSide, role: ConflictRole): number {
  const base = side.rating + conflictModifier(side.modifiers ?? {}, role) + (side.bonus ?? 0);
  if (!Number.isInteger(base)) throw new RangeError(`A ${role}'s rating and bonus are integers.`);
  return base;
}

export interface NarrativeActionOddsQuery {
  action: ActionKind;
  /** Everything on the roll but the dice: the aspect, its modifiers, any bonus. */
  total: number;
  difficulty: number;
}

export interface NarrativeActionOdds {
  /** 3^3 = 27. */
  denominator: number;
  /** Outcomes as the table resolves them; `tie` is always 0 [NAR-COMPLEX-1]. */
  numerators: OutcomeCounts;
  probabilities: OutcomeCounts;
}

/**
 * The odds of a rolled action against a difficulty: a complex action, or an attack on a minion's
 * rating [NAR-CINEMATIC-1]. It succeeds at or above the difficulty (no tie) [NAR-COMPLEX-1],
 * with style at three or more [NAR-ACTION-1]. Each 3dF total is resolved by the ruleset's own
 * `narrativeResolveAction`, as the table resolves the roll.
 */
export function narrativeActionOdds(query: NarrativeActionOddsQuery): NarrativeActionOdds {
  const { action, total, difficulty } = query;
  if (!Number.isInteger(total) || !Number.isInteger(difficulty)) {
    throw new RangeError('A total and a difficulty are integers.');
  }
  const dist = diceDistribution(NARRATIVE_DICE);
  const numerators: OutcomeCounts = { fail: 0, tie: 0, success: 0, 'success-with-style': 0 };
  for (const t of dist.totals) {
    const r = narrativeResolveAction({
      action,
      total: total + t.total,
      opposition: difficulty,
      opposed: false,
    });
    if (!r.ok) throw new RangeError(r.message);
    numerators[r.value.outcome] += t.ways;
  }
  const d = dist.denominator;
  return {
    denominator: d,
    numerators,
    probabilities: shares(numerators, d),
  };
}

/** Each count over the denominator. */
function shares<K extends string>(
  numerators: Record<K, number>,
  denominator: number,
): Record<K, number> {
  const out = { ...numerators };
  for (const k of Object.keys(out) as K[]) out[k] = numerators[k] / denominator;
  return out;
}
