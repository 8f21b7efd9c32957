import { describe, expect, it } from 'vitest';
import { rollFateDice, seededRng } from './dice';

describe('[CORE-DICE-1] Fate dice: each face −1, 0 or +1 with equal chance; the total is their sum', () => {
  it('maps [0, 1/3) to −1, [1/3, 2/3) to 0 and [2/3, 1) to +1', () => {
    const values = [0, 0.34, 0.67, 0.999];
    let i = 0;
    expect(rollFateDice(() => values[i++]!, 4)).toEqual({ faces: [-1, 0, 1, 1], total: 1 });
  });
  it('refuses a bad dice count or an Rng outside [0, 1)', () => {
    expect(() => rollFateDice(seededRng(1), 0)).toThrow(RangeError);
    expect(() => rollFateDice(() => 1, 1)).toThrow(/\[0, 1\)/);
  });
  it('replays the same faces from the same seed', () => {
    expect(rollFateDice(seededRng(7), 4)).toEqual(rollFateDice(seededRng(7), 4));
  });
});
