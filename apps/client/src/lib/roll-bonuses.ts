import type { CharacterView } from '@fateboard/table';
import { STUNT_BONUS } from './rules';

/**
 * What a roll adds besides the dice, as a tray offers it: the roller's stunts (+2 each
 * [CORE-STUNT-1]) and the characters who can help (+1 each with at least Average in the skill
 * [CORE-TEAMWORK-1]). The server checks both again; the tray only offers what it would take.
 */

/** A character who might help a roll, with their rating in the skill rolled. */
export interface HelperOption {
  id: string;
  name: string;
  rating: number;
  /** At least Average (+1) in the skill: may help. */
  able: boolean;
}

/**
 * Who may help the roller with `skillId`: the other characters not taken out, player
 * characters for a player (the GM's NPCs help the GM's rolls), everyone for the GM. None for a
 * roll that is not of a skill.
 */
export function helperOptions(
  characters: readonly CharacterView[],
  roller: CharacterView | undefined,
  skillId: string | undefined,
  isGm: boolean,
): HelperOption[] {
  if (!roller || !skillId) return [];
  return characters
    .filter((c) => c.id !== roller.id && !c.takenOut && (isGm || !c.npc))
    .map((c) => {
      const rating = c.skills.find((s) => s.id === skillId)?.rating ?? 0;
      return { id: c.id, name: c.name, rating, able: rating >= 1 };
    });
}

/** The picks that still apply: a changed roller or skill drops what no longer fits. */
export function stillChosen(chosen: readonly string[], allowed: Iterable<string>): string[] {
  const ok = new Set(allowed);
  return chosen.filter((id) => ok.has(id));
}

/** The bonus the picks add to the roll. */
export function bonusOf(stunts: number, helpers: number): number {
  return stunts * STUNT_BONUS + helpers;
}
