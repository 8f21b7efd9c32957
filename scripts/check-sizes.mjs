// `pnpm lint` (after check-docs): small files. Every tracked source file (.ts, .mts, .mjs, .js,
// .svelte: tests, specs, benchmarks and scripts too; nothing under node_modules, dist or a
// generated folder) has at most MAX_LINES lines, and each Svelte component's script and its
// markup (everything outside <script> and <style>) at most MAX_SVELTE_PART lines. A file past
// that does several things: split it by responsibility (a test by topic, a component into
// sub-components) rather than raising the limit.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Paths from the repository's root, wherever it is run from.
process.chdir(resolve(import.meta.dirname, '..'));

const MAX_LINES = 300;
const MAX_SVELTE_PART = 250;

/**
 * Files over the limits that are being split right now by other work; the check lists them
 * but does not fail on them. Empty this once that work is merged: a pattern that matches no
 * file over the limits any more is reported as one to remove.
 */
/** @type {string[]} */
const ALLOWED = [];

// A pattern of ALLOWED as a regular expression: `*` within a folder, `**/` any folders.
const globRegExp = (/** @type {string} */ glob) =>
  new RegExp(
    `^${glob
      .split('**/')
      .map((part) =>
        part
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('(?:[^/]+/)*')}$`,
  );
const allowed = ALLOWED.map((glob) => ({ glob, re: globRegExp(glob), used: false }));

const SOURCE = /\.(?:ts|mts|mjs|js|svelte)$/;
const SKIPPED = /(?:^|\/)(?:node_modules|dist|generated)\//;

// Tracked, and new files not yet added (but not the ignored ones).
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
  maxBuffer: 64 << 20,
})
  .split('\n')
  .filter((f) => SOURCE.test(f) && !SKIPPED.test(f) && existsSync(f));

/** How many lines `text` has (a last line without its newline counts). */
const lineCount = (/** @type {string} */ text) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A component's script lines (every <script> block) and markup lines (the rest but <style>). */
function svelteParts(/** @type {string} */ text) {
  let script = 0;
  let style = 0;
  for (const [block, tag] of text.matchAll(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g)) {
    const lines = block.split('\n').length;
    if (tag === 'script') script += lines;
    else style += lines;
  }
  return { script, markup: lineCount(text) - script - style };
}

/** @type {string[]} */
const over = [];
/** @type {string[]} */
const tolerated = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const problems = [];
  const lines = lineCount(text);
  if (lines > MAX_LINES) problems.push(`${lines} lines (at most ${MAX_LINES})`);
  if (file.endsWith('.svelte')) {
    const { script, markup } = svelteParts(text);
    if (script > MAX_SVELTE_PART) problems.push(`script ${script} lines (${MAX_SVELTE_PART})`);
    if (markup > MAX_SVELTE_PART) problems.push(`markup ${markup} lines (${MAX_SVELTE_PART})`);
  }
  if (problems.length === 0) continue;
  const allowedBy = allowed.find((a) => a.re.test(file));
  if (allowedBy) allowedBy.used = true;
  (allowedBy ? tolerated : over).push(`  ${file}: ${problems.join(', ')}`);
}

if (tolerated.length > 0) {
  console.log(`sizes: ${tolerated.length} files over the limits, allowed while being split:`);
  console.log(tolerated.join('\n'));
}
const unused = allowed.filter((a) => !a.used).map((a) => a.glob);
if (unused.length > 0) {
  console.log(`sizes: remove from ALLOWED in scripts/check-sizes.mjs: ${unused.join(', ')}`);
}
if (over.length > 0) {
  console.error(`sizes: ${over.length} files over the limits (split them by responsibility):`);
  console.error(over.join('\n'));
  process.exit(1);
}
console.log(`sizes: ${files.length - tolerated.length} source files within the limits`);
