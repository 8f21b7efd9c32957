import { describe, expect, it } from 'vitest';
import { PACKAGE_CASES_DIR, readCaseSources } from './load';
import { operations } from './operations';
import { formatResult, runSources } from './run';

// Every case file in packages/rules/cases, so `pnpm test` covers them; each test is named
// with the case's file, name and rule id.
const results = runSources(readCaseSources(PACKAGE_CASES_DIR), operations);

describe('rule cases in packages/rules/cases', () => {
  it.each(results.map((r) => [`${r.file} › ${r.name} ${r.rule}`, r] as const))(
    '%s',
    (_label, r) => {
      expect(r.passed, formatResult(r)).toBe(true);
    },
  );
});
