// The public door of @fateboard/rules: named exports only, grouped by the module they come from.

// core: types
export type { Rng, RulesetId, Problem, ProblemSay, Result } from './core/types';
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

// core: what a sheet derives, and how its ratings spread
export { deriveSheet } from './core/sheet';
export type { SkillSpread, SpreadRung } from './core/spread';

// core: ladder, dice, outcomes
export {
  signed,
  ladderName,
  ladderLabel,
  ladderRungs,
  LADDER_MIN_NAMED,
  LADDER_MAX_NAMED,
} from './core/ladder';
export { type DieFace, type DiceRoll, rollFateDice, seededRng } from './core/dice';
export { type Outcome, type Resolution, resolve, outcomeOf } from './core/outcome';

// core: the ruleset contract
export type {
  Hit,
  AbsorptionOption,
  AbsorptionGrant,
  AbsorptionResult,
  ConsequenceNames,
  TimeMark,
  Ruleset,
  ActionRequest,
  ActionResolution,
  RecoveryRequest,
  ConsequenceRequest,
  InitiativeEntry,
  SideModifiers,
  RulesetFeatures,
  UsualDefences,
} from './core/ruleset';

// core: what a roll adds besides the dice (stunts and teamwork), and the usual defences
export type { RollBonus } from './core/bonuses';
export { STUNT_BONUS, bonusStunts, stuntBonuses, teamworkBonuses } from './core/bonuses';
export { SRD_USUAL_DEFENCES, usualDefence } from './core/defences';
// core: zones, borders and moving between them
export type { BorderEdge, ZoneGraph, ZonePath, MoveRule, MovementRoll } from './core/zones';
export {
  zonePath,
  moveRule,
  moveDifficulty,
  moveAllowedBy,
  zoneAttackTargets,
  zoneAttackStunt,
} from './core/zones';

// core: exact odds
export {
  type DiceTotalOdds,
  type DiceDistribution,
  type OddsQuery,
  type OutcomeCounts,
  type OutcomeOdds,
  diceDistribution,
  outcomeOdds,
  opposedOutcomeOdds,
  ODDS_MIN_DICE,
  ODDS_MAX_DICE,
} from './core/odds';

// core: the four actions
export {
  type ActionKind,
  type ActionSpec,
  type Beneficiary,
  type ActionEffect,
  type ActionChoice,
  type ActionEffectResult,
  ACTION_CHOICES,
  ACTION_KINDS,
  DEFENDED_ACTIONS,
  actionChoices,
  actionEffect,
} from './core/actions';

// core: the fate point economy
export type {
  EconomyState,
  Holder,
  MovementReason,
  Movement,
  Party,
  GmCompelPayee,
  EconomyTransition,
  EconomyStep,
} from './core/economy-types';
export { emptyEconomy, applyEconomy, applyEconomyAll, pointsInPlay } from './core/economy';

// core: invocations
export {
  type InvocableAspect,
  type Opposition,
  type InvokeSide,
  type InvokedRoll,
  type InvocationState,
  type InvocationRequest,
  type InvocationPayment,
  type InvocationStep,
  type RollTotals,
  INVOKE_BONUS,
  rollTotals,
  invokeAspect,
  invokeAll,
  passFreeInvoke,
} from './core/invocations';

// rulesets: the registry of the four games, and the core hooks fate-core and pirates play
// by, reused where a text is silent
export { RULESETS, ALL_RULESETS, rulesetById } from './rulesets/registry';
export { actionSpecOf, coreResolveAction } from './rulesets/shared/core-hooks';

// rulesets: fate-core (seed 001, Fate Core resolving attacks)
export { fateCore } from './rulesets/fate-core/ruleset';
export {
  FATE_CORE_SKILLS,
  FATE_CORE_PYRAMID,
  FATE_CORE_REFRESH,
  FATE_CORE_FREE_STUNTS,
  newFateCoreCharacter,
  syncFateCoreSheet,
  stressBoxValues,
  fateCoreRefreshFor,
  fateCoreSkillSpread,
} from './rulesets/fate-core/template';
export { validateFateCoreCharacter } from './rulesets/fate-core/validate';
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
export type { RecoveryMethod } from './rulesets/recovery';
export {
  recoveryMethod,
  recoveryRollDifficulty,
  recoverAfterRoll,
  healConsequence,
} from './rulesets/recovery';

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
} from './rulesets/pirates/template';
export {
  piratesAbsorptionOptions,
  applyPiratesAbsorption,
  piratesRecoveryDifficulty,
  attemptPiratesRecovery,
  piratesPassTime,
} from './rulesets/pirates/stress';

