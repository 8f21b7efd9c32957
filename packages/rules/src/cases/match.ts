/**
 * Deep-subset matching for rule cases: every key written in `expect` must match, keys the
 * case leaves out are ignored (so a case states only what its rule is about), and arrays
 * match element by element and by length (order and count are usually the point).
 */
export interface Mismatch {
  /** Where the first difference is, e.g. `movements[0].amount`; empty at the top. */
  path: string;
  expected: unknown;
  actual: unknown;
}

export function matchSubset(expected: unknown, actual: unknown, path = ''): Mismatch | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return { path, expected, actual };
    for (const [i, e] of expected.entries()) {
      const m = matchSubset(e, actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return { path, expected, actual };
    }
    const a = actual as Record<string, unknown>;
    for (const [key, e] of Object.entries(expected)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(a, key)) return { path: at, expected: e, actual: undefined };
      const m = matchSubset(e, a[key], at);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : { path, expected, actual };
}
