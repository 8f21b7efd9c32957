import type {
  ActionEffect,
  ActionKind,
  AspectActionKind,
  MovementReason,
  Outcome,
} from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';

/**
 * The words the log and the screens use for the rules' ids, as players say them at the table:
 * "created an advantage — success with style", "absorbed 1 shift", "2 free invokes". Every
 * switch is exhaustive, so a new action, outcome or effect cannot fall through to its raw id.
 */

/** "1 shift", "2 shifts", "0 shifts", "-1 shift". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

export const shiftsWords = (n: number): string => counted(n, 'shift');
export const freeInvokesWords = (n: number): string => counted(n, 'free invoke');

/** "a fate point", "2 fate points". */
export function fatePointsWords(n: number): string {
  return n === 1 ? 'a fate point' : `${n} fate points`;
}

export function outcomeWords(outcome: Outcome): string {
  switch (outcome) {
    case 'fail':
      return 'fail';
    case 'tie':
      return 'tie';
    case 'success':
      return 'success';
    case 'success-with-style':
      return 'success with style';
    default:
      return exhaustive(outcome);
  }
}

/** What a roll is for: an action, edgerunner's aspect actions, or a removal roll. */
export type RollPurpose = ActionKind | AspectActionKind | 'removal';

/** "Ann rolled to create an advantage", "Vex rolled for a maneuver". */
export function rollPurposeWords(purpose: RollPurpose): string {
  switch (purpose) {
    case 'overcome':
      return 'to overcome';
    case 'create-advantage':
      return 'to create an advantage';
    case 'attack':
      return 'to attack';
    case 'defend':
      return 'to defend';
    case 'declaration':
      return 'for a declaration';
    case 'assessment':
      return 'for an assessment';
    case 'maneuver':
      return 'for a maneuver';
    case 'removal':
      return 'to remove an aspect';
    default:
      return exhaustive(purpose);
  }
}

/**
 * "Ann created an advantage — success with style": what the roller did, said as tried when
 * the roll failed (a failed overcome did not overcome anything).
 */
export function deedWords(purpose: RollPurpose, outcome: Outcome): string {
  const failed = outcome === 'fail';
  switch (purpose) {
    case 'overcome':
      return failed ? 'tried to overcome' : 'overcame';
    case 'create-advantage':
      return failed ? 'tried to create an advantage' : 'created an advantage';
    case 'attack':
      return 'attacked';
    case 'defend':
      return 'defended';
    case 'declaration':
      return failed ? 'tried a declaration' : 'made a declaration';
    case 'assessment':
      return failed ? 'tried an assessment' : 'made an assessment';
    case 'maneuver':
      return failed ? 'tried a maneuver' : 'made a maneuver';
    case 'removal':
      return failed ? 'tried to remove an aspect' : 'removed an aspect';
    default:
      return exhaustive(purpose);
  }
}

/** What an outcome grants, e.g. "a new aspect with 2 free invokes", "a 3-shift hit". */
export function effectWords(effect: ActionEffect): string {
  switch (effect.type) {
    case 'nothing':
      return 'nothing happens';
    case 'goal':
      return 'the goal';
    case 'cost':
      return `at a ${effect.severity} cost`;
    case 'boost':
      return 'a boost';
    case 'create-aspect':
      return `a new aspect with ${freeInvokesWords(effect.freeInvokes)}${effect.for === 'opposition' ? ' for the other side' : ''}`;
    case 'free-invokes':
      return `${freeInvokesWords(effect.count)} on the aspect`;
    case 'hit':
      return `a ${effect.shifts}-shift hit`;
    case 'opposed-outcome':
      return `the other side's roll counts as a ${outcomeWords(effect.outcome)}`;
    case 'redirect-to-defender':
      return 'the defender takes the hit';
    default:
      return exhaustive(effect);
  }
}

/** Each movement reason as gained / lost, complete by type so no reason shows as its id. */
const REASON_WORDS: Record<MovementReason, readonly [string, string]> = {
  refresh: ['refresh', 'refresh'],
  'scene-pool': ['the GM pool for the scene', 'the GM pool for the scene'],
  'scene-pool-lost': ['the GM pool lost at scene end', 'the GM pool lost at scene end'],
  'scene-payout': ['paid at scene end', 'paid at scene end'],
  'compel-accepted': ['compels accepted', 'compels paid for'],
  'compel-refused': ['compels refused by others', 'compels refused'],
  'self-compel': ['self-compels', 'self-compels'],
  invoke: ['invokes', 'invokes'],
  spend: ['spent', 'spent'],
  concede: ['conceding', 'conceding'],
  give: ['gifts received', 'gifts given'],
  'gm-adjustment': ['given by the GM', 'taken by the GM'],
};

/**
 * A line of the fate point summary's "why" column: `n` points moved for `reason` (gained when
 * positive), e.g. "given by the GM", "compels refused". A reason this version does not know
 * (a newer server's) reads as "other".
 */
export function reasonWords(reason: string, n: number): string {
  const words = (REASON_WORDS as Record<string, readonly [string, string] | undefined>)[reason];
  return words ? words[n > 0 ? 0 : 1] : 'other';
}

/**
 * "success with style (3 shifts)", "tie", "fail (short by 2)": a miss says by how much the
 * roll fell short, never a negative count of shifts.
 */
export function resultWords(outcome: Outcome, shifts: number): string {
  switch (outcome) {
    case 'tie':
      return 'tie';
    case 'fail':
      return shifts < 0 ? `fail (short by ${-shifts})` : 'fail';
    case 'success':
    case 'success-with-style':
      return `${outcomeWords(outcome)} (${shiftsWords(shifts)})`;
    default:
      return exhaustive(outcome);
  }
}
