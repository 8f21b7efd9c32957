import { describe, expect, it } from 'vitest';
import { difficultyOdds, rulesetById, oddsPercent, opposedOdds, type OddsTable } from './rules';
import type { ActionKind } from '@fateboard/rules';

const narrative = rulesetById('narrative');
const fateCore = rulesetById('fate-core');

const labels = (t: OddsTable) => t.rows.map((r) => r.label);
const counts = (t: OddsTable) => Object.fromEntries(t.rows.map((r) => [r.label, r.numerator]));
const sum = (t: OddsTable) => t.rows.reduce((a, r) => a + r.numerator, 0);
/** The odds of an exchange between two sides of one rating: Ann and Tam, unless named. */
const evenOdds = (
  ruleset: typeof narrative,
  action: ActionKind,
  rating: number,
  [actor, opponent] = ['Ann', 'Tam'],
) => opposedOdds(ruleset, action, { name: actor, rating }, { name: opponent, rating });

describe('the dice tray odds', () => {
  it('a narrative exchange is labelled by who wins, the roller first, out of 27 × 27', () => {
    const t = evenOdds(narrative, 'attack', 2);
    expect(labels(t)).toEqual(['Ann wins', 'Neither wins', 'Tam wins']);
    expect(t.denominator).toBe(729);
    expect(counts(t)).toEqual({ 'Ann wins': 294, 'Neither wins': 141, 'Tam wins': 294 });
    expect(t.caption).toMatch(/Poor or better/);
  });

  it('strategy counts by role: aggressive helps Ann attack and hurts her defending', () => {
    const aggressive = { name: 'Ann', rating: 2, modifiers: { strategy: 'aggressive' as const } };
    const tam = { name: 'Tam', rating: 2 };
    expect(counts(opposedOdds(narrative, 'attack', aggressive, tam))).toEqual({
      'Ann wins': 435,
      'Neither wins': 126,
      'Tam wins': 168,
    });
    // Defending, Ann is the defender: aggressive is −1 for her, so Tam is favoured.
    expect(counts(opposedOdds(narrative, 'defend', aggressive, tam))).toEqual({
      'Ann wins': 168,
      'Neither wins': 126,
      'Tam wins': 435,
    });
    // The opponent's strategy counts for their role too.
    const defensiveTam = { ...tam, modifiers: { strategy: 'defensive' as const } };
    expect(counts(opposedOdds(narrative, 'attack', aggressive, defensiveTam))['Ann wins']).toBe(
      294,
    );
  });

  it('the Poor threshold shows: two Terrible sides win less often than they tie or both fail', () => {
    const t = evenOdds(narrative, 'overcome', -2);
    expect(counts(t)).toEqual({ 'Ann wins': 197, 'Neither wins': 335, 'Tam wins': 197 });
  });

  it('two sides with one name stay told apart', () => {
    const t = evenOdds(narrative, 'attack', 1, ['Guard', 'Guard']);
    expect(labels(t)).toEqual(['Guard wins', 'Neither wins', 'Guard (opposing) wins']);
  });

  it('a narrative action against a difficulty has no tie: meeting it succeeds', () => {
    for (const action of ['overcome', 'create-advantage', 'attack', 'defend'] as const) {
      const t = difficultyOdds(narrative, action, 2, 3);
      expect(labels(t)).toEqual(['Fail', 'Success', 'Success with style']);
      expect(t.denominator).toBe(27);
      expect(sum(t)).toBe(27);
      // +1 or better on 3dF: 6 + 3 + 1 of 27.
      expect(counts(t)).toEqual({ Fail: 17, Success: 10, 'Success with style': 0 });
    }
  });

  it('other games keep the four core outcomes, against a difficulty and an opponent', () => {
    const d = difficultyOdds(fateCore, 'overcome', 2, 2);
    expect(labels(d)).toEqual(['Fail', 'Tie', 'Success', 'Success with style']);
    expect(d.denominator).toBe(81);
    expect(counts(d)).toEqual({ Fail: 31, Tie: 19, Success: 26, 'Success with style': 5 });
    const o = evenOdds(fateCore, 'attack', 2);
    expect(labels(o)).toEqual(['Fail', 'Tie', 'Success', 'Success with style']);
    expect(o.denominator).toBe(81 * 81);
    expect(sum(o)).toBe(81 * 81);
    expect(o.rows[0]?.numerator).toBe(o.rows[2]!.numerator + o.rows[3]!.numerator);
  });

  it('percentages are whole, with a sliver shown as <1%', () => {
    expect(oddsPercent(294, 729)).toBe('40%');
    expect(oddsPercent(1, 729)).toBe('<1%');
    expect(oddsPercent(0, 729)).toBe('0%');
    expect(oddsPercent(0, 0)).toBe('0%');
  });
});
