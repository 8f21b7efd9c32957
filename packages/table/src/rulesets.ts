import type { Ruleset, RulesetId } from '@fateboard/rules';

/**
 * The bridge to the rules package's four rulesets: the one place the table looks them up.
 */
const registry = new Map<RulesetId, Ruleset>();

export function rulesetById(id: RulesetId): Ruleset | undefined {
  return registry.get(id);
}
