import {
  ACTION_CHOICES,
  ACTION_KINDS,
  DEFENDED_ACTIONS,
  actionEffect,
  type ActionSpec,
} from '../../core/actions';
import { exhaustive } from '../../core/types';
import { rollFateDice, seededRng } from '../../core/dice';
import { applyEconomyAll } from '../../core/economy';
import { invokeAll } from '../../core/invocations';
import { ladderLabel, ladderName } from '../../core/ladder';
import { diceDistribution, outcomeOdds } from '../../core/odds';
import { resolve } from '../../core/outcome';
import { parseEconomyInput } from '../economy-input';
import { parseInvocationInput } from '../invocation-input';
import { int, InputError, list, oneOf, optInt, record, type Json } from '../input';
import type { Operation } from '../run';

/** The operations that rule cases under cases/core use; each checks its own input. */
export const coreOperations: Record<string, Operation> = {
  /** `{ value }` → `{ label, name }` (name is null beyond the named rungs). */
  'ladder-label': (input) => {
    const value = int(record(input), 'value');
    return { label: ladderLabel(value), name: ladderName(value) ?? null };
  },

  /**
   * `{ result, opposition }` or `{ skill, faces, modifier?, opposition }` → `{ outcome, shifts,
   * result }`.
   */
  outcome: (input) => {
    const o = record(input);
    const result = o.result !== undefined ? int(o, 'result') : rolled(o);
    return { ...resolve(result, int(o, 'opposition')), result };
  },

  /** `{ dice }` → the exact distribution of NdF totals. */
  'dice-distribution': (input) => diceDistribution(int(record(input), 'dice')),

  /** `{ skill, modifier?, opposition, dice }` → exact outcome odds. */
  odds: (input) => {
    const o = record(input);
    const modifier = optInt(o, 'modifier');
    return outcomeOdds({
      skill: int(o, 'skill'),
      opposition: int(o, 'opposition'),
      dice: int(o, 'dice'),
      ...(modifier === undefined ? {} : { modifier }),
    });
  },

  /** `{ seed, dice }` → a replayable roll `{ faces, total }` from the seeded Rng. */
  roll: (input) => {
    const o = record(input);
    return rollFateDice(seededRng(int(o, 'seed')), int(o, 'dice'));
  },

  /**
   * `{ roll, aspects, invocations, seed? }` (see invocation-input.ts) → `{ ok, value: { state,
   * paid, totals } }`; `seed` feeds the dice of a reroll.
   */
  invoke: (input) => {
    const { state, requests, seed } = parseInvocationInput(input);
    return invokeAll(state, requests, seed === undefined ? undefined : seededRng(seed));
  },

  /**
   * `{ state: { balances, gmPool?, bank?, pendingScenePayouts? }, transitions: [...] }` →
   * `{ ok: true, value: { state, movements } }` or `{ ok: false, code, message }`. A party is
   * `"gm"` or a character id.
   */
  /**
   * `{ action, target? ('new-aspect' | 'existing-aspect'), against?, protecting?, shifts |
   * (result, opposition), choice? }` → `{ ok, value: { outcome, choices, choice, effects } }`.
   */
  'action-effect': (input) => {
    const o = record(input);
    const shifts =
      o.shifts !== undefined ? int(o, 'shifts') : int(o, 'result') - int(o, 'opposition');
    const choice = o.choice === undefined ? undefined : oneOf(o, 'choice', ACTION_CHOICES);
    return actionEffect(actionSpec(o), resolve(shifts, 0), choice === undefined ? {} : { choice });
  },

  economy: (input) => {
    const { state, transitions } = parseEconomyInput(input);
    return applyEconomyAll(state, transitions);
  },
};

function actionSpec(o: Json): ActionSpec {
  const action = oneOf(o, 'action', ACTION_KINDS);
  switch (action) {
    case 'overcome':
    case 'attack':
      return { action };
    case 'create-advantage':
      return { action, target: oneOf(o, 'target', ['new-aspect', 'existing-aspect'] as const) };
    case 'defend': {
      const against = oneOf(o, 'against', DEFENDED_ACTIONS);
      const protecting =
        o.protecting === undefined ? undefined : oneOf(o, 'protecting', ['self', 'other'] as const);
      return { action, against, ...(protecting === undefined ? {} : { protecting }) };
    }
    default:
      return exhaustive(action);
  }
}

function rolled(o: Record<string, unknown>): number {
  const faces = list(o, 'faces').map((f, i) => {
    if (f !== -1 && f !== 0 && f !== 1)
      throw new InputError(`input.faces[${i}] must be -1, 0 or 1`);
    return f;
  });
  return int(o, 'skill') + (optInt(o, 'modifier') ?? 0) + faces.reduce<number>((a, f) => a + f, 0);
}
