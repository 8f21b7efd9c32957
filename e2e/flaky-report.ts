import type { FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';

/**
 * Tests that passed only on a retry, said loudly at the end of the run, and a failed run when
 * there are more than `limit` of them (CI retries a failed test once; playwright.config.ts).
 * One flaky test is reported and let through, since a 17-minute browser suite on a shared
 * 2-core machine meets an odd timeout; two or more mean something is wrong.
 */
export default class FlakyReport implements Reporter {
  private suite: Suite | undefined;
  private readonly limit: number;

  constructor(options: { limit?: number } = {}) {
    this.limit = options.limit ?? 1;
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const flaky = (this.suite?.allTests() ?? []).filter((test) => test.outcome() === 'flaky');
    if (flaky.length === 0) return Promise.resolve(undefined);
    const over = flaky.length > this.limit;
    const lines = [
      '',
      '='.repeat(78),
      `FLAKY: ${flaky.length} test${flaky.length === 1 ? '' : 's'} passed only on a retry` +
        (over
          ? ` (more than ${this.limit}): the run fails.`
          : ` (at most ${this.limit} is let through).`),
      ...flaky.map(describe),
      '='.repeat(78),
      '',
    ];
    console.log(lines.join('\n'));
    return Promise.resolve(over && result.status === 'passed' ? { status: 'failed' } : undefined);
  }

  printsToStdio(): boolean {
    return true;
  }
}

/** The test, where it is, and the first line of how its first try failed. */
function describe(test: TestCase): string {
  const where = `${test.location.file.split('/').slice(-2).join('/')}:${test.location.line}`;
  const first = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
  // eslint-disable-next-line no-control-regex -- the terminal colours of the error message
  const message = first?.error?.message?.replace(/\u001b\[[0-9;]*m/g, '');
  const why = message?.split('\n')[0] ?? first?.status ?? 'failed';
  // The title path: the root, the project and the file, then the describes and the test.
  return `  - ${where} › ${test.titlePath().slice(3).join(' › ')}\n    first try: ${why}`;
}
