import type { RulesetId } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import type { Sheet } from '../commands/schemas';

// The Fate Core skill pyramid (one Great, two Good, three Fair, four Average) that both
// fate-core and edgerunner accept; Physique and Will at Good and Fair give the sheet its
// extra stress boxes, so the ready-made characters can take a real hit.
const PYRAMID_SKILLS: Sheet['skills'] = [
  { id: 'fight', rating: 4 },
  { id: 'athletics', rating: 3 },
  { id: 'physique', rating: 3 },
  { id: 'will', rating: 2 },
  { id: 'notice', rating: 2 },
  { id: 'shoot', rating: 2 },
  { id: 'lore', rating: 1 },
  { id: 'stealth', rating: 1 },
  { id: 'rapport', rating: 1 },
  { id: 'empathy', rating: 1 },
];

/**
 * A full Fate Core pyramid with Physique Fair (+2) and Will Average (+1), as a player types it
 * (no stress boxes): the sheet that once kept Create disabled. Tests of the derived boxes share it.
 */
export const FAIR_PHYSIQUE_PYRAMID: Readonly<Record<string, number>> = {
  fight: 4,
  athletics: 3,
  notice: 3,
  physique: 2,
  shoot: 2,
  stealth: 2,
  will: 1,
  lore: 1,
  rapport: 1,
  empathy: 1,
};

/** The five Fate Core aspects of a sample character called `name`. */
function coreAspects(name: string): NonNullable<Sheet['aspects']> {
  return [
    { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
    { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
    { id: 'a3', slot: 'other', text: 'Sharp Eyes' },
    { id: 'a4', slot: 'other', text: 'Old Friends' },
    { id: 'a5', slot: 'other', text: 'Quick Hands' },
  ];
}

/**
 * A ready-made character sheet that passes the ruleset's validation, with stable aspect ids
 * (`hc`, `tr`, …; in `narrative` the category ids `body`, `mind`, `social`, `professional`).
 * Tests, benchmarks and bots use it to sit down at a table without filling in a sheet.
 */
export function sampleSheet(ruleset: RulesetId, name: string): Sheet {
  switch (ruleset) {
    case 'fate-core':
      return {
        name,
        aspects: coreAspects(name),
        skills: PYRAMID_SKILLS,
      };
    case 'pirates':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
          { id: 'ship', slot: 'ship', text: 'The Leaky Dawn' },
          { id: 'f1', slot: 'free', text: 'Sharp Eyes' },
          { id: 'f2', slot: 'free', text: '' },
        ],
        skills: [
          { id: 'swashbuckle', rating: 3 },
          { id: 'explore', rating: 2 },
          { id: 'parley', rating: 2 },
          { id: 'savvy', rating: 1 },
          { id: 'sneak', rating: 1 },
          { id: 'jury-rig', rating: 0 },
        ],
      };
    case 'edgerunner':
      return {
        name,
        // The same five aspects, written as Edgerunner's permanent ones.
        aspects: coreAspects(name).map((a) => ({ ...a, permanent: true })),
        skills: PYRAMID_SKILLS,
      };
    case 'narrative':
      return {
        name,
        aspects: [
          { id: 'body', slot: 'other', text: 'Strong as an Ox', rating: 3 },
          { id: 'mind', slot: 'other', text: 'Reads the Stars', rating: 2 },
          { id: 'social', slot: 'other', text: 'Everyone’s Cousin', rating: 2 },
          { id: 'professional', slot: 'other', text: 'Ship’s Surgeon', rating: 1 },
        ],
      };
    default:
      return exhaustive(ruleset);
  }
}

/** The skill (or, in narrative, the rated aspect) a sample character attacks with. */
export function sampleAttack(ruleset: RulesetId): { skillId: string } | { aspectId: string } {
  switch (ruleset) {
    case 'pirates':
      return { skillId: 'swashbuckle' };
    case 'narrative':
      return { aspectId: 'body' };
    case 'fate-core':
    case 'edgerunner':
      return { skillId: 'fight' };
  }
}
