import type { Ruleset, UsualDefences } from './ruleset';

/**
 * The Fate Core SRD's "Defend" entries, for the games that use its skill list (the seed texts
 * are silent) [FC-DEFEND-1]: Fight is defended with Fight or Athletics, Shoot with Athletics,
 * Provoke with Will, Deceive with Empathy, Stealth with Notice, Empathy and Investigate with
 * Deceive.
 */
export const SRD_USUAL_DEFENCES: UsualDefences = {
  fight: ['fight', 'athletics'],
  shoot: ['athletics'],
  provoke: ['will'],
  deceive: ['empathy'],
  stealth: ['notice'],
  empathy: ['deceive'],
  investigate: ['deceive'],
};

/**
 * The skill a defender would usually roll against an action rolled with `skillId`: of the
 * skills that usually defend against it, the defender's best (the first listed on a tie).
 * Undefined where the game names none, or the action has no skill; the defender picks then.
 */
export function usualDefence(
  ruleset: Pick<Ruleset, 'usualDefences'>,
  skillId: string | undefined,
  skills: readonly { id: string; rating: number }[],
): string | undefined {
  if (skillId === undefined) return undefined;
  const listed = Object.hasOwn(ruleset.usualDefences, skillId)
    ? ruleset.usualDefences[skillId]
    : undefined;
  if (!listed || listed.length === 0) return undefined;
  const rating = (id: string) => skills.find((s) => s.id === id)?.rating ?? 0;
  return listed.reduce((best, id) => (rating(id) > rating(best) ? id : best), listed[0]!);
}
