import { describe, expect, it } from 'vitest';
import { BoardCamera, MAX_ZOOM } from './board-camera.svelte';

describe('the board’s pan and zoom', () => {
  const camera = () => new BoardCamera(() => ({ width: 960, height: 320 }));

  it('shows the whole board until zoomed, and zooms about the point under the wheel', () => {
    const c = camera();
    expect(c.viewBox).toBe('0 0 960 320');
    c.zoomBy(2, { x: 960, y: 320 });
    // The bottom-right corner stays where it was: the right half, the bottom half.
    expect(c.viewBox).toBe('480 160 480 160');
    for (let i = 0; i < 20; i++) c.zoomBy(2);
    expect(c.zoom).toBe(MAX_ZOOM);
  });

  it('pans with the arrows and never leaves the board', () => {
    const c = camera();
    // Not zoomed: nothing to pan to.
    expect(c.key('ArrowRight')).toBe(true);
    expect(c.viewBox).toBe('0 0 960 320');
    c.key('+');
    c.key('+');
    c.key('0');
    expect(c.zoom).toBe(1);
    c.zoomBy(2, { x: 0, y: 0 });
    c.key('ArrowRight');
    expect(c.x).toBe(60);
    c.panBy(10_000, 10_000);
    expect(c.viewBox).toBe('480 160 480 160');
    c.panBy(-10_000, -10_000);
    expect(c.viewBox).toBe('0 0 480 160');
    expect(c.key('a')).toBe(false);
  });
});
