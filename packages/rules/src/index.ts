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
