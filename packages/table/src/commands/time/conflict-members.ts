import { line, say } from '../../log/say';
import { findCharacter, gmOnly } from '../access';
import type { Found } from '../access';
import type { Actor, Handler, LogDraft, OrRefusal, Plan } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots, TableDocs } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import { bool, num } from '../../doc/ymap';
import { dropTicks, withTicks } from '../countdowns/exchange';
import { dropFromOrder, joinConflict } from './conflict';
import { afterDrop } from './turns';

/**
 * Who is in a running conflict, changed by the GM: a character who arrives mid-fight (an NPC
 * added then joins by itself, see `joinsConflict`) or one the GM sends back in, at the end of
 * the order; a character who leaves it without being taken out or conceding.
 */

/** As many as `conflict.start` and `conflict.order` take. */
export const TURN_ORDER_MAX = 40;

function orderOf(roots: PubRoots): string[] {
  return (roots.conflict.get('order') as string[] | undefined) ?? [];
}

function names(roots: PubRoots, order: readonly string[]): string[] {
  return order.map((id) => {
    const found = findCharacter(roots, id);
    return isRefusal(found) ? id : found.name;
  });
}

/**
 * Whether a character just added (an NPC the GM made or revealed) joins the running conflict:
 * a conflict is running and its order has room. The caller adds it with `joinConflict`.
 */
export function joinsConflict(roots: PubRoots): boolean {
  return bool(roots.conflict, 'active') && orderOf(roots).length < TURN_ORDER_MAX;
}

/** The log line of a character joining the turn order, its name last in it. */
export function joinedLine(roots: PubRoots, id: string, name: string): LogDraft {
  return {
    ...line(say('joinedConflict', { name, order: [...names(roots, orderOf(roots)), name] })),
    characterId: id,
  };
}

/**
 * Where the GM's change to who is in the conflict starts: the GM only, a conflict running, the
 * character found.
 */
function memberChange(
  docs: TableDocs,
  actor: Actor,
  doing: string,
  characterId: string,
): OrRefusal<{ roots: PubRoots; found: Found }> {
  const denied = gmOnly(actor, doing);
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (!bool(roots.conflict, 'active'))
    return refuse('no-conflict', 'There is no conflict running.');
  const found = findCharacter(roots, characterId);
  if (isRefusal(found)) return found;
  return { roots, found };
}

export const conflictJoin: Handler<'conflict.join'> = ({ docs, actor, command }) => {
  const change = memberChange(docs, actor, 'add someone to the turn order', command.characterId);
  if (isRefusal(change)) return change;
  const { roots } = change;
  const c = change.found.character;
  const order = orderOf(roots);
  if (order.includes(c.id)) return refuse('invalid', `${c.name} is already in the turn order.`);
  if (c.takenOut) {
    return refuse('invalid', `${c.name} is taken out: out of the scene until it ends.`);
  }
  if (order.length >= TURN_ORDER_MAX) {
    return refuse('invalid', `The turn order holds at most ${TURN_ORDER_MAX} characters.`);
  }
  return {
    pub: () => joinConflict(roots, [c.id]),
    log: [joinedLine(roots, c.id, c.name)],
  };
};

export const conflictLeave: Handler<'conflict.leave'> = ({ docs, actor, command }) => {
  const change = memberChange(
    docs,
    actor,
    'take someone out of the turn order',
    command.characterId,
  );
  if (isRefusal(change)) return change;
  const { roots, found } = change;
  const order = orderOf(roots);
  const after = afterDrop(order, num(roots.conflict, 'turn'), command.characterId);
  if (!after) return refuse('invalid', `${found.name} is not in the turn order.`);
  // Leaving may end the exchange (the last to act leaves): countdowns tied to exchanges tick,
  // as when one is taken out.
  const plan: Plan = {
    pub: () => dropFromOrder(roots, command.characterId),
    log: [
      {
        ...line(say('leftConflict', { name: found.name, order: names(roots, after.order) })),
        characterId: command.characterId,
      },
    ],
  };
  return withTicks(dropTicks(docs, command.characterId), plan);
};
