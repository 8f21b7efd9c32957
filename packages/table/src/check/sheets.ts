import { rulesetById } from '@fateboard/rules';
import type { TableView } from '../doc/view-types';
import type { TableProblem } from './problem';
import { problem } from './problem';

/**
 * The problems of a sheet's structure, which the ruleset derives and no command lets a person
 * choose: its stress tracks and their boxes, its consequence slots, its aspect slots, its
 * skill list. A sheet's choices (its spread, its blank aspects) are the ruleset's to judge
 * when a person edits it, not here: a GM's adjustment may leave a spread a sheet would refuse.
 */
const DERIVED = new Set([
  'stress-boxes',
  'consequence-slots',
  'aspect-slots',
  'aspect-count',
  'skill-list',
  'skill-unknown',
  'unknown-skill',
  'skill-duplicate',
  'duplicate-skill',
]);

/** Every character plays the table's game, and its sheet has the structure the game gives it. */
export function sheetProblem(table: TableView): TableProblem | undefined {
  const ruleset = rulesetById(table.ruleset);
  if (!ruleset) return problem('ruleset', `names no game Fateboard plays`);
  for (const [i, c] of table.characters.entries()) {
    if (c.ruleset !== table.ruleset) {
      return problem(`characters.${i}.ruleset`, `is ${c.ruleset} at a ${table.ruleset} table`);
    }
    const wrong = ruleset.validateCharacter(c).find((p) => DERIVED.has(p.code));
    if (wrong)
      return problem(
        `characters.${i}.${wrong.path ?? 'sheet'}`,
        `is not what ${table.ruleset} gives: ${wrong.message}`,
      );
  }
  return undefined;
}
