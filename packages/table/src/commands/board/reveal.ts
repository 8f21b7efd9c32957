import { line, say } from '../../log/say';
import { gmOnly } from '../access';
import type { Handler, LogDraft } from '../context';
import { isRefusal, refuse } from '../context';
import { gmRoots, pubRoots } from '../../doc/schema';
import { readGm } from '../../doc/views';
import { revealHidden } from '../gm/secrets';
import { boardState, zoneName } from './places';

/**
 * `board.reveal`: the GM's prepared board comes into play in one go, as a single transaction
 * per document: the prepared zones and borders (same ids), the prepared aspects standing on a
 * zone or border, and the NPC drafts with a token (created, in their zone, in the scene when
 * one runs). Other prepared things (an aspect of the whole scene, an NPC without a token)
 * stay hidden for `gm.reveal`. Until this command nothing of it is in the public document.
 */
export const boardReveal: Handler<'board.reveal'> = ({ docs, actor, newId, now }) => {
  const denied = gmOnly(actor, 'reveal the prepared board');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const g = gmRoots(docs.gm);
  const state = boardState(docs);
  const zones = state.zones.filter((z) => z.side === 'gm').map((z) => z.zone);
  const borders = state.borders.filter((b) => b.side === 'gm').map((b) => b.border);
  const revealing = new Set([...zones.map((z) => z.id), ...borders.map((b) => b.id)]);
  const items = readGm(docs.gm).hidden.filter(
    (h) => h.place !== undefined || h.zoneId !== undefined,
  );
  if (zones.length === 0 && borders.length === 0 && items.length === 0) {
    return refuse('invalid', 'Nothing is prepared on the board.', { id: 'no-hidden' });
  }
  const writes: (() => void)[] = [];
  const log: LogDraft[] = [
    ...zones.map((z) => line(say('zoneRevealed', { zone: z.name }))),
    ...borders.map((b) =>
      line(say('zonesTouch', { a: zoneName(state, b.a), b: zoneName(state, b.b) })),
    ),
  ];
  let placed = 0;
  for (const item of items) {
    const revealed = revealHidden(docs, item, newId(), now, revealing, placed);
    if (isRefusal(revealed)) return revealed;
    if (item.kind === 'npc' && item.zoneId !== undefined && roots.scene.get('active') === true)
      placed++;
    writes.push(revealed.pub);
    log.push(...revealed.log);
  }
  return {
    gm: () => {
      for (const z of zones) g.zones.delete(z.id);
      for (const b of borders) g.borders.delete(b.id);
      for (const item of items) g.hidden.delete(item.id);
    },
    pub: () => {
      for (const z of zones) roots.zones.set(z.id, z);
      for (const b of borders) roots.borders.set(b.id, b);
      for (const write of writes) write();
    },
    log,
  };
};
