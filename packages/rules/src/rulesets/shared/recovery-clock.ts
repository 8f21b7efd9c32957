import type { Character, ConsequenceSlot, Severity, TakenConsequence } from '../../core/character';
import type { TimeMark } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/** The unit of game time a consequence must wait through once its recovery has started. */
export type RecoveryUnit = 'scenes' | 'sessions' | 'scenarios';

type Elapsed = NonNullable<TakenConsequence['elapsed']>;

const ZERO: Elapsed = { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 };

/**
 * The first end counted after recovery starts closes the scene/session/scenario in which it
 * started, which was not whole; the second closes the whole one the text asks for ("one
 * whole scene after the recovery action", "the end of the following session").
 */
export const ENDS_TO_CLEAR = 2;

function counterFor(mark: TimeMark): keyof Elapsed | undefined {
  switch (mark) {
    case 'scene-end':
      return 'scenes';
    case 'session-end':
      return 'sessions';
    case 'scenario-end':
      return 'scenarios';
    case 'refresh':
      return 'refreshes';
    case 'major-milestone':
      return undefined;
    default:
      return exhaustive(mark);
  }
}

/**
 * Stress clears when a scene ends; a session or scenario cannot end in the middle of a
 * scene, so their ends clear it too (clearing twice is harmless). Being taken out lasts
 * until the next scene.
 */
export function clearsStress(mark: TimeMark): boolean {
  return mark === 'scene-end' || mark === 'session-end' || mark === 'scenario-end';
}

/**
 * Advances the clock of every recovering consequence by one `mark` and clears those whose
 * unit has now ended `ENDS_TO_CLEAR` times. `unitOf` returns undefined for a severity that
 * never clears by time (the fate-core extreme consequence).
 */
export function advanceRecovery(
  character: Character,
  mark: TimeMark,
  unitOf: (severity: Severity) => RecoveryUnit | undefined,
): Character {
  const counter = counterFor(mark);
  const consequences = character.consequences.map((slot) => {
    const taken = slot.taken;
    if (!taken?.recovering || counter === undefined) return slot;
    const elapsed = { ...ZERO, ...taken.elapsed, [counter]: (taken.elapsed?.[counter] ?? 0) + 1 };
    const unit = unitOf(slot.severity);
    if (unit !== undefined && elapsed[unit] >= ENDS_TO_CLEAR) {
      const { taken: _cleared, ...free } = slot;
      return free;
    }
    return { ...slot, taken: { ...taken, elapsed } };
  });
  const cleared = clearsStress(mark);
  return {
    ...character,
    consequences,
    stress: cleared
      ? character.stress.map((t) => ({
          ...t,
          boxes: t.boxes.map((b) => ({ ...b, checked: false })),
        }))
      : character.stress,
    takenOut: cleared ? false : character.takenOut,
    // Refresh tops fate points up to the refresh score; more are kept.
    fatePoints:
      mark === 'refresh' ? Math.max(character.fatePoints, character.refresh) : character.fatePoints,
  };
}

/**
 * A slot whose consequence can start recovering: it exists (`no-such-slot`), holds a
 * consequence (`slot-empty`) and has not started already (`already-recovering`).
 */
export function recoverableSlot(
  character: Character,
  slotId: string,
): Result<ConsequenceSlot & { taken: TakenConsequence }> {
  const slot = character.consequences.find((s) => s.id === slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${slotId}".`);
  const taken = slot.taken;
  if (!taken) return refuse('slot-empty', `The ${slot.severity} consequence slot is empty.`);
  if (taken.recovering)
    return refuse('already-recovering', `"${taken.text}" is already recovering.`);
  return ok({ ...slot, taken });
}

/**
 * Marks a taken consequence as recovering (the star), optionally renamed, and starts its
 * clock. Started during a scene, the clock starts at zero: that scene's end closes a scene
 * that was not whole. Started between scenes (`sceneRunning` false), there is no partial
 * scene to close, so the next scene is already the whole one the text asks for and the
 * clock starts one scene in.
 */
export function markRecovering(
  character: Character,
  slotId: string,
  newName: string | undefined,
  sceneRunning = true,
): Result<Character> {
  const slot = recoverableSlot(character, slotId);
  if (!slot.ok) return slot;
  const taken = slot.value.taken;
  const text = newName?.trim() ? newName.trim() : taken.text;
  return ok({
    ...character,
    consequences: character.consequences.map((s) =>
      s.id === slotId
        ? {
            ...s,
            taken: {
              ...taken,
              text,
              recovering: true,
              elapsed: { ...ZERO, scenes: sceneRunning ? 0 : 1 },
            },
          }
        : s,
    ),
  });
}

/**
 * How long a recovering consequence waits, by severity: mild a whole scene, moderate a
 * session, severe a scenario [FC-RECOVER-4] [PIR-RECOVER-3]; the extreme one never clears
 * this way (only at a major milestone).
 */
export function recoveryUnitOf(severity: Severity): RecoveryUnit | undefined {
  switch (severity) {
    case 'mild':
      return 'scenes';
    case 'moderate':
      return 'sessions';
    case 'severe':
      return 'scenarios';
    case 'extreme':
      return undefined;
    default:
      return exhaustive(severity);
  }
}
