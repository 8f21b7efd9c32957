// The last lines of a CI run (.ci/run): how long each step took, how it ended, and the lines of
// its log that say what failed. Only the end of a CI run's output reaches the next session, so
// this is printed last and kept short.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MAX_LINES = 60;
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
const stepsFile = join(dir, 'steps');
const steps = existsSync(stepsFile) ? readFileSync(stepsFile, 'utf8').trim().split('\n') : [];
for (const step of steps) {
  const [name, rest] = step.split(': ');
  // 124 and 137 are `timeout`'s: the step ran past its limit in .ci/run and was stopped.
  out.push(/^exit (124|137) /.test(rest) ? `${step} (stopped at its time limit)` : step);
  if (rest.startsWith('exit 0 ')) continue;
  const log = join(dir, `${name}.log`);
  if (!existsSync(log)) continue;
  const seen = new Set();
  for (const raw of readFileSync(log, 'utf8').split('\n')) {
    const line = plain(raw).trimEnd();
    if (!FAILURE.some((re) => re.test(line)) || seen.has(line)) continue;
    seen.add(line);
    out.push(`  ${line.length > MAX_WIDTH ? `${line.slice(0, MAX_WIDTH)}…` : line}`);
  }
}
// The slowest test files and browser tests of the run, passed or not: a run that took twice its
// usual half hour says here where the time went.
const SLOWEST = 8;
/** @type {{ ms: number, what: string }[]} */
const timed = [];
for (const name of steps.map((step) => step.split(': ')[0])) {
  const log = join(dir, `${name}.log`);
  if (!existsSync(log)) continue;
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
  }
}
if (timed.length > 0) {
  out.push(`slowest of ${timed.length} test files and browser tests:`);
  for (const { ms, what } of timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    out.push(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${what.slice(0, MAX_WIDTH)}`);
}
if (out.length > MAX_LINES) {
  const cut = out.length - MAX_LINES;
  out.splice(MAX_LINES - 1, cut + 1, `  … ${cut + 1} more lines in the step's log`);
}
console.log(out.join('\n'));
