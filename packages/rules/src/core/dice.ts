import type { Rng } from './types';

/** One Fate die: two minus, two blank, two plus faces [CORE-DICE-1]. */
export type DieFace = -1 | 0 | 1;

export interface DiceRoll {
  faces: DieFace[];
  total: number;
}

/** Rolls `count` Fate dice (4dF in most games, 3dF in `narrative`) [CORE-DICE-1]. */
export function rollFateDice(rng: Rng, count: number): DiceRoll {
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    throw new RangeError(`A Fate roll uses 1 to 16 dice, got ${count}`);
  }
  const faces: DieFace[] = [];
  for (let i = 0; i < count; i++) faces.push(faceFrom(rng()));
  return { faces, total: faces.reduce<number>((sum, f) => sum + f, 0) };
}

function faceFrom(u: number): DieFace {
  if (!(u >= 0 && u < 1)) throw new RangeError(`An Rng must give numbers in [0, 1), got ${u}`);
  // Each face has two sides of six: [0, 1/3) minus, [1/3, 2/3) blank, [2/3, 1) plus.
  const side = Math.floor(u * 3);
  return (side - 1) as DieFace;
}

/** A deterministic Rng for tests and replays (mulberry32). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
