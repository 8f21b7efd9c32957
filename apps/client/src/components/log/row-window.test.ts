import { describe, expect, it } from 'vitest';
import { hasHiddenOlder, hasNewer, newer, older, windowRows } from './row-window';

// The window a long list draws over the rows it has read (newest first): bounded however
// many pages were read, every row still reachable by moving it.

const rows = Array.from({ length: 500 }, (_, i) => i);

describe('a window over the rows read', () => {
  it('draws at most its size, however many pages were read', () => {
    let w = { start: 0, size: 40 };
    let read = 20;
    for (let page = 0; page < 24; page++) {
      read += 20;
      w = older(read, w, 20);
      const shown = windowRows(rows.slice(0, read), w);
      expect(shown.length).toBeLessThanOrEqual(40);
      // The page just read is at the window's end.
      expect(shown.at(-1)).toBe(read - 1);
    }
    expect(hasHiddenOlder(read, w)).toBe(false);
  });

  it('moves back to the newest row and forward to the oldest, one step at a time', () => {
    let w = older(500, { start: 0, size: 40 }, 1000);
    expect(w.start).toBe(460);
    const seen = new Set(windowRows(rows, w));
    while (hasNewer(w)) {
      w = newer(w, 30);
      for (const r of windowRows(rows, w)) seen.add(r);
    }
    expect(w.start).toBe(0);
    expect(seen.size).toBe(500);
    expect(hasHiddenOlder(500, w)).toBe(true);
    w = older(500, w, 30);
    expect(windowRows(rows, w)[0]).toBe(30);
  });

  it('draws every row while there are fewer than its size', () => {
    const w = older(10, { start: 0, size: 40 }, 20);
    expect(w.start).toBe(0);
    expect(windowRows(rows.slice(0, 10), w)).toHaveLength(10);
    expect(hasNewer(w)).toBe(false);
    expect(hasHiddenOlder(10, w)).toBe(false);
  });
});
