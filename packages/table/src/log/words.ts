import type {
  AbsorptionOption,
  ActionEffect,
  Character,
  ActionKind,
  AspectActionKind,
  MovementReason,
  Outcome,
  Severity,
} from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import { english, ladderParam, say } from './say';
import type { LogMessage, LogParam } from './say';
import type { RollView } from '../doc/view-types';

/**
 * The words the log and the screens use for the rules' ids, as players say them at the table:
 * "created an advantage — success with style", "absorbed 1 shift", "2 free invokes". Every
 * switch is exhaustive, so a new action, outcome or effect cannot fall through to its raw id.
 * Each is a message (`…Said`, for the log and the client's languages) and its English.
 */

/** "1 shift", "2 shifts", "0 shifts", "-1 shift". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

export const shiftsSaid = (n: number): LogMessage => say('shifts', { count: n });
export const freeInvokesSaid = (n: number): LogMessage => say('freeInvokes', { count: n });
/** "a fate point", "2 fate points". */
export const fatePointsSaid = (n: number): LogMessage => say('fatePoints', { count: n });

export const shiftsWords = (n: number): string => english(shiftsSaid(n));
export const freeInvokesWords = (n: number): string => english(freeInvokesSaid(n));
export const fatePointsWords = (n: number): string => english(fatePointsSaid(n));

export function outcomeSaid(outcome: Outcome): LogMessage {
  switch (outcome) {
    case 'fail':
      return say('outcomeFail');
    case 'tie':
      return say('outcomeTie');
    case 'success':
      return say('outcomeSuccess');
    case 'success-with-style':
      return say('outcomeSuccessWithStyle');
    default:
      return exhaustive(outcome);
  }
}

/** A consequence's severity: "mild", "moderate"… */
export function severitySaid(severity: Severity): LogMessage {
  switch (severity) {
    case 'mild':
      return say('severityMild');
    case 'moderate':
      return say('severityModerate');
    case 'severe':
      return say('severitySevere');
    case 'extreme':
      return say('severityExtreme');
    default:
      return exhaustive(severity);
  }
}

/**
 * A way to absorb a hit as the log says it: rebuilt from the option's parts (consequences by
 * severity, the box by value and track) so other languages can say it, when that says exactly
 * the rules' label; else the label as it is (narrative's aspect damage, a reserved slot).
 */
export function absorbOptionSaid(option: AbsorptionOption, character: Character): LogParam {
  // The box as most games name it, else as edgerunner does ("physical stress box").
  for (const box of ['absorbBox', 'absorbStressBox'] as const) {
    const said = absorbOptionAs(option, character, box);
    if (said && english(said) === option.label) return said;
  }
  return option.label;
}

function absorbOptionAs(
  option: AbsorptionOption,
  character: Character,
  box: 'absorbBox' | 'absorbStressBox',
): LogMessage | undefined {
  const parts: LogMessage[] = [];
  for (const id of option.consequences) {
    const slot = character.consequences.find((s) => s.id === id);
    if (!slot) return undefined;
    parts.push(say('absorbConsequence', { severity: severitySaid(slot.severity) }));
  }
  if (option.stress) {
    const { trackId, value } = option.stress;
    const track =
      trackId === 'physical'
        ? say('trackPhysical')
        : trackId === 'mental'
          ? say('trackMental')
          : trackId;
    parts.push(say(box, { value, track }));
  }
  return parts.reduceRight<LogMessage | undefined>(
    (rest, first) => (rest ? say('absorbPlus', { first, rest }) : first),
    undefined,
  );
}

export const outcomeWords = (outcome: Outcome): string => english(outcomeSaid(outcome));

/** What a roll is for: an action, edgerunner's aspect actions, or a removal roll. */
export type RollPurpose = ActionKind | AspectActionKind | 'removal';

/** "Ann rolled to create an advantage", "Vex rolled for a maneuver". */
export function rollPurposeSaid(purpose: RollPurpose): LogMessage {
  switch (purpose) {
    case 'overcome':
      return say('purposeOvercome');
    case 'create-advantage':
      return say('purposeCreateAdvantage');
    case 'attack':
      return say('purposeAttack');
    case 'defend':
      return say('purposeDefend');
    case 'declaration':
      return say('purposeDeclaration');
    case 'assessment':
      return say('purposeAssessment');
    case 'maneuver':
      return say('purposeManeuver');
    case 'removal':
      return say('purposeRemoval');
    default:
      return exhaustive(purpose);
  }
}

