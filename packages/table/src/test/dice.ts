import type { TestTable } from './harness';

/** Makes the table's next dice come up as `faces` (−1, 0, +1), then blanks. */
export function loadDice(t: TestTable, faces: number[]): void {
  const queue = [...faces];
  (t as unknown as { rng: () => number }).rng = () => {
    const f = queue.shift() ?? 0;
    return f < 0 ? 0.1 : f > 0 ? 0.9 : 0.5;
  };
}
