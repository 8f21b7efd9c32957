import type { Character, NewCharacter } from '../../core/character';
import { blankSheet, refreshAfterStunts } from '../../core/sheet';
import type { SkillSpread } from '../../core/spread';
import { exactSpread, spreadProblems } from '../../core/spread';
import type { Problem } from '../../core/types';

/** The six fixed skills [PIR-SKILLS-1]. */
export const PIRATES_SKILLS: { id: string; name: string }[] = [
  { id: 'explore', name: 'Explore' },
  { id: 'jury-rig', name: 'Jury Rig' },
  { id: 'parley', name: 'Parley' },
  { id: 'savvy', name: 'Savvy' },
  { id: 'sneak', name: 'Sneak' },
  { id: 'swashbuckle', name: 'Swashbuckle' },
];

/** One Good, two Fair, two Average, one Mediocre [PIR-SKILLS-1]. */
export const PIRATES_SPREAD: readonly number[] = [3, 2, 2, 1, 1, 0];
/** Refresh 3 by default, never below 1 [PIR-REFRESH-1]. */
export const PIRATES_REFRESH = 3;
export const PIRATES_REFRESH_FLOOR = 1;

/** Three free stunts, two with a primary magic [PIR-STUNTS-1]. */
export function piratesFreeStunts(primaryMagic: boolean): number {
  return primaryMagic ? 2 : 3;
}

/** Refresh left after stunts beyond the free ones, 1 refresh each [PIR-STUNTS-1]. */
export function piratesRefreshFor(stuntCount: number, primaryMagic: boolean): number {
  return refreshAfterStunts(PIRATES_REFRESH, piratesFreeStunts(primaryMagic), stuntCount);
}

/** The fixed spread as the sheet stands, rung by rung [PIR-SKILLS-1]. */
export function piratesSkillSpread(character: Character): SkillSpread {
  return exactSpread(
    'fixed',
    'One Good (+3), two Fair (+2), two Average (+1) and one Mediocre (+0).',
    'skill',
    PIRATES_SPREAD,
    character.skills.map((s) => s.rating),
  );
}

/** A blank pirate: five aspect slots, one [1][2][3] track, mild/moderate/severe slots. */
export function newPiratesCharacter(init: NewCharacter): Character {
  return {
    ...blankSheet(init, 'pirates', PIRATES_REFRESH),
    aspects: [
      { id: 'high-concept', slot: 'high-concept', text: '' },
      { id: 'trouble', slot: 'trouble', text: '' },
      { id: 'ship', slot: 'ship', text: '' },
      { id: 'free-1', slot: 'free', text: '' },
      { id: 'free-2', slot: 'free', text: '' },
    ],
    skills: PIRATES_SKILLS.map((s) => ({ id: s.id, rating: 0 })),
    stress: [
      {
        id: 'stress',
        kind: 'any',
        label: 'Stress',
        boxes: [1, 2, 3].map((value) => ({ value, checked: false })),
      },
    ],
    consequences: [
      { id: 'mild', severity: 'mild', value: 2 },
      { id: 'moderate', severity: 'moderate', value: 4 },
      { id: 'severe', severity: 'severe', value: 6 },
    ],
    primaryMagic: false,
  };
}

const ASPECT_SLOTS = { 'high-concept': 1, trouble: 1, ship: 1, free: 2 } as const;
const ASPECT_NAMES = {
  'high-concept': 'High Concept',
  trouble: 'Trouble',
  ship: 'Ship',
  free: 'free',
} as const;

function aspectProblems(character: Character): Problem[] {
  const problems: Problem[] = [];
  for (const [slot, n] of Object.entries(ASPECT_SLOTS)) {
    const have = character.aspects.filter((a) => a.slot === slot).length;
    if (have !== n) {
      problems.push({
        code: 'aspect-slots',
        message: `A pirate has ${n} ${ASPECT_NAMES[slot as keyof typeof ASPECT_NAMES]} aspect${n > 1 ? 's' : ''}, this one has ${have}.`,
        path: 'aspects',
        rule: '[PIR-ASPECTS-1]',
      });
    }
  }
  const foreign = character.aspects.filter((a) => !(a.slot in ASPECT_SLOTS));
  if (foreign.length > 0) {
    problems.push({
      code: 'aspect-slots',
      message: `Pirates has no ${foreign.map((a) => a.slot).join(', ')} aspect slot.`,
      path: 'aspects',
      rule: '[PIR-ASPECTS-1]',
    });
  }
  // Only the two free slots may stay blank [PIR-ASPECTS-2].
  for (const a of character.aspects) {
    if (a.slot !== 'free' && a.slot in ASPECT_SLOTS && a.text.trim() === '') {
      problems.push({
        code: 'aspect-blank',
        message: `Write the ${ASPECT_NAMES[a.slot as keyof typeof ASPECT_NAMES]} aspect; only the free aspects may stay blank.`,
        says: [{ id: 'aspect-blank', slot: a.slot, freeMayStay: true }],
        path: `aspects.${a.id}`,
        rule: '[PIR-ASPECTS-2]',
      });
    }
  }
  return problems;
}

