import { describe, expect, it } from 'vitest';
import { fateCore } from './ruleset';
import { fateCoreRecoveryDifficulty, startFateCoreRecovery } from './recovery';
import { blank, physical, take } from './test-sheets';

// Fate Core's extreme consequence: what it absorbs, what it replaces, how rarely and for how long.

describe('fate-core extreme consequence', () => {
  const opt = () =>
    fateCore
      .absorptionOptions(blank, physical(8))
      .find((o) => o.consequences.join() === 'extreme')!;
  /** Blank takes an 8-shift hit as the extreme consequence Haunted, replacing `aspectId` if named. */
  const haunted = (aspectId?: string) =>
    fateCore.applyAbsorption(
      blank,
      physical(8),
      aspectId === undefined ? opt() : { ...opt(), replacesAspectId: aspectId },
      { extreme: 'Haunted' },
    );

  it('[FC-EXTREME-1] absorbs 8 and replaces an aspect other than the High Concept', () => {
    const noAspect = haunted();
    expect(noAspect).toMatchObject({ ok: false, code: 'extreme-needs-aspect' });
    const hc = haunted('high-concept');
    expect(hc).toMatchObject({ ok: false, code: 'extreme-aspect-invalid' });
    const r = haunted('aspect-3');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.character.aspects.find((a) => a.id === 'aspect-3')?.text).toBe('Haunted');
    expect(
      r.value.character.consequences.find((s) => s.id === 'extreme')?.taken?.replacesAspectId,
    ).toBe('aspect-3');
    expect(r.value.grants.freeInvokes).toHaveLength(1);
  });

  it('[FC-EXTREME-2] only once between major milestones', () => {
    const r = haunted('trouble');
    if (!r.ok) throw new Error(r.message);
    const freed = {
      ...r.value.character,
      consequences: r.value.character.consequences.map(({ taken: _t, ...s }) => s),
    };
    expect(freed.extremeUsed).toBe(true);
    expect(
      fateCore
        .absorptionOptions(freed, physical(8))
        .some((o) => o.consequences.includes('extreme')),
    ).toBe(false);
    const later = fateCore.passTime(r.value.character, 'major-milestone');
    expect(later.extremeUsed).toBe(false);
    expect(later.consequences.find((s) => s.id === 'extreme')?.taken).toBeUndefined();
    expect(later.aspects.find((a) => a.id === 'trouble')?.text).toBe('Haunted');
    expect(
      fateCore
        .absorptionOptions(later, physical(8))
        .some((o) => o.consequences.includes('extreme')),
    ).toBe(true);
  });

  it('[FC-EXTREME-3] no recovery roll and no clearing by time', () => {
    expect(fateCoreRecoveryDifficulty('extreme', false)).toMatchObject({
      ok: false,
      code: 'no-recovery-roll',
    });
    const c = take(blank, 'extreme');
    expect(startFateCoreRecovery(c, 'extreme')).toMatchObject({
      ok: false,
      code: 'no-recovery-roll',
    });
    let t = c;
    for (const m of [
      'scene-end',
      'session-end',
      'scenario-end',
      'scene-end',
      'session-end',
      'scenario-end',
    ] as const) {
      t = fateCore.passTime(t, m);
    }
    expect(t.consequences.find((s) => s.id === 'extreme')?.taken).toBeDefined();
  });
});
