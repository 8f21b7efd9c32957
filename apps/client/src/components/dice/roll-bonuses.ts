import type { Actor, CharacterView, HelpRequestView, HelpStanding } from '@fateboard/table';
import { helpStanding } from '@fateboard/table';
import { stuntBonuses, teamworkBonuses } from '../../lib/rules';

/**
 * What a roll adds besides the dice, as a tray offers it: the roller's stunts (+2 each
 * [CORE-STUNT-1]) and the characters who can help (+1 each with at least Average in the skill
 * [CORE-TEAMWORK-1], on the roller's side [CORE-TEAMWORK-2], once their player agrees). The
 * rules package and the table's `helpStanding` decide, as on the server; the tray only offers
 * what the server would take.
 */

/** A character who might help a roll, with their rating in the skill rolled. */
export interface HelperOption {
  id: string;
  name: string;
  rating: number;
  /** Where they stand: counting, to be asked, asked and waiting, declined, or unable. */
  standing: HelpStanding;
}

/** Who is never listed: the roller, whom the roll is against, NPCs for a player, the out. */
const UNLISTED = new Set(['self', 'opposing', 'npc', 'no-skill', 'taken-out']);

/**
 * Who may help the roller with `skillId` against `against` (the opposing character, if any),
 * and where each stands (`helpStanding`). None for a roll that is not of a skill.
 */
export function helperOptions(
  view: { characters: readonly CharacterView[]; help: readonly HelpRequestView[] },
  roller: CharacterView | undefined,
  skillId: string | undefined,
  actor: Actor,
  against: readonly string[] = [],
): HelperOption[] {
  if (!roller || !skillId) return [];
  return view.characters.flatMap((helper) => {
    const standing = helpStanding({
      actor,
      roller,
      helper,
      skillId,
      against,
      requests: view.help,
    });
    if (standing.kind === 'barred' && UNLISTED.has(standing.bar)) return [];
    const rating = helper.skills.find((s) => s.id === skillId)?.rating ?? 0;
    return [{ id: helper.id, name: helper.name, rating, standing }];
  });
}

/**
 * The helpers a roll counts: those whose player agreed (they help until the request is
 * withdrawn), and those the person may add by ticking (the GM's) among `picks`.
 */
export function countedHelpers(
  options: readonly HelperOption[],
  picks: readonly string[],
): string[] {
  return options
    .filter(
      (h) =>
        h.standing.kind === 'counts' &&
        (h.standing.requestId !== undefined || picks.includes(h.id)),
    )
    .map((h) => h.id);
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
