import type { Character, ConsequenceSlot, Severity } from '../core/character';
import type { Result, RulesetId } from '../core/types';
import { exhaustive, ok, refuse } from '../core/types';
import { fateCoreRecoveryDifficulty } from './fate-core/recovery';
import { piratesRecoveryDifficulty } from './pirates/stress';
import { markRecovering, recoverableSlot } from './shared/recovery-clock';

/**
 * How each game recovers from harm, as its text says:
 * - `roll`: an overcome against the consequence starts recovery (`fate-core` [FC-RECOVER-1..3],
 *   `pirates` [PIR-RECOVER-1..2]), then the slot waits out its time;
 * - `clock`: consequences clear on their own after the next scene, refresh or session
 *   (`edgerunner` [ER-CONSEQ-3]); the roll there modifies one into a more benign version
 *   against its original bonus, and leaves its clock alone [ER-CONSEQ-4];
 * - `ratings`: lost aspect ratings come back after the conflict, all or half while the
 *   situation remains (`narrative` [NAR-RECOVER-1..2]).
 */
export type RecoveryMethod = 'roll' | 'clock' | 'ratings';

export function recoveryMethod(ruleset: RulesetId): RecoveryMethod {
  switch (ruleset) {
    case 'fate-core':
    case 'pirates':
      return 'roll';
    case 'edgerunner':
      return 'clock';
    case 'narrative':
      return 'ratings';
    default:
      return exhaustive(ruleset);
  }
}

/**
 * The difficulty of the recovery overcome for one consequence slot, refused when the slot
 * has nothing to recover (`slot-empty`, `already-recovering`) or the game has no recovery
 * roll (`no-recovery-roll`). `treatingSelf` is two steps harder in `fate-core` only
 * [FC-RECOVER-2]; the pirates text has one difficulty for "you or another character".
 * `edgerunner`'s roll is the modification contest: the consequence's original bonus as the
 * opposing skill, whoever rolls; its consequences run their clock from the start, so one is
 * never "already recovering" [ER-CONSEQ-4].
 */
export function recoveryRollDifficulty(
  ruleset: RulesetId,
  character: Character,
  slotId: string,
  treatingSelf: boolean,
): Result<number> {
  if (ruleset === 'edgerunner') return modifiableSlot(character, slotId);
  const slot = recoverableSlot(character, slotId);
  if (!slot.ok) return slot;
  const method = recoveryMethod(ruleset);
  if (method !== 'roll') return noRecoveryRoll(ruleset, method);
  return ruleset === 'fate-core'
    ? fateCoreRecoveryDifficulty(slot.value.severity, treatingSelf)
    : piratesRecoveryDifficulty(slot.value.severity);
}

/**
 * What the recovery roll's outcome does. `fate-core`: success (or a tie, the SRD's success at
 * a minor cost) renames the consequence if a name is given and stars it; a failure leaves it
 * as it was [FC-RECOVER-3]. `pirates`: a failure still starts recovery, only without a new
 * name [PIR-RECOVER-2]. `started` says whether the star was set.
 */
export function recoverAfterRoll(
  ruleset: RulesetId,
  character: Character,
  attempt: { slotId: string; succeeded: boolean; newName?: string; sceneRunning?: boolean },
): Result<{ character: Character; started: boolean }> {
  const difficulty = recoveryRollDifficulty(ruleset, character, attempt.slotId, false);
  if (!difficulty.ok) return difficulty;
  const newName = attempt.newName?.trim() ? attempt.newName : undefined;
  if (!attempt.succeeded && newName !== undefined) {
    return refuse(
      'rename-needs-success',
      'Only a successful recovery roll lets you rename the consequence.',
    );
  }
  // edgerunner: a success rewrites the consequence (the slot stays full, its clock unchanged);
  // `started` says whether it was modified. Without a new version nothing changes.
  if (ruleset === 'edgerunner') {
    if (newName === undefined) return ok({ character, started: false });
    const consequences = character.consequences.map((s) =>
      s.id === attempt.slotId && s.taken
        ? { ...s, taken: { ...s.taken, text: newName.trim() } }
        : s,
    );
    return ok({ character: { ...character, consequences }, started: true });
  }
  if (!attempt.succeeded && ruleset === 'fate-core') return ok({ character, started: false });
  const started = markRecovering(character, attempt.slotId, newName, attempt.sceneRunning);
  return started.ok ? ok({ character: started.value, started: true }) : started;
}

/** One level down, where there is one. */
function lowerSeverity(severity: Severity): Severity | undefined {
  switch (severity) {
    case 'severe':
      return 'moderate';
    case 'moderate':
      return 'mild';
    case 'mild':
    case 'extreme':
      return undefined;
    default:
      return exhaustive(severity);
  }
}

/**
 * Powerful healing (a potion, a spell) reduces a consequence's severity by one level
 * [FC-HEAL-1]: the consequence moves, text, star and all, to a free slot one level lower (an
 * unreserved one first), and a recovering one starts its shorter wait afresh. Only the
 * `fate-core` text allows it; the extreme consequence is beyond any recovery [FC-EXTREME-3].
 */
export function healConsequence(
  ruleset: RulesetId,
  character: Character,
  slotId: string,
): Result<{ character: Character; to: ConsequenceSlot }> {
  if (ruleset !== 'fate-core') {
    return refuse('no-healing', 'This game’s text has no healing that lowers a consequence.');
  }
  const from = character.consequences.find((s) => s.id === slotId);
  if (!from) return refuse('no-such-slot', `There is no consequence slot "${slotId}".`);
  const taken = from.taken;
  if (!taken) return refuse('slot-empty', `The ${from.severity} consequence slot is empty.`);
  if (from.severity === 'extreme') {
    return refuse('no-recovery-roll', 'Nothing diminishes an extreme consequence.');
  }
  const lower = lowerSeverity(from.severity);
  if (lower === undefined) {
    return refuse('no-lower-severity', 'A mild consequence has no lower level to heal to.');
  }
  const free = character.consequences.filter((s) => s.severity === lower && !s.taken);
  const to = free.find((s) => s.reservedFor === undefined) ?? free[0];
  if (!to) {
    return refuse('lower-slot-full', `The ${lower} consequence slot is already taken.`);
  }
  const moved = taken.recovering
    ? { ...taken, elapsed: { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 } }
    : taken;
  const consequences = character.consequences.map((s) => {
    if (s.id === to.id) return { ...s, taken: moved };
    if (s.id !== from.id) return s;
    const { taken: _moved, ...emptied } = s;
    return emptied;
  });
  return ok({ character: { ...character, consequences }, to: { ...to, taken: moved } });
}

/** The original bonus of a taken edgerunner consequence: the modification's opposition. */
function modifiableSlot(character: Character, slotId: string): Result<number> {
  const slot = character.consequences.find((s) => s.id === slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${slotId}".`);
  if (!slot.taken) return refuse('slot-empty', `The ${slot.severity} consequence slot is empty.`);
  return ok(slot.value);
}

function noRecoveryRoll(ruleset: RulesetId, method: 'clock' | 'ratings'): Result<never> {
  switch (method) {
    case 'clock':
      return refuse(
        'no-recovery-roll',
        `${ruleset}: consequences clear on their own after the next scene, refresh or session [ER-CONSEQ-3].`,
      );
    case 'ratings':
      return refuse(
        'no-recovery-roll',
        `${ruleset}: lost aspect ratings come back after the conflict [NAR-RECOVER-1].`,
      );
    default:
      return exhaustive(method);
  }
}
