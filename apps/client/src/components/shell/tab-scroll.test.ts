import { describe, expect, it } from 'vitest';
import { TabScroll } from './tab-scroll';

describe('where a phone tab opens', () => {
  const TOP = 180; // the header above the sticky tabs
  it('a tab opened for the first time opens at its top, not where the last one was left', () => {
    const tabs = new TabScroll<'log' | 'characters'>();
    expect(tabs.switchTo('log', 'characters', 2400, TOP)).toBe(TOP);
    // With the header still in sight, nothing jumps.
    expect(new TabScroll<'log' | 'dice'>().switchTo('log', 'dice', 40, TOP)).toBe(40);
  });

  it('a tab comes back where it was left', () => {
    const tabs = new TabScroll<'log' | 'characters' | 'dice'>();
    tabs.switchTo('characters', 'log', 900, TOP);
    tabs.switchTo('log', 'dice', 2400, TOP);
    expect(tabs.switchTo('dice', 'characters', 300, TOP)).toBe(900);
    expect(tabs.switchTo('characters', 'log', 950, TOP)).toBe(2400);
  });

  it('tapping the open tab goes back to its top', () => {
    const tabs = new TabScroll<'log'>();
    expect(tabs.switchTo('log', 'log', 2400, TOP)).toBe(TOP);
  });
});
