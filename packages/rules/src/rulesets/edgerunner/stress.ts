import type { Character, StressTrack } from '../../core/character';
import type { AbsorptionOption, AbsorptionResult, Hit, TimeMark } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/**
 * Edgerunner is silent on stress, so hits follow the Fate Core SRD convention [ER-STRESS-1]:
 * physical and mental tracks, one box per hit, the box equal to the hit or the next higher free
 * one. Consequences are bonuses a player takes voluntarily [ER-CONSEQ-1], never a way to absorb
 * a hit [ER-STRESS-2], so the only options are stress boxes; none left means taken out.
 */
function tracksFor(character: Character, hit: Hit): StressTrack[] {
  // A hit of kind `any` may land on either track; the defender picks.
  return character.stress.filter(
    (t) => hit.kind === 'any' || t.kind === hit.kind || t.kind === 'any',
  );
}

export function edgerunnerAbsorptionOptions(character: Character, hit: Hit): AbsorptionOption[] {
  if (hit.shifts <= 0) {
    return [{ consequences: [], absorbs: 0, label: 'No harm' }];
  }
  const options: AbsorptionOption[] = [];
  for (const t of tracksFor(character, hit)) {
    // The lowest free box that covers the hit: a higher box is taken only when it is needed.
    let best: { index: number; value: number } | undefined;
    t.boxes.forEach((box, index) => {
      if (box.checked || box.value < hit.shifts) return;
      if (!best || box.value < best.value) best = { index, value: box.value };
    });
    if (best) {
      options.push({
        stress: { trackId: t.id, boxIndex: best.index, value: best.value },
        consequences: [],
        absorbs: best.value,
        label: `${best.value}-point ${t.label.toLowerCase()} box`,
      });
    }
  }
  return options.sort((a, b) => a.absorbs - b.absorbs);
}

export function edgerunnerApplyAbsorption(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
): Result<AbsorptionResult> {
  if (option.consequences.length > 0) {
    return refuse(
      'consequences-not-for-hits',
      'Edgerunner consequences are taken voluntarily for a bonus, not to absorb a hit.',
    );
  }
  const valid = edgerunnerAbsorptionOptions(character, hit).find(
    (o) =>
      o.stress?.trackId === option.stress?.trackId &&
      o.stress?.boxIndex === option.stress?.boxIndex,
  );
  if (!valid) {
    return refuse('invalid-option', 'That stress box cannot absorb this hit.');
  }
  const s = valid.stress;
  const stress = s
    ? character.stress.map((t) =>
        t.id === s.trackId
          ? { ...t, boxes: t.boxes.map((b, i) => (i === s.boxIndex ? { ...b, checked: true } : b)) }
          : t,
      )
    : character.stress;
  return ok({ character: { ...character, stress }, grants: { freeInvokes: [] } });
}

/**
 * Stress clears when the scene (and so the conflict) ends, Fate Core convention [ER-STRESS-1];
 * being taken out lasts until the next scene too, as in the other games: without this a
 * character taken out could never roll or join a scene again.
 */
export function clearEdgerunnerStressAt(character: Character, mark: TimeMark): Character {
  switch (mark) {
    case 'scene-end':
    case 'session-end':
    case 'scenario-end':
      return {
        ...character,
        takenOut: false,
        stress: character.stress.map((t) => ({
          ...t,
          boxes: t.boxes.map((b) => ({ ...b, checked: false })),
        })),
      };
    case 'refresh':
    case 'major-milestone':
      return character;
    default:
      return exhaustive(mark);
  }
}
