import { readFileSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseSource } from './run';

/** The one place (with cli.ts) where the rules package reads files: the lint rule allows it here. */

/** The package's own cases folder: packages/rules/cases. */
export const PACKAGE_CASES_DIR = fileURLToPath(new URL('../../cases', import.meta.url));

/**
 * The folder to run. pnpm --filter runs scripts in the package folder, so a relative
 * argument is taken from where the user typed the command (INIT_CWD), else the cwd.
 */
export function resolveCasesDir(
  arg: string | undefined,
  initCwd: string | undefined,
  cwd: string,
): string {
  if (arg === undefined || arg === '') return PACKAGE_CASES_DIR;
  return isAbsolute(arg)
    ? arg
    : resolve(initCwd !== undefined && initCwd !== '' ? initCwd : cwd, arg);
}

/**
 * Every *.json under `dir` (recursively, sorted), named relative to the package's cases
 * folder when inside it (`pirates/stress.json`), else relative to `dir`. A folder or file
 * that cannot be read becomes a source carrying the error, never an exception.
 */
export function readCaseSources(dir: string | URL): CaseSource[] {
  const root = typeof dir === 'string' ? resolve(dir) : fileURLToPath(dir);
  const base = isInside(root, PACKAGE_CASES_DIR) ? PACKAGE_CASES_DIR : root;
  const name = (path: string) => relative(base, path).split(sep).join('/') || path;
  let files: string[];
  try {
    files = statSync(root).isFile() ? [root] : listJson(root);
  } catch (e) {
    return [{ file: name(root), error: `cannot read: ${message(e)}` }];
  }
  if (files.length === 0) return [{ file: name(root), error: 'no .json case files found' }];
  return files.map((path) => {
    try {
      return { file: name(path), text: readFileSync(path, 'utf8') };
    } catch (e) {
      return { file: name(path), error: `cannot read: ${message(e)}` };
    }
  });
}

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJson(path));
    else if (entry.isFile() && entry.name.endsWith('.json')) out.push(path);
  }
  return out;
}

function isInside(path: string, folder: string): boolean {
  const r = relative(folder, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
