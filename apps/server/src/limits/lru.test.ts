import { describe, expect, it } from 'vitest';
import { LruMap } from './lru';

describe('LruMap', () => {
  it('forgets the least recently used entry when full, never the others', () => {
    const lru = new LruMap<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.get('a')).toBe(1); // a is now the most recent; b the least
    lru.set('d', 4);
    expect(lru.size).toBe(3);
    expect(lru.has('b')).toBe(false);
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
    lru.set('c', 30); // a write is a use too: a is now the least recent
    lru.set('e', 5);
    expect(lru.has('a')).toBe(false);
    expect([lru.get('c'), lru.get('d'), lru.get('e')]).toEqual([30, 4, 5]);
  });

  it('keeps a key that is used between 10,001 others', () => {
    const lru = new LruMap<string, number>(10_000);
    lru.set('hot', 0);
    for (let i = 0; i < 10_001; i++) {
      lru.set(`cold-${i}`, i);
      if (i % 5_000 === 0) lru.get('hot');
    }
    expect(lru.size).toBe(10_000);
    expect(lru.get('hot')).toBe(0);
    expect(lru.has('cold-0')).toBe(false);
    expect(lru.get('cold-10000')).toBe(10_000);
  });

  it('has does not count as a use, and a capacity below 1 is refused', () => {
    const lru = new LruMap<string, number>(1);
    lru.set('a', 1);
    expect(lru.has('a')).toBe(true);
    lru.set('b', 2);
    expect(lru.has('a')).toBe(false);
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(Number.NaN)).toThrow(RangeError);
  });
});
