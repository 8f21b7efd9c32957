import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ClientFigures =
  | { built: false }
  | {
      built: true;
      /** Scripts index.html loads up front (entry + modulepreload), gzipped. */
      initialGzipBytes: number;
      /** Every JavaScript file of the build, gzipped (includes lazy chunks). */
      allGzipBytes: number;
      files: { file: string; bytes: number; gzipBytes: number; initial: boolean }[];
    };

/** The JavaScript a table's page may load up front, gzipped: 130 KB (of 1,024 bytes). */
export const UP_FRONT_BUDGET_BYTES = 130 * 1024;

/**
 * The up-front figure against its budget: an error naming the largest up-front files when
 * over it (the bench's client section fails then, as `client-budget` does), else nothing.
 */
export function overBudget(figures: ClientFigures): string | undefined {
  if (!figures.built || figures.initialGzipBytes <= UP_FRONT_BUDGET_BYTES) return undefined;
  const largest = figures.files
    .filter((f) => f.initial)
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 6)
    .map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)} KB`);
  return (
    `the table view loads ${(figures.initialGzipBytes / 1024).toFixed(1)} KB of gzipped ` +
    `JavaScript up front, over its ${UP_FRONT_BUDGET_BYTES / 1024} KB budget (largest: ` +
    `${largest.join(', ')}): move what its first paint does not need behind a lazy import ` +
    `(apps/client/src/parts)`
  );
}

/** Reads apps/client/dist (after `pnpm build`); never builds it. */
export function clientSize(root: string): ClientFigures {
  const dist = resolve(root, 'apps/client/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return { built: false };
  const html = readFileSync(index, 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!.replace(/^\.\//, '')),
  );
  const files: { file: string; bytes: number; gzipBytes: number; initial: boolean }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), rel);
      else if (entry.name.endsWith('.js')) {
        const bytes = readFileSync(join(dir, entry.name));
        files.push({
          file: rel,
          bytes: bytes.length,
          gzipBytes: gzipSync(bytes, { level: 9 }).length,
          initial: initial.has(rel),
        });
      }
    }
  };
  walk(dist, '');
  return {
    built: true,
    initialGzipBytes: files.filter((f) => f.initial).reduce((s, f) => s + f.gzipBytes, 0),
    allGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    files,
  };
}
