// The public door of @fateboard/rules: named exports only, grouped by the module they come from.

// core: types
export type { Rng, RulesetId, Problem, Result } from './core/types';
export { RULESET_IDS, isRulesetId, ok, refuse, exhaustive } from './core/types';
export type {
  Character,
  AspectSlot,
  CharacterAspect,
  Skill,
  Stunt,
  HarmKind,
  StressBox,
  StressTrack,
  Severity,
  ConsequenceSlot,
  TakenConsequence,
} from './core/character';

// core: ladder, dice, outcomes
export {
  signed,
  ladderName,
  ladderLabel,
  ladderRungs,
  LADDER_MIN_NAMED,
  LADDER_MAX_NAMED,
} from './core/ladder';
export type { DieFace, DiceRoll } from './core/dice';
export { rollFateDice, seededRng } from './core/dice';
export type { Outcome, Resolution } from './core/outcome';
export { resolve, outcomeOf } from './core/outcome';

// core: the ruleset contract
export type {
  Hit,
  AbsorptionOption,
  AbsorptionGrant,
  AbsorptionResult,
  ConsequenceNames,
  TimeMark,
  Ruleset,
} from './core/ruleset';

// rulesets: fate-core (seed 001, Fate Core resolving attacks)
export { fateCore } from './rulesets/fate-core/ruleset';
export {
  FATE_CORE_SKILLS,
  FATE_CORE_PYRAMID,
  FATE_CORE_REFRESH,
  FATE_CORE_FREE_STUNTS,
  newFateCoreCharacter,
  validateFateCoreCharacter,
  syncFateCoreSheet,
  stressBoxValues,
  fateCoreRefreshFor,
} from './rulesets/fate-core/character';
export {
  fateCoreAbsorptionOptions,
  applyFateCoreAbsorption,
  replaceableAspectIds,
} from './rulesets/fate-core/absorption';
export {
  fateCoreRecoveryDifficulty,
  startFateCoreRecovery,
  attemptFateCoreRecovery,
  fateCorePassTime,
} from './rulesets/fate-core/recovery';

// rulesets: pirates (seed 000, the pirate hack)
export { pirates } from './rulesets/pirates/ruleset';
export {
  PIRATES_SKILLS,
  PIRATES_SPREAD,
  PIRATES_REFRESH,
  piratesFreeStunts,
  piratesRefreshFor,
  newPiratesCharacter,
  validatePiratesCharacter,
} from './rulesets/pirates/character';
export {
  piratesAbsorptionOptions,
  applyPiratesAbsorption,
  piratesRecoveryDifficulty,
  attemptPiratesRecovery,
  piratesPassTime,
} from './rulesets/pirates/stress';
