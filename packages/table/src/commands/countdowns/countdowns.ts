import { line, say } from '../../log/say';
import { gmOnly } from '../access';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import type { CountdownView } from '../../doc/view-types';
import { updateCountdown, writeCountdown } from '../../doc/countdowns';
import {
  COUNTDOWN_LIMIT,
  countdownsRoot,
  filledLine,
  findCountdown,
  isFull,
  planOn,
  tickedLine,
} from './store';

/**
 * Countdowns (the Fate Adversary Toolkit's "countdown tracks"): the GM makes them,
 * ticks them, reveals hidden ones and removes them. A countdown that fills says so once, in
 * the log, with its trigger (public ones only) and stays full until reset or removed.
 */

export const countdownAdd: Handler<'countdown.add'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'make countdowns');
  if (denied) return denied;
  const where = command.hidden === true ? 'gm' : 'pub';
  const root = countdownsRoot(docs, where);
  if (root.size >= COUNTDOWN_LIMIT) {
    return refuse('invalid', `A table holds at most ${COUNTDOWN_LIMIT} countdowns of each kind.`);
  }
  const id = newId();
  if (root.has(id)) return refuse('invalid', 'Countdown id collision; try again.');
  const countdown: CountdownView = {
    id,
    name: command.name,
    boxes: command.boxes,
    filled: 0,
    trigger: command.trigger,
    perExchange: command.perExchange === true,
    at: now,
  };
  return {
    ...planOn(where, () => writeCountdown(root, countdown), [
      say('countdownStarted', {
        name: countdown.name,
        count: countdown.boxes,
        every: countdown.perExchange ? say('countdownPerExchange') : '',
      }),
    ]),
    result: { countdownId: id },
  };
};

export const countdownTick: Handler<'countdown.tick'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'tick countdowns');
  if (denied) return denied;
  const found = findCountdown(docs, command.countdownId);
  if (isRefusal(found)) return found;
  const { view } = found;
  if (command.by === 1 && isFull(view)) {
    return refuse('invalid', `"${view.name}" is already filled; reset it to count again.`);
  }
  if (command.by === -1 && view.filled <= 0) {
    return refuse('invalid', `"${view.name}" has no box ticked.`);
  }
  const next = { ...view, filled: view.filled + command.by };
  return planOn(found.where, () => updateCountdown(found.map, next), [
    isFull(next) ? filledLine(next) : tickedLine(next),
  ]);
};

export const countdownEdit: Handler<'countdown.edit'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'change countdowns');
  if (denied) return denied;
  const found = findCountdown(docs, command.countdownId);
  if (isRefusal(found)) return found;
  const { view } = found;
  const boxes = command.boxes ?? view.boxes;
  if (command.filled !== undefined && command.filled > boxes) {
    return refuse('invalid', `"${view.name}" has only ${boxes} boxes.`);
  }
  const next: CountdownView = {
    ...view,
    name: command.name ?? view.name,
    boxes,
    // Fewer boxes than are ticked leaves it full.
    filled: Math.min(command.filled ?? view.filled, boxes),
    trigger: command.trigger ?? view.trigger,
    perExchange: command.perExchange ?? view.perExchange,
  };
  if (JSON.stringify(next) === JSON.stringify(view)) return {};
  const fills = isFull(next) && !isFull(view);
  return planOn(found.where, () => updateCountdown(found.map, next), [
    say('countdownChanged', {
      before: view.name,
      name: next.name,
      filled: next.filled,
      boxes: next.boxes,
      every: next.perExchange ? say('countdownPerExchange') : '',
    }),
    ...(fills ? [filledLine(next)] : []),
  ]);
};

export const countdownReveal: Handler<'countdown.reveal'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'reveal countdowns');
  if (denied) return denied;
  const found = findCountdown(docs, command.countdownId);
  if (isRefusal(found)) return found;
  if (found.where === 'pub') return refuse('invalid', `"${found.view.name}" is already public.`);
  const pubRoot = countdownsRoot(docs, 'pub');
  if (pubRoot.size >= COUNTDOWN_LIMIT) {
    return refuse('invalid', `A table holds at most ${COUNTDOWN_LIMIT} public countdowns.`);
  }
  const { view } = found;
  return {
    gm: () => countdownsRoot(docs, 'gm').delete(view.id),
    pub: () => writeCountdown(pubRoot, view),
    log: [
      line(say('countdownRevealed', { name: view.name, filled: view.filled, boxes: view.boxes })),
      // A countdown that filled while hidden happens now, for everyone.
      ...(isFull(view) ? [line(filledLine(view))] : []),
    ],
  };
};

export const countdownRemove: Handler<'countdown.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove countdowns');
  if (denied) return denied;
  const found = findCountdown(docs, command.countdownId);
  if (isRefusal(found)) return found;
  const root = countdownsRoot(docs, found.where);
  return planOn(found.where, () => root.delete(found.view.id), [
    say('countdownRemoved', { name: found.view.name }),
  ]);
};
