import { describe, expect, it } from 'vitest';
import { ladderLabel, ladderName, signed } from './ladder';

describe('[CORE-LADDER-1] the ladder names', () => {
  it('names Good (+3), Mediocre (+0), Poor (-1), Legendary (+8), Terrible (-2)', () => {
    expect(ladderLabel(3)).toBe('Good (+3)');
    expect(ladderLabel(0)).toBe('Mediocre (+0)');
    expect(ladderLabel(-1)).toBe('Poor (-1)');
    expect(ladderLabel(8)).toBe('Legendary (+8)');
    expect(ladderLabel(-2)).toBe('Terrible (-2)');
  });
});

describe('[CORE-LADDER-2] beyond Legendary and Terrible, the signed number alone', () => {
  it('gives +9 and -4', () => {
    expect(ladderName(9)).toBeUndefined();
    expect(ladderLabel(9)).toBe('+9');
    expect(ladderLabel(-4)).toBe('-4');
    expect(signed(0)).toBe('+0');
  });
});
