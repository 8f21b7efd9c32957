import { describe, expect, it } from 'vitest';
import type { ActionEffect } from '@fateboard/rules';
import {
  counted,
  deedWords,
  effectWords,
  fatePointsWords,
  outcomeWords,
  reasonWords,
  resultWords,
  rollPurposeWords,
} from './words';

describe('players’ words', () => {
  it('counts in the singular for one, the plural otherwise', () => {
    expect([0, 1, 2, -1, -2].map((n) => counted(n, 'shift'))).toEqual([
      '0 shifts',
      '1 shift',
      '2 shifts',
      '-1 shift',
      '-2 shifts',
    ]);
    expect([fatePointsWords(1), fatePointsWords(3)]).toEqual(['a fate point', '3 fate points']);
  });

  it('says outcomes, rolls and deeds without their ids', () => {
    expect(outcomeWords('success-with-style')).toBe('success with style');
    expect(rollPurposeWords('create-advantage')).toBe('to create an advantage');
    expect(deedWords('create-advantage', 'success-with-style')).toBe('created an advantage');
    expect(deedWords('create-advantage', 'fail')).toBe('tried to create an advantage');
    expect(deedWords('maneuver', 'success')).toBe('made a maneuver');
  });

  it('says a result by how far it went, and a miss by how far it fell short', () => {
    expect(resultWords('success-with-style', 3)).toBe('success with style (3 shifts)');
    expect(resultWords('success', 1)).toBe('success (1 shift)');
    expect(resultWords('tie', 0)).toBe('tie');
    expect(resultWords('fail', -9)).toBe('fail (short by 9)');
  });

  it('says every effect in words', () => {
    const effects: ActionEffect[] = [
      { type: 'nothing' },
      { type: 'goal' },
      { type: 'cost', severity: 'minor' },
      { type: 'boost' },
      { type: 'create-aspect', freeInvokes: 1, for: 'opposition' },
      { type: 'free-invokes', count: 2 },
      { type: 'hit', shifts: 3 },
      { type: 'opposed-outcome', outcome: 'success-with-style', shifts: 3 },
      { type: 'redirect-to-defender' },
    ];
    expect(effects.map(effectWords)).toEqual([
      'nothing happens',
      'the goal',
      'at a minor cost',
      'a boost',
      'a new aspect with 1 free invoke for the other side',
      '2 free invokes on the aspect',
      'a 3-shift hit',
      "the other side's roll counts as a success with style",
      'the defender takes the hit',
    ]);
  });

  it('says why points moved, a GM’s gift as given by the GM, an unknown reason as other', () => {
    expect(reasonWords('gm-adjustment', 1)).toBe('given by the GM');
    expect(reasonWords('gm-adjustment', -1)).toBe('taken by the GM');
    expect(reasonWords('compel-refused', -1)).toBe('compels refused');
    expect(reasonWords('give', 2)).toBe('gifts received');
    expect(reasonWords('steal', 1)).toBe('other');
  });
});
