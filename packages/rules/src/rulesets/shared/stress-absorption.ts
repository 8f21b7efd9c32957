import type { Character, ConsequenceSlot, StressTrack } from '../../core/character';
import type { AbsorptionOption, AbsorptionResult, ConsequenceNames, Hit } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { exhaustive, ok, refuse } from '../../core/types';

/**
 * Box-and-consequence absorption shared by `fate-core` and `pirates`: at most one stress box
 * per hit, any number of free consequence slots reduce the hit first. The games differ in
 * which tracks and slots a hit may use and in which box may take what is left, so that is
 * the policy a ruleset passes in.
 */
export interface AbsorptionPolicy {
  /**
   * Which free box may take the shifts left after the consequences: `up-to` any box at least
   * that large (pirates: a box absorbs up to its value [PIR-STRESS-2]); `equal-else-higher` the
   * box equal to them, and a higher one only when no free box on that track equals them
   * (fate-core: "If that box is already checked, check off a higher value box" [FC-STRESS-2]).
   */
  boxRule: 'up-to' | 'equal-else-higher';
  /** May this hit check a box on this track (physical vs mental in fate-core)? */
  trackMatches(track: StressTrack, hit: Hit): boolean;
  /** May this free slot take this hit (reserved slots, the once-per-milestone extreme)? */
  slotUsable(slot: ConsequenceSlot, character: Character, hit: Hit): boolean;
}

/** A reserved slot only takes its own kind of harm; a hit of kind `any` is neither kind. */
export function reservedSlotFits(slot: ConsequenceSlot, hit: Hit): boolean {
  return slot.reservedFor === undefined || slot.reservedFor === hit.kind;
}

/** A track of kind `any` takes every hit; a hit of kind `any` may use every track. */
export function trackFitsKind(track: StressTrack, hit: Hit): boolean {
  return track.kind === 'any' || hit.kind === 'any' || track.kind === hit.kind;
}

interface BoxRef {
  trackId: string;
  trackIndex: number;
  boxIndex: number;
  value: number;
}

function freeBoxes(character: Character, hit: Hit, policy: AbsorptionPolicy): BoxRef[] {
  const boxes: BoxRef[] = [];
  character.stress.forEach((track, trackIndex) => {
    if (!policy.trackMatches(track, hit)) return;
    track.boxes.forEach((box, boxIndex) => {
      if (!box.checked) boxes.push({ trackId: track.id, trackIndex, boxIndex, value: box.value });
    });
  });
  return boxes;
}

function boxRef(character: Character, trackId: string, boxIndex: number): BoxRef | undefined {
  const trackIndex = character.stress.findIndex((t) => t.id === trackId);
  const box = character.stress[trackIndex]?.boxes[boxIndex];
  return box && { trackId, trackIndex, boxIndex, value: box.value };
}

function freeSlots(character: Character, hit: Hit, policy: AbsorptionPolicy): ConsequenceSlot[] {
  return character.consequences.filter(
    (slot) => slot.taken === undefined && policy.slotUsable(slot, character, hit),
  );
}

/**
 * May `box` take the `left` shifts of a hit, given the free boxes of the tracks the hit may
 * use? A box on another track does not count: "that box" is the one on the track being used.
 */
function boxMayTake(
  box: BoxRef,
  left: number,
  free: readonly BoxRef[],
  rule: AbsorptionPolicy['boxRule'],
): boolean {
  switch (rule) {
    case 'up-to':
      return box.value >= left;
    case 'equal-else-higher':
      return (
        box.value === left ||
        (box.value > left && !free.some((b) => b.trackIndex === box.trackIndex && b.value === left))
      );
    default:
      return exhaustive(rule);
  }
}

interface Candidate {
  box: BoxRef | undefined;
  slots: ConsequenceSlot[];
  slotOrder: number[];
}

/**
 * Every minimal way to absorb the hit, cheapest first [FC-ABSORB-1]. Minimal: dropping the
 * box or any one consequence would leave the hit uncovered. A hit of 0 shifts or less needs
 * nothing, so its only option is the empty one (an empty list would mean "taken out").
 */
export function listAbsorptionOptions(
  character: Character,
  hit: Hit,
  policy: AbsorptionPolicy,
): AbsorptionOption[] {
  if (hit.shifts <= 0) return [{ consequences: [], absorbs: 0, label: 'nothing to absorb' }];
  const boxes = freeBoxes(character, hit, policy);
  const slots = freeSlots(character, hit, policy);
  const candidates: Candidate[] = [];

  // Grow consequence sets in slot order; a set that already covers the hit is a leaf, since
  // adding more to it could only make it non-minimal.
  const walk = (start: number, chosen: number[], sum: number): void => {
    const chosenSlots = chosen.map((i) => slots[i]!);
    if (sum >= hit.shifts) {
      if (chosenSlots.every((s) => sum - s.value < hit.shifts)) {
        candidates.push({ box: undefined, slots: chosenSlots, slotOrder: chosen });
      }
      return;
    }
    const remaining = hit.shifts - sum;
    for (const box of boxes) {
      if (!boxMayTake(box, remaining, boxes, policy.boxRule)) continue;
      // Each consequence must still be needed next to this box.
      if (chosenSlots.every((s) => box.value + sum - s.value < hit.shifts)) {
        candidates.push({ box, slots: chosenSlots, slotOrder: chosen });
      }
    }
    for (let i = start; i < slots.length; i++) walk(i + 1, [...chosen, i], sum + slots[i]!.value);
  };
  walk(0, [], 0);

  candidates.sort(compareCandidates);
  return candidates.map(toOption);
}

/**
 * The stated order [FC-ABSORB-2]: options without the extreme consequence first (it changes
 * who you are); then fewer consequences (stress-only first); then the lower total
 * consequence value; then reserved slots before general ones (a reserved slot can take
 * only one kind of harm, the general one stays open for both); then the smaller box (no box
 * counts as smallest); then sheet order, so the list is stable.
 */
function compareCandidates(a: Candidate, b: Candidate): number {
  const extreme = (c: Candidate): number => (c.slots.some((s) => s.severity === 'extreme') ? 1 : 0);
  const total = (c: Candidate): number => c.slots.reduce((n, s) => n + s.value, 0);
  const general = (c: Candidate): number => c.slots.filter((s) => !s.reservedFor).length;
  const boxValue = (c: Candidate): number => c.box?.value ?? 0;
  const boxPos = (c: Candidate): number =>
    c.box === undefined ? -1 : c.box.trackIndex * 1000 + c.box.boxIndex;
  return (
    extreme(a) - extreme(b) ||
    a.slots.length - b.slots.length ||
    total(a) - total(b) ||
    general(a) - general(b) ||
    boxValue(a) - boxValue(b) ||
    boxPos(a) - boxPos(b) ||
    compareLists(a.slotOrder, b.slotOrder)
  );
}

function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function toOption(c: Candidate): AbsorptionOption {
  const parts = c.slots.map((s) =>
    s.reservedFor ? `${s.severity} consequence (${s.reservedFor})` : `${s.severity} consequence`,
  );
  if (c.box) parts.push(`${c.box.value}-point ${c.box.trackId} box`);
  const option: AbsorptionOption = {
    consequences: c.slots.map((s) => s.id),
    absorbs: (c.box?.value ?? 0) + c.slots.reduce((n, s) => n + s.value, 0),
    label: parts.join(' + '),
  };
  if (c.box)
    option.stress = { trackId: c.box.trackId, boxIndex: c.box.boxIndex, value: c.box.value };
  return option;
}

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
