import { describe, expect, it } from 'vitest';
import { fateCore } from './ruleset';
import { blank, check, labels, landon, mental, physical, take, withSkills } from './test-sheets';

// Fate Core's stress boxes and consequences absorbing a hit; the extreme consequence is in
// extreme.test.ts.

/** An option checking one stress box and no consequence; `absorbs` defaults to the box. */
const boxOption = (trackId: string, boxIndex: number, value: number, absorbs = value) => ({
  consequences: [] as string[],
  stress: { trackId, boxIndex, value },
  absorbs,
  label: '',
});

describe('fate-core stress', () => {
  it('[FC-STRESS-1] two tracks, physical and mental, each with a 1- and a 2-point box by default', () => {
    expect(blank.stress.map((t) => [t.kind, t.boxes.map((b) => b.value)])).toEqual([
      ['physical', [1, 2]],
      ['mental', [1, 2]],
    ]);
  });

  it('[FC-STRESS-4] Average or Fair adds a 3-point box; Good or Great adds 3 and 4', () => {
    const c = withSkills(blank, { physique: 2, will: 4 });
    expect(c.stress[0]?.boxes.map((b) => b.value)).toEqual([1, 2, 3]);
    expect(c.stress[1]?.boxes.map((b) => b.value)).toEqual([1, 2, 3, 4]);
    expect(withSkills(blank, { physique: 1 }).stress[0]?.boxes.map((b) => b.value)).toEqual([
      1, 2, 3,
    ]);
  });

  it('[FC-STRESS-2] Landon: 3-shift hit with the 3-box checked goes to the 4-box', () => {
    const options = fateCore.absorptionOptions(landon, physical(3));
    expect(options[0]).toMatchObject({
      stress: { trackId: 'physical', value: 4 },
      consequences: [],
    });
    // The 2-box alone cannot take it.
    expect(options.some((o) => o.stress?.value === 2 && o.consequences.length === 0)).toBe(false);
  });

  it('[FC-STRESS-2] a 2-shift hit checks the 2-point box, not a higher one that is free', () => {
    const c = withSkills(blank, { physique: 4 });
    const stressOnly = fateCore
      .absorptionOptions(c, physical(2))
      .filter((o) => o.consequences.length === 0);
    expect(stressOnly.map((o) => o.stress?.value)).toEqual([2]);
  });

  it('[FC-STRESS-2] with the 2-point box checked, a 2-shift hit goes to a higher box', () => {
    const c = check(withSkills(blank, { physique: 4 }), 'physical', [2]);
    const stressOnly = fateCore
      .absorptionOptions(c, physical(2))
      .filter((o) => o.consequences.length === 0);
    expect(stressOnly.map((o) => o.stress?.value)).toEqual([3, 4]);
  });

  it('[FC-STRESS-2] what a consequence leaves checks the box equal to it', () => {
    // 3 shifts less a mild consequence leave 1: the 1-point box, not the 2-point one.
    expect(labels(blank, physical(3))).not.toContain('mild consequence + 2-point physical box');
    const c = check(blank, 'physical', [1]);
    expect(labels(c, physical(3))).toContain('mild consequence + 2-point physical box');
  });

  it('[FC-STRESS-2] refuses a higher box while the equal one is free, and changes nothing', () => {
    const c = withSkills(blank, { physique: 4 });
    const tooHigh = {
      consequences: [],
      stress: { trackId: 'physical', boxIndex: 3, value: 4 },
      absorbs: 4,
      label: '',
    };
    const before = structuredClone(c);
    expect(fateCore.applyAbsorption(c, physical(2), tooHigh, {})).toMatchObject({
      ok: false,
      code: 'box-too-high',
    });
    expect(c).toEqual(before);
  });

  it('[FC-STRESS-2] a box takes a hit up to its value, never more', () => {
    const c = check(landon, 'physical', [4]);
    const stressOnly = fateCore
      .absorptionOptions(c, physical(3))
      .filter((o) => o.consequences.length === 0);
    expect(stressOnly).toEqual([]);
  });

  it('[FC-STRESS-3] one box per hit: 3 shifts on boxes 1 and 2 need a consequence', () => {
    expect(labels(blank, physical(3))).toEqual([
      'mild consequence + 1-point physical box',
      'moderate consequence',
      'severe consequence',
      'extreme consequence',
    ]);
  });

  it('[FC-STRESS-5] a mental hit checks only mental boxes', () => {
    const c = check(blank, 'mental', [1, 2]);
    expect(fateCore.absorptionOptions(c, mental(1)).every((o) => o.stress === undefined)).toBe(
      true,
    );
    expect(fateCore.absorptionOptions(c, physical(1))[0]?.stress?.trackId).toBe('physical');
  });

  it('[FC-STRESS-6] stress clears and taken out ends at scene end', () => {
    const applied = fateCore.applyAbsorption(
      landon,
      physical(3),
      fateCore.absorptionOptions(landon, physical(3))[0]!,
      {},
    );
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    const after = fateCore.passTime({ ...applied.value.character, takenOut: true }, 'scene-end');
    expect(after.stress.flatMap((t) => t.boxes).every((b) => !b.checked)).toBe(true);
    expect(after.takenOut).toBe(false);
  });
});

