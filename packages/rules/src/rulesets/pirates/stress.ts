import type { Character, Severity } from '../../core/character';
import type { Outcome } from '../../core/outcome';
import { resolve } from '../../core/outcome';
import type {
  AbsorptionOption,
  AbsorptionResult,
  ConsequenceNames,
  Hit,
  TimeMark,
} from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';
import { advanceRecovery, markRecovering, recoveryUnitOf } from '../shared/recovery-clock';
import { applyValidOption, matchOption } from '../shared/absorption-choice';
import { reservedSlotFits, trackFitsKind } from '../shared/absorption-policy';
import type { AbsorptionPolicy } from '../shared/absorption-policy';
import { listAbsorptionOptions } from '../shared/stress-absorption';

/**
 * One track takes every hit and a box takes a hit up to its value; any number of free consequences per hit [PIR-STRESS-2]
 * [PIR-CONSEQ-1]. Pirates has no extreme consequence, so a slot of that severity (a GM's
 * custom NPC) is never offered.
 */
export const piratesPolicy: AbsorptionPolicy = {
  boxRule: 'up-to',
  trackMatches: trackFitsKind,
  slotUsable: (slot, _character, hit) => slot.severity !== 'extreme' && reservedSlotFits(slot, hit),
};

export function piratesAbsorptionOptions(character: Character, hit: Hit): AbsorptionOption[] {
  return listAbsorptionOptions(character, hit, piratesPolicy);
}

export function applyPiratesAbsorption(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
  names: ConsequenceNames,
): Result<AbsorptionResult> {
  const matched = matchOption(character, hit, option, piratesPolicy);
  if (!matched.ok) return matched;
  return applyValidOption(character, matched.value, names);
}

/**
 * The recovery overcome is "against the consequence's value": its shifts read as a ladder
 * rating, so mild is Fair (+2), moderate Great (+4), severe Fantastic (+6) [PIR-RECOVER-1].
 * The text names "you or another character" with one difficulty, so there is no surcharge
 * for treating yourself.
 */
export function piratesRecoveryDifficulty(severity: Severity): Result<number> {
  switch (severity) {
    case 'mild':
      return ok(2);
    case 'moderate':
      return ok(4);
    case 'severe':
      return ok(6);
    case 'extreme':
      return refuse('no-such-severity', 'Pirates has no extreme consequence.');
    default:
      return exhaustive(severity);
  }
}

/**
 * Starts recovery from the overcome's rolled result: even a failure starts it; a success
 * (or a tie, which reaches the goal at a minor cost) also lets the player rephrase the
 * consequence [PIR-RECOVER-2].
 */
export function attemptPiratesRecovery(
  character: Character,
  attempt: { slotId: string; result: number; newName?: string },
): Result<{ character: Character; outcome: Outcome; difficulty: number }> {
  const slot = character.consequences.find((s) => s.id === attempt.slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${attempt.slotId}".`);
  const difficulty = piratesRecoveryDifficulty(slot.severity);
  if (!difficulty.ok) return difficulty;
  const { outcome } = resolve(attempt.result, difficulty.value);
  if (outcome === 'fail' && attempt.newName?.trim()) {
    return refuse(
      'rename-needs-success',
      'Only a successful recovery lets you rephrase the consequence.',
    );
  }
  const started = markRecovering(character, attempt.slotId, attempt.newName);
  if (!started.ok) return started;
  return ok({ character: started.value, outcome, difficulty: difficulty.value });
}

/** Stress boxes clear between scenes [PIR-STRESS-3]; recovery clocks advance. */
export function piratesPassTime(character: Character, mark: TimeMark): Character {
  return advanceRecovery(character, mark, recoveryUnitOf);
}
