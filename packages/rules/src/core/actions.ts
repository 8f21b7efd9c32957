import type { Outcome, Resolution } from './outcome';
import { outcomeOf } from './outcome';
import { exhaustive, ok, refuse, type Result } from './types';

/**
 * The four actions as data [CORE-ACTION-1]: what each outcome grants or costs, as stated in
 * the pirates text ("Actions") and Fate Core. The table turns these effects into state
 * (aspects, free invokes, boosts, hits); the players pick among `choices` where the rules
 * leave them one.
 */
/** The four actions [CORE-ACTION-1], listed once (the command schemas, the client, the cases). */
export const ACTION_KINDS = ['overcome', 'create-advantage', 'attack', 'defend'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** The actions a defence answers: every one but defend itself. */
export const DEFENDED_ACTIONS = [
  'overcome',
  'create-advantage',
  'attack',
] as const satisfies readonly ActionKind[];

export type ActionSpec =
  | { action: 'overcome' }
  /** Create a new situation aspect, or press an advantage on an existing one. */
  | { action: 'create-advantage'; target: 'new-aspect' | 'existing-aspect' }
  | { action: 'attack' }
  /** Defending against another action; `protecting: 'other'` when it targeted someone else. */
  | {
      action: 'defend';
      against: 'overcome' | 'create-advantage' | 'attack';
      protecting?: 'self' | 'other';
    };

/** Who gets the free invokes on a created aspect. */
export type Beneficiary = 'actor' | 'opposition';

export type ActionEffect =
  /** Nothing happens: the lock stays locked, the blow misses. */
  | { type: 'nothing' }
  /** The actor gets what they were after. */
  | { type: 'goal' }
  /** …but at a cost, decided with the GM. */
  | { type: 'cost'; severity: 'minor' | 'major' }
  /** The actor gains a boost: one free invoke, then it goes away [CORE-BOOST-1]. */
  | { type: 'boost' }
  /** A new situation aspect with free invokes for `for`. */
  | { type: 'create-aspect'; freeInvokes: number; for: Beneficiary }
  /** Free invokes for the actor on the existing aspect. */
  | { type: 'free-invokes'; count: number }
  /** A hit of `shifts` for the target to absorb. */
  | { type: 'hit'; shifts: number }
  /** Defend: the opposed action resolves with this outcome (and these shifts). */
  | { type: 'opposed-outcome'; outcome: Outcome; shifts: number }
  /** Defend: the defender takes the attack meant for someone else. */
  | { type: 'redirect-to-defender' };

/**
 * Every decision a player may have to make on an action's outcome, listed once: the command
 * schema, the client's form and the rules cases read this list. Where an outcome offers
 * several (`actionChoices`), the first one it lists is the default.
 */
export const ACTION_CHOICES = [
  'simply-fail',
  'succeed-at-major-cost',
  'no-aspect',
  'aspect-with-opposition-invoke',
  'full-hit',
  'hit-minus-one-for-boost',
  'stay-out',
  'take-the-hit',
] as const;
export type ActionChoice = (typeof ACTION_CHOICES)[number];

export interface ActionEffectResult {
  action: ActionKind;
  outcome: Outcome;
  shifts: number;
  /** Every choice open at this outcome (empty when there is none). */
  choices: ActionChoice[];
  /** The choice applied: the one asked for, else the default. */
  choice?: ActionChoice;
  effects: ActionEffect[];
}

/** The choices open to the actor for this action and outcome; the first is the default. */
export function actionChoices(spec: ActionSpec, outcome: Outcome): ActionChoice[] {
  switch (spec.action) {
    case 'overcome':
      return outcome === 'fail' ? ['simply-fail', 'succeed-at-major-cost'] : [];
    case 'create-advantage':
      return outcome === 'fail' && spec.target === 'new-aspect'
        ? ['no-aspect', 'aspect-with-opposition-invoke']
        : [];
    case 'attack':
      return outcome === 'success-with-style' ? ['full-hit', 'hit-minus-one-for-boost'] : [];
    case 'defend':
      return outcome === 'fail' && spec.against === 'attack' && spec.protecting === 'other'
        ? ['stay-out', 'take-the-hit']
        : [];
    default:
      return exhaustive(spec);
  }
}

/**
 * What an action's resolution grants or costs. For `defend`, the resolution is the
 * defender's (their result against the opposed action's), so the opposed action's outcome is
 * the mirror image: a defender's tie is its tie, a defender's success its failure [CORE-DEFEND-2].
 */
export function actionEffect(
  spec: ActionSpec,
  resolution: Resolution,
  options: { choice?: ActionChoice } = {},
): Result<ActionEffectResult> {
  const { outcome, shifts } = resolution;
  if (!Number.isInteger(shifts))
    return refuse('invalid-shifts', `Shifts must be whole, got ${shifts}.`);
  const choices = actionChoices(spec, outcome);
  const choice = options.choice ?? choices[0];
  if (options.choice !== undefined && !choices.includes(options.choice)) {
    const open = choices.length === 0 ? 'no choice is open' : `choose ${choices.join(' or ')}`;
    return refuse(
      'invalid-choice',
      `"${options.choice}" is not open to ${spec.action} on ${outcome}: ${open}.`,
    );
  }
  const effects = effectsOf(spec, outcome, shifts, choice);
  return ok({
    action: spec.action,
    outcome,
    shifts,
    choices,
    ...(choice === undefined ? {} : { choice }),
    effects,
  });
}

function effectsOf(
  spec: ActionSpec,
  outcome: Outcome,
  shifts: number,
  choice: ActionChoice | undefined,
): ActionEffect[] {
  switch (spec.action) {
    case 'overcome':
      // [CORE-OVERCOME-1..4]
      switch (outcome) {
        case 'fail':
          return choice === 'succeed-at-major-cost'
            ? [{ type: 'goal' }, { type: 'cost', severity: 'major' }]
            : [{ type: 'nothing' }];
        case 'tie':
          return [{ type: 'goal' }, { type: 'cost', severity: 'minor' }];
        case 'success':
          return [{ type: 'goal' }];
        case 'success-with-style':
          return [{ type: 'goal' }, { type: 'boost' }];
        default:
          return exhaustive(outcome);
      }
    case 'create-advantage':
      return spec.target === 'new-aspect'
        ? newAspectEffects(outcome, choice)
        : existingAspectEffects(outcome);
    case 'attack':
      // [CORE-ATTACK-1..4]
      switch (outcome) {
        case 'fail':
          return [{ type: 'nothing' }];
        case 'tie':
          return [{ type: 'boost' }];
        case 'success':
          return [{ type: 'hit', shifts }];
        case 'success-with-style':
          return choice === 'hit-minus-one-for-boost'
            ? [{ type: 'hit', shifts: shifts - 1 }, { type: 'boost' }]
            : [{ type: 'hit', shifts }];
        default:
          return exhaustive(outcome);
      }
    case 'defend': {
      // [CORE-DEFEND-1..3]: the opposed action mirrors the defender's outcome.
      // 0 - shifts rather than -shifts: a tie must mirror to 0, not -0.
      const mirrored = 0 - shifts;
      const opposed: ActionEffect = {
        type: 'opposed-outcome',
        outcome: outcomeOf(mirrored),
        shifts: mirrored,
      };
      switch (outcome) {
        case 'fail':
          return choice === 'take-the-hit'
            ? [opposed, { type: 'redirect-to-defender' }]
            : [opposed];
        case 'tie':
        case 'success':
          return [opposed];
        case 'success-with-style':
          return [opposed, { type: 'boost' }];
        default:
          return exhaustive(outcome);
      }
    }
    default:
      return exhaustive(spec);
  }
}

/** [CORE-CAA-1..4]: creating a new aspect. */
function newAspectEffects(outcome: Outcome, choice: ActionChoice | undefined): ActionEffect[] {
  switch (outcome) {
    case 'fail':
      return choice === 'aspect-with-opposition-invoke'
        ? [{ type: 'create-aspect', freeInvokes: 1, for: 'opposition' }]
        : [{ type: 'nothing' }];
    case 'tie':
      return [{ type: 'boost' }];
    case 'success':
      return [{ type: 'create-aspect', freeInvokes: 1, for: 'actor' }];
    case 'success-with-style':
      return [{ type: 'create-aspect', freeInvokes: 2, for: 'actor' }];
    default:
      return exhaustive(outcome);
  }
}

/** [CORE-CAA-5]: pressing an advantage on an existing aspect; a tie counts as a success. */
function existingAspectEffects(outcome: Outcome): ActionEffect[] {
  switch (outcome) {
    case 'fail':
      return [{ type: 'nothing' }];
    case 'tie':
    case 'success':
      return [{ type: 'free-invokes', count: 1 }];
    case 'success-with-style':
      return [{ type: 'free-invokes', count: 2 }];
    default:
      return exhaustive(outcome);
  }
}
