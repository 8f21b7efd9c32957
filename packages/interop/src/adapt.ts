import type { RulesetId } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import { adaptAspects } from './adapt-aspects';
import { adaptPlay } from './adapt-play';
import { adaptSkills } from './adapt-skills';
import type { FoundCharacter } from './found';
import type { ImportReport, PortableCharacter, ReportLines } from './portable';
import { ID, LIMITS } from './sheet-limits';
import { clip } from './text';
import { checkSheet } from './validate';

/**
 * Fits what a reader found to one ruleset's template: aspect slots (`adapt-aspects.ts`), skill
 * list (`adapt-skills.ts`), play state (`adapt-play.ts`), limits of the sheet schema
 * (`sheet-limits.ts`). Every choice lands in the report — mapped as it was, adapted to the
 * ruleset, or dropped — so the player sees it in the preview before anything is written.
 * The play state's lines (fate points, stress, consequences) come apart: a converted file
 * carries that state, a character created at a table does not (`for-table.ts`).
 */

export interface AdaptOptions {
  /** A GM importing an NPC: the file's refresh is kept (a player character's is derived). */
  npc?: boolean;
}

export function adapt(
  found: FoundCharacter,
  ruleset: RulesetId,
  source: string,
  options: AdaptOptions = {},
): { character: PortableCharacter; report: ImportReport; playLines: ReportLines } {
  const report: ImportReport = {
    source,
    mapped: [],
    adapted: [],
    dropped: [...found.dropped],
    problems: [],
  };
  const name = clip(found.name, LIMITS.name);
  if (name.cut) report.adapted.push(`name cut to ${LIMITS.name} characters`);
  const sheet: Sheet = { name: name.text || 'Imported character' };
  if (!name.text) report.adapted.push('the file has no name: named "Imported character"');
  else report.mapped.push(`name: ${name.text}`);

  sheet.aspects = adaptAspects(found.aspects, ruleset, report);
  const skills = adaptSkills(found, ruleset, report);
  if (skills.length > 0) sheet.skills = skills;
  const stunts = adaptStunts(found, report);
  if (stunts.length > 0) sheet.stunts = stunts;
  if (found.primaryMagic !== undefined && ruleset === 'pirates')
    sheet.primaryMagic = found.primaryMagic;
  if (found.refresh !== undefined) {
    if (options.npc) {
      sheet.refresh = Math.max(0, Math.min(20, found.refresh));
      report.mapped.push(`refresh ${sheet.refresh}`);
    } else {
      report.adapted.push(
        `refresh ${found.refresh} in the file: a player character's refresh is worked out from its stunts`,
      );
    }
  }
  const { play, lines } = adaptPlay(found, ruleset);
  report.problems = checkSheet(ruleset, sheet, options.npc ?? false);
  return { character: { ruleset, sheet, play }, report, playLines: lines };
}

function adaptStunts(found: FoundCharacter, report: ImportReport): NonNullable<Sheet['stunts']> {
  const ids = new Set<string>();
  const kept = found.stunts.slice(0, LIMITS.list);
  for (const s of found.stunts.slice(LIMITS.list))
    report.dropped.push(`stunt ${s.name}: a sheet holds ${LIMITS.list} stunts`);
  return kept.map((s, i) => {
    const name = clip(s.name || `Stunt ${i + 1}`, LIMITS.stuntName);
    const text = clip(s.text, LIMITS.stuntText);
    if (name.cut || text.cut) report.adapted.push(`stunt ${name.text} cut to the sheet's length`);
    report.mapped.push(`stunt ${name.text}`);
    const id = s.id !== undefined && ID.test(s.id) && !ids.has(s.id) ? s.id : `stunt-${i + 1}`;
    ids.add(id);
    return { id, name: name.text, text: text.text };
  });
}
