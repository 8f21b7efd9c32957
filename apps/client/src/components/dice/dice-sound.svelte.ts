/**
 * The optional dice sound: a few short clicks synthesised with the Web Audio API (no audio
 * files to ship), one per die as it lands. Off unless the reader turns it on; the choice is
 * kept in localStorage. A page nobody has clicked yet stays silent: browsers keep its audio
 * suspended, and a sound out of nowhere on a stream or a phone is unwelcome anyway.
 */

export const SOUND_KEY = 'fateboard:dice-sound';

export interface SoundDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The page has had a user gesture (audio may play). */
  activated: () => boolean;
  /** A fresh audio context, or null where there is no Web Audio. */
  context: () => AudioContext | null;
}

function browserDeps(): SoundDeps {
  return {
    storage: typeof localStorage === 'undefined' ? null : localStorage,
    activated: () =>
      typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true,
    context: () => (typeof AudioContext === 'undefined' ? null : new AudioContext()),
  };
}

export class DiceSound {
  on = $state(false);
  #ctx: AudioContext | null = null;

  constructor(private readonly deps: SoundDeps = browserDeps()) {
    let stored: string | null = null;
    try {
      stored = deps.storage?.getItem(SOUND_KEY) ?? null;
    } catch {
      // Storage refused (private mode): the default, off.
    }
    this.on = stored === 'on';
  }

  set(on: boolean): void {
    this.on = on;
    try {
      this.deps.storage?.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Not remembered, still honoured for this page.
    }
  }

  /** Whether a roll landing now would make a sound. */
  get audible(): boolean {
    return this.on && this.deps.activated();
  }

  /** Clicks for `dice` dice, `stepMs` apart (0: together). Returns whether it played. */
  play(dice: number, stepMs: number): boolean {
    if (!this.audible) return false;
    this.#ctx ??= this.deps.context();
    const ctx = this.#ctx;
    if (!ctx) return false;
    if (ctx.state === 'suspended') void ctx.resume();
    for (let i = 0; i < dice; i++) click(ctx, ctx.currentTime + (i * stepMs) / 1000);
    return true;
  }
}

/** One die on the table: a burst of noise through a band-pass, a few tens of ms long. */
function click(ctx: AudioContext, at: number): void {
  const length = Math.floor(ctx.sampleRate * 0.05);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // Not the rules' dice: only the noise of a click, so Math.random is fine here.
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 1800 + Math.random() * 900;
  const gain = ctx.createGain();
  gain.gain.value = 0.35;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(at);
}

/** The page's one setting, shared by the tray's toggle and every roll card. */
export const diceSound = new DiceSound();
