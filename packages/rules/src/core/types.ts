/** A source of uniform random numbers in [0, 1). Injected so every result can be replayed. */
export type Rng = () => number;

/** The four games Fateboard plays; see RULES.md for where each comes from. */
export const RULESET_IDS = ['fate-core', 'pirates', 'edgerunner', 'narrative'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === 'string' && (RULESET_IDS as readonly string[]).includes(value);
}

/**
 * A sheet problem's sentence as an id and its values, so a client can say it in another
 * language; `Problem.message` is the same sentence in English. Ratings are numbers on the
 * ladder, skills and aspect slots are ids; `aspects` are aspect texts as the sheet has them.
 */
export type ProblemSay =
  /** A spread rung holds too many (`over`) or too few (`under`) ratings. */
  | {
      id: 'spread-over' | 'spread-under';
      pyramid: boolean;
      noun: 'skill' | 'aspect';
      rating: number;
      want: number;
      have: number;
    }
  /** The column rule: `have` at `rating` need as many one rung below, which holds `want`. */
  | { id: 'spread-columns'; noun: 'skill' | 'aspect'; rating: number; have: number; want: number }
  /** fate-core: a starting skill outside Mediocre to Great. */
  | { id: 'skill-range'; skill: string; rating: number }
  /** edgerunner: skills above the cap. */
  | { id: 'skill-cap'; skills: string[] }
  /** pirates: the fixed spread, then what to change (`spread-…` sentences follow). */
  | { id: 'pirates-spread' }
  /** pirates: the fixed spread and the ratings the sheet has instead. */
  | { id: 'pirates-spread-these'; ratings: number[] }
  /** narrative: aspects above the cap. */
  | { id: 'aspect-cap'; cap: number; aspects: string[] }
  /** narrative: the spread, when no rung says what to change. */
  | { id: 'narrative-spread' }
  /** A named aspect slot left blank (fate-core, pirates: `freeMayStay`). */
  | { id: 'aspect-blank'; slot: string; freeMayStay: boolean }
  /** edgerunner: the High Concept or Trouble left blank (`slot`). */
  | { id: 'permanent-aspect-blank'; slot: string }
  /** edgerunner: `count` of the other permanent aspects left blank. */
  | { id: 'permanent-aspects-blank'; count: number }
  /** narrative: the aspect of a category left blank. */
  | { id: 'category-aspect-blank'; category: string }
  /** Too many stunts for refresh 1 (`max`: the most stunts the game allows, where it says so). */
  | { id: 'too-many-stunts'; stunts: number; refresh: number; max?: number }
  | { id: 'refresh-floor' };

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
  /** The message's sentences as ids and values, for another language (see `ProblemSay`). */
  says?: ProblemSay[];
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
