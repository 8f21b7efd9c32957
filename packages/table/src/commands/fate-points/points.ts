import type { EconomyState, EconomyTransition, Movement } from '@fateboard/rules';
import { applyEconomy } from '@fateboard/rules';
import type { OrRefusal } from '../context';
import { tableCode } from '../../protocol/refusal-codes';
import { refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { MAX_POINTS } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { num, peek, put } from '../../doc/ymap';

/**
 * The bridge between the public document and the rules' fate point economy: read the
 * balances, the GM pool and the held scene payouts, run transitions, write back only the
 * holders that changed. Every point movement comes back for the log.
 */

export function economyOf(roots: PubRoots): EconomyState {
  const balances: Record<string, number> = {};
  const pendingScenePayouts: Record<string, number> = {};
  // Two numbers a character, read where they are: decoding whole sheets (as readCharacter
  // does) made this the costliest step of every fate point command.
  roots.characters.forEach((value, id) => {
    const map = value as YMap;
    balances[id] = num(map, 'fatePoints');
    const owed = num(map, 'owed');
    if (owed > 0) pendingScenePayouts[id] = owed;
  });
  return { balances, gmPool: num(roots.meta, 'gmPool'), pendingScenePayouts };
}

export interface EconomyRun {
  state: EconomyState;
  movements: Movement[];
}

/** Runs transitions in order over `start`; the first refusal refuses them all. */
export function runEconomy(
  start: EconomyState,
  transitions: readonly EconomyTransition[],
): OrRefusal<EconomyRun> {
  let state = start;
  const movements: Movement[] = [];
  for (const t of transitions) {
    const step = applyEconomy(state, t);
    if (!step.ok) return refuse(tableCode(step.code), step.message);
    state = step.value.state;
    movements.push(...step.value.movements);
  }
  const held = [
    state.gmPool,
    ...Object.values(state.balances),
    ...Object.values(state.pendingScenePayouts),
  ];
  if (held.some((n) => n > MAX_POINTS)) {
    return refuse('rules', `No one holds more than ${MAX_POINTS} fate points.`);
  }
  return { state, movements };
}

/** Writes the economy's state back; call inside the public transaction. */
export function writeEconomy(roots: PubRoots, state: EconomyState): void {
  put(roots.meta, 'gmPool', state.gmPool);
  roots.characters.forEach((value, id) => {
    const map = value as YMap;
    const balance = state.balances[id];
    if (balance !== undefined) put(map, 'fatePoints', balance);
    const owed = state.pendingScenePayouts[id] ?? 0;
    put(map, 'owed', owed > 0 ? owed : undefined);
  });
}

/** The fate points a new character starts with, as the log's movement from the bank. */
export function startingPoints(id: string, amount: number): Movement[] {
  return amount > 0
    ? [{ from: { type: 'bank' }, to: { type: 'character', id }, amount, reason: 'refresh' }]
    : [];
}

/** A character's balance in a run's state. */
export function balanceIn(state: EconomyState, id: string): number {
  return state.balances[id] ?? 0;
}

export function characterMap(roots: PubRoots, id: string): YMap | undefined {
  return peek(roots.characters, id);
}
