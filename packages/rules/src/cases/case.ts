import { isRulesetId, type RulesetId } from '../core/types';
import { describe, isRecord } from './input';

/** One rule case, as written in packages/rules/cases/<ruleset or core>/*.json. */
export interface RuleCase {
  name: string;
  /** The rule id it checks, with brackets, e.g. `[PIR-STRESS-1]`. */
  rule: string;
  ruleset: RulesetId | null;
  /** An operation name from the registry in operations.ts. */
  op: string;
  input: unknown;
  /** Matched against the operation's result as a deep subset. */
  expect: unknown;
}

/** A case file's entries: a valid case, or why the entry at `index` is not one. */
export type ParsedEntry = { case: RuleCase } | { index: number; name: string; error: string };

export type ParsedFile = { ok: true; entries: ParsedEntry[] } | { ok: false; error: string };

const RULE_ID = /^\[[A-Z][A-Z0-9]*(-[A-Z0-9]+)+\]$/;

/** Parses a case file's text; never throws, so one bad file cannot stop a run. */
export function parseCaseFile(text: string): ParsedFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!Array.isArray(data))
    return { ok: false, error: 'a case file must be a JSON array of cases' };
  return { ok: true, entries: data.map((entry, index) => parseCase(entry, index)) };
}

function parseCase(entry: unknown, index: number): ParsedEntry {
  const fallbackName =
    isRecord(entry) && typeof entry.name === 'string' ? entry.name : `case #${index}`;
  const fail = (error: string): ParsedEntry => ({ index, name: fallbackName, error });
  if (!isRecord(entry)) return fail(`case #${index} must be an object, got ${describe(entry)}`);
  const { name, rule, ruleset, op, input, expect } = entry;
  if (typeof name !== 'string' || name.trim() === '')
    return fail('"name" must be a non-empty string');
  if (typeof rule !== 'string' || !RULE_ID.test(rule)) {
    return fail(`"rule" must be a rule id like "[PIR-STRESS-1]", got ${describe(rule)}`);
  }
  if (ruleset !== null && !isRulesetId(ruleset)) {
    return fail(`"ruleset" must be null or a ruleset id, got ${describe(ruleset)}`);
  }
  if (typeof op !== 'string' || op === '') return fail('"op" must be an operation name');
  if (!isRecord(input)) return fail(`"input" must be an object, got ${describe(input)}`);
  if (expect === undefined) return fail('"expect" is missing');
  const known = new Set(['name', 'rule', 'ruleset', 'op', 'input', 'expect']);
  const extra = Object.keys(entry).filter((k) => !known.has(k));
  // An unknown key is usually a typo ("expected"), which would silently test nothing.
  if (extra.length > 0) return fail(`unknown key(s) ${extra.join(', ')}`);
  return { case: { name, rule, ruleset, op, input, expect } };
}