// rulesets: edgerunner (seed 002, creating aspects)
export { edgerunner } from './rulesets/edgerunner/ruleset';
export {
  EDGERUNNER_SKILLS,
  EDGERUNNER_REFRESH,
  EDGERUNNER_SKILL_CAP,
  EDGERUNNER_ASPECT_COUNT,
  EDGERUNNER_CONSEQUENCE_BONUS,
  edgerunnerStressBoxValues,
  edgerunnerRefreshFor,
  edgerunnerSkillSpread,
  newEdgerunnerCharacter,
  validateEdgerunnerCharacter,
  syncEdgerunnerStress,
} from './rulesets/edgerunner/template';
export type {
  AspectChangeKind,
  AspectChangeRequest,
  AspectChangeRequirement,
} from './rulesets/edgerunner/aspects';
export { checkAspectChange } from './rulesets/edgerunner/aspects';
export {
  type AspectActionKind,
  type AspectActionInput,
  type AspectActionResult,
  type DeclarationStance,
  type DeclarationTally,
  type RemovalInput,
  type RemovalResult,
  freeInvokesForShifts,
  declarationSkill,
  declarationTally,
  resolveAspectAction,
  rollAspectAction,
  resolveAspectRemoval,
} from './rulesets/edgerunner/actions';
export {
  type TakeConsequenceInput,
  type ModifyConsequenceInput,
  takeVoluntaryConsequence,
  modifyEdgerunnerConsequence,
  edgerunnerClearsAfter,
  advanceEdgerunnerConsequences,
} from './rulesets/edgerunner/consequences';
export { edgerunnerResolveAction } from './rulesets/edgerunner/resolve';
export {
  edgerunnerAbsorptionOptions,
  edgerunnerApplyAbsorption,
  clearEdgerunnerStressAt,
} from './rulesets/edgerunner/stress';

// rulesets: narrative (seed 003, aspects rated like skills on 3dF)
export { narrative } from './rulesets/narrative/ruleset';
export type { NarrativeCategory } from './rulesets/narrative/template';
export {
  NARRATIVE_CATEGORIES,
  NARRATIVE_CATEGORY_NAMES,
  NARRATIVE_SPREAD,
  NARRATIVE_REFRESH,
  NARRATIVE_FLOOR,
  newNarrativeCharacter,
  validateNarrativeCharacter,
  narrativeBaseRating,
} from './rulesets/narrative/template';
export {
  type ActionResult,
  type ComplexActionInput,
  type Strategy,
  type ConflictRole,
  type ConflictModifiers,
  type ConflictSide,
  type ExchangeResult,
  type CinematicResult,
  NARRATIVE_DICE,
  rollNarrative,
  narrativeActionKind,
  resolveComplexAction,
  attemptNarrativeAction,
  conflictModifier,
  conflictTotal,
  conflictWinner,
  resolveExchange,
  resolveSimultaneous,
  resolveCinematic,
} from './rulesets/narrative/resolution';
export type {
  ExchangeOddsSide,
  ExchangeWinner,
  ExchangeOdds,
  NarrativeActionOddsQuery,
  NarrativeActionOdds,
} from './rulesets/narrative/exchange-odds';
export { exchangeOdds, narrativeActionOdds } from './rulesets/narrative/exchange-odds';
export type {
  InitiativeMethod,
  InitiativeEntrant,
  InitiativeRoll,
  InitiativeResult,
} from './rulesets/narrative/initiative';
export { determineInitiative } from './rulesets/narrative/initiative';
export { narrativeResolveAction } from './rulesets/narrative/resolve';
export type { RecoveryInput, NarrativeSplit } from './rulesets/narrative/damage';
export {
  narrativeAbsorptionOptions,
  narrativeApplyAbsorption,
  narrativeRemainingLevels,
  narrativeSplitProblem,
  narrativeSplitOption,
  isIncapacitated,
  narrativeRecover,
  narrativeTakeOut,
  narrativeAspectOnSheet,
} from './rulesets/narrative/damage';
