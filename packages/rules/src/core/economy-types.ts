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
