// `pnpm lint` (after ESLint): no import cycles inside the apps and packages. Each source file's
// imports (static, `import type` too, `export … from`, and `import('…')`, the lazy chunks too)
// are read with TypeScript's parser and resolved with its module resolution (`.svelte` files
// by path); a cycle is a strongly connected group of files. A cycle means that the files
// cannot be understood, moved or split one at a time, and (but for types) that a module can
// run before what it imports is initialised.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');

/** The source folders checked. */
const ROOTS = [
  'packages/rules/src',
  'packages/table/src',
  'packages/interop/src',
  'apps/server/src',
  'apps/client/src',
];

/**
 * Folders whose cycles are reported but do not fail the check yet, each with why. When one has
 * no cycle left, the check fails until it is removed from here, so that a new cycle fails.
 * @type {Record<string, string>}
 */
const REPORT_ONLY = {};

const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  noEmit: true,
};

/**
 * The scripts of a Svelte component, as TypeScript (markup and styles import nothing).
 * @param {string} text
 */
function svelteScripts(text) {
  const scripts = [];
  let open = text.indexOf('<script');
  while (open !== -1) {
    const start = text.indexOf('>', open) + 1;
    const end = text.indexOf('</script>', start);
    if (start === 0 || end === -1) break;
    scripts.push(text.slice(start, end));
    open = text.indexOf('<script', end);
  }
  return scripts.join('\n');
}

/**
 * The module specifiers a file imports.
 * @param {string} file
 */
function importsOf(file) {
  const raw = readFileSync(file, 'utf8');
  const text = file.endsWith('.svelte') ? svelteScripts(raw) : raw;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** @type {string[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/**
 * The file a relative specifier names, if it is one of ours.
 * @param {string} specifier
 * @param {string} from
 */
function resolveImport(specifier, from) {
  if (!specifier.startsWith('.')) return undefined;
  if (specifier.endsWith('.svelte')) {
    const path = resolve(dirname(from), specifier);
    return existsSync(path) ? path : undefined;
  }
  const found = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule;
  return found && !found.isExternalLibraryImport ? resolve(found.resolvedFileName) : undefined;
}

/**
 * The strongly connected groups of more than one file (or a file that imports itself), by
 * Tarjan's algorithm.
 * @param {Map<string, string[]>} graph
 */
function cycles(graph) {
  let next = 0;
  /** @type {Map<string, { index: number, low: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  /** @param {string} file */
  const connect = (file) => {
    const mark = { index: next, low: next };
    next += 1;
    seen.set(file, mark);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      const other = seen.get(to);
      if (other === undefined) {
        connect(to);
        mark.low = Math.min(mark.low, seen.get(to)?.low ?? mark.low);
      } else if (onStack.has(to)) mark.low = Math.min(mark.low, other.index);
    }
    if (mark.low !== mark.index) return;
    /** @type {string[]} */
    const group = [];
    let top;
    do {
      top = stack.pop() ?? file;
      onStack.delete(top);
      group.push(top);
    } while (top !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!seen.has(file)) connect(file);
  return groups;
}

/**
 * One shortest way round a group, from its first file back to it, for the report.
 * @param {Map<string, string[]>} graph
 * @param {string[]} group
 */
function oneLoop(graph, group) {
  const members = new Set(group);
  const start = group[0] ?? '';
  /** @type {Map<string, string>} */
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? start;
    for (const to of graph.get(file) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start];
}

const tracked = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', ...ROOTS],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter(
    (f) => /\.(?:ts|svelte)$/.test(f) && !f.endsWith('.d.ts') && existsSync(resolve(root, f)),
  );

let failed = false;
for (const folder of ROOTS) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of tracked.filter((f) => f.startsWith(`${folder}/`))) {
    const path = resolve(root, file);
    const targets = importsOf(path)
      .map((s) => resolveImport(s, path))
      .filter((t) => t !== undefined);
    graph.set(path, targets);
  }
  const found = cycles(graph);
  const why = REPORT_ONLY[folder];
  const name = (/** @type {string} */ f) => relative(resolve(root, folder), f);
  for (const group of found) {
    const loop = oneLoop(graph, group).map(name).join(' → ');
    const label = why ? 'import cycle (reported, not failing yet)' : 'import cycle';
    console.error(`${folder}: ${label} of ${group.length} files: ${loop}`);
    if (group.length > oneLoop(graph, group).length - 1) {
      console.error(`  all ${group.length}: ${group.map(name).join(', ')}`);
    }
  }
  if (found.length > 0 && !why) failed = true;
  if (found.length === 0 && why) {
    console.error(
      `${folder} has no import cycle any more: remove it from REPORT_ONLY in ` +
        'scripts/check-cycles.mjs, so that a new cycle fails the lint.',
    );
    failed = true;
  }
  if (found.length > 0 && why) console.error(`  (${folder} reports only: ${why})`);
}
if (failed) process.exit(1);
console.log(`import cycles: none in ${ROOTS.filter((r) => !REPORT_ONLY[r]).join(', ')}`);
