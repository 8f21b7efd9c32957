import type { JsonRecord } from '../json';
import { arrayAt, isRecord, recordAt, records } from '../json';

/**
 * The layouts Fari has written a character's pages in, told apart by their shape rather than
 * by `version` (files are hand-edited, and templates kept `version: 3` after the layout moved):
 *
 * - `positions` (version 3): `pages[].sections[]`, each section with a `position` Left/Right;
 * - `columns` (version 4): `pages[].sections: { left: [], right: [] }`;
 * - `rows` (versions 5 and 6): `pages[].rows[].columns[].sections[]` (6 upper-cases labels).
 */
export type FariShape = 'positions' | 'columns' | 'rows';

export interface FariSection {
  label: string;
  blocks: JsonRecord[];
}

export type ShapeResult =
  { ok: true; shape: FariShape; sections: FariSection[] } | { ok: false; why: string };

/** The sections of every page in reading order (left column before right), whatever the shape. */
export function fariSections(character: JsonRecord): ShapeResult {
  const pages = records(arrayAt(character, 'pages'));
  if (pages.length === 0) return { ok: false, why: 'it has no pages' };
  const shapes = new Set<FariShape>();
  const sections: FariSection[] = [];
  for (const page of pages) {
    const found = pageSections(page);
    if (found === undefined) return { ok: false, why: 'a page has no sections Fari would write' };
    shapes.add(found.shape);
    sections.push(...found.sections);
  }
  const [shape] = [...shapes];
  if (shape === undefined || shapes.size > 1) {
    return { ok: false, why: 'its pages mix layouts from different Fari versions' };
  }
  return { ok: true, shape, sections };
}

function pageSections(page: JsonRecord): { shape: FariShape; sections: FariSection[] } | undefined {
  const rows = arrayAt(page, 'rows');
  if (rows) {
    const sections = records(rows).flatMap((row) =>
      records(arrayAt(row, 'columns')).flatMap((column) => records(arrayAt(column, 'sections'))),
    );
    return { shape: 'rows', sections: sections.map(section) };
  }
  const columns = recordAt(page, 'sections');
  if (columns) {
    const left = records(arrayAt(columns, 'left'));
    const right = records(arrayAt(columns, 'right'));
    return { shape: 'columns', sections: [...left, ...right].map(section) };
  }
  const list = arrayAt(page, 'sections');
  if (list) {
    const all = records(list);
    // Version 3 wrote `position` as the enum's name ("Left") or its number (0 = left).
    const isLeft = (s: JsonRecord) => s.position === 'Left' || s.position === 0;
    const ordered = [...all.filter(isLeft), ...all.filter((s) => !isLeft(s))];
    return { shape: 'positions', sections: ordered.map(section) };
  }
  return undefined;
}

const section = (s: JsonRecord): FariSection => ({
  label: typeof s.label === 'string' ? s.label : '',
  blocks: (Array.isArray(s.blocks) ? s.blocks : []).filter(isRecord),
});
