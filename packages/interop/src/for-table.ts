import type { RulesetId } from '@fateboard/rules';
import { RULESETS } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import { SheetSchema, sheetDraft } from '@fateboard/table';
import * as v from 'valibot';
import type { AdaptOptions } from './adapt';
import type { ImportError } from './errors';
import { readCharacterFile } from './import';
import type { ImportReport, PlayState, ReportLines } from './portable';

/**
 * A character file read to create a character at a table: the sheet `character.create` takes
 * and a report of exactly what that creates. A new character is made from its sheet alone — it
 * starts with its refresh in fate points (an NPC with none: the GM pays from the pool), clear
 * stress boxes and no consequences [CORE-FP-4] — so the file's play state is reported against
 * what the table will make of the sheet (the table's own `sheetDraft`), never as mapped when it
 * is not kept. The editor's preview and the creation both come from this one function.
 */
export type TableImport =
  { ok: true; sheet: Sheet; report: ImportReport } | { ok: false; error: ImportError };

export function importForTable(
  input: string | Uint8Array,
  ruleset: RulesetId,
  options: AdaptOptions = {},
): TableImport {
  const read = readCharacterFile(input, ruleset, options);
  if (!read.ok) return read;
  const { sheet, play } = read.character;
  const npc = options.npc ?? false;
  const start = startingLines(ruleset, sheet, play, npc);
  const { report } = read;
  return {
    ok: true,
    sheet,
    report: {
      ...report,
      mapped: [...report.mapped, ...start.mapped],
      adapted: [...report.adapted, ...start.adapted],
      // What the file's play state could not fit into this game at all is said too.
      dropped: [...report.dropped, ...read.playLines.dropped, ...start.dropped],
    },
  };
}

/** The fate points a character created from this sheet starts with, if the sheet is whole. */
export function startingFatePoints(
  ruleset: RulesetId,
  sheet: Sheet,
  npc: boolean,
): number | undefined {
  const parsed = v.safeParse(SheetSchema, sheet);
  if (!parsed.success) return undefined;
  return sheetDraft(RULESETS[ruleset], 'import', parsed.output, npc).character.fatePoints;
}

/** The file's play state against what a new character from the sheet starts with. */
function startingLines(
  ruleset: RulesetId,
  sheet: Sheet,
  play: PlayState,
  npc: boolean,
): ReportLines {
  const lines: ReportLines = { mapped: [], adapted: [], dropped: [] };
  if (play.fatePoints !== undefined) {
    const start = startingFatePoints(ruleset, sheet, npc);
    if (start === play.fatePoints) lines.mapped.push(`fate points ${start}`);
    else if (npc)
      lines.adapted.push(
        `fate points ${play.fatePoints} in the file: an NPC holds none (the GM pays from the pool)`,
      );
    else
      lines.adapted.push(
        start === undefined
          ? `fate points ${play.fatePoints} in the file: a new character starts with its refresh`
          : `fate points ${play.fatePoints} in the file: a new character starts with its refresh, ${start}`,
      );
  }
  for (const t of play.stress) {
    const checked = t.boxes.filter((b) => b.checked).length;
    if (checked > 0)
      lines.dropped.push(
        `stress track ${t.label} (${checked} checked): a new character starts with clear boxes`,
      );
  }
  for (const c of play.consequences) {
    lines.dropped.push(
      `consequence (${c.severity}) "${c.text}": a new character starts without consequences`,
    );
  }
  return lines;
}
