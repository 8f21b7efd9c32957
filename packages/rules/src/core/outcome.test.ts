import { describe, expect, it } from 'vitest';
import { outcomeOf, resolve } from './outcome';

describe('[CORE-OUTCOME-1] lower fails, equal ties, higher succeeds', () => {
  it('compares the result with the difficulty or the opposing result', () => {
    expect(resolve(1, 2)).toEqual({ outcome: 'fail', shifts: -1 });
    expect(resolve(2, 2)).toEqual({ outcome: 'tie', shifts: 0 });
    expect(resolve(4, 2)).toEqual({ outcome: 'success', shifts: 2 });
  });
});

describe('[CORE-OUTCOME-2] three or more shifts succeed with style', () => {
  it('turns at exactly 3 shifts', () => {
    expect(outcomeOf(2)).toBe('success');
    expect(outcomeOf(3)).toBe('success-with-style');
    expect(resolve(9, 2)).toEqual({ outcome: 'success-with-style', shifts: 7 });
  });
});
