import type { Character, CharacterAspect, NewCharacter } from '../../core/character';
import { ladderLabel } from '../../core/ladder';
import { blankSheet, refreshAfterStunts } from '../../core/sheet';
import type { SkillSpread } from '../../core/spread';
import { exactSpread, spreadProblems } from '../../core/spread';
import type { Problem, ProblemSay } from '../../core/types';

/**
 * The Narrative text lists example aspects under Body, Mind, Social and Professional, rates them
 * like skills and says nothing about how many a character has or how they are rated. The
 * creation rule chosen here [NAR-SHEET-1]: one aspect per category, keyed by the category as
 * its id (`body`, `mind`, `social`, `professional`), rated from a Fate Core-style pyramid — one
 * Good (+3), two Fair (+2), one Average (+1) — in any order. Refresh 3 as in Fate Core (text
 * silent). No skills, stress tracks or consequence slots: aspects are all of those [NAR-SHEET-2].
 */
export const NARRATIVE_CATEGORIES = ['body', 'mind', 'social', 'professional'] as const;
export type NarrativeCategory = (typeof NARRATIVE_CATEGORIES)[number];

export const NARRATIVE_CATEGORY_NAMES: Readonly<Record<NarrativeCategory, string>> = {
  body: 'Body',
  mind: 'Mind',
  social: 'Social',
  professional: 'Professional',
};

/** The starting ratings, highest first [NAR-SHEET-1]. */
export const NARRATIVE_SPREAD: readonly number[] = [3, 2, 2, 1];
export const NARRATIVE_REFRESH = 3;
/** Fate Core SRD (text silent): three free stunts, 1 refresh each beyond [NAR-SHEET-3]. */
export const NARRATIVE_FREE_STUNTS = 3;

export function narrativeRefreshFor(stuntCount: number): number {
  return refreshAfterStunts(NARRATIVE_REFRESH, NARRATIVE_FREE_STUNTS, stuntCount);
}

/** The aspects' undamaged ratings against the fixed spread [NAR-SHEET-1]. */
export function narrativeAspectSpread(character: Character): SkillSpread {
  return exactSpread(
    'fixed',
    'One aspect at Good (+3), two at Fair (+2) and one at Average (+1), in any order.',
    'aspect',
    NARRATIVE_SPREAD,
    character.aspects.map((a) => a.baseRating ?? a.rating ?? 0),
  );
}
/** Damage never lowers an aspect below Poor [NAR-DAMAGE-1]. */
export const NARRATIVE_FLOOR = -1;

export function newNarrativeCharacter(init: NewCharacter): Character {
  return {
    ...blankSheet(init, 'narrative', NARRATIVE_REFRESH),
    // Start every aspect at Mediocre so the sheet is usable before the player rates it.
    aspects: NARRATIVE_CATEGORIES.map((id): CharacterAspect => ({
      id,
      slot: 'other',
      text: '',
      rating: 0,
      baseRating: 0,
    })),
  };
}

/** The rating an aspect returns to when it recovers; the current rating if never damaged. */
export function narrativeBaseRating(aspect: CharacterAspect): number | undefined {
  return aspect.baseRating ?? aspect.rating;
}

/**
 * What to change so the ratings make the spread [NAR-SHEET-1], in one message: the rungs that
 * hold too many or too few ("…at Good (+3); you have 2: lower 1 of them."), and the aspects
 * above the cap, by name.
 */
function spreadAdvice(character: Character): { message: string; says: ProblemSay[] } {
  const cap = Math.max(...NARRATIVE_SPREAD);
  const aboveAspects = character.aspects.filter((a) => (narrativeBaseRating(a) ?? 0) > cap);
  const above = aboveAspects.map(
    (a) => `“${a.text.trim() || NARRATIVE_CATEGORY_NAMES[a.id as NarrativeCategory] || a.id}”`,
  );
  const fixes = spreadProblems(narrativeAspectSpread(character), 'aspect-spread', '[NAR-SHEET-1]');
  const parts = fixes.map((p) => p.message);
  const says = fixes.flatMap((p) => p.says ?? []);
  if (above.length > 0) {
    parts.push(`The cap is ${ladderLabel(cap)}: lower ${above.join(' and ')}.`);
    says.push({ id: 'aspect-cap', cap, aspects: aboveAspects.map((a) => a.text.trim() || a.id) });
  }
  if (parts.length === 0) {
    parts.push('Rate the aspects one Good (+3), two Fair (+2) and one Average (+1).');
    says.push({ id: 'narrative-spread' });
  }
  return { message: parts.join(' '), says };
}

