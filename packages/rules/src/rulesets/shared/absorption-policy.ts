import type { Character, ConsequenceSlot, StressTrack } from '../../core/character';
import type { Hit } from '../../core/ruleset';
import { exhaustive } from '../../core/types';

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

/** A stress box: where it sits on the sheet and what it absorbs. */
export interface BoxRef {
  trackId: string;
  trackIndex: number;
  boxIndex: number;
  value: number;
}

/** The free boxes on the tracks the policy lets this hit use, in sheet order. */
export function freeBoxes(character: Character, hit: Hit, policy: AbsorptionPolicy): BoxRef[] {
  const boxes: BoxRef[] = [];
  character.stress.forEach((track, trackIndex) => {
    if (!policy.trackMatches(track, hit)) return;
    track.boxes.forEach((box, boxIndex) => {
      if (!box.checked) boxes.push({ trackId: track.id, trackIndex, boxIndex, value: box.value });
    });
  });
  return boxes;
}

/** The box at `trackId` #`boxIndex` (checked or not), or undefined when the sheet has none. */
export function boxRef(
  character: Character,
  trackId: string,
  boxIndex: number,
): BoxRef | undefined {
  const trackIndex = character.stress.findIndex((t) => t.id === trackId);
  const box = character.stress[trackIndex]?.boxes[boxIndex];
  return box && { trackId, trackIndex, boxIndex, value: box.value };
}

/** The free consequence slots the policy lets this hit use, in sheet order. */
export function freeSlots(
  character: Character,
  hit: Hit,
  policy: AbsorptionPolicy,
): ConsequenceSlot[] {
  return character.consequences.filter(
    (slot) => slot.taken === undefined && policy.slotUsable(slot, character, hit),
  );
}

/**
 * May `box` take the `left` shifts of a hit, given the free boxes of the tracks the hit may
 * use? A box on another track does not count: "that box" is the one on the track being used.
 */
export function boxMayTake(
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
