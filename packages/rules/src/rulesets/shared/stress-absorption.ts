import type { Character, ConsequenceSlot } from '../../core/character';
import type { AbsorptionOption, Hit } from '../../core/ruleset';
import { boxMayTake, freeBoxes, freeSlots } from './absorption-policy';
import type { AbsorptionPolicy, BoxRef } from './absorption-policy';

/**
 * The options a box-and-consequence game (`fate-core`, `pirates`) offers for a hit: every
 * minimal set of one box and free consequences that covers it, in the order the rules state.
 * What a hit may use is the game's policy (`absorption-policy.ts`); checking and applying the
 * option a player chose is `absorption-choice.ts`.
 */

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
