// Fateboard's own lint rules, loaded by eslint.config.js (CONTRIBUTING.md explains each):
// - `fateboard/import-boundaries`: which workspace package may import which, only through
//   their public entry points (package.json `exports`), never by a path into another one;
// - `fateboard/no-issue-numbers`: no tracker numbers (the word issue and a number) in comments
//   and test names, which mean nothing to a reader of the repository.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/**
 * Who may import whom: each workspace folder and the packages (by folder) it may import. The
 * arrows of the README's layout: rules ← table ← interop ← the apps; the apps never import
 * each other; bench and e2e drive the server from outside, through its entry points.
 */
/** @type {Readonly<Record<string, readonly string[]>>} */
export const ALLOWED = {
  'packages/rules': [],
  'packages/table': ['packages/rules'],
  'packages/interop': ['packages/rules', 'packages/table'],
  'apps/server': ['packages/rules', 'packages/table', 'packages/interop'],
  'apps/client': ['packages/rules', 'packages/table', 'packages/interop'],
  bench: ['packages/rules', 'packages/table', 'packages/interop', 'apps/server'],
  e2e: ['packages/rules', 'packages/table', 'packages/interop', 'apps/server'],
};

/** Each workspace package by name: its folder and its public entry points (`exports`). */
function workspacePackages() {
  /** @type {Map<string, { folder: string, entries: string[] }>} */
  const byName = new Map();
  const folders = ['packages', 'apps'].flatMap((parent) =>
    readdirSync(join(root, parent)).map((name) => `${parent}/${name}`),
  );
  for (const folder of [...folders, 'bench']) {
    const file = join(root, folder, 'package.json');
    if (!existsSync(file)) continue;
    /** @type {unknown} */
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const pkg = /** @type {{ name: string, exports?: Record<string, string> }} */ (json);
    byName.set(pkg.name, { folder, entries: Object.keys(pkg.exports ?? {}) });
  }
  return byName;
}

const packages = workspacePackages();
const folderNames = new Map([...packages].map(([name, p]) => [p.folder, name]));

/**
 * The workspace folder a file belongs to (`apps/server`, `e2e`…), if any.
 * @param {string} file
 * @returns {string | undefined}
 */
function folderOf(file) {
  const path = relative(root, file).split(sep).join('/');
  return Object.keys(ALLOWED).find((folder) => path === folder || path.startsWith(`${folder}/`));
}

/**
 * Test code, which may use a package's `./testing` entry point.
 * @param {string} file
 * @param {string} folder
 */
const isTestCode = (file, folder) =>
  folder === 'bench' ||
  folder === 'e2e' ||
  /\.test\.ts$/.test(file) ||
  relative(join(root, folder), file).split(sep).includes('test');

/** @param {string} folder */
const describeAllowed = (folder) => {
  const allowed = ALLOWED[folder] ?? [];
  return allowed.length === 0
    ? 'none of the workspace packages'
    : allowed.map((f) => folderNames.get(f) ?? f).join(', ');
};

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Workspace packages import each other one way, by their entry points.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const folder = folderOf(file);
    if (folder === undefined) return {};
    /** @param {{ source?: import('eslint').Rule.Node | null }} node */
    const fromSource = ({ source }) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const problem = boundaryProblem(file, folder, source.value);
      if (problem) context.report({ node: source, message: problem });
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
    };
  },
};

/**
 * Why importing `specifier` from `file` (in `folder`) crosses a boundary, if it does.
 * @param {string} file
 * @param {string} folder
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function boundaryProblem(file, folder, specifier) {
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    const inside = relative(join(root, folder), target);
    if (!inside.startsWith('..')) return undefined;
    const into = folderOf(target);
    const name = into && folderNames.get(into);
    return name
      ? `'${specifier}' reaches into ${into}: import it from '${name}' (its public entry point), if ${folder} may use it.`
      : `'${specifier}' leaves ${folder}: a workspace package imports only its own files by path.`;
  }
  const [scope, bare, ...rest] = specifier.split('/');
  if (scope !== '@fateboard' || bare === undefined) return undefined;
  const name = `${scope}/${bare}`;
  const target = packages.get(name);
  if (!target) return `'${name}' is not a workspace package.`;
  if (target.folder === folder) {
    return `${folder} imports itself as '${specifier}': use a relative path inside the package.`;
  }
  if (!(ALLOWED[folder] ?? []).includes(target.folder)) {
    return `${folder} may import ${describeAllowed(folder)}, not '${name}' (see CONTRIBUTING.md).`;
  }
  const entry = rest.length === 0 ? '.' : `./${rest.join('/')}`;
  if (!target.entries.includes(entry)) {
    const entries = target.entries.map((e) => (e === '.' ? name : `${name}/${e.slice(2)}`));
    return `'${specifier}' is not an entry point of ${name}: use ${entries.join(' or ')}.`;
  }
  if (entry === './testing' && !isTestCode(file, folder)) {
    return `'${specifier}' is test support: only tests, bench and e2e import it.`;
  }
  return undefined;
}

/** The word issue (or issues) before a number, `#` allowed: a tracker's number. */
export const ISSUE_NUMBER = /\bissues? #?\d/i;

/** @type {import('eslint').Rule.RuleModule} */
const noIssueNumbers = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No issue-tracker numbers in comments or test names.' },
    schema: [],
  },
  create(context) {
    const message =
      'No issue numbers in comments or test names: say what the code does or why, in words.';
    /**
     * @param {{ loc?: import('eslint').AST.SourceLocation | null }} at
     * @param {string} text
     */
    const checkText = ({ loc }, text) => {
      if (loc && ISSUE_NUMBER.test(text)) context.report({ loc, message });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          checkText(comment, comment.value);
        }
      },
      /** @param {{ loc: import('eslint').AST.SourceLocation, value: string }} node */
      SvelteHTMLComment: (node) => checkText(node, node.value),
      CallExpression(node) {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.object : node.callee;
        if (callee.type !== 'Identifier' || !/^(?:describe|it|test)$/.test(callee.name)) return;
        const title = node.arguments[0];
        if (title?.type === 'Literal' && typeof title.value === 'string') {
          checkText(title, title.value);
        } else if (title?.type === 'TemplateLiteral') {
          checkText(title, title.quasis.map((q) => q.value.cooked ?? '').join(' '));
        }
      },
    };
  },
};

export default {
  meta: { name: 'fateboard' },
  rules: { 'import-boundaries': importBoundaries, 'no-issue-numbers': noIssueNumbers },
};
