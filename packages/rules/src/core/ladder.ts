/**
 * The ladder [CORE-LADDER-1]: Legendary +8 … Terrible −2; beyond both ends the signed number
 * alone [CORE-LADDER-2].
 */
const NAMES: Readonly<Record<number, string>> = {
  8: 'Legendary',
  7: 'Epic',
  6: 'Fantastic',
  5: 'Superb',
  4: 'Great',
  3: 'Good',
  2: 'Fair',
  1: 'Average',
  0: 'Mediocre',
  [-1]: 'Poor',
  [-2]: 'Terrible',
};

export const LADDER_MIN_NAMED = -2;
export const LADDER_MAX_NAMED = 8;

/** `+3`, `+0`, `-1` (a true minus sign is avoided so the text stays ASCII-searchable). */
export function signed(value: number): string {
  assertInteger(value);
  return value >= 0 ? `+${value}` : `${value}`;
}

/** The ladder's adjective for a value, or undefined beyond Legendary and Terrible. */
export function ladderName(value: number): string | undefined {
  assertInteger(value);
  return NAMES[value];
}

/** `Good (+3)`, `Mediocre (+0)`, `Poor (-1)`; beyond the named range, `+9` or `-4`. */
export function ladderLabel(value: number): string {
  const name = ladderName(value);
  return name === undefined ? signed(value) : `${name} (${signed(value)})`;
}

/** Every named rung, highest first, for pickers. */
export function ladderRungs(): { value: number; name: string; label: string }[] {
  const rungs = [];
  for (let v = LADDER_MAX_NAMED; v >= LADDER_MIN_NAMED; v--) {
    rungs.push({ value: v, name: NAMES[v]!, label: ladderLabel(v) });
  }
  return rungs;
}

function assertInteger(value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`The ladder has only integers, got ${value}`);
}
