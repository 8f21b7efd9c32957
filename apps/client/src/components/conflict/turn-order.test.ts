import { describe, expect, it } from 'vitest';
import { joinable, moveTurn } from './turn-order';
import { GM, sceneTable } from '../../lib/test/play';

describe('reordering the turns', () => {
  const order = ['ann', 'bob', 'npc'];
  it('moves a character up, down, or to a dropped place', () => {
    expect(moveTurn(order, 'npc', 1)).toEqual(['ann', 'npc', 'bob']);
    expect(moveTurn(order, 'ann', 1)).toEqual(['bob', 'ann', 'npc']);
    expect(moveTurn(order, 'bob', 0)).toEqual(['bob', 'ann', 'npc']);
  });
  it('stays within the list and ignores strangers', () => {
    expect(moveTurn(order, 'ann', -1)).toEqual(order);
    expect(moveTurn(order, 'npc', 9)).toEqual(order);
    expect(moveTurn(order, 'zed', 0)).toEqual(order);
  });
});

describe('who the GM may add to the turn order', () => {
  it('offers exactly the characters conflict.join accepts', () => {
    const { t, zira, tam, brute } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [zira] });
    t.ok(GM, { type: 'taken-out', characterId: brute });
    const offered = joinable(t.view().characters, t.view().conflict.order).map((c) => c.id);
    expect(offered).toEqual([tam]);
    for (const c of t.view().characters) {
      const accepted = (() => {
        try {
          t.ok(GM, { type: 'conflict.join', characterId: c.id });
          t.ok(GM, { type: 'conflict.leave', characterId: c.id });
          return true;
        } catch {
          return false;
        }
      })();
      expect(accepted, c.name).toBe(offered.includes(c.id));
    }
  });
});
