import { readFileSync, statSync } from 'node:fs';
import { isRulesetId, RULESET_IDS } from '@fateboard/rules';
import type { ImportReport } from './portable';
import { importCharacter } from './import';
import { toFariFile } from './export/fari';
import { toFateboardFile } from './export/fateboard';
import { importFariScene, sceneCommands } from './fari/scene';
import { MAX_FILE_BYTES } from './safe-json';
import { readTableFile } from './table/file';
import { MAX_TABLE_FILE_WITH_IMAGES_BYTES } from './table/limits';

/**
 * `pnpm --filter @fateboard/interop convert FILE --ruleset ID [--to fateboard|fari] [--npc]`:
 * the converted character on stdout, the report on stderr, exit 1 with a message on bad input.
 * `convert FILE --scene` reads a Fari scene instead and prints the commands that add it to a
 * table; `convert FILE --table` checks a table file as a restore would and prints its summary.
 * Only the file reading and printing live here; everything else is the pure modules'.
 */
const USAGE = `usage: convert FILE --ruleset ${RULESET_IDS.join('|')} [--to fateboard|fari] [--npc]
       convert FILE --scene
       convert FILE --table`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function main(argv: string[]): void {
  let file: string | undefined;
  let ruleset: string | undefined;
  let to = 'fateboard';
  let npc = false;
  let mode: 'character' | 'scene' | 'table' = 'character';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--ruleset') ruleset = argv[++i];
    else if (arg === '--scene') mode = 'scene';
    else if (arg === '--table') mode = 'table';
    else if (arg === '--to') to = argv[++i] ?? '';
    else if (arg === '--npc') npc = true;
    else if (arg === '--') continue;
    else if (arg !== undefined && !arg.startsWith('--') && file === undefined) file = arg;
    else fail(`unknown argument ${arg ?? ''}\n${USAGE}`);
  }
  if (file === undefined) fail(USAGE);
  if (mode !== 'character') {
    printOther(
      mode,
      file,
      readBytes(file, mode === 'table' ? MAX_TABLE_FILE_WITH_IMAGES_BYTES : MAX_FILE_BYTES),
    );
    return;
  }
  if (!isRulesetId(ruleset)) fail(`--ruleset must be one of ${RULESET_IDS.join(', ')}\n${USAGE}`);
  if (to !== 'fateboard' && to !== 'fari') fail(`--to must be fateboard or fari\n${USAGE}`);
  const bytes = readBytes(file, MAX_FILE_BYTES);
  const result = importCharacter(bytes, ruleset, { npc });
  if (!result.ok) fail(`${file}: ${result.error.message} [${result.error.code}]`);
  const out = to === 'fari' ? toFariFile(result.character) : toFateboardFile(result.character);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  process.stderr.write(reportText(result.report));
}

function readBytes(file: string, max: number): Uint8Array {
  try {
    // Refuse a huge file before reading it into memory; the pure check repeats the limit.
    if (statSync(file).size > max) fail(`${file}: larger than ${max / 1024} KiB`);
    return readFileSync(file);
  } catch (e) {
    fail(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function printOther(mode: 'scene' | 'table', file: string, bytes: Uint8Array): void {
  if (mode === 'scene') {
    const read = importFariScene(bytes);
    if (!read.ok) fail(`${file}: ${read.error.message} [${read.error.code}]`);
    const { name, report } = read.scene;
    process.stdout.write(
      `${JSON.stringify({ name, commands: sceneCommands(read.scene) }, null, 2)}\n`,
    );
    process.stderr.write(reportText({ ...report, problems: [] }));
    return;
  }
  const read = readTableFile(bytes);
  if (!read.ok) fail(`${file}: ${read.error.message} [${read.error.code}]`);
  const { table, log, documents } = read.file;
  const count = (root: { map: object }) => Object.keys(root.map).length;
  const summary = {
    ...table,
    logEntries: log.length,
    characters: count(documents.pub.characters),
    aspects: count(documents.pub.aspects),
    hidden: count(documents.gm.hidden),
    notes: count(documents.gm.notes),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
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
