// The last lines of a CI run (.ci/run): how long each step took, how it ended, and the lines of
// its log that say what failed. Only the end of a CI run's output reaches the next session, so
// this is printed last and kept short.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_FAILURE_LINES = 40;
const MAX_WIDTH = 220;

// What vitest, Playwright's list reporter, pnpm and the bench print when something fails.
const FAILURE = [
  /^\s*FAIL\s/, // vitest: a failed file or test
  /^\s*[×✘]\s/, // vitest's and Playwright's mark of a failed test
  /^\s*\d+ (failed|flaky|did not run|interrupted)\b/, // Playwright's closing counts
  /^\s*(Test Files|Tests)\s.*\bfailed\b/, // vitest's closing counts
  /FLAKY: /, // e2e/flaky-report.ts
  /Timed out|timed out|Timeout of \d+ms|Test timeout of/,
  /ERR_PNPM|ELIFECYCLE|Error: Process from config\.webServer/,
  /section\(s\) failed|^\w+ failed: /, // bench/src/main.ts: a failed section
];

/** @param {string} line */
// eslint-disable-next-line no-control-regex -- the terminal colours of the tools' output
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/ci-summary.mjs LOG_DIR');
  process.exit(2);
}
const out = ['', '== CI summary =='];
// The slowest test files and browser tests of the run, passed or not: a run that took twice its
// usual half hour says here where the time went.
const SLOWEST = 8;
/** @type {{ ms: number, what: string }[]} */
const timed = [];
const stepsFile = join(dir, 'steps');
const steps = existsSync(stepsFile) ? readFileSync(stepsFile, 'utf8').trim().split('\n') : [];
for (const step of steps) {
  const [name, rest] = step.split(': ');
  // 124 and 137 are `timeout`'s: the step ran past its limit in .ci/run and was stopped.
  out.push(/^exit (124|137) /.test(rest) ? `${step} (stopped at its time limit)` : step);
  const log = join(dir, `${name}.log`);
  if (!existsSync(log)) continue;
  const failed = !rest.startsWith('exit 0 ');
  /** @type {Set<string>} */
  const seen = new Set();
  for (const raw of readFileSync(log, 'utf8').split('\n')) {
    const line = plain(raw).trim();
    const file = /^[✓×❯]\s+(\S+\.test\.ts)\s+\(.*?\)\s+(\d+)ms$/.exec(line);
    const browser = /^[✓✘-]\s+\d+\s+\[\w+\] › (.*) \((\d+(?:\.\d+)?)(ms|s|m)\)$/.exec(line);
    if (file) timed.push({ ms: Number(file[2]), what: file[1] });
    else if (browser)
      timed.push({
        ms: Number(browser[2]) * { ms: 1, s: 1000, m: 60_000 }[browser[3]],
        what: browser[1],
      });
    if (!failed || !FAILURE.some((re) => re.test(line)) || seen.has(line)) continue;
    seen.add(line);
  }
  // A step's failures are capped on their own, so the other steps and the slowest tests stay.
  const lines = [...seen];
  for (const line of lines.slice(0, MAX_FAILURE_LINES))
    out.push(`  ${line.length > MAX_WIDTH ? `${line.slice(0, MAX_WIDTH)}…` : line}`);
  if (lines.length > MAX_FAILURE_LINES)
    out.push(`  … ${lines.length - MAX_FAILURE_LINES} more lines in the step's log`);
}
if (timed.length > 0) {
  out.push(`slowest of ${timed.length} test files and browser tests:`);
  for (const { ms, what } of timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    out.push(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${what.slice(0, MAX_WIDTH)}`);
}
console.log(out.join('\n'));
