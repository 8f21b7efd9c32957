import { exhaustive, ok, refuse, type Result } from './types';
import type { EconomyState, EconomyStep, EconomyTransition, Movement } from './economy-types';
import {
  BANK,
  Ledger,
  POOL,
  character,
  checkCount,
  checkPositive,
  no,
  type Refusal,
} from './economy-ledger';

/**
 * The fate point economy's transitions [CORE-FP-1]: what each one moves, from where to where
 * (the state and transition types are in `economy-types.ts`, the ledger that moves the points
 * and refuses an overdraft in `economy-ledger.ts`).
 */

export function emptyEconomy(characterIds: readonly string[] = []): EconomyState {
  const balances: Record<string, number> = {};
  for (const id of characterIds) balances[id] = 0;
  return { balances, gmPool: 0, pendingScenePayouts: {} };
}

/** Applies one transition, or refuses it with a stable code; the input state is not changed. */
export function applyEconomy(
  state: EconomyState,
  transition: EconomyTransition,
): Result<EconomyStep> {
  const ledger = new Ledger(state);
  const refusal = run(ledger, transition);
  return refusal ?? ok({ state: ledger.state, movements: ledger.movements });
}

/** Applies transitions in order; stops at the first refusal, naming its index. */
export function applyEconomyAll(
  state: EconomyState,
  transitions: readonly EconomyTransition[],
): Result<EconomyStep> {
  let current = state;
  const movements: Movement[] = [];
  for (const [i, t] of transitions.entries()) {
    const step = applyEconomy(current, t);
    if (!step.ok) return refuse(step.code, `Transition ${i} (${t.type}): ${step.message}`);
    current = step.value.state;
    movements.push(...step.value.movements);
  }
  return ok({ state: current, movements });
}

/** All points outside the bank: what only bank movements may change [CORE-FP-2]. */
export function pointsInPlay(state: EconomyState): number {
  return sum(state.balances) + state.gmPool + sum(state.pendingScenePayouts);
}

function run(l: Ledger, t: EconomyTransition): Refusal | undefined {
  switch (t.type) {
    case 'refresh': {
      for (const [id, refresh] of Object.entries(t.refresh)) {
        const bad = l.checkCharacter(id) ?? checkCount(refresh, 'refresh');
        if (bad) return bad;
        const gap = refresh - l.balance(id);
        // Refresh only tops up: a character above its refresh keeps the extra points.
        if (gap > 0) {
          const r = l.move(BANK, character(id), gap, 'refresh');
          if (r) return r;
        }
      }
      return undefined;
    }
    case 'scene-start': {
      const bad = checkCount(t.players, 'players');
      if (bad) return bad;
      // A pool left from a scene that was never closed is lost, not carried over.
      const lost =
        l.state.gmPool > 0 ? l.move(POOL, BANK, l.state.gmPool, 'scene-pool-lost') : undefined;
      return lost ?? (t.players > 0 ? l.move(BANK, POOL, t.players, 'scene-pool') : undefined);
    }
    case 'scene-end': {
      if (l.state.gmPool > 0) {
        const r = l.move(POOL, BANK, l.state.gmPool, 'scene-pool-lost');
        if (r) return r;
      }
      for (const [id, owed] of Object.entries(l.state.pendingScenePayouts)) {
        if (owed <= 0) continue;
        const r = l.move(
          { type: 'scene-payout', characterId: id },
          character(id),
          owed,
          'scene-payout',
        );
        if (r) return r;
      }
      l.state.pendingScenePayouts = {};
      return undefined;
    }
    case 'compel-accept':
    case 'compel-refuse': {
      const bad = l.checkCharacter(t.target) ?? l.checkParty(t.offeredBy);
      if (bad) return bad;
      if (t.offeredBy.type === 'character' && t.offeredBy.id === t.target) {
        return no('compel-self', 'A compel on your own character is a self-compel.');
      }
      if (t.type === 'compel-accept') {
        // The GM's compels are paid from the bank, never the scene pool (Fate Core).
        const payer = t.offeredBy.type === 'gm' ? BANK : character(t.offeredBy.id);
        return l.move(payer, character(t.target), 1, 'compel-accepted');
      }
      if (l.balance(t.target) < 1) {
        return no(
          'cannot-refuse-compel',
          'A character with no fate points must accept the compel: refusing costs a point.',
        );
      }
      // Refusing pays whoever suggested the compel [CORE-FP-7]; for the GM, the ruleset's payee.
      const payee =
        t.offeredBy.type === 'character'
          ? character(t.offeredBy.id)
          : t.gmTakesTo === 'gm-pool'
            ? POOL
            : BANK;
      return l.move(character(t.target), payee, 1, 'compel-refused');
    }
    case 'self-compel': {
      const bad = l.checkCharacter(t.characterId);
      if (bad) return bad;
      // Refused by the GM: the player may still act it out, for no point.
      return t.gmAccepts ? l.move(BANK, character(t.characterId), 1, 'self-compel') : undefined;
    }
    case 'invoke': {
      const bad = l.checkParty(t.payer);
      if (bad) return bad;
      const payer = t.payer.type === 'gm' ? POOL : character(t.payer.id);
      const against = t.againstCharacterId;
      if (against === undefined) return l.move(payer, BANK, 1, 'invoke');
      const badTarget = l.checkCharacter(against);
      if (badTarget) return badTarget;
      if (t.payer.type === 'character' && t.payer.id === against) {
        return no(
          'invoke-against-self',
          'An aspect invoked against its own character pays nobody.',
        );
      }
      return l.move(payer, { type: 'scene-payout', characterId: against }, 1, 'invoke');
    }
    case 'spend': {
      const amount = t.amount ?? 1;
      const bad = l.checkParty(t.payer) ?? checkPositive(amount, 'amount');
      if (bad) return bad;
      return l.move(t.payer.type === 'gm' ? POOL : character(t.payer.id), BANK, amount, 'spend');
    }
    case 'concede': {
      const bad =
        l.checkCharacter(t.characterId) ?? checkCount(t.consequencesTaken, 'consequencesTaken');
      if (bad) return bad;
      return l.move(BANK, character(t.characterId), 1 + t.consequencesTaken, 'concede');
    }
    case 'give': {
      const bad =
        l.checkCharacter(t.from) ?? l.checkCharacter(t.to) ?? checkPositive(t.amount, 'amount');
      if (bad) return bad;
      if (t.from === t.to) return no('give-to-self', 'A character cannot give points to itself.');
      return l.move(character(t.from), character(t.to), t.amount, 'give');
    }
    case 'gm-adjust': {
      const bad = l.checkParty(t.holder) ?? checkCount(t.value, 'value');
      if (bad) return bad;
      const holder = t.holder.type === 'gm' ? POOL : character(t.holder.id);
      const delta = t.value - l.amountAt(holder);
      if (delta > 0) return l.move(BANK, holder, delta, 'gm-adjustment');
      if (delta < 0) return l.move(holder, BANK, -delta, 'gm-adjustment');
      return undefined;
    }
    default:
      return exhaustive(t);
  }
}

function sum(record: Record<string, number>): number {
  return Object.values(record).reduce((a, b) => a + b, 0);
}
