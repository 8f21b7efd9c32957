import type { RulesetId } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import type { FoundCharacter } from './found';
import type { ImportReport } from './portable';
import { RULESETS } from '@fateboard/rules';
import { LIMITS, clamp } from './sheet-limits';
import { APPROACH_IDS, skillIdOf } from './skills';
import { fold } from './text';

/**
 * A file's skills (or approaches) into a ruleset's skill list: by id or name where the ruleset
 * has the skill, else moved to the skill that does the same job; narrative has none.
 */

/** Where an approach goes in a game with a skill list (by what each approach is used for). */
const APPROACH_TO_SKILL: Readonly<Record<string, string>> = {
  careful: 'notice',
  clever: 'lore',
  flashy: 'rapport',
  forceful: 'fight',
  quick: 'athletics',
  sneaky: 'stealth',
};
/** Fate Core skills and approaches into the pirates' six. */
const TO_PIRATES: Readonly<Record<string, string>> = {
  athletics: 'explore',
  investigate: 'explore',
  survival: 'explore',
  crafts: 'jury-rig',
  rapport: 'parley',
  contacts: 'parley',
  deceive: 'parley',
  notice: 'savvy',
  lore: 'savvy',
  empathy: 'savvy',
  stealth: 'sneak',
  burglary: 'sneak',
  fight: 'swashbuckle',
  careful: 'savvy',
  clever: 'jury-rig',
  flashy: 'swashbuckle',
  forceful: 'swashbuckle',
  quick: 'explore',
  sneaky: 'sneak',
};

export function adaptSkills(
  found: FoundCharacter,
  ruleset: RulesetId,
  report: ImportReport,
): NonNullable<Sheet['skills']> {
  const list = RULESETS[ruleset].skills;
  if (list === null) {
    for (const k of found.skills)
      report.dropped.push(
        `skill ${k.label} ${signed(k.rating)}: narrative has no skills (its aspects are rated)`,
      );
    return [];
  }
  const known = new Set(list.map((k) => k.id));
  const byName = new Map(list.map((k) => [fold(k.name), k.id]));
  const out = new Map<string, number>();
  const notes: string[] = [];
  for (const k of found.skills) {
    const direct = [k.id, byName.get(fold(k.label)), skillIdOf(k.label)].find(
      (id) => id !== undefined && known.has(id),
    );
    const foreign = skillIdOf(k.label) ?? k.id ?? '';
    const moved =
      direct ?? (ruleset === 'pirates' ? TO_PIRATES[foreign] : APPROACH_TO_SKILL[foreign]);
    if (moved === undefined || !known.has(moved)) {
      if (k.rating !== 0)
        report.dropped.push(`skill ${k.label} ${signed(k.rating)}: not a ${ruleset} skill`);
      continue;
    }
    const rating = clamp(k.rating, -4, 12);
    const previous = out.get(moved);
    if (previous !== undefined && previous >= rating) {
      if (k.rating !== 0)
        report.dropped.push(
          `skill ${k.label} ${signed(k.rating)}: ${moved} is already ${signed(previous)}`,
        );
      continue;
    }
    out.set(moved, rating);
    if (direct === undefined) {
      const kind = APPROACH_IDS.includes(foreign) ? 'approach' : 'skill';
      notes.push(`${kind} ${k.label} ${signed(k.rating)} became ${moved} in ${ruleset}`);
    } else report.mapped.push(`skill ${moved} ${signed(rating)}`);
  }
  report.adapted.push(...notes);
  return [...out].slice(0, LIMITS.skills).map(([id, rating]) => ({ id, rating }));
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
