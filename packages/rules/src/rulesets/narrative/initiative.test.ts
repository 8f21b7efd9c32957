import { describe, expect, it } from 'vitest';
import type { Rng } from '../../core/types';
import { determineInitiative } from './initiative';

/** An Rng that yields the given 3dF totals, one die-triple per total (−3..+3). */
function diceRng(totals: number[]): Rng {
  const u: number[] = [];
  for (const t of totals) {
    // Build three faces that sum to t: pluses, then blanks, then minuses.
    const faces =
      t >= 0
        ? [...Array<number>(t).fill(1), ...Array<number>(3 - t).fill(0)]
        : [...Array<number>(-t).fill(-1), ...Array<number>(3 + t).fill(0)];
    for (const f of faces) u.push(f === -1 ? 0.1 : f === 0 ? 0.5 : 0.9);
  }
  let i = 0;
  return () => {
    const v = u[i++];
    if (v === undefined) throw new Error('out of scripted dice');
    return v;
  };
}

describe('narrative initiative', () => {
  it('[NAR-INIT-1] by aspect: the higher aspect goes first, no dice', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 1 },
        { id: 'b', rating: 3 },
        { id: 'c', rating: 2 },
      ],
      'aspect',
      diceRng([]),
    );
    expect(r).toEqual({ order: ['b', 'c', 'a'], rolls: [] });
  });

  it('[NAR-INIT-1] by roll: aspect + 3dF, highest first', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 1 },
        { id: 'b', rating: 3 },
      ],
      'roll',
      diceRng([2, -1]),
    );
    expect(r.order).toEqual(['a', 'b']);
    expect(r.rolls).toEqual([
      { id: 'a', round: 1, dice: 2, total: 3 },
      { id: 'b', round: 1, dice: -1, total: 2 },
    ]);
  });

  it('[NAR-INIT-3] a tied roll goes to the higher aspect', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 1 },
        { id: 'b', rating: 2 },
      ],
      'roll',
      diceRng([1, 0]),
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.rolls).toHaveLength(2);
  });

  it('[NAR-INIT-3] a tie with equal aspects rolls again', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 2 },
        { id: 'b', rating: 2 },
      ],
      'roll',
      diceRng([1, 1, -1, 0]),
    );
    expect(r.order).toEqual(['b', 'a']);
    expect(r.rolls.map((x) => x.round)).toEqual([1, 1, 2, 2]);
  });

  it('[NAR-INIT-3] equal aspects ordered by aspect go to a roll-off', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 2 },
        { id: 'b', rating: 2 },
        { id: 'c', rating: 4 },
      ],
      'aspect',
      diceRng([-2, 3]),
    );
    expect(r.order).toEqual(['c', 'b', 'a']);
  });

  it('[NAR-INIT-2] a surprising character goes first', () => {
    const r = determineInitiative(
      [
        { id: 'a', rating: 4 },
        { id: 'b', rating: 0, surprise: true },
      ],
      'aspect',
      diceRng([]),
    );
    expect(r.order).toEqual(['b', 'a']);
  });
});
