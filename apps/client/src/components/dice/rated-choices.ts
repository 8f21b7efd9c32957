import type { Ruleset } from '@fateboard/rules';
import type { CharacterView } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import { skillName } from '../../lib/game-words';
import { signed } from '../../lib/rules';

// Read where the list is derived, so a change of language redraws it.
const names = fromStore(skillName);

/** A skill, or in `narrative` (no skill list) a rated aspect, as the tray lists it. */
export interface RatedChoice {
  id: string;
  label: string;
  rating: number;
}

/**
 * What a character can roll with, best first: the ruleset's skills with their ratings, or
 * (narrative) the character's rated aspects in sheet order. The roller's list and the
 * opponent's are the same list.
 */
export function ratedChoices(
  ruleset: Ruleset | undefined,
  character: CharacterView | undefined,
): RatedChoice[] {
  if (!character || !ruleset) return [];
  if (ruleset.skills === null) {
    return character.aspects
      .filter((a) => a.rating !== undefined && a.text)
      .map((a) => ({
        id: a.id,
        label: `${a.text} (${signed(a.rating ?? 0)})`,
        rating: a.rating ?? 0,
      }));
  }
  return ruleset.skills
    .map((s) => {
      const rating = character.skills.find((k) => k.id === s.id)?.rating ?? 0;
      return { id: s.id, label: `${names.current(ruleset, s.id)} (${signed(rating)})`, rating };
    })
    .sort((a, b) => b.rating - a.rating || a.label.localeCompare(b.label));
}
