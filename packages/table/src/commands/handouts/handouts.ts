import { line, say } from '../../log/say';
import { gmOnly } from '../access';
import type { Handler } from '../context';
import { refuse } from '../context';
import { gmRoots, pubRoots } from '../../doc/schema';
import type { HandoutView } from '../../doc/view-types';
import { readHandouts, writeHandout } from '../../doc/handouts';

/** Most prepared handouts a table keeps: the GM's tools list them all. */
export const MAX_HANDOUTS = 40;

/** The handout every screen shows now, if any (`meta.handout`). */
export function shownHandout(meta: { get: (key: string) => unknown }): HandoutView | undefined {
  return meta.get('handout') as HandoutView | undefined;
}

export const handoutPrepare: Handler<'handout.prepare'> = ({
  docs,
  actor,
  command,
  newId,
  now,
}) => {
  const denied = gmOnly(actor, 'prepare handouts');
  if (denied) return denied;
  const g = gmRoots(docs.gm);
  if (g.handouts.size >= MAX_HANDOUTS) {
    return refuse('invalid', `A table keeps at most ${MAX_HANDOUTS} handouts; remove one first.`, {
      id: 'too-many-handouts',
      params: { max: MAX_HANDOUTS },
    });
  }
  const id = newId();
  if (g.handouts.has(id)) return refuse('invalid', 'Id collision; try again.');
  const handout: HandoutView = { id, image: command.image, title: command.title, at: now };
  return { gm: () => writeHandout(g.handouts, handout), result: { handoutId: id } };
};

export const handoutPush: Handler<'handout.push'> = ({ docs, actor, command, now }) => {
  const denied = gmOnly(actor, 'show handouts');
  if (denied) return denied;
  const handout = readHandouts(gmRoots(docs.gm).handouts).find((h) => h.id === command.handoutId);
  if (!handout) {
    return refuse('not-found', `No handout "${command.handoutId}".`, { id: 'no-handout' });
  }
  const meta = pubRoots(docs.pub).meta;
  // Pushed again, it is shown again: a new `at` is what every screen reacts to.
  const shown: HandoutView = { ...handout, at: now };
  return {
    pub: () => meta.set('handout', shown),
    log: [line(say('handoutShown', { title: handout.title }))],
  };
};

export const handoutClear: Handler<'handout.clear'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'take a handout off the screens');
  if (denied) return denied;
  const meta = pubRoots(docs.pub).meta;
  if (!meta.has('handout')) return {};
  return { pub: () => meta.delete('handout') };
};

export const handoutRemove: Handler<'handout.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove handouts');
  if (denied) return denied;
  const g = gmRoots(docs.gm);
  if (!g.handouts.has(command.handoutId)) {
    return refuse('not-found', `No handout "${command.handoutId}".`, { id: 'no-handout' });
  }
  const meta = pubRoots(docs.pub).meta;
  const showing = shownHandout(meta)?.id === command.handoutId;
  return {
    gm: () => g.handouts.delete(command.handoutId),
    ...(showing ? { pub: () => meta.delete('handout') } : {}),
  };
};
