import type {
  Character,
  ConsequenceSlot,
  Skill,
  StressTrack,
  NewCharacter,
} from '../../core/character';
import { blankSheet, refreshAfterStunts } from '../../core/sheet';
import type { SkillSpread } from '../../core/spread';
import { columnSpread, spreadProblems } from '../../core/spread';
import type { Problem } from '../../core/types';

/**
 * The Edgerunner text only covers aspects and consequences; it names a few skills in its
 * examples (Empathy, Stealth, Medical, Survival) but never lists them. So the sheet follows the
 * Fate Core SRD convention [ER-SHEET-1]: the eighteen Fate Core skills, plus Medical and
 * Survival because the text uses them, a pyramid capped at Great (+4), five permanent aspects,
 * refresh 3 and physical and mental stress tracks.
 */
export const EDGERUNNER_SKILLS: readonly { id: string; name: string }[] = [
  { id: 'athletics', name: 'Athletics' },
  { id: 'burglary', name: 'Burglary' },
  { id: 'contacts', name: 'Contacts' },
  { id: 'crafts', name: 'Crafts' },
  { id: 'deceive', name: 'Deceive' },
  { id: 'drive', name: 'Drive' },
  { id: 'empathy', name: 'Empathy' },
  { id: 'fight', name: 'Fight' },
  { id: 'investigate', name: 'Investigate' },
  { id: 'lore', name: 'Lore' },
  { id: 'medical', name: 'Medical' },
  { id: 'notice', name: 'Notice' },
  { id: 'physique', name: 'Physique' },
  { id: 'provoke', name: 'Provoke' },
  { id: 'rapport', name: 'Rapport' },
  { id: 'resources', name: 'Resources' },
  { id: 'shoot', name: 'Shoot' },
  { id: 'stealth', name: 'Stealth' },
  { id: 'survival', name: 'Survival' },
  { id: 'will', name: 'Will' },
];

export const EDGERUNNER_REFRESH = 3;
/** Fate Core's starting skill cap [ER-SHEET-1]. */
export const EDGERUNNER_SKILL_CAP = 4;
export const EDGERUNNER_ASPECT_COUNT = 5;
/** Fate Core SRD (text silent): three free stunts, 1 refresh each beyond [ER-SHEET-2]. */
export const EDGERUNNER_FREE_STUNTS = 3;

/** Refresh left after the stunts beyond the free ones [ER-SHEET-2]. */
export function edgerunnerRefreshFor(stuntCount: number): number {
  return refreshAfterStunts(EDGERUNNER_REFRESH, EDGERUNNER_FREE_STUNTS, stuntCount);
}

/**
 * The Fate Core pyramid read as columns [ER-SHEET-1]: every rung above Average holds no more
 * skills than the rung below, up to the Great (+4) cap.
 */
export function edgerunnerSkillSpread(character: Character): SkillSpread {
  return columnSpread(
    'Columns: each rung from Great (+4) down holds no more skills than the rung below it; nothing above Great (+4).',
    EDGERUNNER_SKILL_CAP,
    character.skills.map((s) => s.rating),
  );
}

/** Consequence slots give a bonus to a roll, not shift absorption [ER-CONSEQ-1]. */
export const EDGERUNNER_CONSEQUENCE_BONUS = { mild: 1, moderate: 2, severe: 4 } as const;

/**
 * Stress box values for a track, Fate Core SRD convention (text silent) [ER-STRESS-1]: a 1- and
 * a 2-point box; Average or Fair in the track's skill (Physique / Will) adds a 3-point box, Good
 * or better adds a 3- and a 4-point box.
 */
export function edgerunnerStressBoxValues(skillRating: number): number[] {
  if (skillRating >= 3) return [1, 2, 3, 4];
  if (skillRating >= 1) return [1, 2, 3];
  return [1, 2];
}

function track(id: 'physical' | 'mental', skillRating: number): StressTrack {
  return {
    id,
    kind: id,
    label: id === 'physical' ? 'Physical stress' : 'Mental stress',
    boxes: edgerunnerStressBoxValues(skillRating).map((value) => ({ value, checked: false })),
  };
}

export function newEdgerunnerCharacter(init: NewCharacter): Character {
  const slots: ConsequenceSlot[] = (['mild', 'moderate', 'severe'] as const).map((severity) => ({
    id: severity,
    severity,
    value: EDGERUNNER_CONSEQUENCE_BONUS[severity],
  }));
  return {
    ...blankSheet(init, 'edgerunner', EDGERUNNER_REFRESH),
    // Aspects written at character creation are permanent [ER-ASPECTS-1].
    aspects: [
      { id: 'high-concept', slot: 'high-concept', text: '', permanent: true },
      { id: 'trouble', slot: 'trouble', text: '', permanent: true },
      { id: 'aspect-3', slot: 'other', text: '', permanent: true },
      { id: 'aspect-4', slot: 'other', text: '', permanent: true },
      { id: 'aspect-5', slot: 'other', text: '', permanent: true },
    ],
    stress: [track('physical', 0), track('mental', 0)],
    consequences: slots,
  };
}

function rating(skills: Skill[], id: string): number {
  return skills.find((s) => s.id === id)?.rating ?? 0;
}

