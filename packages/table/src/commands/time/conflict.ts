import { line, say } from '../../log/say';
import { allCharacters, controls, findCharacter, gmOnly, tableRuleset } from '../access';
import { writeCharacter, writeTableState } from '../../doc/character-store';
import { conflictEndRecovery } from './conflict-recovery';
import type { Ruleset } from '@fateboard/rules';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { bool, num, peek, put } from '../../doc/ymap';
import { exchangeTicks, withTicks } from '../countdowns/exchange';
import { actingIn, afterDrop } from './turns';

/** The conflict's turn order: who acts now, and the round. */

/**
 * A concession pays for the consequences taken in this conflict, so a conflict's start and
 * end reset the count, except where the game counts the whole scene's (`pirates`
 * [PIR-CONCEDE-1]: the scene's end resets it then).
 */
function resetConsequenceCounts(roots: PubRoots, ruleset: Ruleset): void {
  if (ruleset.concessionCounts === 'scene') return;
  roots.characters.forEach((value) => writeTableState(value as YMap, { conflictConsequences: 0 }));
}

/** Starts a conflict with this turn order (the caller checked that none is running). */
export function beginConflict(roots: PubRoots, ruleset: Ruleset, order: string[]): void {
  put(roots.conflict, 'active', true);
  put(roots.conflict, 'order', order);
  put(roots.conflict, 'turn', 0);
  put(roots.conflict, 'round', 1);
  put(roots.conflict, 'freeMove', undefined);
  resetConsequenceCounts(roots, ruleset);
}

/** Adds characters not yet in the running conflict's turn order at its end. */
export function joinConflict(roots: PubRoots, ids: string[]): void {
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  const missing = ids.filter((id) => !order.includes(id));
  if (missing.length > 0) put(roots.conflict, 'order', [...order, ...missing]);
}

