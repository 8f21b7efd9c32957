import { readFileSync, statSync } from 'node:fs';
import { isRulesetId, RULESET_IDS } from '@fateboard/rules';
import type { ImportReport } from './portable';
import { importCharacter } from './import';
import { toFariFile } from './export/fari';
import { toFateboardFile } from './export/fateboard';
import { MAX_FILE_BYTES } from './safe-json';

/**
 * `pnpm --filter @fateboard/interop convert FILE --ruleset ID [--to fateboard|fari] [--npc]`:
 * the converted character on stdout, the report on stderr, exit 1 with a message on bad input.
 * Only the file reading and printing live here; everything else is the pure modules'.
 */
const USAGE = `usage: convert FILE --ruleset ${RULESET_IDS.join('|')} [--to fateboard|fari] [--npc]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function main(argv: string[]): void {
  let file: string | undefined;
  let ruleset: string | undefined;
  let to = 'fateboard';
  let npc = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--ruleset') ruleset = argv[++i];
    else if (arg === '--to') to = argv[++i] ?? '';
    else if (arg === '--npc') npc = true;
    else if (arg === '--') continue;
    else if (arg !== undefined && !arg.startsWith('--') && file === undefined) file = arg;
    else fail(`unknown argument ${arg ?? ''}\n${USAGE}`);
  }
  if (file === undefined) fail(USAGE);
  if (!isRulesetId(ruleset)) fail(`--ruleset must be one of ${RULESET_IDS.join(', ')}\n${USAGE}`);
  if (to !== 'fateboard' && to !== 'fari') fail(`--to must be fateboard or fari\n${USAGE}`);
  let bytes: Uint8Array;
  try {
    // Refuse a huge file before reading it into memory; the pure check repeats the limit.
    if (statSync(file).size > MAX_FILE_BYTES)
      fail(`${file}: larger than ${MAX_FILE_BYTES / 1024} KiB, not a character file`);
    bytes = readFileSync(file);
  } catch (e) {
    fail(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = importCharacter(bytes, ruleset, { npc });
  if (!result.ok) fail(`${file}: ${result.error.message} [${result.error.code}]`);
  const out = to === 'fari' ? toFariFile(result.character) : toFateboardFile(result.character);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  process.stderr.write(reportText(result.report));
}

function reportText(r: ImportReport): string {
  const part = (title: string, lines: string[]) =>
    lines.length === 0 ? '' : `${title}:\n${lines.map((l) => `  - ${l}`).join('\n')}\n`;
  return [
    `from: ${r.source}\n`,
    part('mapped', r.mapped),
    part('adapted', r.adapted),
    part('dropped', r.dropped),
    part(
      'problems',
      r.problems.map((p) => `${p.message}${p.rule ? ` ${p.rule}` : ''}`),
    ),
  ].join('');
}

main(process.argv.slice(2));
