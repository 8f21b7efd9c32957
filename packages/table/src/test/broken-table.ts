import { expect } from 'vitest';
import { pubRoots } from '../doc/schema';
import { peek } from '../doc/ymap';
import { checkTableDocs } from '../check/check-table';
import { GM, sceneTable, skillRoll } from './harness';

// checkTable's tests break one invariant at a time on a table commands made (which passes).

/** A table in a conflict with a roll, a situation aspect and a countdown. */
export function played() {
  const s = sceneTable(7);
  s.t.ok(s.ann, skillRoll(s.a, 'athletics', 'overcome', { difficulty: 2 }));
  s.t.ok(GM, { type: 'aspect.add', text: 'Slick deck', kind: 'situation', freeInvokes: 1 });
  s.t.ok(GM, { type: 'countdown.add', name: 'Tide', boxes: 4, trigger: 'The hold floods' });
  s.t.ok(GM, { type: 'conflict.start', order: [s.a, s.b, s.npc] });
  const r = pubRoots(s.t.docs.pub);
  const character = (id: string) => peek(r.characters, id)!;
  return { ...s, r, character };
}

/** Breaks the table with `edit` (in one transaction) and answers checkTable's problem. */
export function broken(edit: (s: ReturnType<typeof played>) => void) {
  const s = played();
  expect(checkTableDocs(s.t.docs)).toBeUndefined();
  s.t.docs.pub.transact(() => edit(s));
  return checkTableDocs(s.t.docs);
}

export const characterIndex = (s: ReturnType<typeof played>, id: string) =>
  [...s.r.characters.keys()].sort().indexOf(id);
