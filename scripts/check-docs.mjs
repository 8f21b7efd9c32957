// `pnpm lint` (after ESLint): the docs name only what exists. In every tracked Markdown file
// (READMEs, docs/, CONTRIBUTING.md, BENCHMARKS.md):
// - a code name in backticks that looks like a file or folder (`storage/sqlite.ts`,
//   `apps/server/src/guarantees/`) is a tracked file or folder, or the end of one's path;
// - a `Type.member` name (`Storage.appendBatch`) has its member somewhere in the source;
// - a workspace package (`@fateboard/table/testing`) is one, by one of its entry points;
// - no tracker numbers (the word issue and a number), which mean nothing to a reader.
// Fenced code blocks are commands and output, not names: they are skipped.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ISSUE_NUMBER } from './eslint-rules.mjs';

// Paths from the repository's root, wherever it is run from.
process.chdir(resolve(import.meta.dirname, '..'));

/** @param {string[]} args */
const git = (...args) =>
  execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\n')
    .filter(Boolean);
// Tracked, and new files not yet added (but not the ignored ones).
const tracked = git('ls-files', '--cached', '--others', '--exclude-standard').filter((f) =>
  existsSync(f),
);

/** Every tracked file and every folder above one, as paths from the repository's root. */
const paths = new Set(tracked);
for (const file of tracked) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i += 1) paths.add(parts.slice(0, i).join('/'));
}
/** A path as a name ends, matched by its last part first. */
/** @type {Map<string, string[]>} */
const byLastPart = new Map();
for (const path of paths) {
  const last = path.slice(path.lastIndexOf('/') + 1);
  byLastPart.set(last, [...(byLastPart.get(last) ?? []), path]);
}

/**
 * Folders that are not in the repository: those a run fills (gitignored), and `shared/` beside
 * the repository (the rules' seed texts).
 */
const OUTPUT = [
  'apps/client/dist',
  'bench/results',
  'e2e/screenshots',
  'test-results',
  'data',
  'shared',
];
/** Names the docs give as examples of a name. */
const EXAMPLES = new Set(['x.test.ts', 'src/x.test.ts', 'e2e/x.spec.ts', 'your-topic.test.ts']);

const EXTENSIONS = /\.(?:ts|js|mjs|cjs|svelte|json|md|sql|sh|ya?ml|html|css)$/;
const PATH_LIKE = /^[\w@-][\w.@-]*(?:\/[\w.@-]+)*\/?$/;

/**
 * Whether `name` names a tracked file or folder, or the end of one's path.
 * @param {string} name
 */
function exists(name) {
  const path = name.replace(/\/$/, '');
  if (EXAMPLES.has(path) || OUTPUT.some((o) => path === o || path.startsWith(`${o}/`))) {
    return true;
  }
  const last = path.slice(path.lastIndexOf('/') + 1);
  return (byLastPart.get(last) ?? []).some((p) => p === path || p.endsWith(`/${path}`));
}

/**
 * Whether a path of `paths` is a folder (some tracked file is under it).
 * @param {string} path
 */
const isFolder = (path) => !tracked.includes(path);

const workspace = new Map(
  tracked
    .filter((f) => /^(?:packages\/[^/]+\/|apps\/[^/]+\/|bench\/)package\.json$/.test(f))
    .map((f) => {
      /** @type {unknown} */
      const json = JSON.parse(readFileSync(f, 'utf8'));
      const pkg = /** @type {{ name: string, exports?: Record<string, string> }} */ (json);
      return /** @type {const} */ ([pkg.name, Object.keys(pkg.exports ?? { '.': '' })]);
    }),
);

const sourceText = tracked
  .filter((f) => /\.(?:ts|svelte|mjs|js)$/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/**
 * What is wrong with a code name, if anything.
 * @param {string} name
 * @returns {string | undefined}
 */
function problemOf(name) {
  if (name.startsWith('@fateboard/')) {
    const [scope, bare, ...rest] = name.split('/');
    const entries = workspace.get(`${scope}/${bare}`);
    if (!entries) return 'is not a workspace package';
    const entry = rest.length === 0 ? '.' : `./${rest.join('/')}`;
    return entries.includes(entry) ? undefined : 'is not one of its entry points';
  }
  const member = /^([A-Z]\w*)\.([a-z]\w*)(?:\(\))?$/.exec(name);
  if (member && !EXTENSIONS.test(name)) {
    return new RegExp(`\\b${member[2]}\\b`).test(sourceText)
      ? undefined
      : `names ${member[2]}, which no source file has`;
  }
  const path = name.replace(/:\d+$/, '');
  if (!PATH_LIKE.test(path) || path.startsWith('@')) return undefined;
  // A file name by its extension, or a path that starts at a folder of the repository (so
  // `text/plain` and `DATA_DIR/fateboard.sqlite` are not taken for paths).
  const first = path.slice(0, path.indexOf('/'));
  const folderFirst = path.includes('/') && (byLastPart.get(first) ?? []).some(isFolder);
  if (!EXTENSIONS.test(path) && !folderFirst) return undefined;
  return exists(path) ? undefined : 'is no file or folder of the repository';
}

/** @type {string[]} */
const problems = [];
for (const file of tracked.filter((f) => f.endsWith('.md'))) {
  let fenced = false;
  for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const at = `${file}:${i + 1}`;
    if (ISSUE_NUMBER.test(line)) problems.push(`${at}: an issue number; say what it was about`);
    // Between backticks: the odd pieces of the line split at them.
    const pieces = line.split('`');
    for (let k = 1; k < pieces.length - 1; k += 2) {
      const name = pieces[k].trim();
      const problem = problemOf(name);
      if (problem) problems.push(`${at}: \`${name}\` ${problem}`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    `The docs name what is not there (scripts/check-docs.mjs):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `docs: every code name in ${tracked.filter((f) => f.endsWith('.md')).length} Markdown files exists`,
);
