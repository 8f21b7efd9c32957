import { rollFateDice, type DieFace } from './dice';
import { resolve, type Resolution } from './outcome';
import { ok, refuse, type Result, type Rng } from './types';

/**
 * Invoking aspects on a roll, after the dice are seen (pirates › Invoking an Aspect). This
 * module changes the roll and the aspects' free invokes; a fate point's cost is applied by
 * the economy (`{ type: 'invoke' }` in economy.ts), which the caller runs with `paid`.
 */

/** An aspect as invocations see it. */
export interface InvocableAspect {
  id: string;
  text: string;
  /** Free invokes by holder (a character id, a seat id or `gm`: whatever the table keys by). */
  freeInvokes: Record<string, number>;
  /** A boost: a single free invoke that vanishes once used [CORE-BOOST-1]. */
  boost?: boolean;
}

export type Opposition =
  /** A difficulty, which invocations may raise [CORE-INVOKE-2]. */
  | { kind: 'passive'; value: number; invokeBonus: number }
  /** Another character's result: invoke on their roll instead. */
  | { kind: 'active'; value: number };

export type InvokeSide = 'roll' | 'opposition';

export interface InvokedRoll {
  /** The character who rolled: the only one who may reroll [CORE-INVOKE-1]. */
  rollerId: string;
  faces: DieFace[];
  skill: number;
  /** Stunts and other fixed bonuses. */
  modifier: number;
  /** +2 per bonus invocation so far. */
  invokeBonus: number;
  opposition: Opposition;
  /** Aspects already invoked with a fate point, per side: once each [CORE-INVOKE-4]. */
  paidInvokes: { aspectId: string; side: InvokeSide }[];
}

export interface InvocationState {
  roll: InvokedRoll;
  aspects: Record<string, InvocableAspect>;
}

export interface InvocationRequest {
  /** The character invoking (paying the point, or using the free invoke). */
  invokerId: string;
  aspectId: string;
  pay: 'fate-point' | 'free-invoke';
  /** Whose free invoke is used; defaults to the invoker. */
  holderId?: string;
  effect: 'bonus' | 'reroll';
  /** Whose number a +2 raises: the roll, or passive opposition. */
  side: InvokeSide;
}

export type InvocationPayment =
  | { type: 'fate-point'; payerId: string }
  | { type: 'free-invoke'; holderId: string; aspectId: string; boostSpent: boolean };

export interface InvocationStep {
  state: InvocationState;
  paid: InvocationPayment;
  totals: RollTotals;
}

export interface RollTotals {
  result: number;
  opposition: number;
  resolution: Resolution;
}

export const INVOKE_BONUS = 2;

export function rollTotals(roll: InvokedRoll): RollTotals {
  const dice = roll.faces.reduce<number>((a, f) => a + f, 0);
  const result = dice + roll.skill + roll.modifier + roll.invokeBonus;
  const opposition =
    roll.opposition.kind === 'passive'
      ? roll.opposition.value + roll.opposition.invokeBonus
      : roll.opposition.value;
  return { result, opposition, resolution: resolve(result, opposition) };
}

