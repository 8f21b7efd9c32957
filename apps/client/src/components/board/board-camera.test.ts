import { describe, expect, it } from 'vitest';
import { BoardCamera, MAX_ZOOM, Pinch, fittedViewBox } from './board-camera.svelte';

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

describe('the overlay’s board fitted to its zones', () => {
  it('frames the zones in use with half a cell around them, not the whole grid', () => {
    const zones = [
      { x: 2, y: 1, w: 4, h: 3 },
      { x: 6, y: 1, w: 4, h: 3 },
    ];
    expect(fittedViewBox(zones, 40, { width: 960, height: 320 })).toBe('60 20 360 160');
    // Never past the grid's top-left corner.
    expect(fittedViewBox([{ x: 0, y: 0, w: 2, h: 2 }], 40, { width: 960, height: 320 })).toBe(
      '0 0 100 100',
    );
    expect(fittedViewBox([], 40, { width: 960, height: 320 })).toBe('0 0 960 320');
  });
});

describe('pinch zoom on a touch screen', () => {
  const at = (clientX: number, clientY: number) => ({ clientX, clientY });

  it('zooms by how much farther apart two fingers go, about the point between them', () => {
    const pinch = new Pinch();
    pinch.down(1, at(100, 100));
    expect(pinch.active).toBe(false);
    // One finger alone is a pan or a drag, not a pinch.
    expect(pinch.move(1, at(110, 100))).toBeUndefined();
    pinch.down(2, at(210, 100));
    expect(pinch.active).toBe(true);
    // 100 px apart, then 200: twice as close, centred between the fingers.
    expect(pinch.move(2, at(310, 100))).toEqual({ factor: 2, at: at(210, 100) });
    // Back together: out again.
    expect(pinch.move(1, at(260, 100))?.factor).toBeCloseTo(50 / 200);
    // A third finger changes nothing; lifting one ends the pinch.
    pinch.down(3, at(0, 0));
    expect(pinch.move(3, at(5, 5))).toBeUndefined();
    pinch.up(2);
    expect(pinch.active).toBe(false);
    expect(pinch.move(1, at(0, 0))).toBeUndefined();
  });

  it('drives the camera: a pinch out zooms in, within the camera’s limits', () => {
    const c = new BoardCamera(() => ({ width: 960, height: 320 }));
    const pinch = new Pinch();
    pinch.down(1, at(0, 0));
    pinch.down(2, at(100, 0));
    const step = pinch.move(2, at(400, 0))!;
    c.zoomBy(step.factor, { x: 0, y: 0 });
    expect(c.zoom).toBe(MAX_ZOOM);
  });
});
