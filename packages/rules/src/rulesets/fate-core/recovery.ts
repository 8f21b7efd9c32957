import type { Character, Severity } from '../../core/character';
import { resolve } from '../../core/outcome';
import type { Outcome } from '../../core/outcome';
import type { Ruleset, TimeMark } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';
import { advanceRecovery, markRecovering, recoveryUnitOf } from '../shared/recovery-clock';

/** Recovery difficulty by severity: Fair, Great, Fantastic [FC-RECOVER-1]. */
const BASE_DIFFICULTY = { mild: 2, moderate: 4, severe: 6 } as const;
/** Treating yourself is two steps harder [FC-RECOVER-2]. */
export const SELF_TREATMENT_STEPS = 2;

/**
 * The overcome difficulty to start recovering from a consequence. The extreme consequence
 * has none: no recovery action can diminish it [FC-EXTREME-3].
 */
export function fateCoreRecoveryDifficulty(
  severity: Severity,
  treatingSelf: boolean,
): Result<number> {
  switch (severity) {
    case 'mild':
    case 'moderate':
    case 'severe':
      return ok(BASE_DIFFICULTY[severity] + (treatingSelf ? SELF_TREATMENT_STEPS : 0));
    case 'extreme':
      return refuse(
        'no-recovery-roll',
        'An extreme consequence cannot be recovered by an action; it stays until the next major milestone.',
      );
    default:
      return exhaustive(severity);
  }
}

/**
 * Starts recovery after a successful recovery action: rename the consequence if you like and
 * mark it with the star [FC-RECOVER-3]. The slot stays filled until the time has passed.
 */
export function startFateCoreRecovery(
  character: Character,
  slotId: string,
  newName?: string,
  sceneRunning = true,
): Result<Character> {
  const slot = character.consequences.find((s) => s.id === slotId);
  if (slot?.severity === 'extreme') {
    return refuse('no-recovery-roll', 'An extreme consequence cannot start recovery.');
  }
  return markRecovering(character, slotId, newName, sceneRunning);
}

/**
 * The Ruleset's `startRecovery` for the games that recover a named consequence slot as Fate
 * Core does (pirates too [PIR-RECOVER-2]).
 */
export const startSlotRecovery: Ruleset['startRecovery'] = (character, request) =>
  request.slotId === undefined
    ? refuse('no-such-slot', 'Name the consequence slot that starts recovering.')
    : startFateCoreRecovery(character, request.slotId, request.newName, request.sceneRunning);

/**
 * Resolves a recovery overcome (the rolled result, e.g. Lore + 4dF) against the consequence
 * and starts recovery when it does not fail. A tie counts: in Fate Core an overcome tie
 * reaches the goal at a minor cost (SRD convention; the seed speaks only of success).
 */
export function attemptFateCoreRecovery(
  character: Character,
  attempt: { slotId: string; result: number; treatingSelf: boolean; newName?: string },
): Result<{ character: Character; outcome: Outcome; difficulty: number }> {
  const slot = character.consequences.find((s) => s.id === attempt.slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${attempt.slotId}".`);
  const difficulty = fateCoreRecoveryDifficulty(slot.severity, attempt.treatingSelf);
  if (!difficulty.ok) return difficulty;
  const { outcome } = resolve(attempt.result, difficulty.value);
  if (outcome === 'fail') {
    return refuse('recovery-failed', `The recovery action failed against ${difficulty.value}.`);
  }
  const started = startFateCoreRecovery(character, attempt.slotId, attempt.newName);
  if (!started.ok) return started;
  return ok({ character: started.value, outcome, difficulty: difficulty.value });
}

/**
 * Stress clears when the scene (the conflict) ends [FC-STRESS-6]; recovering consequences
 * clear after their whole unit [FC-RECOVER-4]; a major milestone frees the extreme slot,
 * whose text stays on the aspect it replaced as a permanent change [FC-EXTREME-3].
 */
export function fateCorePassTime(character: Character, mark: TimeMark): Character {
  const advanced = advanceRecovery(character, mark, recoveryUnitOf);
  if (mark !== 'major-milestone') return advanced;
  return {
    ...advanced,
    extremeUsed: false,
    consequences: advanced.consequences.map((s) => {
      if (s.severity !== 'extreme' || !s.taken) return s;
      const { taken: _gone, ...free } = s;
      return free;
    }),
  };
}
