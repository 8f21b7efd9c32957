/** A source of uniform random numbers in [0, 1). Injected so every result can be replayed. */
export type Rng = () => number;

/** The four games Fateboard plays; see RULES.md for where each comes from. */
export const RULESET_IDS = ['fate-core', 'pirates', 'edgerunner', 'narrative'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === 'string' && (RULESET_IDS as readonly string[]).includes(value);
}

/** A readable problem found while validating something; never thrown. */
export interface Problem {
  /** Stable, machine-readable code, e.g. `skill-spread`. */
  code: string;
  /** A sentence a player can read. */
  message: string;
  /** Where in the input the problem sits, e.g. `skills.explore`. */
  path?: string;
  /** The rule id behind the problem, e.g. `[PIR-SKILLS-1]`. */
  rule?: string;
}

/** The result of a transition that may be refused: a value, or a stable code and a reason. */
export type Result<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function refuse<T = never>(code: string, message: string): Result<T> {
  return { ok: false, code, message };
}

/** Ends an exhaustive switch: the compiler proves this is never reached. */
export function exhaustive(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
