import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import {
  GM,
  charOf,
  paidInvoke,
  refused,
  rollOf,
  sceneWithAspect,
  skillRoll,
} from '../../test/harness';

// A stored roll and what an invoke on it costs: whose point, whose free invoke, held or paid.

describe('rolls and invokes', () => {
  it('stores faces, total, ladder label, outcome and shifts', () => {
    const { t, ann, a } = sceneWithAspect();
    // A bonus the GM names (a player's roll adds stunts and help instead: bonuses.test.ts).
    const { rollId } = t.ok(
      GM,
      skillRoll(a, 'fight', 'overcome', {
        difficulty: 2,
        modifiers: [{ label: 'High ground', value: 2 }],
      }),
    );
    const roll = rollOf(t, rollId!);
    expect(roll.actor.faces).toHaveLength(4);
    const dice = roll.actor.faces.reduce((s, f) => s + f, 0);
    expect(roll.actor.total).toBe(dice + 4 + 2);
    expect(roll.actor.label).toMatch(/\(\+?-?\d+\)|^[+-]\d+$/);
    expect(roll.shifts).toBe(roll.actor.total - 2);
    refused(t, ann, skillRoll(a, 'flying', 'overcome'), 'invalid');
  });

  it('charges a paid invoke and refuses one without points or free invokes', () => {
    const { t, ann, a, aspectId } = sceneWithAspect();
    const { rollId } = t.ok(ann, skillRoll(a, 'fight', 'overcome'));
    const fp = charOf(t, a).fatePoints;
    paidInvoke(t, ann, rollId, a);
    expect(charOf(t, a).fatePoints).toBe(fp - 1);
    // Once per roll with a fate point [CORE-INVOKE-4].
    refused(
      t,
      ann,
      {
        type: 'invoke',
        rollId,
        ref: { characterId: a, aspectId: 'hc' },
        free: false,
        effect: '+2',
      },
      'rules',
    );
    // The GM's free invoke on On Fire is not Ann's.
    refused(
      t,
      ann,
      { type: 'invoke', rollId, ref: { aspectId }, free: true, effect: '+2' },
      'no-free-invokes',
    );
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: a, value: 0 },
      reason: 'test',
    });
    refused(
      t,
      ann,
      {
        type: 'invoke',
        rollId,
        ref: { characterId: a, aspectId: 'tr' },
        free: false,
        effect: 'reroll',
      },
      'no-fate-points',
    );
  });

  it('gives an NPC no points of its own: its paid invoke spends the GM pool', () => {
    // The texts are silent on NPCs' points; the Fate Core SRD's convention ("The GM's fate
    // points") is that the GM pays for them from the scene's pool [CORE-FP-3], [CORE-FP-5].
    const { t, npc } = sceneWithAspect();
    expect(charOf(t, npc).fatePoints).toBe(0);
    const pool = readTable(t.docs.pub).gmPool;
    expect(pool).toBeGreaterThan(0);
    const { rollId } = t.ok(GM, skillRoll(npc, 'fight', 'overcome'));
    paidInvoke(t, GM, rollId, npc);
    expect(readTable(t.docs.pub).gmPool).toBe(pool - 1);
    expect(charOf(t, npc).fatePoints).toBe(0);
  });

  it('holds a hostile invoke’s point for the target until the scene ends', () => {
    const { t, ann, a, b } = sceneWithAspect();
    const { rollId } = t.ok(
      ann,
      skillRoll(a, 'fight', 'attack', { opposition: { characterId: b, skillId: 'athletics' } }),
    );
    const bobFp = charOf(t, b).fatePoints;
    paidInvoke(t, ann, rollId, b, 'tr');
    expect(charOf(t, b)).toMatchObject({ fatePoints: bobFp, owed: 1 });
    t.ok(GM, { type: 'scene.end' });
    expect(charOf(t, b)).toMatchObject({ fatePoints: bobFp + 1, owed: 0 });
  });
});