export const conflictStart: Handler<'conflict.start'> = ({ docs, actor, command, rng }) => {
  const denied = gmOnly(actor, 'start a conflict');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (bool(roots.conflict, 'active')) return refuse('invalid', 'A conflict is already running.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const given = [...new Set(command.order)];
  const characters = new Map(allCharacters(roots).map((c) => [c.id, c]));
  const missing = [...given, ...(command.surprise ?? [])].find((id) => !characters.has(id));
  if (missing !== undefined)
    return refuse('not-found', `No character "${missing}" at this table.`, {
      id: 'no-character',
    });
  let order = given;
  let started = say('conflictStarted');
  if (command.initiative !== undefined) {
    // Initiative by the ruleset (narrative: by aspect, or aspect + 3dF) [NAR-INIT-1..3].
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
    const rolls = ordered.value.rolls.map((x) =>
      say('initiativeRoll', { name: characters.get(x.id)?.name ?? x.id, total: x.total }),
    );
    const by = say(command.initiative === 'roll' ? 'initiativeByRoll' : 'initiativeByAspect');
    const names = order.map((id) => characters.get(id)?.name ?? id);
    started =
      rolls.length > 0
        ? say('conflictStartedInitiativeRolls', { by, rolls, order: names })
        : say('conflictStartedInitiative', { by, order: names });
  } else if (command.aspects !== undefined || command.surprise !== undefined) {
    return refuse('invalid', 'Aspects and surprise order the turns only with `initiative`.');
  }
  return {
    pub: () => beginConflict(roots, ruleset, order),
    log: [line(started)],
  };
};

export const conflictNext: Handler<'conflict.next'> = ({ docs, actor }) => {
  const roots = pubRoots(docs.pub);
  if (!bool(roots.conflict, 'active')) return refuse('invalid', 'There is no conflict running.');
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  if (order.length === 0) return refuse('invalid', 'Nobody is left in the conflict.');
  const turn = num(roots.conflict, 'turn');
  const current = actingIn({ active: true, order, turn });
  // The GM moves the order on; a player may end their own character's turn.
  if (actor.role !== 'gm') {
    const found = current === undefined ? undefined : findCharacter(roots, current);
    if (!found || isRefusal(found) || !controls(actor, found.character)) {
      return refuse('forbidden', 'Only the GM or the acting character’s player ends this turn.');
    }
  }
  const next = turn + 1;
  const wraps = next >= order.length;
  // The order wrapping around starts a new exchange: countdowns tied to exchanges tick.
  const ticks = wraps ? exchangeTicks(docs) : undefined;
  return withTicks(ticks, {
    pub: () => {
      put(roots.conflict, 'turn', wraps ? 0 : next);
      if (wraps) put(roots.conflict, 'round', num(roots.conflict, 'round') + 1);
    },
  });
};

export const conflictEnd: Handler<'conflict.end'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'end a conflict');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (!bool(roots.conflict, 'active')) return refuse('invalid', 'There is no conflict running.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  if (command.recovery !== undefined && !ruleset.features.recoversAtConflictEnd) {
    return refuse('invalid', `In ${ruleset.name} nothing comes back as a conflict ends.`);
  }
  const characters = allCharacters(roots);
  const unknown = Object.keys(command.recovery ?? {}).find(
    (id) => !characters.some((c) => c.id === id),
  );
  if (unknown !== undefined) {
    return refuse('not-found', `No character "${unknown}" at this table.`, { id: 'no-character' });
  }
  // Lost levels come back now, as the GM said for each [NAR-RECOVER-1] [NAR-RECOVER-4]; a
  // character named who lost none since the GM's screen showed it is simply left as it is.
  const recovered = conflictEndRecovery(ruleset, characters, command.recovery);
  return {
    pub: () => {
      put(roots.conflict, 'active', false);
      put(roots.conflict, 'order', undefined);
      put(roots.conflict, 'turn', undefined);
      put(roots.conflict, 'round', undefined);
      resetConsequenceCounts(roots, ruleset);
      for (const b of recovered) {
        const map = peek(roots.characters, b.characterId);
        if (map && b.mode !== 'none') writeCharacter(map, b.after);
      }
    },
    log: [
      line(say('conflictEnded')),
      ...recovered.map((b) => ({
        ...line(
          b.mode === 'none'
            ? say('levelsStay', { name: b.name, count: b.lost })
            : say('levelsBack', {
                name: b.name,
                count: b.back,
                half: b.mode === 'half' ? say('levelsBackHalf') : '',
              }),
        ),
        characterId: b.characterId,
      })),
    ],
  };
};

/**
 * The GM reorders the turns. The order must hold exactly the characters already in it, and the
 * turn stays with whoever was acting, wherever they move to.
 */
export const conflictOrder: Handler<'conflict.order'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'reorder the turns');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (!bool(roots.conflict, 'active'))
    return refuse('no-conflict', 'There is no conflict running.');
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  const next = command.order;
  const same =
    next.length === order.length &&
    new Set(next).size === next.length &&
    next.every((id) => order.includes(id));
  if (!same) {
    return refuse('invalid', 'The new order must hold exactly the characters in the conflict.');
  }
  const acting = order[num(roots.conflict, 'turn') % Math.max(order.length, 1)];
  const names = next.map((id) => {
    const found = findCharacter(roots, id);
    return isRefusal(found) ? id : found.character.name;
  });
  return {
    pub: () => {
      put(roots.conflict, 'order', next);
      put(roots.conflict, 'turn', acting === undefined ? 0 : next.indexOf(acting));
    },
    log: [line(say('turnOrder', { order: names }))],
  };
};

/** Takes a character out of the turn order, keeping the turn on whoever acts next. */
export function dropFromOrder(roots: PubRoots, id: string): void {
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  const after = afterDrop(order, (roots.conflict.get('turn') as number | undefined) ?? 0, id);
  if (!after) return;
  put(roots.conflict, 'order', after.order);
  put(roots.conflict, 'turn', after.turn);
  if (after.wraps) put(roots.conflict, 'round', num(roots.conflict, 'round') + 1);
}
