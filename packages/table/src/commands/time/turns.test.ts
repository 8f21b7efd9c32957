import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, refused, sceneTable } from '../../test/harness';
import { isController } from '../access';
import { actingIn } from './turns';

/** Whose turn it is, and whom it waits on: one answer for the reducer and every screen. */
describe('the acting character', () => {
  it('is the turn order’s current one; its controller or the GM ends the turn', () => {
    const { t, ann, bob, a, b, npc } = sceneTable();
    const acting = () => {
      const view = readTable(t.docs.pub);
      const id = actingIn(view.conflict);
      return view.characters.find((c) => c.id === id);
    };
    expect(acting()).toBeUndefined();
    t.ok(GM, { type: 'conflict.start', order: [b, a, npc] });
    expect(acting()?.id).toBe(b);
    // Tam waits on Bob, not on Ann nor the GM (who may still move the turn on).
    expect([bob, ann, GM].map((who) => isController(who, acting()!))).toEqual([true, false, false]);
    refused(t, ann, { type: 'conflict.next' }, 'forbidden');
    t.ok(bob, { type: 'conflict.next' });
    expect(acting()?.id).toBe(a);
    t.ok(ann, { type: 'conflict.next' });
    // The NPC's turn waits on the GM; no player may end it.
    expect(acting()?.id).toBe(npc);
    expect([GM, ann].map((who) => isController(who, acting()!))).toEqual([true, false]);
    refused(t, ann, { type: 'conflict.next' }, 'forbidden');
    t.ok(GM, { type: 'conflict.next' });
    expect(acting()?.id).toBe(b);
    expect(readTable(t.docs.pub).conflict.round).toBe(2);
    // A reorder keeps the turn on whoever acts.
    t.ok(GM, { type: 'conflict.order', order: [npc, a, b] });
    expect(acting()?.id).toBe(b);
    t.ok(GM, { type: 'conflict.end' });
    expect(acting()).toBeUndefined();
    expect(actingIn({ active: true, order: [], turn: 0 })).toBeUndefined();
  });
});
