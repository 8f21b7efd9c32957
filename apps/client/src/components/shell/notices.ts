import type { TableView } from '@fateboard/table';
import { freeInvokesWords } from '../../lib/game-words';
import { sayEntry } from '../log/log-words';
import { answersFor, cssString, messages, type Me, type Need } from './needs';

// The notices among what a person is told (needs.ts): a fate point or free invoke someone else
// gave them, news until seen. What was seen is a `Mark`, taken when the person looks.

/** How far notices have been read: the newest log entry, and my free invokes per aspect. */
export interface Mark {
  n: number;
  invokes: Record<string, number>;
}

/** My free invokes by aspect key: table aspects by id, sheet aspects as `characterId/aspectId`. */
function myInvokes(view: TableView, me: Me): Record<string, number> {
  const holder = me.role === 'gm' ? 'gm' : me.seatId;
  const out: Record<string, number> = {};
  if (!holder) return out;
  for (const a of view.aspects) if (a.freeInvokes[holder]) out[a.id] = a.freeInvokes[holder];
  for (const c of view.characters) {
    for (const [id, owners] of Object.entries(c.freeInvokes)) {
      if (owners[holder]) out[`${c.id}/${id}`] = owners[holder];
    }
  }
  return out;
}

export function markOf(view: TableView, me: Me): Mark {
  return { n: view.log.at(-1)?.n ?? 0, invokes: myInvokes(view, me) };
}

/** The log entries after entry `n` that someone else made: what may be news to me. */
export function othersSince(n: number, view: TableView, me: Me): TableView['log'] {
  const byMe = (by: { role: string; seatId?: string }) =>
    me.role === 'gm' ? by.role === 'gm' : by.seatId === me.seatId;
  // The log is numbered in order (packages/table readLog): only its end is read, not every
  // entry at each change of the document (a phone read them all through the view's proxies).
  const log = view.log;
  let from = log.length;
  while (from > 0 && log[from - 1]!.n > n) from--;
  return log.slice(from).filter((e) => !byMe(e.by));
}

/** Fate points and free invokes someone else gave me since `mark`. */
export function noticesSince(mark: Mark, view: TableView, me: Me): Need[] {
  if (me.role === 'spectator') return [];
  const fresh = othersSince(mark.n, view, me);
  const out: Need[] = [];
  for (const entry of fresh) {
    const to = entry.movements?.find((m) => m.to.type === 'character' && m.amount > 0)?.to;
    const c = to?.type === 'character' ? view.characters.find((x) => x.id === to.id) : undefined;
    if (!c || !answersFor(me, c)) continue;
    out.push({
      key: `fp:${entry.n}`,
      kind: 'fate-point',
      tab: 'characters',
      // The toast says the gift in the reader's language, as the log does.
      text: sayEntry.get()(entry, (id) => view.characters.find((x) => x.id === id)?.name),
      action: messages.get().show,
      focus: [
        `[data-testid="character-card"][data-character=${cssString(c.name)}] [data-testid="fate-points"]`,
      ],
    });
  }
  // My own advantage's free invokes are no news; someone else's gift is.
  if (fresh.length === 0) return out;
  for (const [key, count] of Object.entries(myInvokes(view, me))) {
    const gained = count - (mark.invokes[key] ?? 0);
    if (gained <= 0) continue;
    const [characterId, aspectId] = key.includes('/') ? key.split('/') : [undefined, key];
    const c =
      characterId === undefined ? undefined : view.characters.find((x) => x.id === characterId);
    const text = c
      ? (c.aspects.find((a) => a.id === aspectId)?.text ??
        c.consequences.find((s) => s.id === aspectId)?.taken?.text)
      : view.aspects.find((a) => a.id === key)?.text;
    out.push({
      key: `invoke:${key}:${count}`,
      kind: 'free-invoke',
      tab: c ? 'characters' : 'scene',
      text: messages.get().moreInvokes({
        invokes: freeInvokesWords.get()(gained),
        aspect: text ?? messages.get().anAspect,
      }),
      action: messages.get().show,
      focus: c
        ? [`[data-testid="character-card"][data-character=${cssString(c.name)}]`]
        : [`[data-testid="aspect-card"][aria-label=${cssString(`Aspect: ${text ?? ''}`)}]`],
    });
  }
  return out;
}
