import type { Ruleset, RulesetId } from '@fateboard/rules';
import { edgerunner, fateCore, narrative, pirates } from '@fateboard/rules';

/**
 * The one place the table looks a ruleset up. Everything a game does differently goes through
 * the `Ruleset` hooks (syncSheet, resolveAction, startRecovery, takeConsequence, sideModifiers,
 * initiative), never through a ruleset's functions by name.
 */
const registry = new Map<RulesetId, Ruleset>([
  ['fate-core', fateCore],
  ['pirates', pirates],
  ['edgerunner', edgerunner],
  ['narrative', narrative],
]);

export function rulesetById(id: RulesetId): Ruleset | undefined {
  return registry.get(id);
}
