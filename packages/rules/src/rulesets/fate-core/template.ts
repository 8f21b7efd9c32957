import type { Character, ConsequenceSlot, StressTrack, NewCharacter } from '../../core/character';
import { blankSheet, refreshAfterStunts } from '../../core/sheet';
import type { SkillSpread } from '../../core/spread';
import { exactSpread } from '../../core/spread';

/** The Fate Core SRD default skill list (the seed text is silent) [FC-CHAR-2]. */
export const FATE_CORE_SKILLS: { id: string; name: string }[] = [
  'Athletics',
  'Burglary',
  'Contacts',
  'Crafts',
  'Deceive',
  'Drive',
  'Empathy',
  'Fight',
  'Investigate',
  'Lore',
  'Notice',
  'Physique',
  'Provoke',
  'Rapport',
  'Resources',
  'Shoot',
  'Stealth',
  'Will',
].map((name) => ({ id: name.toLowerCase(), name }));

/** The skill pyramid, SRD convention: rating → how many skills [FC-CHAR-2]. */
export const FATE_CORE_PYRAMID: Readonly<Record<number, number>> = { 4: 1, 3: 2, 2: 3, 1: 4 };
export const FATE_CORE_REFRESH = 3;
export const FATE_CORE_FREE_STUNTS = 3;
/** Refresh never drops below 1 by buying stunts [FC-CHAR-3]. */
export const FATE_CORE_REFRESH_FLOOR = 1;

export const skillName = (id: string): string =>
  FATE_CORE_SKILLS.find((k) => k.id === id)?.name ?? id;

/** The pyramid as the sheet stands, rung by rung [FC-CHAR-2]. */
export function fateCoreSkillSpread(character: Character): SkillSpread {
  const wanted = Object.entries(FATE_CORE_PYRAMID).flatMap(([rating, n]) =>
    Array.from({ length: n }, () => Number(rating)),
  );
  return exactSpread(
    'pyramid',
    'One Great (+4), two Good (+3), three Fair (+2) and four Average (+1); the rest Mediocre (+0).',
    'skill',
    wanted,
    character.skills.map((s) => s.rating),
  );
}

export function skillRating(character: Character, skillId: string): number {
  return character.skills.find((s) => s.id === skillId)?.rating ?? 0;
}

/**
 * Stress boxes for a track from its skill [FC-STRESS-1] [FC-STRESS-4]: 1 and 2 by default;
 * Average or Fair adds a 3-point box; Good or better adds 3- and 4-point boxes.
 */
export function stressBoxValues(rating: number): number[] {
  if (rating >= 3) return [1, 2, 3, 4];
  if (rating >= 1) return [1, 2, 3];
  return [1, 2];
}

/** Superb (+5) or better in Physique / Will gives an extra mild slot for that harm [FC-CONSEQ-3]. */
export const EXTRA_MILD_RATING = 5;

function track(id: 'physical' | 'mental', rating: number, old?: StressTrack): StressTrack {
  return {
    id,
    kind: id,
    label: id === 'physical' ? 'Physical stress' : 'Mental stress',
    // Keep checks on boxes that survive a skill change, so a mid-conflict edit loses nothing.
    boxes: stressBoxValues(rating).map((value, i) => {
      const prev = old?.boxes[i];
      return { value, checked: prev?.value === value ? prev.checked : false };
    }),
  };
}

function slot(
  id: string,
  severity: ConsequenceSlot['severity'],
  value: number,
  reservedFor?: 'physical' | 'mental',
): ConsequenceSlot {
  return reservedFor ? { id, severity, value, reservedFor } : { id, severity, value };
}

/** The slots a sheet should have for its Physique and Will [FC-CONSEQ-1] [FC-EXTREME-1]. */
function expectedSlots(character: Character): ConsequenceSlot[] {
  const slots = [
    slot('mild', 'mild', 2),
    slot('moderate', 'moderate', 4),
    slot('severe', 'severe', 6),
  ];
  if (skillRating(character, 'physique') >= EXTRA_MILD_RATING) {
    slots.push(slot('mild-physical', 'mild', 2, 'physical'));
  }
  if (skillRating(character, 'will') >= EXTRA_MILD_RATING) {
    slots.push(slot('mild-mental', 'mild', 2, 'mental'));
  }
  slots.push(slot('extreme', 'extreme', 8));
  return slots;
}

/**
 * Rebuilds the stress tracks and consequence slots from Physique and Will, keeping what is
 * checked and taken. Call it after changing skills.
 */
export function syncFateCoreSheet(character: Character): Character {
  const oldTrack = (id: string): StressTrack | undefined =>
    character.stress.find((t) => t.id === id);
  const stress = [
    track('physical', skillRating(character, 'physique'), oldTrack('physical')),
    track('mental', skillRating(character, 'will'), oldTrack('mental')),
  ];
  const expected = expectedSlots(character);
  const consequences = expected.map((s) => {
    const old = character.consequences.find((o) => o.id === s.id);
    return old?.taken ? { ...s, taken: old.taken } : s;
  });
  // A taken slot the new skills no longer grant stays on the sheet until it clears.
  for (const old of character.consequences) {
    if (old.taken && !expected.some((s) => s.id === old.id)) consequences.push(old);
  }
  return { ...character, stress, consequences };
}

/** A blank Fate Core sheet: five aspects, every skill Mediocre, refresh 3 [FC-CHAR-1]. */
export function newFateCoreCharacter(init: NewCharacter): Character {
  const blank: Character = {
    ...blankSheet(init, 'fate-core', FATE_CORE_REFRESH),
    aspects: [
      { id: 'high-concept', slot: 'high-concept', text: '' },
      { id: 'trouble', slot: 'trouble', text: '' },
      { id: 'aspect-3', slot: 'other', text: '' },
      { id: 'aspect-4', slot: 'other', text: '' },
      { id: 'aspect-5', slot: 'other', text: '' },
    ],
    skills: FATE_CORE_SKILLS.map((s) => ({ id: s.id, rating: 0 })),
    extremeUsed: false,
  };
  return syncFateCoreSheet(blank);
}

/** Refresh left after buying stunts beyond the free ones [FC-CHAR-3]. */
export function fateCoreRefreshFor(stuntCount: number): number {
  return refreshAfterStunts(FATE_CORE_REFRESH, FATE_CORE_FREE_STUNTS, stuntCount);
}
