import type { Actor, CharacterView } from '@fateboard/table';
import { mayHelp } from '@fateboard/table';
import { stuntBonuses, teamworkBonuses } from './rules';

/**
 * What a roll adds besides the dice, as a tray offers it: the roller's stunts (+2 each
 * [CORE-STUNT-1]) and the characters who can help (+1 each with at least Average in the skill
 * [CORE-TEAMWORK-1]). The rules package and the table's `mayHelp` decide, as on the server; the
 * tray only offers what the server would take.
 */

/** A character who might help a roll, with their rating in the skill rolled. */
export interface HelperOption {
  id: string;
  name: string;
  rating: number;
  /** The rules let them help with this skill. */
  able: boolean;
}

/**
 * Who may help the roller with `skillId`: the other characters not taken out whose help the
 * person may count (`mayHelp`). None for a roll that is not of a skill.
 */
export function helperOptions(
  characters: readonly CharacterView[],
  roller: CharacterView | undefined,
  skillId: string | undefined,
  actor: Actor,
): HelperOption[] {
  if (!roller || !skillId) return [];
  return characters
    .filter((c) => c.id !== roller.id && !c.takenOut && mayHelp(actor, c))
    .map((c) => ({
      id: c.id,
      name: c.name,
      rating: c.skills.find((s) => s.id === skillId)?.rating ?? 0,
      able: teamworkBonuses(roller, skillId, [c]).ok,
    }));
}

/** The picks that still apply: a changed roller or skill drops what no longer fits. */
export function stillChosen(chosen: readonly string[], allowed: Iterable<string>): string[] {
  const ok = new Set(allowed);
  return chosen.filter((id) => ok.has(id));
}

/** What the stunts and helpers add to the roll, counted by the rules; none they would refuse. */
export function bonusOf(
  roller: CharacterView,
  stunts: readonly string[],
  skillId: string | undefined,
  helpers: readonly CharacterView[],
): number {
  const sum = (r: ReturnType<typeof stuntBonuses>) =>
    r.ok ? r.value.reduce((total, b) => total + b.value, 0) : 0;
  return sum(stuntBonuses(roller, stunts)) + sum(teamworkBonuses(roller, skillId, helpers));
}
