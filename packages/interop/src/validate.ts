import type { RulesetId } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import { SheetSchema, sheetDraft } from '@fateboard/table';
import * as v from 'valibot';
import type { ImportReport } from './portable';
import { RULESETS } from '@fateboard/rules';

/**
 * What stands between a sheet and `character.create`: the command's own schema (the same the
 * server runs), then the ruleset's checks on the character the sheet makes. The sheet is still
 * returned with these listed, for the player to fix in the editor.
 */
export function checkSheet(
  ruleset: RulesetId,
  sheet: Sheet,
  npc: boolean,
): ImportReport['problems'] {
  const parsed = v.safeParse(SheetSchema, sheet);
  if (!parsed.success) {
    return parsed.issues.map((issue) => ({
      code: 'sheet-schema',
      message: issue.message,
      path: v.getDotPath(issue) ?? undefined,
    }));
  }
  return sheetDraft(RULESETS[ruleset], 'import', parsed.output, npc).problems;
}
