import type { Character, Problem, Ruleset } from '@fateboard/rules';
import { deriveSheet } from '@fateboard/rules';
import type { Sheet, SheetChanges } from '../schemas';

/**
 * What a player writes on a sheet, laid over a character. The sheet carries only what a person
 * chooses (name, aspects, ratings, stunts); what the rules derive from it — stress boxes, extra
 * consequence slots, a player character's refresh — is computed here by the rules package
 * [CORE-SHEET-1], so a sheet's own `refresh` is ignored unless the character is an NPC. The
 * client runs the same functions to show the sheet as the server will store it.
 */

/** Applies what a player wrote on a sheet over a character, leaving rules state alone. */
export function withSheet(ruleset: Ruleset, c: Character, s: SheetChanges): Character {
  const next = structuredClone(c);
  if (s.name !== undefined) next.name = s.name;
  if (s.aspects !== undefined) {
    next.aspects = s.aspects.map((a) => {
      const old = c.aspects.find((x) => x.id === a.id);
      // A damaged rated aspect keeps its undamaged rating; otherwise the new rating is it.
      const damaged = old?.baseRating !== undefined && old.rating !== old.baseRating;
      const baseRating = a.rating === undefined ? undefined : damaged ? old.baseRating : a.rating;
      return { ...a, ...(baseRating === undefined ? {} : { baseRating }) };
    });
  }
  if (s.skills !== undefined) {
    // Skills the sheet leaves out keep their rating (Mediocre on a new sheet).
    const given = new Map(s.skills.map((k) => [k.id, k.rating]));
    next.skills = next.skills.map((k) => ({ id: k.id, rating: given.get(k.id) ?? k.rating }));
    for (const k of s.skills)
      if (!next.skills.some((x) => x.id === k.id)) next.skills.push({ ...k });
  }
  if (s.stunts !== undefined) next.stunts = s.stunts.map((k) => ({ ...k }));
  // An NPC's refresh is whatever the GM gives it; a player character's is derived.
  if (s.refresh !== undefined && next.npc) next.refresh = s.refresh;
  if (s.primaryMagic !== undefined) next.primaryMagic = s.primaryMagic;
  return deriveSheet(ruleset, next, c);
}

/**
 * A new character from a sheet as it would be stored — the ruleset's template, the sheet over
 * it, everything derived — and the ruleset's problems with it (empty when it may be created).
 */
export function sheetDraft(
  ruleset: Ruleset,
  id: string,
  sheet: Sheet,
  npc: boolean,
): { character: Character; problems: Problem[] } {
  const blank = ruleset.newCharacter({ id, name: sheet.name, npc });
  // Over the blank template (no stunts) the refresh comes out as the ruleset's from scratch.
  const character = withSheet(ruleset, blank, sheet);
  // A new character starts with its refresh in fate points, drawn from the bank [CORE-FP-4].
  // An NPC holds none: the GM pays for it from the scene's pool (the texts are silent; the Fate
  // Core SRD's convention, "The GM's fate points"), as `aspects/invoke.ts` already charges.
  character.fatePoints = npc ? 0 : character.refresh;
  character.takenOut = false;
  return { character, problems: ruleset.validateCharacter(character) };
}