export function validateNarrativeCharacter(character: Character): Problem[] {
  const problems: Problem[] = [];
  const push = (code: string, message: string, path: string, rule: string, says?: ProblemSay[]) =>
    problems.push({ code, message, path, rule, ...(says ? { says } : {}) });
  if (character.ruleset !== 'narrative') {
    push(
      'wrong-ruleset',
      `This sheet belongs to ${character.ruleset}, not Narrative.`,
      'ruleset',
      '[NAR-SHEET-1]',
    );
  }
  if (character.skills.length > 0) {
    push(
      'skills-unused',
      'Narrative has no skills: aspects are rated instead.',
      'skills',
      '[NAR-SHEET-2]',
    );
  }
  if (character.stress.length > 0 || character.consequences.length > 0) {
    push(
      'tracks-unused',
      'Narrative has no stress or consequences: damage lowers aspect ratings.',
      'stress',
      '[NAR-SHEET-2]',
    );
  }
  for (const [i, a] of character.aspects.entries()) {
    const path = `aspects.${i}`;
    if (a.rating === undefined || !Number.isInteger(a.rating)) {
      push(
        'aspect-unrated',
        `"${a.text || a.id}" needs a rating on the ladder.`,
        path,
        '[NAR-SHEET-2]',
      );
      continue;
    }
    if (a.rating < NARRATIVE_FLOOR) {
      push('below-poor', `"${a.text || a.id}" cannot be below Poor (-1).`, path, '[NAR-DAMAGE-1]');
    }
    const base = narrativeBaseRating(a);
    if (base !== undefined && (!Number.isInteger(base) || a.rating > base)) {
      push(
        'above-base',
        `"${a.text || a.id}" is rated ${ladderLabel(a.rating)}, above its undamaged rating.`,
        path,
        '[NAR-RECOVER-1]',
      );
    }
  }
  if (character.npc) return problems;

  const ids = character.aspects.map((a) => a.id);
  for (const category of NARRATIVE_CATEGORIES) {
    const n = ids.filter((id) => id === category).length;
    if (n !== 1) {
      push(
        'aspect-category',
        `A character has exactly one ${NARRATIVE_CATEGORY_NAMES[category]} aspect, not ${n}.`,
        'aspects',
        '[NAR-SHEET-1]',
      );
    }
  }
  const extra = ids.filter((id) => !(NARRATIVE_CATEGORIES as readonly string[]).includes(id));
  if (extra.length > 0) {
    push(
      'aspect-extra',
      `Only Body, Mind, Social and Professional aspects go on the sheet (found ${extra.join(', ')}).`,
      'aspects',
      '[NAR-SHEET-1]',
    );
  }
  for (const [i, a] of character.aspects.entries()) {
    if (a.text.trim() === '') {
      push('aspect-blank', `The ${a.id} aspect needs text.`, `aspects.${i}`, '[NAR-SHEET-1]', [
        { id: 'category-aspect-blank', category: a.id },
      ]);
    }
  }
  const bases = character.aspects
    .map(narrativeBaseRating)
    .filter((b): b is number => b !== undefined);
  const sorted = [...bases].sort((x, y) => y - x);
  if (sorted.join(',') !== NARRATIVE_SPREAD.join(',')) {
    const advice = spreadAdvice(character);
    push('aspect-spread', advice.message, 'aspects', '[NAR-SHEET-1]', advice.says);
  }
  if (character.refresh < 1) {
    push('refresh-floor', 'Refresh may not drop below 1.', 'refresh', '[NAR-SHEET-1]', [
      { id: 'refresh-floor' },
    ]);
  }
  return problems;
}
