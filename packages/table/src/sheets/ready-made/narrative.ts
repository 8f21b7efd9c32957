import type { Sheet } from '../../commands/schemas';

/** Narrative's ready-made characters, their aspects from its own example lists (003). */

/** Narrative: one aspect per category, rated one Good, two Fair, one Average. */
function rated(
  body: [string, number],
  mind: [string, number],
  social: [string, number],
  pro: [string, number],
) {
  const entries = { body, mind, social, professional: pro };
  return Object.entries(entries).map(([id, [text, rating]]) => ({
    id,
    slot: 'other' as const,
    text,
    rating,
  }));
}

export const NARRATIVE_SHEETS: readonly Sheet[] = [
  {
    name: 'Jack Sterling',
    aspects: rated(['Roguishly Handsome', 2], ['Strategy & Tactics', 2], ['MI6', 1], ['Spy', 3]),
  },
  {
    name: 'Master Chen',
    aspects: rated(
      ['Kung Fu', 3],
      ['Oriental Philosophy', 2],
      ['Wu-Shen Monks', 2],
      ['Martial Artist', 1],
    ),
  },
  {
    name: 'Dr. Vera Kell',
    aspects: rated(
      ['Perseverance', 1],
      ['Computer Programming', 2],
      ['Charmingly Effusive', 2],
      ['Mad Scientist', 3],
    ),
  },
];
