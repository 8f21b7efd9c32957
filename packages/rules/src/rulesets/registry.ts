import type { Ruleset } from '../core/ruleset';
import type { RulesetId } from '../core/types';
import { RULESET_IDS, isRulesetId } from '../core/types';
import { edgerunner } from './edgerunner/ruleset';
import { fateCore } from './fate-core/ruleset';
import { narrative } from './narrative/ruleset';
import { pirates } from './pirates/ruleset';

/**
 * The one registry of the games: the table, the server and the client look a ruleset up here,
 * so a fifth game is added in one place.
 */
export const RULESETS: Readonly<Record<RulesetId, Ruleset>> = {
  'fate-core': fateCore,
  pirates,
  edgerunner,
  narrative,
};

/**
 * The ruleset of an id read from a document or a URL; undefined for an unknown one (checked
 * against the ids, so "toString" finds no inherited property).
 */
export function rulesetById(id: string): Ruleset | undefined {
  return isRulesetId(id) ? RULESETS[id] : undefined;
}

/** Every ruleset in the package's order (the table-creation picker's). */
export const ALL_RULESETS: readonly Ruleset[] = RULESET_IDS.map((id) => RULESETS[id]);
