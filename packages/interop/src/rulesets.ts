import type { Ruleset, RulesetId } from '@fateboard/rules';
import { edgerunner, exhaustive, fateCore, narrative, pirates } from '@fateboard/rules';

/** The ruleset object for an id (the table package keeps its registry to itself). */
export function rulesetFor(id: RulesetId): Ruleset {
  switch (id) {
    case 'fate-core':
      return fateCore;
    case 'pirates':
      return pirates;
    case 'edgerunner':
      return edgerunner;
    case 'narrative':
      return narrative;
    default:
      return exhaustive(id);
  }
}