/** Readable problems with an Edgerunner sheet; NPCs are held only to the shape checks. */
export function validateEdgerunnerCharacter(character: Character): Problem[] {
  const problems: Problem[] = [];
  if (character.ruleset !== 'edgerunner') {
    problems.push({
      code: 'wrong-ruleset',
      message: `This sheet belongs to ${character.ruleset}, not Edgerunner.`,
      path: 'ruleset',
    });
  }
  const known = new Set(EDGERUNNER_SKILLS.map((s) => s.id));
  const seen = new Set<string>();
  for (const skill of character.skills) {
    if (!known.has(skill.id)) {
      problems.push({
        code: 'unknown-skill',
        message: `"${skill.id}" is not an Edgerunner skill.`,
        path: `skills.${skill.id}`,
        rule: '[ER-SHEET-1]',
      });
    }
    if (seen.has(skill.id)) {
      problems.push({
        code: 'duplicate-skill',
        message: `${skill.id} is rated twice.`,
        path: `skills.${skill.id}`,
      });
    }
    seen.add(skill.id);
    if (!Number.isInteger(skill.rating) || skill.rating < 0) {
      problems.push({
        code: 'skill-rating',
        message: `${skill.id} must be rated Mediocre (+0) or better.`,
        path: `skills.${skill.id}`,
        rule: '[ER-SHEET-1]',
      });
    }
  }
  for (const [i, slot] of character.consequences.entries()) {
    if (slot.taken && slot.taken.text.trim() === '') {
      problems.push({
        code: 'consequence-text',
        message: `The ${slot.severity} consequence needs a name.`,
        path: `consequences.${i}`,
        rule: '[ER-CONSEQ-1]',
      });
    }
  }
  if (character.npc) return problems;

  if (character.skills.some((s) => s.rating > EDGERUNNER_SKILL_CAP)) {
    problems.push({
      code: 'skill-cap',
      message: `No skill may start above Great (+4); lower ${character.skills
        .filter((s) => s.rating > EDGERUNNER_SKILL_CAP)
        .map((s) => EDGERUNNER_SKILLS.find((k) => k.id === s.id)?.name ?? s.id)
        .join(', ')}.`,
      says: [
        {
          id: 'skill-cap',
          skills: character.skills.filter((s) => s.rating > EDGERUNNER_SKILL_CAP).map((s) => s.id),
        },
      ],
      path: 'skills',
      rule: '[ER-SHEET-1]',
    });
  }
  problems.push(
    ...spreadProblems(edgerunnerSkillSpread(character), 'skill-pyramid', '[ER-SHEET-1]'),
  );
  if (character.aspects.length !== EDGERUNNER_ASPECT_COUNT) {
    problems.push({
      code: 'aspect-count',
      message: `An Edgerunner character has ${EDGERUNNER_ASPECT_COUNT} permanent aspects, not ${character.aspects.length}.`,
      path: 'aspects',
      rule: '[ER-SHEET-1]',
    });
  }
  // Each blank one named: the High Concept and Trouble by name, the others counted in one
  // sentence (five identical lines said nothing about which field was blank).
  const blank = [...character.aspects.entries()].filter(
    ([, a]) => a.permanent === true && a.text.trim() === '',
  );
  const SLOT_NAMES: Record<string, string> = { 'high-concept': 'High Concept', trouble: 'Trouble' };
  const others: number[] = [];
  for (const [i, aspect] of blank) {
    const slot = SLOT_NAMES[aspect.slot];
    if (slot === undefined) {
      others.push(i);
      continue;
    }
    problems.push({
      code: 'aspect-blank',
      message: `Write the ${slot} aspect: every permanent aspect needs text.`,
      says: [{ id: 'permanent-aspect-blank', slot: aspect.slot }],
      path: `aspects.${i}`,
      rule: '[ER-ASPECTS-1]',
    });
  }
  if (others.length > 0) {
    problems.push({
      code: 'aspect-blank',
      message:
        others.length === 1
          ? 'Write one more aspect: every permanent aspect needs text.'
          : `Write ${others.length} more aspects: every permanent aspect needs text.`,
      says: [{ id: 'permanent-aspects-blank', count: others.length }],
      path: `aspects.${others[0]!}`,
      rule: '[ER-ASPECTS-1]',
    });
  }
  if (character.refresh < 1) {
    problems.push({
      code: 'refresh-floor',
      message: 'Refresh may not drop below 1.',
      says: [{ id: 'refresh-floor' }],
      path: 'refresh',
      rule: '[ER-SHEET-1]',
    });
  }
  for (const t of character.stress) {
    if (t.id !== 'physical' && t.id !== 'mental') continue;
    const expected = edgerunnerStressBoxValues(
      rating(character.skills, t.id === 'physical' ? 'physique' : 'will'),
    );
    if (t.boxes.map((b) => b.value).join(',') !== expected.join(',')) {
      problems.push({
        code: 'stress-boxes',
        message: `The ${t.id} track should have boxes ${expected.join(', ')}.`,
        path: `stress.${t.id}`,
        rule: '[ER-STRESS-1]',
      });
    }
  }
  return problems;
}

/** Rebuilds the stress tracks after Physique or Will changed, keeping checked boxes by value. */
export function syncEdgerunnerStress(character: Character): Character {
  const stress = (['physical', 'mental'] as const).map((id) => {
    const fresh = track(id, rating(character.skills, id === 'physical' ? 'physique' : 'will'));
    const old = character.stress.find((t) => t.id === id);
    const checked = new Set(old?.boxes.filter((b) => b.checked).map((b) => b.value) ?? []);
    return { ...fresh, boxes: fresh.boxes.map((b) => ({ ...b, checked: checked.has(b.value) })) };
  });
  return { ...character, stress };
}
