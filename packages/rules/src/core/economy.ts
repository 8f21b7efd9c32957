import { exhaustive, ok, refuse, type Result } from './types';

/**
 * The fate point economy as pure transitions [CORE-FP-1]. Every point sits somewhere: a
 * character's balance, the GM's scene pool, a payout held until the scene ends, or the bank.
 * Points only ever move between these holders, and every move is reported as a `Movement` so
 * the table can log where each point went. Only the bank creates or absorbs points (refresh,
 * the GM's scene pool, GM compels, concessions), so the sum over the other holders changes
 * only by movements with the bank at one end [CORE-FP-2].
 */
export interface EconomyState {
  /** Fate points by character id; a key must exist before it can pay or be paid. */
  balances: Record<string, number>;
  /** The GM's pool for the current scene [CORE-FP-5]. */
  gmPool: number;
  /** Points left in a finite bank; absent means the bank is unlimited (the usual case). */
  bank?: number;
  /** Points owed to a character at the end of the scene, by character id [CORE-FP-9]. */
  pendingScenePayouts: Record<string, number>;
}

/** Where a point can sit. */
export type Holder =
  | { type: 'character'; id: string }
  | { type: 'gm-pool' }
  | { type: 'bank' }
  | { type: 'scene-payout'; characterId: string };

export type MovementReason =
  | 'refresh'
  | 'scene-pool'
  | 'scene-pool-lost'
  | 'scene-payout'
  | 'compel-accepted'
  | 'compel-refused'
  | 'self-compel'
  | 'invoke'
  | 'spend'
  | 'concede'
  | 'give'
  | 'gm-adjustment';

/** One entry of the transfer log: `amount` points went `from` → `to` because of `reason`. */
export interface Movement {
  from: Holder;
  to: Holder;
  amount: number;
  reason: MovementReason;
}

/** Who offered a compel, or who pays for an invoke: a character, or the GM. */
export type Party = { type: 'character'; id: string } | { type: 'gm' };

/** Where the point paid to refuse a GM's compel goes: the GM's scene pool, or the bank. */
export type GmCompelPayee = 'gm-pool' | 'bank';

export type EconomyTransition =
  /** Session start: top each character up to its refresh, never taking away [CORE-FP-4]. */
  | { type: 'refresh'; refresh: Record<string, number> }
  /** Scene start: the GM pool becomes the number of players in the scene [CORE-FP-5]. */
  | { type: 'scene-start'; players: number }
  /** Scene end: the GM pool is lost; held payouts reach their characters [CORE-FP-5], [CORE-FP-9]. */
  | { type: 'scene-end' }
  /** A compel offered to `target` and accepted [CORE-FP-6]. */
  | { type: 'compel-accept'; target: string; offeredBy: Party }
  /**
   * A compel offered to `target` and refused by paying a point to whoever offered it
   * [CORE-FP-7]; when the GM offered, the ruleset says where that point goes: the GM pool
   * (`pirates` [PIR-COMPEL-1]) or the bank.
   */
  | { type: 'compel-refuse'; target: string; offeredBy: Party; gmTakesTo: GmCompelPayee }
  /** A self-compel; only the GM's acceptance pays [CORE-FP-8]. */
  | { type: 'self-compel'; characterId: string; gmAccepts: boolean }
  /**
   * Invoking an aspect with a point costs one point; the GM pays from the pool [CORE-FP-3]. With `againstCharacterId` (another
   * character's aspect invoked against them) the point is held for that character until the
   * scene ends [CORE-FP-9]; otherwise it returns to the bank.
   */
  | { type: 'invoke'; payer: Party; againstCharacterId?: string }
  /** Any other spend to the bank, e.g. an active stunt's cost. */
  | { type: 'spend'; payer: Party; amount?: number }
  /** Conceding: 1 point plus 1 per consequence taken in this conflict [CORE-FP-10]. */
  | { type: 'concede'; characterId: string; consequencesTaken: number }
  /** A player gives points to another character [CORE-FP-11]. */
  | { type: 'give'; from: string; to: string; amount: number }
  /** The GM sets a balance (or the pool) by hand; the difference goes to or from the bank [CORE-FP-12]. */
  | { type: 'gm-adjust'; holder: Party; value: number };

export interface EconomyStep {
  state: EconomyState;
  movements: Movement[];
}

const BANK: Holder = { type: 'bank' };
const POOL: Holder = { type: 'gm-pool' };

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

type Refusal = { ok: false; code: string; message: string };

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

/** A working copy of the state that records each movement and never lets a holder go below 0. */
class Ledger {
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

function character(id: string): Holder {
  return { type: 'character', id };
}

function checkCount(value: number, name: string): Refusal | undefined {
  return Number.isInteger(value) && value >= 0
    ? undefined
    : no('invalid-amount', `${name} must be a whole number of 0 or more, got ${String(value)}.`);
}

function checkPositive(value: number, name: string): Refusal | undefined {
  return Number.isInteger(value) && value >= 1
    ? undefined
    : no('invalid-amount', `${name} must be a whole number of 1 or more, got ${String(value)}.`);
}

function sum(record: Record<string, number>): number {
  return Object.values(record).reduce((a, b) => a + b, 0);
}

function no(code: string, message: string): Refusal {
  return { ok: false, code, message };
}
