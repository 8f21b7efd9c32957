/** Percentile by linear interpolation between closest ranks; `p` in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** A figure repeated over rounds: the median and the spread (min–max) of the rounds. */
export interface Repeated {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function repeated(runs: number[]): Repeated {
  return { median: median(runs), min: Math.min(...runs), max: Math.max(...runs), runs };
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
