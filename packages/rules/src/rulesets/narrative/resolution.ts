import { rollFateDice, type DiceRoll } from '../../core/dice';
import { exhaustive, type Rng } from '../../core/types';
import { NARRATIVE_FLOOR } from './template';

/** Narrative rolls 3dF, not 4dF [NAR-DICE-1]. */
export const NARRATIVE_DICE = 3;

export function rollNarrative(rng: Rng): DiceRoll {
  return rollFateDice(rng, NARRATIVE_DICE);
}

/**
 * A simple action is one where the aspect is higher than the difficulty: it succeeds without a
 * roll [NAR-SIMPLE-1]. Otherwise it is complex and rolled [NAR-COMPLEX-1]. The text calls an
 * action complex when the aspect is lower; an equal aspect is not "higher", so it is rolled too.
 */
export function narrativeActionKind(rating: number, difficulty: number): 'simple' | 'complex' {
  return rating > difficulty ? 'simple' : 'complex';
}

export interface ComplexActionInput {
  rating: number;
  difficulty: number;
  /** The 3dF total. */
  dice: number;
  /** Tools and the like, when the GM allows them. */
  modifier?: number;
}

export interface ActionResult {
  kind: 'simple' | 'complex';
  success: boolean;
  /** `null` for a simple action, which is not rolled. */
  result: number | null;
  /** Degree of success (≥ 0) or failure (< 0); `null` for a simple action. */
  degree: number | null;
}

/** Aspect + 3dF; succeeds when the result is equal to or above the difficulty [NAR-COMPLEX-1]. */
export function resolveComplexAction(input: ComplexActionInput): ActionResult {
  const result = input.rating + input.dice + (input.modifier ?? 0);
  const degree = result - input.difficulty;
  return { kind: 'complex', success: degree >= 0, result, degree };
}

/** Simple when the aspect is higher; otherwise rolls 3dF through the Rng [NAR-SIMPLE-1]. */
export function attemptNarrativeAction(
  rng: Rng,
  input: Omit<ComplexActionInput, 'dice'>,
): ActionResult & { roll: DiceRoll | null } {
  if (narrativeActionKind(input.rating, input.difficulty) === 'simple') {
    return { kind: 'simple', success: true, result: null, degree: null, roll: null };
  }
  const roll = rollNarrative(rng);
  return { ...resolveComplexAction({ ...input, dice: roll.total }), roll };
}

export type Strategy = 'none' | 'defensive' | 'aggressive';
export type ConflictRole = 'aggressor' | 'defender';

export interface ConflictModifiers {
  strategy?: Strategy;
  /** +1 for a creative description, −1 for a poor or inattentive one [NAR-CREATIVITY-1]. */
  creativity?: -1 | 0 | 1;
  /** An appropriate tool: +1 when the GM allows it [NAR-TOOLS-1]. */
  tool?: boolean;
}

/** Strategy ±1 by role [NAR-STRATEGY-1], plus creativity and tools; they add up. */
export function conflictModifier(mods: ConflictModifiers, role: ConflictRole): number {
  return (
    strategyModifier(mods.strategy ?? 'none', role) + (mods.creativity ?? 0) + (mods.tool ? 1 : 0)
  );
}

function strategyModifier(strategy: Strategy, role: ConflictRole): number {
  switch (strategy) {
    case 'none':
      return 0;
    case 'defensive':
      return role === 'defender' ? 1 : -1;
    case 'aggressive':
      return role === 'aggressor' ? 1 : -1;
    default:
      return exhaustive(strategy);
  }
}

export interface ConflictSide {
  id: string;
  /** The aspect used. */
  rating: number;
  /** The 3dF total. */
  dice: number;
  modifiers?: ConflictModifiers;
}

export function conflictTotal(side: ConflictSide, role: ConflictRole): number {
  return side.rating + side.dice + conflictModifier(side.modifiers ?? {}, role);
}

