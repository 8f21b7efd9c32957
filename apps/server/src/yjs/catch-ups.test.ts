import { describe, expect, it } from 'vitest';
import { CatchUps } from './catch-ups';

describe('CatchUps', () => {
  it('shares one catch-up among the requests made before it starts', async () => {
    let runs = 0;
    const catchUps = new CatchUps(() => {
      runs++;
      return Promise.resolve();
    }, 50);
    await Promise.all([catchUps.request(), catchUps.request(), catchUps.request()]);
    expect(runs).toBe(1);
  });

  it('starts at most one every interval, and a request during one waits for the next', async () => {
    const started: number[] = [];
    let finish: () => void = () => {};
    const catchUps = new CatchUps(() => {
      started.push(performance.now());
      return new Promise<void>((resolve) => (finish = resolve));
    }, 200);
    const first = catchUps.request();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = catchUps.request(); // the first has read storage already: not enough
    finish();
    await first;
    expect(started).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toHaveLength(1); // not before its interval
    await new Promise((resolve) => setTimeout(resolve, 250));
    finish();
    await second;
    expect(started).toHaveLength(2);
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(195);
  });
});
