import { describe, expect, it } from 'vitest';
import { RollWatch } from './roll-watch';

/** A watch on a page live from the start, where roll `id` arrived at `at`. */
function arrivedLive(id: string, at: number): RollWatch {
  const w = new RollWatch(1000, 4000);
  w.observe([], true, 0);
  w.observe([id], true, at);
  return w;
}

describe('RollWatch: which rolls land on this page', () => {
  it('the rolls already there when the table loads never land', () => {
    const w = new RollWatch(1000, 4000);
    // Before loading (not live): the first sync brings the table's history.
    w.observe(['a', 'b'], false, 0);
    w.observe(['a', 'b'], true, 5000);
    expect(w.claim('a', true, 7000)).toBe(false);
    expect(w.claim('b', true, 7000)).toBe(false);
  });

  it('a roll that arrives live lands once, on the first card that shows it', () => {
    const w = arrivedLive('a', 2000);
    expect(w.claim('a', true, 2100)).toBe(true);
    // The card remounted (a phone's tab, the tray reloaded): shown at once.
    expect(w.claim('a', true, 2500)).toBe(false);
  });

  it('a card drawn before the watch has observed the roll still claims it', () => {
    const w = new RollWatch(1000, 4000);
    w.observe([], true, 0);
    expect(w.claim('a', true, 2000)).toBe(true);
    w.observe(['a'], true, 2001);
    expect(w.claim('a', true, 2002)).toBe(false);
  });

  it('rolls caught up after a reconnect are history', () => {
    const w = new RollWatch(1000, 4000);
    w.observe(['a'], false, 0);
    w.observe(['a'], true, 100);
    // Offline: nothing arrives, then the resync just after coming back brings two missed rolls.
    w.observe(['a'], false, 5000);
    w.observe(['a'], true, 9000);
    w.observe(['a', 'b', 'c'], true, 9300);
    expect(w.claim('b', true, 9400)).toBe(false);
    expect(w.claim('c', true, 9400)).toBe(false);
    // Rolled by someone once the page is caught up: news again.
    w.observe(['a', 'b', 'c', 'd'], true, 11_000);
    expect(w.claim('d', true, 11_050)).toBe(true);
  });

  it('a roll that arrives while offline (a card claiming it first) does not land', () => {
    const w = new RollWatch(1000, 4000);
    w.observe([], true, 0);
    expect(w.claim('x', false, 5000)).toBe(false);
    expect(w.claim('x', true, 9000)).toBe(false);
  });

  it('a roll first shown long after it arrived (in a tab not open) does not land', () => {
    const w = arrivedLive('a', 2000);
    expect(w.claim('a', true, 6500)).toBe(false);
  });

  it('what waits for a roll runs when its card has landed it, or at once if none is', () => {
    const w = new RollWatch(1000, 4000);
    w.observe([], true, 0);
    const ran: string[] = [];
    // Not landing on any card (old, or no card claimed it): at once.
    w.afterLanding('old', () => ran.push('old'));
    expect(ran).toEqual(['old']);
    // Landing: held until the card says its dice are down, then run once.
    w.observe(['a'], true, 2000);
    expect(w.claim('a', true, 2001)).toBe(true);
    w.afterLanding('a', () => ran.push('a1'));
    w.afterLanding('a', () => ran.push('a2'));
    expect(ran).toEqual(['old']);
    w.landed('a');
    expect(ran).toEqual(['old', 'a1', 'a2']);
    w.landed('a');
    w.afterLanding('a', () => ran.push('a3'));
    expect(ran).toEqual(['old', 'a1', 'a2', 'a3']);
  });
});
