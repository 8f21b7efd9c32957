/** The four outcomes of a roll against opposition [CORE-OUTCOME-1]. */
export type Outcome = 'fail' | 'tie' | 'success' | 'success-with-style';

export interface Resolution {
  outcome: Outcome;
  /** Result minus opposition: negative on a failure. */
  shifts: number;
}

/** Compares a result with its opposition; success with style is 3 shifts or more [CORE-OUTCOME-2]. */
export function resolve(result: number, opposition: number): Resolution {
  const shifts = result - opposition;
  return { outcome: outcomeOf(shifts), shifts };
}

export function outcomeOf(shifts: number): Outcome {
  if (shifts < 0) return 'fail';
  if (shifts === 0) return 'tie';
  if (shifts >= 3) return 'success-with-style';
  return 'success';
}
