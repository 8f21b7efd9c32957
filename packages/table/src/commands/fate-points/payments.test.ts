import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, charOf, refused, sceneWithAspect } from '../../test/harness';

// Who pays and who is paid when a compel is decided or a fate point is given.

describe('compels and gifts', () => {
  it('a player’s compel on another character is paid by their own character', () => {
    const { t, ann, bob, a, b } = sceneWithAspect();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    const [fa, fb] = [charOf(t, a).fatePoints, charOf(t, b).fatePoints];
    refused(t, ann, { type: 'compel.accept', compelId }, 'forbidden');
    t.ok(bob, { type: 'compel.accept', compelId });
    expect([charOf(t, a).fatePoints, charOf(t, b).fatePoints]).toEqual([fa - 1, fb + 1]);
  });

  it('a self-compel is decided by the GM only', () => {
    const { t, ann, a } = sceneWithAspect();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: a, text: 'My debts' });
    expect(readTable(t.docs.pub).compels[0]).toMatchObject({ self: true });
    refused(t, ann, { type: 'compel.accept', compelId }, 'forbidden');
    const fa = charOf(t, a).fatePoints;
    t.ok(GM, { type: 'compel.accept', compelId });
    expect(charOf(t, a).fatePoints).toBe(fa + 1);
  });

  it('refusing a compel without points is refused', () => {
    const { t, ann, a } = sceneWithAspect();
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: a, value: 0 } });
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'x' });
    refused(t, ann, { type: 'compel.refuse', compelId }, 'no-fate-points');
  });

  it('gives a fate point to another character', () => {
    const { t, ann, a, b } = sceneWithAspect();
    const [fa, fb] = [charOf(t, a).fatePoints, charOf(t, b).fatePoints];
    t.ok(ann, {
      type: 'fate-point.give',
      fromCharacterId: a,
      toCharacterId: b,
      reason: 'for luck',
    });
    expect([charOf(t, a).fatePoints, charOf(t, b).fatePoints]).toEqual([fa - 1, fb + 1]);
    refused(
      t,
      ann,
      { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b, amount: 5 },
      'no-fate-points',
    );
  });
});
