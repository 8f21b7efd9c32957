import type { Character } from '../../core/character';
import type { AbsorptionOption, AbsorptionResult, ConsequenceNames, Hit } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { ok, refuse } from '../../core/types';
import { applyValidOption, matchOption } from '../shared/absorption-choice';
import { reservedSlotFits, trackFitsKind } from '../shared/absorption-policy';
import type { AbsorptionPolicy } from '../shared/absorption-policy';
import { listAbsorptionOptions } from '../shared/stress-absorption';

/** Aspects an extreme consequence may replace: any but the High Concept [FC-EXTREME-1]. */
export function replaceableAspectIds(character: Character): string[] {
  return character.aspects.filter((a) => a.slot !== 'high-concept').map((a) => a.id);
}

/**
 * Fate Core: what is left of a hit checks the box equal to it, a higher one only when that
 * box is checked [FC-STRESS-2]; a physical hit checks a physical box, a mental hit a mental
 * one [FC-STRESS-5];
 * one shared set of consequences, except the extra mild slots from Superb Physique / Will,
 * reserved for their kind [FC-CONSEQ-2] [FC-CONSEQ-3]; the extreme consequence once between
 * major milestones, and only if there is an aspect it can replace [FC-EXTREME-2].
 */
export const fateCorePolicy: AbsorptionPolicy = {
  boxRule: 'equal-else-higher',
  trackMatches: trackFitsKind,
  slotUsable(slot, character, hit) {
    if (!reservedSlotFits(slot, hit)) return false;
    if (slot.severity !== 'extreme') return true;
    return character.extremeUsed !== true && replaceableAspectIds(character).length > 0;
  },
};

export function fateCoreAbsorptionOptions(character: Character, hit: Hit): AbsorptionOption[] {
  return listAbsorptionOptions(character, hit, fateCorePolicy);
}

/**
 * Applies a valid option. An option with the extreme consequence must say which aspect it
 * replaces: that aspect now reads as the extreme consequence [FC-EXTREME-1], and the
 * extreme is spent until the next major milestone [FC-EXTREME-2].
 */
export function applyFateCoreAbsorption(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
  names: ConsequenceNames,
): Result<AbsorptionResult> {
  const matched = matchOption(character, hit, option, fateCorePolicy);
  if (!matched.ok) return matched;
  const extreme = character.consequences.find(
    (s) => s.severity === 'extreme' && option.consequences.includes(s.id),
  );
  if (extreme === undefined) return applyValidOption(character, matched.value, names);

  const aspectId = option.replacesAspectId;
  if (aspectId === undefined) {
    return refuse(
      'extreme-needs-aspect',
      'Say which aspect the extreme consequence replaces (any but the High Concept).',
    );
  }
  if (!replaceableAspectIds(character).includes(aspectId)) {
    return refuse(
      'extreme-aspect-invalid',
      `The extreme consequence cannot replace "${aspectId}": pick an aspect other than the High Concept.`,
    );
  }
  const applied = applyValidOption(character, matched.value, names);
  if (!applied.ok) return applied;
  const text = names[extreme.id]?.trim() ?? '';
  const after = applied.value.character;
  return ok({
    grants: applied.value.grants,
    character: {
      ...after,
      extremeUsed: true,
      aspects: after.aspects.map((a) => (a.id === aspectId ? { ...a, text } : a)),
      consequences: after.consequences.map((s) =>
        s.id === extreme.id && s.taken
          ? { ...s, taken: { ...s.taken, replacesAspectId: aspectId } }
          : s,
      ),
    },
  });
}
