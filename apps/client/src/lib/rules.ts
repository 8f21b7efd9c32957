import {
  RULESET_IDS,
  edgerunner,
  fateCore,
  narrative,
  pirates,
  diceDistribution,
  outcomeOdds,
  ladderLabel,
  ladderRungs,
  signed,
} from '@fateboard/rules';
import type { Outcome, Ruleset, RulesetId } from '@fateboard/rules';

/**
 * The client's one door to the rules package: the four rulesets and the exact odds. Nothing
 * here re-implements a rule; it only finds the package's own data and functions.
 */
const BY_ID: Record<RulesetId, Ruleset> = {
  'fate-core': fateCore,
  pirates,
  edgerunner,
  narrative,
};

/** The four rulesets in the package's order, for the table-creation picker. */
export const RULESETS: { id: RulesetId; name: string; summary: string }[] = RULESET_IDS.map(
  (id) => ({ id, name: BY_ID[id].name, summary: BY_ID[id].summary }),
);

export function getRuleset(id: string): Ruleset | undefined {
  return (BY_ID as Record<string, Ruleset | undefined>)[id];
}

export function rulesetName(id: string): string {
  return getRuleset(id)?.name ?? id;
}

export { diceDistribution, outcomeOdds, ladderLabel, ladderRungs, signed };

export const OUTCOME_LABEL: Record<Outcome, string> = {
  fail: 'Fail',
  tie: 'Tie',
  success: 'Success',
  'success-with-style': 'Success with style',
};

/** The display name of a skill id in a ruleset. */
export function skillName(ruleset: Ruleset | undefined, id: string): string {
  return ruleset?.skills?.find((s) => s.id === id)?.name ?? id;
}
