import { allCharacters, controls, findCharacter, gmOnly, tableRuleset } from './access';
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

export const conflictStart: Handler<'conflict.start'> = ({ docs, actor, command, rng }) => {
  const denied = gmOnly(actor, 'start a conflict');
  if (denied) return denied;
  const r = pubRoots(docs.pub);
  if (bool(r.conflict, 'active')) return refuse('invalid', 'A conflict is already running.');
  const given = [...new Set(command.order)];
  const characters = new Map(allCharacters(r).map((c) => [c.id, c]));
  const missing = [...given, ...(command.surprise ?? [])].find((id) => !characters.has(id));
  if (missing !== undefined) return refuse('not-found', `No character "${missing}" at this table.`);
  let order = given;
  let initiativeLog = '';
  if (command.initiative !== undefined) {
    // Initiative by the ruleset (narrative: by aspect, or aspect + 3dF) [NAR-INIT-1..3].
    const ruleset = tableRuleset(r);
    if ('ok' in ruleset) return ruleset;
    const entries = [];
    for (const id of given) {
      const c = characters.get(id)!;
      const aspectId = command.aspects?.[id];
      const rated = c.aspects.filter((a) => a.rating !== undefined);
      const aspect =
        aspectId === undefined
          ? rated.reduce<(typeof rated)[number] | undefined>(
              (best, a) => (best === undefined || (a.rating ?? 0) > (best.rating ?? 0) ? a : best),
              undefined,
            )
          : rated.find((a) => a.id === aspectId);
      if (aspectId !== undefined && aspect === undefined) {
        return refuse('invalid', `${c.name} has no rated aspect "${aspectId}".`);
      }
      entries.push({
        id,
        rating: aspect?.rating ?? 0,
        ...(command.surprise?.includes(id) ? { surprise: true } : {}),
      });
    }
    const ordered = ruleset.initiative(entries, command.initiative, rng);
    if (!ordered.ok) return refuse('rules', ordered.message);
    order = ordered.value.order;
    const rolls = ordered.value.rolls
      .map((x) => `${characters.get(x.id)?.name ?? x.id} ${x.total}`)
      .join(', ');
    initiativeLog = ` Initiative by ${command.initiative}${rolls ? ` (${rolls})` : ''}: ${order
      .map((id) => characters.get(id)?.name ?? id)
      .join(', ')}.`;
  } else if (command.aspects !== undefined || command.surprise !== undefined) {
    return refuse('invalid', 'Aspects and surprise order the turns only with `initiative`.');
  }
  return {
    pub: () => {
      put(r.conflict, 'active', true);
      put(r.conflict, 'order', order);
      put(r.conflict, 'turn', 0);
      put(r.conflict, 'round', 1);
      resetConsequenceCounts(r);
    },
    log: [{ text: `A conflict started.${initiativeLog}` }],
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
