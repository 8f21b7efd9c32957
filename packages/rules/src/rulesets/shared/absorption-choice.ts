import type { Character } from '../../core/character';
import type { AbsorptionOption, AbsorptionResult, ConsequenceNames, Hit } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { ok, refuse } from '../../core/types';
import { boxMayTake, boxRef, freeBoxes } from './absorption-policy';
import type { AbsorptionPolicy } from './absorption-policy';
import { listAbsorptionOptions } from './stress-absorption';

/**
 * The option a player chose for a hit in a box-and-consequence game: found among the valid
 * ones (`stress-absorption.ts`) or refused with the reason in words, then applied to the
 * sheet: the box checked, the consequences named, their free invokes granted.
 */

function sameOption(a: AbsorptionOption, b: AbsorptionOption): boolean {
  const boxA = a.stress ? `${a.stress.trackId}#${a.stress.boxIndex}` : '';
  const boxB = b.stress ? `${b.stress.trackId}#${b.stress.boxIndex}` : '';
  const setA = [...a.consequences].sort().join('|');
  const setB = [...b.consequences].sort().join('|');
  return boxA === boxB && setA === setB && a.consequences.length === b.consequences.length;
}

/** Says in words why an option is not one of the valid ones for this character and hit. */
function diagnose(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
  policy: AbsorptionPolicy,
): { code: string; message: string } {
  let covered = 0;
  if (option.stress) {
    const { trackId, boxIndex } = option.stress;
    const track = character.stress.find((t) => t.id === trackId);
    const box = track?.boxes[boxIndex];
    if (!track || !box)
      return {
        code: 'no-such-box',
        message: `There is no box ${boxIndex + 1} on track "${trackId}".`,
      };
    if (!policy.trackMatches(track, hit)) {
      return {
        code: 'wrong-track',
        message: `A ${hit.kind} hit cannot check a box on the ${track.label} track.`,
      };
    }
    if (box.checked)
      return { code: 'box-checked', message: `The ${box.value}-point box is already checked.` };
    covered += box.value;
  }
  if (new Set(option.consequences).size !== option.consequences.length) {
    return { code: 'slot-repeated', message: 'A consequence slot can be used only once per hit.' };
  }
  for (const id of option.consequences) {
    const slot = character.consequences.find((s) => s.id === id);
    if (!slot) return { code: 'no-such-slot', message: `There is no consequence slot "${id}".` };
    if (slot.taken)
      return {
        code: 'slot-taken',
        message: `The ${slot.severity} consequence slot is already filled.`,
      };
    if (!policy.slotUsable(slot, character, hit)) {
      return {
        code: 'slot-unusable',
        message: `The ${slot.severity} consequence slot cannot take this hit.`,
      };
    }
    covered += slot.value;
  }
  if (covered < hit.shifts) {
    return { code: 'not-enough', message: `That absorbs ${covered} of ${hit.shifts} shifts.` };
  }
  const used = option.stress && boxRef(character, option.stress.trackId, option.stress.boxIndex);
  if (used) {
    const left = hit.shifts - (covered - used.value);
    if (left > 0 && !boxMayTake(used, left, freeBoxes(character, hit, policy), policy.boxRule)) {
      return {
        code: 'box-too-high',
        message: `${left} shift${left === 1 ? '' : 's'} check the ${left}-point box; a higher box only when that one is already checked.`,
      };
    }
  }
  return {
    code: 'not-minimal',
    message: 'That uses more than the hit needs: drop a box or a consequence.',
  };
}

/** Finds `option` among the valid ones (same box, same slots), or says why it is not. */
export function matchOption(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
  policy: AbsorptionPolicy,
): Result<AbsorptionOption> {
  const found = listAbsorptionOptions(character, hit, policy).find((o) => sameOption(o, option));
  if (found) return ok(found);
  const why = diagnose(character, hit, option, policy);
  return refuse(why.code, why.message);
}

/**
 * Checks the box and fills the slots of a valid option, naming each consequence; the
 * attacker gets one free invoke on each new consequence [FC-CONSEQ-4] [PIR-CONSEQ-2].
 */
export function applyValidOption(
  character: Character,
  option: AbsorptionOption,
  names: ConsequenceNames,
): Result<AbsorptionResult> {
  const texts: Record<string, string> = {};
  for (const id of option.consequences) {
    const text = names[id]?.trim() ?? '';
    if (text === '')
      return refuse('consequence-name-missing', `Name the consequence for slot "${id}".`);
    texts[id] = text;
  }
  const stress = character.stress.map((track) =>
    option.stress && track.id === option.stress.trackId
      ? {
          ...track,
          boxes: track.boxes.map((box, i) =>
            i === option.stress?.boxIndex ? { ...box, checked: true } : box,
          ),
        }
      : track,
  );
  const consequences = character.consequences.map((slot) => {
    const text = texts[slot.id];
    return text === undefined ? slot : { ...slot, taken: { text, recovering: false } };
  });
  return ok({
    character: { ...character, stress, consequences },
    grants: {
      freeInvokes: option.consequences.map((id) => ({
        consequenceSlotId: id,
        text: texts[id] ?? '',
        count: 1,
      })),
    },
  });
}
