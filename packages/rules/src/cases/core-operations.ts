import { rollFateDice, seededRng } from '../core/dice';
import { applyEconomyAll } from '../core/economy';
import { ladderLabel, ladderName } from '../core/ladder';
import { diceDistribution, outcomeOdds } from '../core/odds';
import { resolve } from '../core/outcome';
import { parseEconomyInput } from './economy-input';
import { int, InputError, list, optInt, record } from './input';
import type { Operation } from './run';

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
   * `{ state: { balances, gmPool?, bank?, pendingScenePayouts? }, transitions: [...] }` →
   * `{ ok: true, value: { state, movements } }` or `{ ok: false, code, message }`. A party is
   * `"gm"` or a character id.
   */
  economy: (input) => {
    const { state, transitions } = parseEconomyInput(input);
    return applyEconomyAll(state, transitions);
  },
};

function rolled(o: Record<string, unknown>): number {
  const faces = list(o, 'faces').map((f, i) => {
    if (f !== -1 && f !== 0 && f !== 1)
      throw new InputError(`input.faces[${i}] must be -1, 0 or 1`);
    return f;
  });
  return int(o, 'skill') + (optInt(o, 'modifier') ?? 0) + faces.reduce<number>((a, f) => a + f, 0);
}