/** Applies one invocation, or refuses it; `rng` is needed only for a reroll. */
export function invokeAspect(
  state: InvocationState,
  request: InvocationRequest,
  rng?: Rng,
): Result<InvocationStep> {
  const { roll } = state;
  const aspect = Object.hasOwn(state.aspects, request.aspectId)
    ? state.aspects[request.aspectId]
    : undefined;
  if (aspect === undefined) {
    return refuse('unknown-aspect', `There is no aspect "${request.aspectId}" to invoke.`);
  }
  if (request.effect === 'reroll') {
    if (request.side !== 'roll') {
      return refuse('reroll-opposition', 'Only a roll can be rerolled, not a difficulty.');
    }
    if (request.invokerId !== roll.rollerId) {
      return refuse('reroll-not-yours', 'Only the character who rolled may invoke for a reroll.');
    }
    if (rng === undefined) return refuse('reroll-needs-dice', 'A reroll needs the dice (an Rng).');
  }
  if (request.side === 'opposition' && roll.opposition.kind !== 'passive') {
    return refuse(
      'no-passive-opposition',
      'The opposition is another character: invoke on their roll instead.',
    );
  }

  const aspects = { ...state.aspects };
  let paid: InvocationPayment;
  let paidInvokes = roll.paidInvokes;
  if (request.pay === 'fate-point') {
    if (aspect.boost === true) {
      return refuse('boost-is-free', `"${aspect.text}" is a boost: it is used by its free invoke.`);
    }
    if (paidInvokes.some((p) => p.aspectId === aspect.id && p.side === request.side)) {
      return refuse(
        'aspect-already-paid',
        `"${aspect.text}" was already invoked with a fate point on this roll; use a free invoke.`,
      );
    }
    paidInvokes = [...paidInvokes, { aspectId: aspect.id, side: request.side }];
    paid = { type: 'fate-point', payerId: request.invokerId };
  } else {
    const holderId = request.holderId ?? request.invokerId;
    const held = aspect.freeInvokes[holderId] ?? 0;
    if (held < 1) {
      return refuse('no-free-invoke', `"${holderId}" holds no free invoke on "${aspect.text}".`);
    }
    const boostSpent = aspect.boost === true;
    if (boostSpent) {
      delete aspects[aspect.id];
    } else {
      aspects[aspect.id] = {
        ...aspect,
        freeInvokes: { ...aspect.freeInvokes, [holderId]: held - 1 },
      };
    }
    paid = { type: 'free-invoke', holderId, aspectId: aspect.id, boostSpent };
  }

  let next: InvokedRoll = { ...roll, paidInvokes };
  if (request.effect === 'reroll' && rng !== undefined) {
    // A reroll replaces the dice only: earlier +2s and the skill stay.
    next = { ...next, faces: rollFateDice(rng, roll.faces.length).faces };
  } else if (request.side === 'roll') {
    next = { ...next, invokeBonus: next.invokeBonus + INVOKE_BONUS };
  } else if (next.opposition.kind === 'passive') {
    next = {
      ...next,
      opposition: { ...next.opposition, invokeBonus: next.opposition.invokeBonus + INVOKE_BONUS },
    };
  }
  return ok({ state: { roll: next, aspects }, paid, totals: rollTotals(next) });
}

/** Applies invocations in order; stops at the first refusal, naming its index. */
export function invokeAll(
  state: InvocationState,
  requests: readonly InvocationRequest[],
  rng?: Rng,
): Result<{ state: InvocationState; paid: InvocationPayment[]; totals: RollTotals }> {
  let current = state;
  const paid: InvocationPayment[] = [];
  for (const [i, request] of requests.entries()) {
    const step = invokeAspect(current, request, rng);
    if (!step.ok) return refuse(step.code, `Invocation ${i}: ${step.message}`);
    current = step.value.state;
    paid.push(step.value.paid);
  }
  return ok({ state: current, paid, totals: rollTotals(current.roll) });
}

/** A free invoke's holder passes some to another character or seat [CORE-INVOKE-3]. */
export function passFreeInvoke(
  aspect: InvocableAspect,
  fromId: string,
  toId: string,
  count = 1,
): Result<InvocableAspect> {
  if (!Number.isInteger(count) || count < 1) {
    return refuse('invalid-amount', `Pass at least one free invoke, got ${count}.`);
  }
  if (fromId === toId) return refuse('pass-to-self', 'A free invoke is passed to someone else.');
  const held = aspect.freeInvokes[fromId] ?? 0;
  if (held < count) {
    return refuse(
      'no-free-invoke',
      `"${fromId}" holds ${held} free invoke(s) on "${aspect.text}".`,
    );
  }
  return ok({
    ...aspect,
    freeInvokes: {
      ...aspect.freeInvokes,
      [fromId]: held - count,
      [toId]: (aspect.freeInvokes[toId] ?? 0) + count,
    },
  });
}