function skillProblems(character: Character): Problem[] {
  const problems: Problem[] = [];
  const ids = character.skills.map((s) => s.id);
  const missing = PIRATES_SKILLS.filter((k) => !ids.includes(k.id)).map((k) => k.name);
  const unknown = ids.filter((id) => !PIRATES_SKILLS.some((k) => k.id === id));
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (missing.length > 0 || unknown.length > 0 || repeated.length > 0) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      unknown.length > 0 ? `unknown ${unknown.join(', ')}` : '',
      repeated.length > 0 ? `repeated ${repeated.join(', ')}` : '',
    ].filter((p) => p !== '');
    problems.push({
      code: 'skill-list',
      message: `A pirate has exactly Explore, Jury Rig, Parley, Savvy, Sneak and Swashbuckle (${parts.join('; ')}).`,
      path: 'skills',
      rule: '[PIR-SKILLS-1]',
    });
  }
  const ratings = character.skills.map((s) => s.rating).sort((a, b) => b - a);
  if (ratings.join(',') !== PIRATES_SPREAD.join(',')) {
    // Say what to change, rung by rung ("…; you have 3: lower 1 of them."); a rating off the
    // spread altogether (above Good, below Mediocre) is named by the list of ratings instead.
    const fixes = spreadProblems(piratesSkillSpread(character), 'skill-spread', '[PIR-SKILLS-1]');
    const how =
      fixes.length > 0
        ? ` ${fixes.map((f) => f.message).join(' ')}`
        : `; these are ${ratings.map((r) => (r >= 0 ? `+${r}` : `${r}`)).join(', ')}.`;
    problems.push({
      code: 'skill-spread',
      message: `Skills are one Good (+3), two Fair (+2), two Average (+1) and one Mediocre (+0)${fixes.length > 0 ? '.' : ''}${how}`,
      says:
        fixes.length > 0
          ? [{ id: 'pirates-spread' }, ...fixes.flatMap((f) => f.says ?? [])]
          : [{ id: 'pirates-spread-these', ratings }],
      path: 'skills',
      rule: '[PIR-SKILLS-1]',
    });
  }
  return problems;
}

function refreshProblems(character: Character): Problem[] {
  const magic = character.primaryMagic === true;
  const expected = piratesRefreshFor(character.stunts.length, magic);
  if (expected < PIRATES_REFRESH_FLOOR) {
    return [
      {
        code: 'refresh-floor',
        message: `${character.stunts.length} stunts would bring refresh to ${expected}; refresh never goes below 1.`,
        says: [{ id: 'too-many-stunts', stunts: character.stunts.length, refresh: expected }],
        path: 'stunts',
        rule: '[PIR-REFRESH-1]',
      },
    ];
  }
  if (character.refresh !== expected) {
    return [
      {
        code: 'refresh-mismatch',
        message: `With ${character.stunts.length} stunts (${piratesFreeStunts(magic)} free${magic ? ' with a primary magic' : ''}, 1 refresh each beyond) refresh is ${expected}, not ${character.refresh}.`,
        path: 'refresh',
        rule: '[PIR-STUNTS-1]',
      },
    ];
  }
  return [];
}

function sheetProblems(character: Character): Problem[] {
  const problems: Problem[] = [];
  const tracks = character.stress.map((t) => t.boxes.map((b) => b.value).join(','));
  if (tracks.length !== 1 || tracks[0] !== '1,2,3') {
    problems.push({
      code: 'stress-boxes',
      message: 'A pirate has one stress track with boxes [1][2][3].',
      path: 'stress',
      rule: '[PIR-STRESS-1]',
    });
  }
  const slots = character.consequences.map((s) => `${s.severity}=${s.value}`).join(' ');
  if (slots !== 'mild=2 moderate=4 severe=6') {
    problems.push({
      code: 'consequence-slots',
      message: 'A pirate has three consequence slots: mild (2), moderate (4), severe (6).',
      path: 'consequences',
      rule: '[PIR-CONSEQ-1]',
    });
  }
  return problems;
}

/** Readable problems with a pirate's sheet; NPCs may have other configurations. */
export function validatePiratesCharacter(character: Character): Problem[] {
  if (character.npc) return [];
  return [
    ...aspectProblems(character),
    ...skillProblems(character),
    ...refreshProblems(character),
    ...sheetProblems(character),
  ];
}
