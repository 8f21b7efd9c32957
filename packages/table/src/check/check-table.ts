import * as v from 'valibot';
import type { TableDocs } from '../doc/schema';
import type { GmView, TableView } from '../doc/view-types';
import { readGm, readTable } from '../doc/views';
import type { TableProblem } from './problem';
import { problem } from './problem';
import { referenceProblem } from './references';
import { GmShape, TableShape } from './shapes';
import { sheetProblem } from './sheets';

/**
 * Every invariant a table the reducer produced keeps, in one place: whatever writes a table
 * other than a command (a restored file, a Fari scene, a rebuild) checks its result here, and
 * the property tests check every random command's. The first field that breaks one, and why;
 * undefined when the table is one the reducer could have made.
 *
 * In order: the shape of every field with the limits the commands enforce (shapes.ts), the
 * structure the ruleset gives each sheet (sheets.ts), then what fields say about each other
 * (references.ts), each assuming the checks before it passed.
 */
export function checkTable(table: TableView, gm: GmView): TableProblem | undefined {
  return (
    shapeProblem(TableShape, table, '') ??
    shapeProblem(GmShape, gm, 'gm.') ??
    sheetProblem(table) ??
    referenceProblem(table, gm)
  );
}

/** checkTable of a table's two documents, as every client reads them. */
export function checkTableDocs(docs: TableDocs): TableProblem | undefined {
  return checkTable(readTable(docs.pub), readGm(docs.gm));
}

function shapeProblem(
  schema: v.GenericSchema,
  view: unknown,
  prefix: string,
): TableProblem | undefined {
  const checked = v.safeParse(schema, view);
  if (checked.success) return undefined;
  // A union's or a pipe's issue is the deepest one that explains it best.
  let issue: v.BaseIssue<unknown> = checked.issues[0];
  while (issue.issues?.[0]) issue = issue.issues[0];
  const path = v.getDotPath(issue) ?? v.getDotPath(checked.issues[0]) ?? '';
  return problem(`${prefix}${path}`.replace(/\.$/, '') || 'table', reasonOf(issue));
}

/** valibot's messages ("Invalid type: Expected number but received "a"") as a reason. */
function reasonOf(issue: v.BaseIssue<unknown>): string {
  switch (issue.type) {
    case 'max_value':
      return `is over ${String(issue.requirement)}`;
    case 'min_value':
      return `is under ${String(issue.requirement)}`;
    case 'safe_integer':
      return 'is not a whole number';
    default:
      return issue.message.startsWith('Invalid')
        ? `is not what Fateboard writes (${issue.message})`
        : issue.message;
  }
}
