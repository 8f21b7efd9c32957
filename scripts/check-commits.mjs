// CI (.ci/run): every commit since BOUNDARY has a subject under 72 characters, a blank line,
// and a body that says what and why. Merge commits are left alone (git writes their subject,
// and the merged commits are checked themselves).
import { execFileSync } from 'node:child_process';

// The last commit before this check existed ("ci: bench runs after a failed test; Chromium
// without its wrapper", 3 Dec 2026). The history up to it is exempt: it was written without
// the rule (its subjects averaged 262 characters), and history is not rewritten.
const BOUNDARY = 'c7f46bffdb21ccd891664bcf6c9e6e0ad975c975';
const MAX_SUBJECT = 71;
// Two commits of a branch written without a body and found only once it was merged into main
// (4 Dec 2026); other branches were already based on that main, so it is not rewritten.
const EXEMPT = new Set([
  '755878f', // docs: what reading the log's next page ahead costs the server
  '44ad4c5', // docs: the laptop's figures beside the phone's, one run each
]);

/** @param {string[]} args */
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

const known = (() => {
  try {
    git('cat-file', '-e', `${BOUNDARY}^{commit}`);
    return true;
  } catch {
    return false;
  }
})();
if (!known) {
  // A shallow clone may not reach back to the boundary: its commits cannot be told apart.
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
  console.error(
    shallow
      ? `commits: the clone is shallow and does not reach ${BOUNDARY.slice(0, 7)}; not checked.`
      : `commits: ${BOUNDARY} is not in this repository's history (was it rewritten?).`,
  );
  process.exit(shallow ? 0 : 1);
}

const SEP = '\u001e';
const log = execFileSync(
  'git',
  ['log', '--no-merges', `--format=%H%x1f%B${SEP}`, `${BOUNDARY}..HEAD`],
  { encoding: 'utf8', maxBuffer: 64 << 20 },
);
/** @type {string[]} */
const problems = [];
let count = 0;
for (const entry of log.split(SEP)) {
  if (entry.trim() === '') continue;
  count += 1;
  const [hash = '', message = ''] = entry.replace(/^\n/, '').split('\u001f');
  const [subject = '', blank, ...body] = message.trimEnd().split('\n');
  const short = hash.slice(0, 7);
  if (EXEMPT.has(short)) continue;
  const length = [...subject].length;
  if (length > MAX_SUBJECT) {
    problems.push(
      `${short}: the subject is ${length} characters (at most ${MAX_SUBJECT}): ${subject}`,
    );
  }
  if (blank !== undefined && blank.trim() !== '') {
    problems.push(`${short}: no blank line after the subject: ${subject}`);
  }
  if (body.join('').trim() === '') problems.push(`${short}: no body under the subject: ${subject}`);
}

if (problems.length > 0) {
  console.error(
    `Commit messages (scripts/check-commits.mjs): a subject under 72 characters, a blank line, ` +
      `then a body that says what and why.\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `commits: ${count} since ${BOUNDARY.slice(0, 7)}, each with a short subject and a body`,
);
