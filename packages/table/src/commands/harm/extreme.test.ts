import { describe, expect, it } from 'vitest';
import { fateCore } from '@fateboard/rules';
import { charOf, refused, sceneWithAspect } from '../../test/harness';

// The extreme consequence at the table: it replaces an aspect the defender names.

describe('extreme consequence', () => {
  it('[FC-EXTREME-1] replaces the aspect the defender names; refused without one or on the High Concept', () => {
    const { t, bob, b } = sceneWithAspect();
    const tam = charOf(t, b);
    const hit = { shifts: 8, kind: 'physical' as const };
    const option = fateCore
      .absorptionOptions(tam, hit)
      .findIndex((o) => o.consequences.length === 1 && o.consequences[0] === 'extreme');
    expect(option).toBeGreaterThanOrEqual(0);
    const absorb = {
      type: 'absorb',
      characterId: b,
      shifts: 8,
      option,
      names: { extreme: 'Lost an eye' },
    };
    refused(t, bob, absorb, 'rules');
    refused(t, bob, { ...absorb, replacesAspectId: 'hc' }, 'rules');
    const trouble = tam.aspects.find((a) => a.id === 'tr')!.text;
    t.ok(bob, { ...absorb, replacesAspectId: 'tr' });
    const after = charOf(t, b);
    expect(after.aspects.find((a) => a.id === 'tr')!.text).toBe('Lost an eye');
    expect(after.aspects.map((a) => a.text)).not.toContain(trouble);
    expect(after.consequences.find((s) => s.id === 'extreme')?.taken).toMatchObject({
      text: 'Lost an eye',
      replacesAspectId: 'tr',
    });
    // Once between major milestones [FC-EXTREME-2]: no longer offered.
    expect(
      fateCore.absorptionOptions(after, hit).some((o) => o.consequences.includes('extreme')),
    ).toBe(false);
  });
});
