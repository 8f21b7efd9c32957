import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollFateDice, seededRng } from './dice';
import { diceDistribution, outcomeOdds } from './odds';
import { outcomeOf, type Outcome } from './outcome';

const OUTCOMES: Outcome[] = ['fail', 'tie', 'success', 'success-with-style'];
const ladderValue = fc.integer({ min: -4, max: 10 });

describe('[CORE-DICE-1] NdF totals stay within −N..N and equal the sum of the faces', () => {
  it('holds for any seed and any count 1..8', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 8 }), (seed, n) => {
        const roll = rollFateDice(seededRng(seed), n);
        expect(roll.faces).toHaveLength(n);
        expect(roll.total).toBeGreaterThanOrEqual(-n);
        expect(roll.total).toBeLessThanOrEqual(n);
        expect(roll.total).toBe(roll.faces.reduce<number>((a, f) => a + f, 0));
      }),
    );
  });
});

describe('[CORE-ODDS-2] exact odds sum to 1 for any skill, modifier and opposition', () => {
  it('numerators add up to exactly 3^N', () => {
    fc.assert(
      fc.property(
        ladderValue,
        fc.integer({ min: -4, max: 4 }),
        ladderValue,
        fc.integer({ min: 1, max: 8 }),
        (skill, modifier, opposition, dice) => {
          const o = outcomeOdds({ skill, modifier, opposition, dice });
          const n = o.numerators;
          expect(n.fail + n.tie + n.success + n['success-with-style']).toBe(3 ** dice);
          expect(OUTCOMES.reduce((s, k) => s + o.probabilities[k], 0)).toBeCloseTo(1, 12);
        },
      ),
    );
  });
});

/**
 * 200,000 seeded rolls against the exact odds. The standard error of a frequency is at most
 * sqrt(0.25 / 200000) ≈ 0.0011, so a 0.005 tolerance is about 4.5 standard errors: a correct
 * implementation essentially never misses it, while an off-by-one in the outcome bands moves
 * some outcome by at least 1/81 ≈ 0.012 (4dF) or 1/27 (3dF) and is caught. The seed is
 * fixed, so the test is deterministic either way.
 */
const SAMPLE = 200_000;
const TOLERANCE = 0.005;

function sampleTotals(dice: number, seed: number): Map<number, number> {
  const rng = seededRng(seed);
  const counts = new Map<number, number>();
  for (let i = 0; i < SAMPLE; i++) {
    const t = rollFateDice(rng, dice).total;
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return counts;
}

describe('[CORE-ODDS-1] the exact distribution matches a 200,000-roll seeded sample', () => {
  for (const dice of [3, 4]) {
    const counts = sampleTotals(dice, 20240 + dice);

    it(`${dice}dF totals are within ${TOLERANCE} of the exact odds`, () => {
      for (const { total, probability } of diceDistribution(dice).totals) {
        expect(Math.abs((counts.get(total) ?? 0) / SAMPLE - probability)).toBeLessThan(TOLERANCE);
      }
    });

    it(`[CORE-ODDS-2] ${dice}dF outcome frequencies are within ${TOLERANCE} of the exact odds`, () => {
      fc.assert(
        fc.property(
          ladderValue,
          fc.integer({ min: -2, max: 2 }),
          ladderValue,
          (skill, modifier, opposition) => {
            const seen: Record<Outcome, number> = {
              fail: 0,
              tie: 0,
              success: 0,
              'success-with-style': 0,
            };
            for (const [total, n] of counts)
              seen[outcomeOf(skill + modifier + total - opposition)] += n;
            const exact = outcomeOdds({ skill, modifier, opposition, dice }).probabilities;
            for (const k of OUTCOMES)
              expect(Math.abs(seen[k] / SAMPLE - exact[k])).toBeLessThan(TOLERANCE);
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});