describe('fate-core consequences', () => {
  it('[FC-CONSEQ-1] Cynere: a 6-shift hit can take severe alone or moderate + 2-box; she picks severe', () => {
    const options = fateCore.absorptionOptions(blank, physical(6));
    expect(options.map((o) => o.label)).toEqual([
      'moderate consequence + 2-point physical box',
      'severe consequence',
      'mild consequence + moderate consequence',
      'extreme consequence',
    ]);
    const severe = options.find((o) => o.consequences.join() === 'severe')!;
    const applied = fateCore.applyAbsorption(blank, physical(6), severe, {
      severe: 'Nearly Gutted',
    });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.value.character.consequences.find((s) => s.id === 'severe')?.taken?.text).toBe(
      'Nearly Gutted',
    );
    expect(applied.value.character.stress.flatMap((t) => t.boxes).every((b) => !b.checked)).toBe(
      true,
    );
  });

  it('[FC-CONSEQ-2] one shared set: a mild taken by a physical hit is not there for a mental one', () => {
    const c = take(blank, 'mild', 'Black Eye');
    expect(
      fateCore.absorptionOptions(c, mental(2)).some((o) => o.consequences.includes('mild')),
    ).toBe(false);
  });

  it('[FC-CONSEQ-3] Superb Physique adds a mild slot for physical harm only', () => {
    const c = withSkills(blank, { physique: 5 });
    expect(c.consequences.find((s) => s.id === 'mild-physical')).toMatchObject({
      value: 2,
      reservedFor: 'physical',
    });
    const m = check(c, 'mental', [1, 2]);
    expect(
      fateCore
        .absorptionOptions(m, mental(2))
        .some((o) => o.consequences.includes('mild-physical')),
    ).toBe(false);
    expect(
      fateCore
        .absorptionOptions(m, physical(2))
        .some((o) => o.consequences.includes('mild-physical')),
    ).toBe(true);
    expect(
      withSkills(blank, { will: 6 }).consequences.find((s) => s.id === 'mild-mental')?.reservedFor,
    ).toBe('mental');
  });

  it('[FC-CONSEQ-4] the attacker gets a free invoke on each consequence taken', () => {
    const opt = fateCore
      .absorptionOptions(blank, physical(6))
      .find((o) => o.label === 'mild consequence + moderate consequence')!;
    const r = fateCore.applyAbsorption(blank, physical(6), opt, {
      mild: 'Winded',
      moderate: 'Deep Cut',
    });
    expect(r.ok && r.value.grants.freeInvokes).toEqual([
      { consequenceSlotId: 'mild', text: 'Winded', count: 1 },
      { consequenceSlotId: 'moderate', text: 'Deep Cut', count: 1 },
    ]);
  });

  it('[FC-CONSEQ-5] a consequence must be named', () => {
    const opt = fateCore
      .absorptionOptions(blank, physical(4))
      .find((o) => o.label === 'moderate consequence')!;
    const r = fateCore.applyAbsorption(blank, physical(4), opt, {});
    expect(r).toMatchObject({ ok: false, code: 'consequence-name-missing' });
  });

  it('[FC-TAKENOUT-1] taken out when nothing can absorb the hit', () => {
    expect(fateCore.absorptionOptions(blank, physical(23))).toEqual([]);
    expect(fateCore.absorptionOptions(blank, physical(22)).length).toBeGreaterThan(0);
  });

  it('[FC-ABSORB-1] refuses an option that is not valid', () => {
    const wasteful = { ...boxOption('physical', 3, 4, 6), consequences: ['mild'] };
    expect(fateCore.applyAbsorption(landon, physical(3), wasteful, { mild: 'x' })).toMatchObject({
      ok: false,
      code: 'not-minimal',
    });
    const checked = boxOption('physical', 2, 3);
    expect(fateCore.applyAbsorption(landon, physical(3), checked, {})).toMatchObject({
      ok: false,
      code: 'box-checked',
    });
    const short = boxOption('physical', 1, 2);
    expect(fateCore.applyAbsorption(landon, physical(3), short, {})).toMatchObject({
      ok: false,
      code: 'not-enough',
    });
    const wrong = boxOption('mental', 1, 2);
    expect(fateCore.applyAbsorption(landon, physical(2), wrong, {})).toMatchObject({
      ok: false,
      code: 'wrong-track',
    });
  });

  it('[FC-ABSORB-2] stress-only first, then fewer consequences, then lower severity, then smaller box', () => {
    const opts = fateCore.absorptionOptions(withSkills(blank, { physique: 4 }), physical(5));
    expect(opts.map((o) => o.label)).toEqual([
      'mild consequence + 3-point physical box',
      'moderate consequence + 1-point physical box',
      'severe consequence',
      'mild consequence + moderate consequence',
      'extreme consequence',
    ]);
    const twoChecked = check(withSkills(blank, { physique: 4 }), 'physical', [2]);
    expect(labels(twoChecked, physical(2)).slice(0, 2)).toEqual([
      '3-point physical box',
      '4-point physical box',
    ]);
    expect(fateCore.absorptionOptions(blank, physical(0))).toEqual([
      { consequences: [], absorbs: 0, label: 'nothing to absorb' },
    ]);
  });
});
