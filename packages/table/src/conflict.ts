import { allCharacters, controls, findCharacter, gmOnly } from './access';
import { writeTableState } from './character-store';
import type { Handler } from './context';
import { refuse } from './context';
import type { PubRoots } from './schema';
import { pubRoots } from './schema';
import type { YMap } from './ymap';
import { bool, num, put } from './ymap';

/** The conflict's turn order: who acts now, and the round. */

function resetConsequenceCounts(r: PubRoots): void {
  r.characters.forEach((value) => writeTableState(value as YMap, { conflictConsequences: 0 }));
}

export const conflictStart: Handler<'conflict.start'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'start a conflict');
  if (denied) return denied;
  const r = pubRoots(docs.pub);
  if (bool(r.conflict, 'active')) return refuse('invalid', 'A conflict is already running.');
  const order = [...new Set(command.order)];
  const known = new Set(allCharacters(r).map((c) => c.id));
  const missing = order.find((id) => !known.has(id));
  if (missing !== undefined) return refuse('not-found', `No character "${missing}" at this table.`);
  return {
    pub: () => {
      put(r.conflict, 'active', true);
      put(r.conflict, 'order', order);
      put(r.conflict, 'turn', 0);
      put(r.conflict, 'round', 1);
      resetConsequenceCounts(r);
    },
    log: [{ text: 'A conflict started.' }],
  };
};

export const conflictNext: Handler<'conflict.next'> = ({ docs, actor }) => {
  const r = pubRoots(docs.pub);
  if (!bool(r.conflict, 'active')) return refuse('invalid', 'There is no conflict running.');
  const order = (r.conflict.get('order') as string[] | undefined) ?? [];
  if (order.length === 0) return refuse('invalid', 'Nobody is left in the conflict.');
  const turn = num(r.conflict, 'turn');
  const current = order[turn % order.length];
  // The GM moves the order on; a player may end their own character's turn.
  if (actor.role !== 'gm') {
    const found = current === undefined ? undefined : findCharacter(r, current);
    if (!found || 'ok' in found || !controls(actor, found.character)) {
      return refuse('forbidden', 'Only the GM or the acting character’s player ends this turn.');
    }
  }
  const next = turn + 1;
  const wraps = next >= order.length;
  return {
    pub: () => {
      put(r.conflict, 'turn', wraps ? 0 : next);
      if (wraps) put(r.conflict, 'round', num(r.conflict, 'round') + 1);
    },
  };
};

export const conflictEnd: Handler<'conflict.end'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'end a conflict');
  if (denied) return denied;
  const r = pubRoots(docs.pub);
  if (!bool(r.conflict, 'active')) return refuse('invalid', 'There is no conflict running.');
  return {
    pub: () => {
      put(r.conflict, 'active', false);
      put(r.conflict, 'order', undefined);
      put(r.conflict, 'turn', undefined);
      put(r.conflict, 'round', undefined);
      resetConsequenceCounts(r);
    },
    log: [{ text: 'The conflict ended.' }],
  };
};
