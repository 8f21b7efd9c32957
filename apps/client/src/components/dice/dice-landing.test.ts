import { describe, expect, it } from 'vitest';
import { cutShort, landingMs, tumbleKeyframes, TUMBLE_MS } from './dice-landing';

describe('a fresh roll’s dice landing', () => {
  it('lasts until the last die is down', () => {
    expect(landingMs(4, 140)).toBe(3 * 140 + TUMBLE_MS);
    expect(landingMs(3, 140)).toBe(2 * 140 + TUMBLE_MS);
    expect(landingMs(0, 140)).toBe(0);
  });

  it('hides each die until its turn, then tumbles it in over the same time', () => {
    const total = landingMs(4, 140);
    const shape = (i: number) =>
      tumbleKeyframes(i, 4, 140).map((k) => `${String(k.opacity)}@${String(k.offset)}`);
    expect(shape(0)).toEqual([`0@0`, `1@${String(TUMBLE_MS / total)}`, '1@1']);
    expect(shape(2)).toEqual([
      '0@0',
      `0@${String(280 / total)}`,
      `1@${String(500 / total)}`,
      '1@1',
    ]);
    // The last die ends as the landing does: no frame held after it.
    expect(shape(3)).toEqual(['0@0', `0@${String(420 / total)}`, '1@1']);
  });

  it('starts every die at the same moment, so offsets never go backwards', () => {
    for (const dice of [3, 4])
      for (let i = 0; i < dice; i++) {
        const offsets = tumbleKeyframes(i, dice, 140).map((k) => k.offset ?? 0);
        expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
        expect(offsets[0]).toBe(0);
        expect(offsets.at(-1)).toBe(1);
      }
  });

  it('puts the dice down at once when skipped, and lets a landing that ran its course end', () => {
    expect(cutShort(100, 640)).toBe(true);
    expect(cutShort(630, 640)).toBe(false);
    expect(cutShort(640, 640)).toBe(false);
    // Not started or not a plain time: put down.
    expect(cutShort(null, 640)).toBe(true);
  });
});
