import { exhaustive } from './types';
import type { EconomyState, Holder, MovementReason, Movement, Party } from './economy-types';

/**
 * The bookkeeping under the economy's transitions (`economy.ts`): a working copy of the state
 * that moves points between holders and records each move, and the checks every transition
 * makes of the numbers it is given. A move that would take a holder below 0 is refused.
 */

export type Refusal = { ok: false; code: string; message: string };

export const BANK: Holder = { type: 'bank' };
export const POOL: Holder = { type: 'gm-pool' };

/** A working copy of the state that records each movement and never lets a holder go below 0. */
export class Ledger {
  readonly state: EconomyState;
  readonly movements: Movement[] = [];

  constructor(from: EconomyState) {
    this.state = {
      balances: { ...from.balances },
      gmPool: from.gmPool,
      pendingScenePayouts: { ...from.pendingScenePayouts },
      ...(from.bank === undefined ? {} : { bank: from.bank }),
    };
  }

  balance(id: string): number {
    return this.state.balances[id] ?? 0;
  }

  amountAt(h: Holder): number {
    switch (h.type) {
      case 'character':
        return this.balance(h.id);
      case 'gm-pool':
        return this.state.gmPool;
      case 'bank':
        return this.state.bank ?? Number.POSITIVE_INFINITY;
      case 'scene-payout':
        return this.state.pendingScenePayouts[h.characterId] ?? 0;
      default:
        return exhaustive(h);
    }
  }

  checkCharacter(id: string): Refusal | undefined {
    return typeof id === 'string' && Object.hasOwn(this.state.balances, id)
      ? undefined
      : no('unknown-character', `No fate point balance for character "${String(id)}".`);
  }

  checkParty(p: Party): Refusal | undefined {
    return p.type === 'gm' ? undefined : this.checkCharacter(p.id);
  }

  move(from: Holder, to: Holder, amount: number, reason: MovementReason): Refusal | undefined {
    if (this.amountAt(from) < amount) return no(...shortOf(from, amount));
    this.add(from, -amount);
    this.add(to, amount);
    this.movements.push({ from, to, amount, reason });
    return undefined;
  }

  private add(h: Holder, delta: number): void {
    switch (h.type) {
      case 'character':
        this.state.balances[h.id] = this.balance(h.id) + delta;
        return;
      case 'gm-pool':
        this.state.gmPool += delta;
        return;
      case 'bank':
        if (this.state.bank !== undefined) this.state.bank += delta;
        return;
      case 'scene-payout':
        this.state.pendingScenePayouts[h.characterId] = this.amountAt(h) + delta;
        return;
      default:
        exhaustive(h);
    }
  }
}

function shortOf(from: Holder, amount: number): [string, string] {
  const points = amount === 1 ? 'a fate point' : `${amount} fate points`;
  switch (from.type) {
    case 'character':
      return ['not-enough-points', `Character "${from.id}" does not have ${points}.`];
    case 'gm-pool':
      return ['gm-pool-empty', `The GM pool does not have ${points} left this scene.`];
    case 'bank':
      return ['bank-empty', `The bank does not have ${points} left.`];
    case 'scene-payout':
      return ['not-enough-points', `Less than ${points} is held for "${from.characterId}".`];
    default:
      return exhaustive(from);
  }
}

export function character(id: string): Holder {
  return { type: 'character', id };
}

export function checkCount(value: number, name: string): Refusal | undefined {
  return Number.isInteger(value) && value >= 0
    ? undefined
    : no('invalid-amount', `${name} must be a whole number of 0 or more, got ${String(value)}.`);
}

export function checkPositive(value: number, name: string): Refusal | undefined {
  return Number.isInteger(value) && value >= 1
    ? undefined
    : no('invalid-amount', `${name} must be a whole number of 1 or more, got ${String(value)}.`);
}

export function no(code: string, message: string): Refusal {
  return { ok: false, code, message };
}
