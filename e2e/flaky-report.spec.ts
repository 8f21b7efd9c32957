import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The flaky-test report of every browser run (e2e/flaky-report.ts), in runs of its own: tests
// that fail on their first try and pass on the retry, no browser needed. One is reported and
// let through; two fail the run, though every test passed in the end.

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'node_modules', '@playwright', 'test', 'cli.js');

function runWithFlaky(count: number): { status: number | null; output: string } {
  // Inside the repository, so that the specs find @playwright/test; test-results is ignored.
  const parent = join(root, 'test-results');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'flaky-report-'));
  try {
    const tests = Array.from(
      { length: count },
      (_, i) => `test('flaky ${i + 1}', ({}, info) => expect(info.retry).toBe(1));`,
    );
    writeFileSync(
      join(dir, 'some.spec.ts'),
      [
        "import { test, expect } from '@playwright/test';",
        "test('steady', () => expect(1).toBe(1));",
        ...tests,
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'playwright.config.ts'),
      `export default { testDir: '.', outputDir: './out', retries: 1, workers: 1, ` +
        `reporter: [[${JSON.stringify(join(root, 'e2e', 'flaky-report.ts'))}, { limit: 1 }]] };`,
    );
    const run = spawnSync(
      process.execPath,
      [cli, 'test', '-c', join(dir, 'playwright.config.ts')],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('one test that passed only on its retry is reported, and the run passes', () => {
  const run = runWithFlaky(1);
  expect(run.output).toContain('FLAKY: 1 test passed only on a retry (at most 1 is let through)');
  expect(run.output).toContain('some.spec.ts:3 › flaky 1');
  expect(run.status).toBe(0);
});

test('two tests that passed only on their retry fail the run', () => {
  const run = runWithFlaky(2);
  expect(run.output).toContain(
    'FLAKY: 2 tests passed only on a retry (more than 1): the run fails.',
  );
  expect(run.output).toContain('some.spec.ts:4 › flaky 2');
  expect(run.status).toBe(1);
});
