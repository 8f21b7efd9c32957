import { rollFateDice, type DiceRoll } from '../../core/dice';
import type { AspectActionKind } from '../../core/ruleset';
import { exhaustive, type Rng } from '../../core/types';

/**
 * Edgerunner's aspect actions: declarations, assessments and maneuvers share one mechanism
 * (Skill + 4dF against 0, or against the target's defending skill) [ER-DECLARE-2]. The kind is
 * declared with the `Ruleset` contract, which the table passes it through.
 */
export type { AspectActionKind };

/**
 * The free-invoke table [ER-INVOKES-1]: 0 → 0, 1–2 → 1, 3–5 → 2, 6–9 → 3, 10+ → 4.
 * Negative shifts place nothing and buy nothing.
 */
export function freeInvokesForShifts(shifts: number): number {
  if (shifts >= 10) return 4;
  if (shifts >= 6) return 3;
  if (shifts >= 3) return 2;
  if (shifts >= 1) return 1;
  return 0;
}

/**
 * A declaration is a player action: the "skill" starts at 0 and each other player adds +1 for
 * support or −1 for opposition [ER-DECLARE-1]. The declaring player is not counted.
 */
export function declarationSkill(supporters: number, opposers: number): number {
  if (
    !Number.isInteger(supporters) ||
    !Number.isInteger(opposers) ||
    supporters < 0 ||
    opposers < 0
  ) {
    throw new RangeError('Supporters and opposers are counts of players.');
  }
  return supporters - opposers;
}

/** Where one voter stands on a declaration [ER-DECLARE-4]. */
export type DeclarationStance = 'support' | 'oppose' | 'abstain';

export interface DeclarationTally {
  supporters: number;
  opposers: number;
  abstained: number;
  /** The declaration's "skill": supporters − opposers [ER-DECLARE-1]. */
  skill: number;
}

/**
 * The table's votes on a declaration, counted [ER-DECLARE-1] [ER-DECLARE-4]: +1 for each who
 * supports, −1 for each who opposes; an abstention, like a vote not cast when the vote closed,
 * counts for nothing. Each voter is one other player or the referee (the text's Selena), once.
 */
export function declarationTally(votes: readonly DeclarationStance[]): DeclarationTally {
  let supporters = 0;
  let opposers = 0;
  let abstained = 0;
  for (const vote of votes) {
    switch (vote) {
      case 'support':
        supporters++;
        break;
      case 'oppose':
        opposers++;
        break;
      case 'abstain':
        abstained++;
        break;
      default:
        return exhaustive(vote);
    }
  }
  return { supporters, opposers, abstained, skill: declarationSkill(supporters, opposers) };
}

export interface AspectActionInput {
  kind: AspectActionKind;
  /** The acting skill; for a declaration, `declarationSkill(...)`. */
  skill: number;
  /** 0 for a passive target or a declaration, else the GM's number or the defender's skill. */
  opposition: number;
  /** The 4dF total. */
  dice: number;
  /** Invocations and voluntary consequences added after the roll [ER-DECLARE-3]. */
  bonus?: number;
}

export interface AspectActionResult {
  kind: AspectActionKind;
  result: number;
  shifts: number;
  /** Zero shifts are enough [ER-DECLARE-2]. */
  succeeded: boolean;
  /**
   * Free invokes the creating player (or anyone she allows) gets [ER-INVOKES-1..2]: by the
   * table, but at least one once placed, and exactly one for an assessment.
   */
  freeInvokes: number;
  /**
   * The new aspect's persistence: the shifts a removal roll must meet [ER-REMOVE-1]. `null` for
   * an assessment (the aspect already existed) and on a failure.
   */
  persistence: number | null;
}

/**
 * Resolves a declaration, assessment or maneuver from a known dice total.
 *
 * Reconciling the table with "All aspects created this way can be invoked once by the creating
 * player … without spending a fate point" [ER-INVOKES-2]: the table gives the count, but a placed
 * aspect always carries at least that one free invoke, so zero shifts still give one (Switch's
 * zero-target "dig in" maneuver is tagged later). An assessment's shifts buy no extra invokes —
 * the text says they only shorten the time or harden it against resistance — so it gives exactly
 * one (Hargan: 3 vs 2 → one free invoke).
 */
export function resolveAspectAction(input: AspectActionInput): AspectActionResult {
  const result = input.skill + input.dice + (input.bonus ?? 0);
  const shifts = result - input.opposition;
  const succeeded = shifts >= 0;
  if (!succeeded) {
    return { kind: input.kind, result, shifts, succeeded, freeInvokes: 0, persistence: null };
  }
  switch (input.kind) {
    case 'assessment':
      return { kind: input.kind, result, shifts, succeeded, freeInvokes: 1, persistence: null };
    case 'declaration':
    case 'maneuver':
      return {
        kind: input.kind,
        result,
        shifts,
        succeeded,
        freeInvokes: Math.max(1, freeInvokesForShifts(shifts)),
        persistence: shifts,
      };
    default:
      return exhaustive(input.kind);
  }
}

/** Rolls 4dF and resolves the action; the Rng is the only source of chance. */
export function rollAspectAction(
  rng: Rng,
  input: Omit<AspectActionInput, 'dice'>,
): AspectActionResult & { roll: DiceRoll } {
  const roll = rollFateDice(rng, 4);
  return { ...resolveAspectAction({ ...input, dice: roll.total }), roll };
}

export interface RemovalInput {
  skill: number;
  dice: number;
  /** The shifts the aspect was created with. */
  persistence: number;
  bonus?: number;
}

export interface RemovalResult {
  result: number;
  shifts: number;
  /** Meeting the persistence is enough, as zero shifts are enough to place [ER-REMOVE-1]. */
  removed: boolean;
}

/** Skill + 4dF against the shifts that created the aspect [ER-REMOVE-1]. */
export function resolveAspectRemoval(input: RemovalInput): RemovalResult {
  const result = input.skill + input.dice + (input.bonus ?? 0);
  const shifts = result - input.persistence;
  return { result, shifts, removed: shifts >= 0 };
}
