import { readCaseSources, resolveCasesDir } from './load';
import { operations } from './operations';
import { formatResult, runSources, summaryLine } from './run';

// `pnpm --filter @fateboard/rules cases [DIR]`: one line per case, then `N passed, N failed`.
// pnpm may forward a literal `--` before the arguments; it is not a folder.
const arg = process.argv.slice(2).find((a) => a !== '--');
const dir = resolveCasesDir(arg, process.env.INIT_CWD, process.cwd());
const results = runSources(readCaseSources(dir), operations);
for (const r of results) console.log(formatResult(r));
console.log(summaryLine(results));
process.exitCode = results.some((r) => !r.passed) ? 1 : 0;