/**
 * The conflict rule [NAR-CONFLICT-1]: the highest result wins only if it is Poor (−1) or better
 * and strictly higher than every other; a tie at the top, or a top result below Poor, has no
 * winner. The degree of success is the winner's result minus the best other result
 * [NAR-CONFLICT-2].
 */
export function conflictWinner(totals: readonly { id: string; total: number }[]): {
  winner: string | null;
  degree: number;
} {
  const sorted = [...totals].sort((a, b) => b.total - a.total);
  const first = sorted[0];
  const second = sorted[1];
  if (!first || !second) throw new RangeError('A conflict needs at least two sides.');
  if (first.total === second.total || first.total < NARRATIVE_FLOOR)
    return { winner: null, degree: 0 };
  return { winner: first.id, degree: first.total - second.total };
}

export interface ExchangeResult {
  aggressorId: string;
  defenderId: string;
  aggressorTotal: number;
  defenderTotal: number;
  winner: ConflictRole | null;
  degree: number;
  /**
   * The loser takes the degree of success as damage [NAR-DAMAGE-1]: the text applies damage to a
   * character who loses to a minion, so a defender who wins hurts the aggressor too.
   */
  damage: { targetId: string; levels: number } | null;
}

/** One aggressor against one defender, strategy applied by role [NAR-CONFLICT-3]. */
export function resolveExchange(aggressor: ConflictSide, defender: ConflictSide): ExchangeResult {
  const aggressorTotal = conflictTotal(aggressor, 'aggressor');
  const defenderTotal = conflictTotal(defender, 'defender');
  const { winner, degree } = conflictWinner([
    { id: 'aggressor', total: aggressorTotal },
    { id: 'defender', total: defenderTotal },
  ]);
  const role = winner === 'aggressor' || winner === 'defender' ? winner : null;
  const damage =
    role === null
      ? null
      : { targetId: role === 'aggressor' ? defender.id : aggressor.id, levels: degree };
  return {
    aggressorId: aggressor.id,
    defenderId: defender.id,
    aggressorTotal,
    defenderTotal,
    winner: role,
    degree,
    damage,
  };
}

/**
 * Simultaneous conflict [NAR-SIMUL-1]: everyone rolls once; each participant with a target is
 * the aggressor in one exchange against it, the target defending with the same roll. Two who
 * target each other resolve two exchanges, so two aggressive fighters can both land blows.
 */
export function resolveSimultaneous(
  participants: readonly (ConflictSide & { targetId?: string })[],
): ExchangeResult[] {
  const byId = new Map(participants.map((p) => [p.id, p]));
  const exchanges: ExchangeResult[] = [];
  for (const p of participants) {
    if (p.targetId === undefined) continue;
    const target = byId.get(p.targetId);
    if (!target) throw new RangeError(`${p.id} targets ${p.targetId}, who is not in the conflict.`);
    if (target.id === p.id) throw new RangeError(`${p.id} cannot target themself.`);
    exchanges.push(resolveExchange(p, target));
  }
  return exchanges;
}

export interface CinematicResult {
  result: number;
  success: boolean;
  degree: number;
  /** Levels the character takes when the minion wins the round [NAR-CINEMATIC-1]. */
  damageToCharacter: number;
}

/**
 * Cinematic conflict against a minion [NAR-CINEMATIC-1]: a complex action against the minion's
 * rating, always rolled even when the character's aspect is higher; on a failure the character
 * takes the degree of failure as damage.
 */
export function resolveCinematic(input: {
  rating: number;
  dice: number;
  minionRating: number;
  modifier?: number;
}): CinematicResult {
  const r = resolveComplexAction({
    rating: input.rating,
    difficulty: input.minionRating,
    dice: input.dice,
    ...(input.modifier === undefined ? {} : { modifier: input.modifier }),
  });
  const result = r.result ?? 0;
  const degree = r.degree ?? 0;
  return { result, success: r.success, degree, damageToCharacter: r.success ? 0 : -degree };
}
