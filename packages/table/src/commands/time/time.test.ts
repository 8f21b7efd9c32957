import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, charOf, paidInvoke, refused, sceneWithAspect, skillRoll } from '../../test/harness';

// Turn order, session refresh, the GM's logged adjustments and a consequence's life.

describe('time, conflict and GM adjustments', () => {
  it('runs turn order round by round and ends the conflict', () => {
    const { t, ann, bob, a, b, npc } = sceneWithAspect();
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    refused(t, bob, { type: 'conflict.next' }, 'forbidden');
    t.ok(ann, { type: 'conflict.next' });
    t.ok(bob, { type: 'conflict.next' });
    t.ok(GM, { type: 'conflict.next' });
    expect(readTable(t.docs.pub).conflict).toMatchObject({ active: true, turn: 0, round: 2 });
    t.ok(GM, { type: 'conflict.end' });
    expect(readTable(t.docs.pub).conflict.active).toBe(false);
    refused(t, GM, { type: 'conflict.end' }, 'invalid');
  });

  it('refreshes at session start only after the scene ended', () => {
    const { t, ann, a } = sceneWithAspect();
    refused(t, GM, { type: 'session.start' }, 'invalid');
    t.ok(GM, { type: 'scene.end' });
    const { rollId } = t.ok(ann, skillRoll(a, 'fight', 'overcome'));
    paidInvoke(t, ann, rollId, a);
    expect(charOf(t, a).fatePoints).toBe(charOf(t, a).refresh - 1);
    t.ok(GM, { type: 'session.start' });
    expect(charOf(t, a).fatePoints).toBe(charOf(t, a).refresh);
  });

  it('logs a GM adjustment with before and after', () => {
    const { t, a } = sceneWithAspect();
    const out = t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'stress', characterId: a, trackId: 'physical', box: 0, checked: true },
      reason: 'ouch',
    });
    expect(out.log?.[0]).toMatchObject({ type: 'gm.adjust', before: false, after: true });
    expect(charOf(t, a).stress[0]!.boxes[0]!.checked).toBe(true);
    refused(
      t,
      GM,
      {
        type: 'gm.adjust',
        adjust: { what: 'stress', characterId: a, trackId: 'physical', box: 9, checked: true },
      },
      'not-found',
    );
  });

  it('takes, starts recovering (the GM, without a roll) and clears a consequence', () => {
    const { t, a } = sceneWithAspect();
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'mild', text: 'Black Eye' });
    t.ok(GM, {
      type: 'consequence.recover',
      characterId: a,
      slotId: 'mild',
      text: 'Fading Bruise',
    });
    expect(charOf(t, a).consequences.find((c) => c.id === 'mild')?.taken).toMatchObject({
      text: 'Fading Bruise',
      recovering: true,
    });
    t.ok(GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' });
    expect(charOf(t, a).consequences.find((c) => c.id === 'mild')?.taken).toBeUndefined();
    refused(t, GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' }, 'not-found');
  });
});
