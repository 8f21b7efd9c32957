import { describe, expect, it } from 'vitest';
import type { Component } from 'svelte';
import { lazy } from './lazy';

const Part = (() => {}) as unknown as Component<{ n: number }>;

describe('lazy', () => {
  it('loads once, then answers the component itself', async () => {
    let calls = 0;
    const part = lazy<{ n: number }>(() => {
      calls++;
      return Promise.resolve({ default: Part });
    });
    const first = part.get();
    expect(first).toBeInstanceOf(Promise);
    expect(part.get()).toBe(first);
    expect(await first).toBe(Part);
    expect(part.get()).toBe(Part);
    expect(calls).toBe(1);
  });

  it('forgets a failed load, so a retry loads again', async () => {
    let calls = 0;
    const part = lazy<{ n: number }>(() => {
      calls++;
      return calls === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ default: Part });
    });
    await expect(part.get()).rejects.toThrow('offline');
    expect(await part.get()).toBe(Part);
    expect(calls).toBe(2);
  });

  it('preloads without an unhandled rejection', async () => {
    const part = lazy<{ n: number }>(() => Promise.reject(new Error('offline')));
    part.preload();
    await expect(part.get()).rejects.toThrow('offline');
  });
});
