import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientSize, overBudget } from './client-size';

// `pnpm --filter @fateboard/bench client-budget` after `pnpm build`: the JavaScript the table
// view loads up front (index.html's entry and its module preloads), gzipped, against its
// budget; exits 1 past it, or when the client is not built.
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const figures = clientSize(root);
if (!figures.built) {
  console.error('apps/client/dist is missing: run pnpm build first');
  process.exit(1);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const f of figures.files.filter((f) => f.initial).sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
}
console.log(`up front ${kb(figures.initialGzipBytes)}, every chunk ${kb(figures.allGzipBytes)}`);
const over = overBudget(figures);
if (over) {
  console.error(over);
  process.exit(1);
}
