import { describe, expect, it } from 'vitest';
import {
  REFUSAL_CODES,
  REFUSAL_CODE_LIST,
  knownCode,
  mayHaveBeenStored,
  tableCode,
} from './refusal-codes';
import { GM, SPECTATOR, player, sceneTable } from '../test/harness';

describe('the refusal codes', () => {
  it('give every code its words, and only unknown-outcome may have stored anything', () => {
    for (const code of REFUSAL_CODE_LIST) {
      expect(REFUSAL_CODES[code].words.trim().length, code).toBeGreaterThan(10);
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    expect(REFUSAL_CODE_LIST.filter(mayHaveBeenStored)).toEqual(['unknown-outcome']);
  });

  it('say the rules’ codes under the table’s, and nothing unknown under a code of its own', () => {
    expect(tableCode('no-free-invoke')).toBe('no-free-invokes');
    expect(tableCode('not-enough-points')).toBe('no-fate-points');
    expect(tableCode('no-such-slot')).toBe('not-found');
    expect(tableCode('gm-only')).toBe('forbidden');
    expect(tableCode('already-recovering')).toBe('already-recovering');
    expect(tableCode('pass-to-self', 'invalid')).toBe('invalid');
    expect(tableCode('anything-else')).toBe('rules');
    expect(knownCode('anything-else')).toBeUndefined();
    expect(knownCode('constructor')).toBeUndefined();
  });

  it('are what the reducer refuses with', () => {
    const { t, a } = sceneTable(3);
    const refusals = [
      t.send(GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' }),
      t.send(player('s9'), { type: 'seat.remove', seatId: 'nobody' }),
      t.send(SPECTATOR, { type: 'seat.remove', seatId: 'nobody' }),
      t.send(GM, { type: 'concede', characterId: a }),
    ];
    for (const r of refusals) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(knownCode(r.code)).toBe(r.code);
    }
  });
});
