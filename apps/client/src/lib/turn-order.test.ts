import { describe, expect, it } from 'vitest';
import { moveTurn } from './turn-order';

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
