import { describe, expect, it } from 'vitest';
import { matchSubset } from './match';

describe('rule-cases runner: deep-subset matching', () => {
  it('ignores keys the expectation leaves out', () => {
    expect(matchSubset({ a: 1 }, { a: 1, b: 2 })).toBeUndefined();
    expect(matchSubset({ a: { b: 1 } }, { a: { b: 1, c: 3 }, d: 4 })).toBeUndefined();
  });

  it('reports the path of the first difference', () => {
    expect(matchSubset({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 3 }] } })).toEqual({
      path: 'a.b[1].c',
      expected: 2,
      actual: 3,
    });
  });

  it('requires a written key to exist', () => {
    expect(matchSubset({ a: null }, {})).toEqual({ path: 'a', expected: null, actual: undefined });
  });

  it('matches arrays element-wise and by length', () => {
    expect(matchSubset([{ a: 1 }], [{ a: 1, b: 2 }])).toBeUndefined();
    expect(matchSubset([1, 2], [1, 2, 3])).toMatchObject({ path: '', expected: [1, 2] });
    expect(matchSubset([], [])).toBeUndefined();
  });

  it('does not let an object match an array or null, or 0 match "0"', () => {
    expect(matchSubset({}, [])).toBeDefined();
    expect(matchSubset({}, null)).toBeDefined();
    expect(matchSubset(0, '0')).toBeDefined();
    expect(matchSubset(null, null)).toBeUndefined();
  });
});