export const rollPurposeWords = (purpose: RollPurpose): string => english(rollPurposeSaid(purpose));

/**
 * "Ann created an advantage — success with style": what the roller did, said as tried when
 * the roll failed (a failed overcome did not overcome anything).
 */
export function deedSaid(purpose: RollPurpose, outcome: Outcome): LogMessage {
  const failed = outcome === 'fail';
  switch (purpose) {
    case 'overcome':
      return say(failed ? 'deedOvercomeFailed' : 'deedOvercome');
    case 'create-advantage':
      return say(failed ? 'deedCreateAdvantageFailed' : 'deedCreateAdvantage');
    case 'attack':
      return say('deedAttack');
    case 'defend':
      return say('deedDefend');
    case 'declaration':
      return say(failed ? 'deedDeclarationFailed' : 'deedDeclaration');
    case 'assessment':
      return say(failed ? 'deedAssessmentFailed' : 'deedAssessment');
    case 'maneuver':
      return say(failed ? 'deedManeuverFailed' : 'deedManeuver');
    case 'removal':
      return say(failed ? 'deedRemovalFailed' : 'deedRemoval');
    default:
      return exhaustive(purpose);
  }
}

export const deedWords = (purpose: RollPurpose, outcome: Outcome): string =>
  english(deedSaid(purpose, outcome));

/** What an outcome grants, e.g. "a new aspect with 2 free invokes", "a 3-shift hit". */
export function effectSaid(effect: ActionEffect): LogMessage {
  switch (effect.type) {
    case 'nothing':
      return say('effectNothing');
    case 'goal':
      return say('effectGoal');
    case 'cost':
      return say(effect.severity === 'major' ? 'effectMajorCost' : 'effectMinorCost');
    case 'boost':
      return say('effectBoost');
    case 'create-aspect':
      return say(effect.for === 'opposition' ? 'effectNewAspectForOther' : 'effectNewAspect', {
        invokes: freeInvokesSaid(effect.freeInvokes),
      });
    case 'free-invokes':
      return say('effectFreeInvokes', { invokes: freeInvokesSaid(effect.count) });
    case 'hit':
      return say('effectHit', { shifts: effect.shifts });
    case 'opposed-outcome':
      return say('effectOpposedOutcome', { outcome: outcomeSaid(effect.outcome) });
    case 'redirect-to-defender':
      return say('effectRedirect');
    default:
      return exhaustive(effect);
  }
}

export const effectWords = (effect: ActionEffect): string => english(effectSaid(effect));

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
export function resultSaid(outcome: Outcome, shifts: number): LogMessage {
  switch (outcome) {
    case 'tie':
      return say('resultTie');
    case 'fail':
      return shifts < 0 ? say('resultFailShort', { short: -shifts }) : say('resultFail');
    case 'success':
      return say('resultSuccess', { count: shifts });
    case 'success-with-style':
      return say('resultSuccessWithStyle', { count: shifts });
    default:
      return exhaustive(outcome);
  }
}

export const resultWords = (outcome: Outcome, shifts: number): string =>
  english(resultSaid(outcome, shifts));

/**
 * Where a roll stands after a bonus on its other side — the defence, or the difficulty the GM
 * raised — said from that side: "the defence is now Great (+4) against Vex’s Good (+3) — Vex:
 * fail". The result is the roller's, so it is named as theirs.
 */
export function otherSideNowSaid(roll: RollView, rollerName: string): LogMessage {
  const params = {
    roller: rollerName,
    rolled: ladderParam(roll.actor.total),
    result: resultSaid(roll.outcome, roll.shifts),
  };
  return roll.opposition
    ? say('nowDefence', { ...params, total: ladderParam(roll.opposition.total) })
    : say('nowDifficulty', {
        ...params,
        total: ladderParam((roll.difficulty ?? 0) + (roll.difficultyBonus ?? 0)),
      });
}
