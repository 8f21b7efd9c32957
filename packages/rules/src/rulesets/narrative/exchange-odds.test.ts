import { describe, expect, it } from 'vitest';
import type { DieFace } from '../../core/dice';
import { exchangeOdds, narrativeActionOdds, type ExchangeWinner } from './exchange-odds';
import {
  resolveCinematic,
  resolveComplexAction,
  resolveExchange,
  type ConflictModifiers,
  type Strategy,
} from './resolution';
import { narrativeResolveAction } from './resolve';

/** Every 3dF face combination, one entry each: 27 of them, so a total comes up as often as it can. */
const FACES: DieFace[] = [-1, 0, 1];
const ROLLS: number[] = FACES.flatMap((a) => FACES.flatMap((b) => FACES.map((c) => a + b + c)));

/** The exchange resolved on each of the 27 × 27 face combinations, counted by winner. */
function countByResolver(
  aggressor: { rating: number; modifiers: ConflictModifiers },
  defender: { rating: number; modifiers: ConflictModifiers },
): Record<ExchangeWinner, number> {
  const counts: Record<ExchangeWinner, number> = { aggressor: 0, defender: 0, neither: 0 };
  for (const a of ROLLS) {
    for (const d of ROLLS) {
      const ex = resolveExchange(
        { id: 'ann', ...aggressor, dice: a },
        { id: 'tam', ...defender, dice: d },
      );
      counts[ex.winner ?? 'neither'] += 1;
    }
  }
  return counts;
}

const STRATEGIES: Strategy[] = ['none', 'defensive', 'aggressive'];

