import { describe, expect, it } from 'vitest';
import { PACKAGE_CASES_DIR, readCaseSources, resolveCasesDir } from './load';
import { operations } from './operations';
import { formatResult, runSources, summaryLine } from './run';

const FIXTURES = new URL('./fixtures', import.meta.url);

describe('rule-cases runner: loading case files', () => {
  it('reads every .json recursively, sorted, and runs them without crashing', () => {
    const sources = readCaseSources(FIXTURES);
    expect(sources.map((s) => s.file)).toEqual(['good.json', 'nested/object.json']);
    const results = runSources(sources, operations);
    expect(results.map(formatResult)).toEqual([
      'PASS good.json › Good is +3 [CORE-LADDER-1]',
      'FAIL good.json › a deliberately wrong expectation [CORE-LADDER-1]: expected at label "Good (+3)", got "Fair (+2)"',
      'FAIL nested/object.json › (file): a case file must be a JSON array of cases',
    ]);
    expect(summaryLine(results)).toBe('1 passed, 2 failed');
  });

  it('reports a missing folder as a failing source', () => {
    const [s] = readCaseSources(new URL('./fixtures/none', import.meta.url));
    expect(s).toMatchObject({
      file: expect.stringMatching(/fixtures\/none$/) as unknown,
      error: expect.stringMatching(/^cannot read/) as unknown,
    });
  });

  it('names files inside the package cases folder relative to it', () => {
    const sources = readCaseSources(`${PACKAGE_CASES_DIR}/core`);
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s.file).toMatch(/^core\/[^/]+\.json$/);
  });

  it('resolves DIR from INIT_CWD (where pnpm was typed), else the cwd, else the package folder', () => {
    expect(resolveCasesDir('cases/core', '/repo', '/repo/packages/rules')).toBe('/repo/cases/core');
    expect(resolveCasesDir('cases/core', undefined, '/pkg')).toBe('/pkg/cases/core');
    expect(resolveCasesDir('/abs/dir', '/repo', '/pkg')).toBe('/abs/dir');
    expect(resolveCasesDir(undefined, '/repo', '/pkg')).toBe(PACKAGE_CASES_DIR);
  });
});
