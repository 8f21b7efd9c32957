import { coreOperations } from './adapters/core';
import type { OperationRegistry } from './run';
import { edgerunnerOperations } from './adapters/edgerunner';
import { narrativeOperations } from './adapters/narrative';
import { stressOperations } from './adapters/stress';

/**
 * Every operation a rule case may name in its "op" field. Each takes the case's `input`
 * (unknown JSON), checks it (see input.ts for readers with readable errors) and returns a
 * JSON-able value that the case's `expect` is matched against as a deep subset.
 */
export const operations: OperationRegistry = {
  ...coreOperations,
  ...stressOperations,
  ...edgerunnerOperations,
  ...narrativeOperations,
  // Ruleset operations: add one entry per line below, prefixed with the ruleset id, e.g.
  //   'pirates-absorb': piratesAbsorb,
  //   'fate-core-recovery': fateCoreRecovery,
};
