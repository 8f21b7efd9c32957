import type { RulesetId } from '@fateboard/rules';
import { exhaustive, isRulesetId } from '@fateboard/rules';

/**
 * The rules reference's sections, and which of them each game has. The four games share the
 * ladder and the fate point economy; the rest is each game's own: pirates and fate-core absorb
 * hits with stress and consequences, edgerunner absorbs with stress only and takes
 * consequences for a bonus, narrative lowers aspect ratings and resolves with 3dF.
 */
export type SectionId =
  | 'ladder'
  | 'actions'
  | 'resolution'
  | 'aspect-actions'
  | 'conflict'
  | 'fate-points'
  | 'harm'
  | 'extreme'
  | 'voluntary-consequences'
  | 'damage'
  | 'recovery'
  | 'character';

/**
 * What a button at the table asks the reference about: the dice tray asks for `actions`, the
 * hit panel for `harm`, the compel prompt for `compels`, the recovery tray for `recovery`. Each
 * game answers with its own section (narrative's hit panel opens at its damage to ratings).
 */
export type Topic = 'actions' | 'harm' | 'compels' | 'recovery';

const SECTIONS: Record<RulesetId, readonly SectionId[]> = {
  pirates: ['ladder', 'actions', 'fate-points', 'harm', 'recovery', 'character'],
  'fate-core': ['ladder', 'actions', 'fate-points', 'harm', 'extreme', 'recovery', 'character'],
  edgerunner: [
    'ladder',
    'actions',
    'aspect-actions',
    'fate-points',
    'harm',
    'voluntary-consequences',
    'recovery',
    'character',
  ],
  narrative: ['ladder', 'resolution', 'conflict', 'fate-points', 'damage', 'recovery', 'character'],
};

/** The sections of a game's reference, in reading order; the shared ones for an unknown game. */
export function sectionsOf(ruleset: string): readonly SectionId[] {
  return isRulesetId(ruleset) ? SECTIONS[ruleset] : ['ladder', 'actions', 'fate-points'];
}

/** The section a topic opens at in a game. */
export function sectionFor(ruleset: string, topic: Topic): SectionId {
  const narrative = ruleset === 'narrative';
  switch (topic) {
    case 'actions':
      return narrative ? 'resolution' : 'actions';
    case 'harm':
      return narrative ? 'damage' : 'harm';
    case 'compels':
      return 'fate-points';
    case 'recovery':
      return 'recovery';
    default:
      return exhaustive(topic);
  }
}

/**
 * Where the reference opens: the topic's section when the game has it, else its first section
 * (an unknown game has no hit panel or recovery of its own).
 */
export function openingSection(ruleset: string, topic: Topic | undefined): SectionId {
  const sections = sectionsOf(ruleset);
  const wanted = topic === undefined ? undefined : sectionFor(ruleset, topic);
  return wanted !== undefined && sections.includes(wanted) ? wanted : (sections[0] ?? 'ladder');
}

/** The element id of a section inside the reference (unique per page: one reference at a time). */
export function sectionElementId(section: SectionId): string {
  return `rules-${section}`;
}
