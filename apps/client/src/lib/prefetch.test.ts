import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Prefetch } from './prefetch';

describe('Prefetch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads ahead when idle, and the click takes that page without reading again', async () => {
    const read = vi.fn(() => Promise.resolve('page 2'));
    const p = new Prefetch<string>();
    p.ahead('before:40', read);
    expect(read).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(read).toHaveBeenCalledTimes(1);
    const now = vi.fn(() => Promise.resolve('read now'));
    expect(await p.take('before:40', now)).toBe('page 2');
    expect(now).not.toHaveBeenCalled();
    // Taken: the next click reads.
    expect(await p.take('before:40', now)).toBe('read now');
  });

  it('reads now under another key, and forgets the page read ahead', async () => {
    const p = new Prefetch<string>();
    p.ahead('alice:40', () => Promise.resolve('alice'));
    await vi.runAllTimersAsync();
    expect(await p.take('bob:40', () => Promise.resolve('bob'))).toBe('bob');
    expect(await p.take('alice:40', () => Promise.resolve('again'))).toBe('again');
  });

  it('asks once per key, and a click before the page is idle reads at once', async () => {
    const read = vi.fn(() => Promise.resolve('x'));
    const p = new Prefetch<string>();
    p.ahead('k', read);
    p.ahead('k', read);
    expect(await p.take('k', () => Promise.resolve('now'))).toBe('now');
    await vi.runAllTimersAsync();
    expect(read).not.toHaveBeenCalled();
  });

  it('forgets a failed read, so the click reads again and can say why', async () => {
    const p = new Prefetch<string>();
    p.ahead('k', () => Promise.reject(new Error('offline')));
    await vi.runAllTimersAsync();
    expect(await p.take('k', () => Promise.resolve('retried'))).toBe('retried');
  });
});
