import type * as Y from 'yjs';
import { line, say } from '../../log/say';
import { readCharacter } from '../../doc/character-store';
import type { Handler, LogDraft } from '../context';
import { refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { CompelView } from '../../doc/views';
import { readCompel } from '../../doc/views';
import { byTime, optStr, peek } from '../../doc/ymap';
import { characterName, withdrawsCompel } from './compels';

// An open compel closed undecided: taken back by whoever may (`compel.withdraw`), or every
// one at once as the scene ends. No fate point moves.

/**
 * The character a player speaks for when offering: the one paying for a player's compel, or
 * the compelled character itself for a self-compel. A GM's compel has none.
 */
function offeringCharacter(compel: CompelView): string | undefined {
  return compel.self ? compel.characterId : compel.fromCharacterId;
}

/** The log line of a compel closed undecided: withdrawn, or withdrawn as the scene ended. */
function withdrawal(
  roots: PubRoots,
  compel: CompelView,
  how: 'withdrawn' | 'scene-ended',
): LogDraft {
  const id =
    how === 'withdrawn'
      ? compel.self
        ? 'selfCompelWithdrawn'
        : 'compelWithdrawn'
      : compel.self
        ? 'selfCompelSceneEnded'
        : 'compelSceneEnded';
  return {
    ...line(say(id, { name: characterName(roots, compel.characterId), text: compel.text })),
    characterId: compel.characterId,
  };
}

export const compelWithdraw: Handler<'compel.withdraw'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const map = peek(roots.compels, command.compelId);
  if (!map)
    return refuse('not-found', `No open compel "${command.compelId}".`, { id: 'no-compel' });
  const compel = readCompel(map);
  const from = offeringCharacter(compel);
  const offerer = from === undefined ? undefined : peek(roots.characters, from);
  if (!withdrawsCompel(actor, offerer && readCharacter(offerer))) {
    const name = offerer && optStr(offerer, 'name');
    const who = name === undefined ? 'the GM' : `the GM or ${name}'s player`;
    return refuse('forbidden', `Only ${who} may withdraw this compel.`);
  }
  return {
    pub: () => roots.compels.delete(compel.id),
    log: [withdrawal(roots, compel, 'withdrawn')],
  };
};

/**
 * Every open compel withdrawn because the scene ended, for `scene.end`: the writes to run in
 * its transaction, and one log line per compel (in the order the table lists them).
 */
export function compelsEndedWithScene(roots: PubRoots): { close: () => void; log: LogDraft[] } {
  const open: CompelView[] = [];
  roots.compels.forEach((m) => open.push(readCompel(m as Y.Map<unknown>)));
  open.sort(byTime);
  return {
    close: () => open.forEach((c) => roots.compels.delete(c.id)),
    log: open.map((c) => withdrawal(roots, c, 'scene-ended')),
  };
}