describe('narrative exchange odds', () => {
  it('[NAR-ODDS-1] [NAR-DICE-1] counts out of 3^3 × 3^3 = 729 that add up exactly', () => {
    const o = exchangeOdds({ rating: 2 }, { rating: 1 });
    expect(o.denominator).toBe(729);
    expect(o.numerators.aggressor + o.numerators.defender + o.numerators.neither).toBe(729);
    expect(o.probabilities.aggressor).toBeCloseTo(o.numerators.aggressor / 729, 15);
  });

  it('[NAR-ODDS-1] [NAR-CONFLICT-1] equal sides at Fair or above: a tie (141 of 729) is the only way neither wins', () => {
    // 3dF comes up −3..+3 in 1 3 6 7 6 3 1 ways; a tie is Σ ways² = 141, the rest split evenly.
    // At Fair (+2) the lowest total is Poor (−1), so the Poor threshold never bites.
    expect(exchangeOdds({ rating: 2 }, { rating: 2 }).numerators).toEqual({
      aggressor: 294,
      defender: 294,
      neither: 141,
    });
  });

  it('[NAR-ODDS-1] [NAR-CONFLICT-1] below Poor nobody wins: two Terrible sides win 197 each, not 294', () => {
    // Terrible (−2) + 3dF reaches Poor only on +1 or more, and must still beat the other:
    // +1 (6 ways) over 17 lower rolls, +2 (3) over 23, +3 (1) over 26: 102 + 69 + 26 = 197.
    expect(exchangeOdds({ rating: -2 }, { rating: -2 }).numerators).toEqual({
      aggressor: 197,
      defender: 197,
      neither: 729 - 2 * 197,
    });
    // Never Poor: a side at −5 cannot win, whatever the other rolls.
    expect(exchangeOdds({ rating: -5 }, { rating: -9 }).numerators.aggressor).toBe(0);
    expect(exchangeOdds({ rating: -5 }, { rating: -9 }).numerators.neither).toBe(729);
  });

  it('[NAR-ODDS-1] [NAR-STRATEGY-1] Ann (Fair) announces aggressive against Tam (Fair): 435 / 126 / 168 of 729', () => {
    // The text: "when a character announces he is being aggressive, then he receives … +1 when
    // he is the aggressor". +3 against +2: Ann wins when her dice are at least Tam's (the
    // difference of two 3dF is 6dF: 141+126+90+50+21+6+1 = 435), neither when hers are one
    // lower (126), Tam when his are two or more higher (90+50+21+6+1 = 168).
    const aggressive = exchangeOdds(
      { rating: 2, modifiers: { strategy: 'aggressive' } },
      { rating: 2 },
    );
    expect(aggressive.numerators).toEqual({ aggressor: 435, neither: 126, defender: 168 });
    // Tam announcing defensive (+1 when defending) evens it out again.
    expect(
      exchangeOdds(
        { rating: 2, modifiers: { strategy: 'aggressive' } },
        { rating: 2, modifiers: { strategy: 'defensive' } },
      ).numerators,
    ).toEqual({ aggressor: 294, defender: 294, neither: 141 });
    // Ann announcing defensive costs her a point as the aggressor: the mirror of the first.
    expect(
      exchangeOdds({ rating: 2, modifiers: { strategy: 'defensive' } }, { rating: 2 }).numerators,
    ).toEqual({
      aggressor: 168,
      neither: 126,
      defender: 435,
    });
  });

  it('[NAR-ODDS-1] [NAR-CONFLICT-3] [NAR-CREATIVITY-1] [NAR-TOOLS-1] agrees with resolveExchange on every face combination over a grid', () => {
    const ratings = [-4, -2, -1, 0, 1, 3, 6];
    const attackerMods: ConflictModifiers[] = STRATEGIES.flatMap((strategy) =>
      ([-1, 0, 1] as const).map((creativity) => ({ strategy, creativity })),
    );
    const defenderMods: ConflictModifiers[] = STRATEGIES.flatMap((strategy) =>
      [false, true].map((tool) => ({ strategy, tool, creativity: tool ? 1 : -1 }) as const),
    );
    let checked = 0;
    for (const ar of ratings) {
      for (const dr of ratings) {
        for (const am of attackerMods) {
          for (const dm of defenderMods) {
            const aggressor = { rating: ar, modifiers: am };
            const defender = { rating: dr, modifiers: dm };
            expect(
              exchangeOdds(aggressor, defender).numerators,
              JSON.stringify([aggressor, defender]),
            ).toEqual(countByResolver(aggressor, defender));
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(7 * 7 * 9 * 6);
  });

  it('[NAR-ODDS-1] [NAR-CONFLICT-3] agrees with the table path: an opposed attack by narrativeResolveAction', () => {
    // The table hands the ruleset totals with the modifiers already added; the actor is the
    // aggressor and wins when the damage goes to the opposition.
    for (const [ar, dr, bonus] of [
      [2, 2, 0],
      [-2, -1, 0],
      [0, 3, 2],
      [4, -3, -1],
    ] as const) {
      const odds = exchangeOdds({ rating: ar, bonus }, { rating: dr });
      const counts: Record<ExchangeWinner, number> = { aggressor: 0, defender: 0, neither: 0 };
      for (const a of ROLLS) {
        for (const d of ROLLS) {
          const r = narrativeResolveAction({
            action: 'attack',
            total: ar + bonus + a,
            opposition: dr + d,
            opposed: true,
          });
          if (!r.ok) throw new Error(r.message);
          const to = r.value.damage?.to;
          counts[to === 'opposition' ? 'aggressor' : to === 'actor' ? 'defender' : 'neither'] += 1;
        }
      }
      expect(odds.numerators).toEqual(counts);
    }
  });

  it('[NAR-ODDS-1] rejects ratings that are not whole', () => {
    expect(() => exchangeOdds({ rating: 1.5 }, { rating: 0 })).toThrow(RangeError);
    expect(() => narrativeActionOdds({ action: 'overcome', total: 1, difficulty: 0.5 })).toThrow(
      RangeError,
    );
  });
});

describe('narrative action odds against a difficulty', () => {
  it('[NAR-ODDS-1] [NAR-COMPLEX-1] success at or above the difficulty, so never a tie', () => {
    // Fair (+2) against Good (+3): 3dF of +1 or more, 6 + 3 + 1 = 10 of 27; core odds would
    // call the +1 (6 ways) a tie.
    const o = narrativeActionOdds({ action: 'overcome', total: 2, difficulty: 3 });
    expect(o.denominator).toBe(27);
    expect(o.numerators).toEqual({ fail: 17, tie: 0, success: 10, 'success-with-style': 0 });
  });

  it('[NAR-ODDS-1] [NAR-ACTION-1] with style at three or more over the difficulty', () => {
    // Good (+3) against Fair (+2): style needs +2 or more on the dice (3 + 1 = 4 of 27).
    expect(
      narrativeActionOdds({ action: 'create-advantage', total: 3, difficulty: 2 }).numerators,
    ).toEqual({
      fail: 3 + 1,
      tie: 0,
      success: 6 + 7 + 6,
      'success-with-style': 3 + 1,
    });
  });

  it('[NAR-ODDS-1] [NAR-COMPLEX-1] [NAR-CINEMATIC-1] agrees with resolveComplexAction and resolveCinematic on every roll', () => {
    for (let total = -4; total <= 6; total++) {
      for (let difficulty = -2; difficulty <= 6; difficulty++) {
        const complex = narrativeActionOdds({ action: 'overcome', total, difficulty }).numerators;
        const attack = narrativeActionOdds({ action: 'attack', total, difficulty }).numerators;
        const byComplex = ROLLS.filter(
          (dice) => resolveComplexAction({ rating: total, difficulty, dice }).success,
        );
        const byCinematic = ROLLS.filter(
          (dice) => resolveCinematic({ rating: total, dice, minionRating: difficulty }).success,
        );
        expect(complex.success + complex['success-with-style']).toBe(byComplex.length);
        expect(attack.success + attack['success-with-style']).toBe(byCinematic.length);
        expect(complex.tie + attack.tie).toBe(0);
        expect(complex['success-with-style']).toBe(
          ROLLS.filter((dice) => total + dice - difficulty >= 3).length,
        );
      }
    }
  });
});
