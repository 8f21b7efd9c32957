import { describe, expect, it } from 'vitest';
import { diceDistribution, opposedOutcomeOdds, outcomeOdds } from './odds';

describe('[CORE-ODDS-1] exact NdF distribution', () => {
  it('gives the known 4dF counts 1 4 10 16 19 16 10 4 1 over 81', () => {
    const d = diceDistribution(4);
    expect(d.denominator).toBe(81);
    expect(d.totals.map((t) => t.total)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    expect(d.totals.map((t) => t.ways)).toEqual([1, 4, 10, 16, 19, 16, 10, 4, 1]);
    expect(d.totals[4]!.probability).toBeCloseTo(19 / 81, 15);
  });

  it('gives the 3dF counts 1 3 6 7 6 3 1 over 27', () => {
    const d = diceDistribution(3);
    expect(d.denominator).toBe(27);
    expect(d.totals.map((t) => t.ways)).toEqual([1, 3, 6, 7, 6, 3, 1]);
  });

  it('sums to exactly 3^N for every N from 1 to 8', () => {
    for (let n = 1; n <= 8; n++) {
      const d = diceDistribution(n);
      expect(d.totals).toHaveLength(2 * n + 1);
      expect(d.totals.reduce((s, t) => s + t.ways, 0)).toBe(3 ** n);
    }
  });

  it('refuses 0, 9 and fractional dice counts', () => {
    expect(() => diceDistribution(0)).toThrow(RangeError);
    expect(() => diceDistribution(9)).toThrow(/1 to 8/);
    expect(() => diceDistribution(2.5)).toThrow(RangeError);
  });
});

describe('[CORE-ODDS-2] exact outcome odds', () => {
  it('Good (+3) skill against Good (+3): fail 31, tie 19, success 26, style 5 of 81', () => {
    const o = outcomeOdds({ skill: 3, opposition: 3, dice: 4 });
    expect(o.denominator).toBe(81);
    expect(o.numerators).toEqual({ fail: 31, tie: 19, success: 26, 'success-with-style': 5 });
  });

  it('counts a modifier like skill', () => {
    expect(outcomeOdds({ skill: 1, modifier: 2, opposition: 3, dice: 4 })).toEqual(
      outcomeOdds({ skill: 3, opposition: 3, dice: 4 }),
    );
  });

  it('uses 3dF for the narrative variant: +0 vs +0 ties 7 of 27', () => {
    const o = outcomeOdds({ skill: 0, opposition: 0, dice: 3 });
    expect(o.numerators).toEqual({ fail: 10, tie: 7, success: 9, 'success-with-style': 1 });
  });

  it('numerators add up to the denominator exactly; probabilities to 1', () => {
    const o = outcomeOdds({ skill: 2, modifier: 1, opposition: 4, dice: 4 });
    const n = o.numerators;
    expect(n.fail + n.tie + n.success + n['success-with-style']).toBe(o.denominator);
    const p = o.probabilities;
    expect(p.fail + p.tie + p.success + p['success-with-style']).toBeCloseTo(1, 12);
  });

  it('refuses a fractional skill', () => {
    expect(() => outcomeOdds({ skill: 1.5, opposition: 0, dice: 4 })).toThrow(/skill/);
  });
});

describe('opposedOutcomeOdds', () => {
  it('[CORE-ODDS-2] 1dF against 1dF at equal skill: fail, tie and success 3 of 9 each, no style', () => {
    expect(opposedOutcomeOdds({ skill: 0, opposition: 0, dice: 1 })).toEqual({
      denominator: 9,
      numerators: { fail: 3, tie: 3, success: 3, 'success-with-style': 0 },
    });
  });

  it('[CORE-ODDS-2] agrees with rolling every face of both sides, 2dF at +2 against +1', () => {
    const faces = [-1, 0, 1];
    const counts = { fail: 0, tie: 0, success: 0, 'success-with-style': 0 };
    for (const a of faces)
      for (const b of faces)
        for (const c of faces)
          for (const d of faces) {
            const shifts = 2 + a + b - (1 + c + d);
            counts[
              shifts < 0
                ? 'fail'
                : shifts === 0
                  ? 'tie'
                  : shifts < 3
                    ? 'success'
                    : 'success-with-style'
            ]++;
          }
    expect(opposedOutcomeOdds({ skill: 2, opposition: 1, dice: 2 })).toEqual({
      denominator: 81,
      numerators: counts,
    });
  });
});
