import type { Character, ConsequenceSlot, StressTrack } from '../../core/character';
import { ladderLabel } from '../../core/ladder';
import { spreadProblems } from '../../core/spread';
import type { Problem } from '../../core/types';
import {
  FATE_CORE_FREE_STUNTS,
  FATE_CORE_REFRESH,
  FATE_CORE_REFRESH_FLOOR,
  FATE_CORE_SKILLS,
  fateCoreRefreshFor,
  fateCoreSkillSpread,
  skillName,
  syncFateCoreSheet,
} from './template';

// What a Fate Core sheet must hold to play, said as readable problems with their rule ids.

function aspectProblems(character: Character): Problem[] {
  const problems: Problem[] = [];
  const count = (slot: string): number => character.aspects.filter((a) => a.slot === slot).length;
  const want = { 'high-concept': 1, trouble: 1, other: 3 } as const;
  for (const [slotName, n] of Object.entries(want)) {
    if (count(slotName) !== n) {
      problems.push({
        code: 'aspect-slots',
        message: `A Fate Core character has ${n} ${slotName} aspect${n > 1 ? 's' : ''}, this one has ${count(slotName)}.`,
        path: 'aspects',
        rule: '[FC-CHAR-1]',
      });
    }
  }
  const foreign = character.aspects.filter((a) => !(a.slot in want));
  if (foreign.length > 0) {
    problems.push({
      code: 'aspect-slots',
      message: `Fate Core has no ${foreign.map((a) => a.slot).join(', ')} aspect slot.`,
      path: 'aspects',
      rule: '[FC-CHAR-1]',
    });
  }
  for (const a of character.aspects) {
    if ((a.slot === 'high-concept' || a.slot === 'trouble') && a.text.trim() === '') {
      problems.push({
        code: 'aspect-blank',
        message: `Write the ${a.slot === 'trouble' ? 'Trouble' : 'High Concept'} aspect.`,
        says: [{ id: 'aspect-blank', slot: a.slot, freeMayStay: false }],
        path: `aspects.${a.id}`,
        rule: '[FC-CHAR-1]',
      });
    }
  }
  return problems;
}

function skillProblems(character: Character, template: boolean): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const s of character.skills) {
    if (!FATE_CORE_SKILLS.some((k) => k.id === s.id)) {
      problems.push({
        code: 'skill-unknown',
        message: `"${s.id}" is not a Fate Core skill.`,
        path: `skills.${s.id}`,
        rule: '[FC-CHAR-2]',
      });
    }
    if (seen.has(s.id)) {
      problems.push({
        code: 'skill-duplicate',
        message: `"${s.id}" is rated twice.`,
        path: `skills.${s.id}`,
        rule: '[FC-CHAR-2]',
      });
    }
    seen.add(s.id);
    if (template && (!Number.isInteger(s.rating) || s.rating < 0 || s.rating > 4)) {
      problems.push({
        code: 'skill-rating',
        message: `A starting skill is rated Mediocre (+0) to Great (+4); ${skillName(s.id)} is ${Number.isInteger(s.rating) ? ladderLabel(s.rating) : s.rating}.`,
        ...(Number.isInteger(s.rating)
          ? { says: [{ id: 'skill-range' as const, skill: s.id, rating: s.rating }] }
          : {}),
        path: `skills.${s.id}`,
        rule: '[FC-CHAR-2]',
      });
    }
  }
  if (!template) return problems;
  return [
    ...problems,
    ...spreadProblems(fateCoreSkillSpread(character), 'skill-pyramid', '[FC-CHAR-2]'),
  ];
}

function refreshProblems(character: Character): Problem[] {
  const expected = fateCoreRefreshFor(character.stunts.length);
  if (expected < FATE_CORE_REFRESH_FLOOR) {
    return [
      {
        code: 'refresh-floor',
        message: `${character.stunts.length} stunts would bring refresh to ${expected}; refresh never goes below 1, so at most ${FATE_CORE_FREE_STUNTS + FATE_CORE_REFRESH - FATE_CORE_REFRESH_FLOOR} stunts.`,
        says: [
          {
            id: 'too-many-stunts',
            stunts: character.stunts.length,
            refresh: expected,
            max: FATE_CORE_FREE_STUNTS + FATE_CORE_REFRESH - FATE_CORE_REFRESH_FLOOR,
          },
        ],
        path: 'stunts',
        rule: '[FC-CHAR-3]',
      },
    ];
  }
  if (character.refresh !== expected) {
    return [
      {
        code: 'refresh-mismatch',
        message: `With ${character.stunts.length} stunts (3 free, 1 refresh each beyond) refresh is ${expected}, not ${character.refresh}.`,
        path: 'refresh',
        rule: '[FC-CHAR-3]',
      },
    ];
  }
  return [];
}

function sheetProblems(character: Character): Problem[] {
  const synced = syncFateCoreSheet(character);
  const problems: Problem[] = [];
  const shape = (tracks: StressTrack[]): string =>
    tracks.map((t) => `${t.id}:${t.boxes.map((b) => b.value).join(',')}`).join(' ');
  if (shape(character.stress) !== shape(synced.stress)) {
    problems.push({
      code: 'stress-boxes',
      message: `Physique and Will give the stress boxes ${shape(synced.stress)}; the sheet has ${shape(character.stress) || 'none'}.`,
      path: 'stress',
      rule: '[FC-STRESS-4]',
    });
  }
  const slotIds = (slots: ConsequenceSlot[]): string =>
    slots
      .map((s) => `${s.id}=${s.value}`)
      .sort()
      .join(' ');
  if (slotIds(character.consequences) !== slotIds(synced.consequences)) {
    problems.push({
      code: 'consequence-slots',
      message: `The consequence slots should be ${slotIds(synced.consequences)}.`,
      path: 'consequences',
      rule: '[FC-CONSEQ-1]',
    });
  }
  return problems;
}

/** Readable problems with a Fate Core sheet; NPCs are held only to the skill list. */
export function validateFateCoreCharacter(character: Character): Problem[] {
  if (character.npc) return skillProblems(character, false);
  return [
    ...aspectProblems(character),
    ...skillProblems(character, true),
    ...refreshProblems(character),
    ...sheetProblems(character),
  ];
}
