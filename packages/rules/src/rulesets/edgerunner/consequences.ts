import type { Character, ConsequenceSlot, Severity } from '../../core/character';
import type { TimeMark } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/**
 * Edgerunner consequences are taken voluntarily for a bonus on one roll [ER-CONSEQ-1]; only the
 * controlling player may take them [ER-CONSEQ-2]; each slot stays full for a fixed period
 * [ER-CONSEQ-3]; a consequence can be modified in a contest against its original bonus
 * [ER-CONSEQ-4].
 */
export interface TakeConsequenceInput {
  slotId: string;
  text: string;
  /** The actor is the player controlling this character (or entity). */
  actorControls: boolean;
}

export function takeVoluntaryConsequence(
  character: Character,
  input: TakeConsequenceInput,
): Result<{ character: Character; bonus: number }> {
  if (!input.actorControls) {
    return refuse(
      'not-controller',
      'Only the controlling player may take a consequence on a character or entity.',
    );
  }
  const slot = character.consequences.find((s) => s.id === input.slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${input.slotId}".`);
  if (slot.taken) {
    return refuse(
      'slot-full',
      `The ${slot.severity} consequence slot is full until it clears ("${slot.taken.text}").`,
    );
  }
  if (input.text.trim() === '') return refuse('consequence-text', 'Name the consequence.');
  const filled: ConsequenceSlot = {
    ...slot,
    taken: {
      text: input.text.trim(),
      // The clock starts at once: the periods cannot be altered [ER-CONSEQ-3].
      recovering: true,
      elapsed: { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 },
    },
  };
  return ok({
    character: {
      ...character,
      consequences: character.consequences.map((s) => (s.id === slot.id ? filled : s)),
    },
    bonus: slot.value,
  });
}

/**
 * When a taken consequence clears [ER-CONSEQ-3]. "Clears after the next scene / session" is read
 * as: the scene (session) that follows the one in which it was taken must end, so a mild
 * consequence lasts the rest of its scene and one whole scene more. "After the next refresh" is a
 * moment, so a moderate clears at the first refresh. Extreme slots do not exist here; one found on
 * a sheet is kept like a severe.
 */
export function edgerunnerClearsAfter(severity: Severity): {
  unit: 'scenes' | 'sessions' | 'refreshes';
  count: number;
} {
  switch (severity) {
    case 'mild':
      return { unit: 'scenes', count: 2 };
    case 'moderate':
      return { unit: 'refreshes', count: 1 };
    case 'severe':
    case 'extreme':
      return { unit: 'sessions', count: 2 };
    default:
      return exhaustive(severity);
  }
}

/**
 * Advances consequence clocks and clears what is due. A scenario's end also ends its session,
 * so the table passes only the largest mark that happened. Scenes are counted by their own ends
 * only: a session (or scenario) ends between scenes, after its last scene's end was counted, so
 * counting another here would clear a mild consequence before the scene after the one it was
 * taken in had been played. Refresh and milestones count only themselves.
 */
export function advanceEdgerunnerConsequences(character: Character, mark: TimeMark): Character {
  const step = { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 };
  switch (mark) {
    case 'scenario-end':
      step.scenarios = 1;
      step.sessions = 1;
      break;
    case 'session-end':
      step.sessions = 1;
      break;
    case 'scene-end':
      step.scenes = 1;
      break;
    case 'refresh':
      step.refreshes = 1;
      break;
    case 'major-milestone':
      break;
    default:
      return exhaustive(mark);
  }
  const consequences = character.consequences.map((slot): ConsequenceSlot => {
    if (!slot.taken) return slot;
    const before = slot.taken.elapsed ?? { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 };
    const elapsed = {
      scenes: before.scenes + step.scenes,
      sessions: before.sessions + step.sessions,
      scenarios: before.scenarios + step.scenarios,
      refreshes: before.refreshes + step.refreshes,
    };
    const due = edgerunnerClearsAfter(slot.severity);
    if (elapsed[due.unit] >= due.count) {
      const { taken: _cleared, ...free } = slot;
      return free;
    }
    return { ...slot, taken: { ...slot.taken, elapsed } };
  });
  return { ...character, consequences };
}

export interface ModifyConsequenceInput {
  slotId: string;
  /** The more benign version, e.g. "Bandages and grafts all around". */
  newText: string;
  skill: number;
  dice: number;
  bonus?: number;
}

/**
 * Modifying a consequence [ER-CONSEQ-4]: Skill + 4dF against the bonus the consequence gave. A
 * tie is enough, as with every Edgerunner aspect roll; the shifts shorten the time it takes
 * ("altered in a few hours / days / weeks") and are returned for the table to narrate. The slot
 * stays full and its clock is unchanged: the clearing periods cannot be altered [ER-CONSEQ-3].
 */
export function modifyEdgerunnerConsequence(
  character: Character,
  input: ModifyConsequenceInput,
): Result<{ character: Character; result: number; shifts: number; modified: boolean }> {
  const slot = character.consequences.find((s) => s.id === input.slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${input.slotId}".`);
  if (!slot.taken) return refuse('slot-empty', `The ${slot.severity} consequence slot is empty.`);
  if (input.newText.trim() === '') return refuse('consequence-text', 'Name the new version.');
  const result = input.skill + input.dice + (input.bonus ?? 0);
  const shifts = result - slot.value;
  const modified = shifts >= 0;
  if (!modified) return ok({ character, result, shifts, modified });
  const changed: ConsequenceSlot = {
    ...slot,
    taken: { ...slot.taken, text: input.newText.trim() },
  };
  return ok({
    character: {
      ...character,
      consequences: character.consequences.map((s) => (s.id === slot.id ? changed : s)),
    },
    result,
    shifts,
    modified,
  });
}
