import { describe, expect, it } from 'vitest';
import { DiceSound, SOUND_KEY, type SoundDeps } from './dice-sound.svelte';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

/** A fake AudioContext that counts the clicks scheduled on it. */
function fakeContext() {
  const started: number[] = [];
  const node = () => ({ connect: (n: unknown) => n, gain: { value: 0 }, frequency: { value: 0 } });
  const ctx = {
    state: 'running',
    currentTime: 10,
    sampleRate: 8000,
    destination: {},
    resume: () => Promise.resolve(),
    createBuffer: (_c: number, n: number) => ({ getChannelData: () => new Float32Array(n) }),
    createBufferSource: () => ({
      ...node(),
      buffer: null,
      start: (at: number) => started.push(at),
    }),
    createBiquadFilter: () => ({ ...node(), type: '' }),
    createGain: node,
  };
  return { ctx: ctx as unknown as AudioContext, started };
}

function sound(opts: { stored?: string; activated?: boolean } = {}) {
  const storage = memoryStorage(opts.stored ? { [SOUND_KEY]: opts.stored } : {});
  const { ctx, started } = fakeContext();
  let contexts = 0;
  const deps: SoundDeps = {
    storage,
    activated: () => opts.activated ?? true,
    context: () => (contexts++, ctx),
  };
  return { s: new DiceSound(deps), storage, started, contexts: () => contexts };
}

describe('DiceSound: the dice sound toggle', () => {
  it('is off by default, and then plays nothing nor opens any audio', () => {
    const { s, started, contexts } = sound();
    expect(s.on).toBe(false);
    expect(s.play(4, 140)).toBe(false);
    expect(started).toEqual([]);
    expect(contexts()).toBe(0);
  });

  it('turned on, it is remembered, and four dice make four clicks 140 ms apart', () => {
    const { s, storage, started } = sound();
    s.set(true);
    expect(storage.items.get(SOUND_KEY)).toBe('on');
    expect(s.play(4, 140)).toBe(true);
    expect(started.map((t) => Math.round((t - 10) * 1000))).toEqual([0, 140, 280, 420]);
  });

  it('a page loaded later reads the choice back, on or off', () => {
    expect(sound({ stored: 'on' }).s.on).toBe(true);
    expect(sound({ stored: 'off' }).s.on).toBe(false);
    expect(sound({ stored: 'garbage' }).s.on).toBe(false);
  });

  it('turned off again, it stays silent', () => {
    const { s, storage, started } = sound({ stored: 'on' });
    s.set(false);
    expect(storage.items.get(SOUND_KEY)).toBe('off');
    expect(s.play(4, 140)).toBe(false);
    expect(started).toEqual([]);
  });

  it('a page with no user gesture yet stays silent even when on', () => {
    const { s, started, contexts } = sound({ stored: 'on', activated: false });
    expect(s.audible).toBe(false);
    expect(s.play(4, 0)).toBe(false);
    expect(started).toEqual([]);
    expect(contexts()).toBe(0);
  });

  it('storage that throws: off, and a choice still honoured for the page', () => {
    const deps: SoundDeps = {
      storage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
      },
      activated: () => true,
      context: () => null,
    };
    const s = new DiceSound(deps);
    expect(s.on).toBe(false);
    s.set(true);
    expect(s.on).toBe(true);
    // No Web Audio here: nothing to play with.
    expect(s.play(4, 140)).toBe(false);
  });
});
