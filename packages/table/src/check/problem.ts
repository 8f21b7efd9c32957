/**
 * Why a table is not one the reducer could have made: the field (a dotted path into the
 * table's view, e.g. `characters.2.owed`, or the GM document's with `gm.` in front) and what is
 * wrong with it, as a sentence that follows the path ("characters.2.owed is over 999").
 */
export interface TableProblem {
  field: string;
  reason: string;
}

export const problem = (field: string, reason: string): TableProblem => ({ field, reason });

/** The problem as one sentence: `characters.2.owed is over 999`. */
export const problemSaid = (p: TableProblem): string => `${p.field} ${p.reason}`;
