import { parseCaseFile, type RuleCase } from './case';
import { describe } from './input';
import { matchSubset } from './match';

export type Operation = (input: unknown) => unknown;
export type OperationRegistry = Readonly<Record<string, Operation>>;

/** A case file as read from disk: its text, or why it could not be read. */
export type CaseSource = { file: string; text: string } | { file: string; error: string };

export interface CaseResult {
  /** The file, relative to the cases folder, with `/` separators. */
  file: string;
  name: string;
  /** Empty when the failure is about the whole file. */
  rule: string;
  passed: boolean;
  /** Why it failed. */
  detail?: string;
}

/**
 * Runs one case. An operation that throws (bad input, a broken rule) becomes the value
 * `{ error: message }`, so a case may expect an error and an unexpected one shows up as a
 * plain mismatch instead of crashing the run.
 */
export function runCase(c: RuleCase, file: string, operations: OperationRegistry): CaseResult {
  const base = { file, name: c.name, rule: c.rule };
  const op = Object.hasOwn(operations, c.op) ? operations[c.op] : undefined;
  if (op === undefined) return { ...base, passed: false, detail: `unknown op "${c.op}"` };
  let actual: unknown;
  try {
    // Through JSON, so the result compares the way it is written in a case (no undefined keys).
    actual = toJson(op(c.input));
  } catch (e) {
    actual = { error: e instanceof Error ? e.message : String(e) };
  }
  const m = matchSubset(c.expect, actual);
  if (!m) return { ...base, passed: true };
  const at = m.path === '' ? '' : ` at ${m.path}`;
  return {
    ...base,
    passed: false,
    detail: `expected${at} ${describe(m.expected)}, got ${describe(m.actual)}`,
  };
}

/** Runs every case of every source, in order; a malformed file or case is one failure. */
export function runSources(
  sources: readonly CaseSource[],
  operations: OperationRegistry,
): CaseResult[] {
  const results: CaseResult[] = [];
  for (const source of sources) {
    if ('error' in source) {
      results.push({
        file: source.file,
        name: '(file)',
        rule: '',
        passed: false,
        detail: source.error,
      });
      continue;
    }
    const parsed = parseCaseFile(source.text);
    if (!parsed.ok) {
      results.push({
        file: source.file,
        name: '(file)',
        rule: '',
        passed: false,
        detail: parsed.error,
      });
      continue;
    }
    if (parsed.entries.length === 0) {
      results.push({
        file: source.file,
        name: '(file)',
        rule: '',
        passed: false,
        detail: 'no cases',
      });
    }
    for (const entry of parsed.entries) {
      results.push(
        'case' in entry
          ? runCase(entry.case, source.file, operations)
          : {
              file: source.file,
              name: entry.name,
              rule: '',
              passed: false,
              detail: `malformed case: ${entry.error}`,
            },
      );
    }
  }
  return results;
}

/** `PASS pirates/stress.json › name [RULE]` or `FAIL … › name [RULE]: expected … got …`. */
export function formatResult(r: CaseResult): string {
  const rule = r.rule === '' ? '' : ` ${r.rule}`;
  const head = `${r.passed ? 'PASS' : 'FAIL'} ${r.file} › ${r.name}${rule}`;
  return r.passed ? head : `${head}: ${r.detail ?? 'failed'}`;
}

/** The final line, exactly `N passed, N failed`. */
export function summaryLine(results: readonly CaseResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}
