import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import {
  isIncapacitated,
  narrativeRecover,
  narrativeSplitOption,
  narrativeSplitProblem,
  narrativeTakeOut,
} from './damage';
import { kim } from './fixtures';
import { narrative } from './ruleset';

function hurt(c: Character, shifts: number, index = 0): Character {
  const opts = narrative.absorptionOptions(c, { shifts, kind: 'physical' });
  const opt = opts[index];
  if (!opt) throw new Error('no option');
  const r = narrative.applyAbsorption(c, { shifts, kind: 'physical' }, opt, {});
  if (!r.ok) throw new Error(r.message);
  return r.value.character;
}

const ratings = (c: Character) => c.aspects.map((a) => a.rating);

describe('narrative damage', () => {
  it('[NAR-DAMAGE-1] the degree of success removes that many levels, never below Poor', () => {
    const c = hurt(kim(), 2);
    expect(ratings(c)).toEqual([3, 2, 2, -1]);
    expect(c.aspects[3]?.baseRating).toBe(1);
    const refused = narrative.applyAbsorption(
      kim(),
      { shifts: 3, kind: 'mental' },
      {
        consequences: [],
        aspectDamage: [{ aspectId: 'professional', levels: 3 }],
        absorbs: 3,
        label: '',
      },
      {},
    );
    expect(refused).toMatchObject({ ok: false, code: 'below-poor' });
  });

  it("[NAR-DAMAGE-1] [NAR-INCAP-1] an NPC's blank rows are no aspects: they soak nothing", () => {
    // The editor keeps an NPC's four category rows, rated Mediocre until written; a thug the GM
    // gave one aspect has that one aspect, whatever the blank rows say.
    const thug: Character = {
      ...narrative.newCharacter({ id: 'thug', name: 'Dockside Thug', npc: true }),
    };
    thug.aspects = thug.aspects.map((a, i) => (i === 0 ? { ...a, text: 'Intimidating Guy' } : a));
    expect(thug.aspects.filter((a) => a.rating === 0)).toHaveLength(4);
    // One Mediocre aspect holds one level: a hit of 2 to 4 is past it, so he is taken out.
    for (const shifts of [2, 3, 4]) {
      expect(narrative.absorptionOptions(thug, { shifts, kind: 'physical' })).toEqual([]);
    }
    const one = hurt(thug, 1);
    expect(ratings(one)).toEqual([-1, 0, 0, 0]);
    expect(isIncapacitated(one)).toBe(true);
    expect(one.takenOut).toBe(true);
    expect(narrativeSplitProblem(thug, { shifts: 1, kind: 'any' }, { mind: 1 })).toMatchObject({
      code: 'no-such-aspect',
    });
    expect(ratings(narrativeTakeOut(thug))).toEqual([-1, 0, 0, 0]);
  });

  it('[NAR-DAMAGE-2] options: fewest aspects first, then the weakest aspects soak it', () => {
    const opts = narrative.absorptionOptions(kim(), { shifts: 2, kind: 'mental' });
    expect(opts.slice(0, 4).map((o) => o.aspectDamage)).toEqual([
      [{ aspectId: 'professional', levels: 2 }],
      [{ aspectId: 'mind', levels: 2 }],
      [{ aspectId: 'social', levels: 2 }],
      [{ aspectId: 'body', levels: 2 }],
    ]);
    expect(opts[0]?.label).toBe('Spy -2');
    expect(opts.every((o) => o.absorbs === 2)).toBe(true);
    // 4 single-aspect + 6 pairs of one level each.
    expect(opts).toHaveLength(10);
  });

  it('[NAR-DAMAGE-2] refuses a spread that does not match the hit', () => {
    const r = narrative.applyAbsorption(
      kim(),
      { shifts: 2, kind: 'physical' },
      { consequences: [], aspectDamage: [{ aspectId: 'body', levels: 1 }], absorbs: 1, label: '' },
      {},
    );
    expect(r).toMatchObject({ ok: false, code: 'wrong-total' });
    expect(
      narrative.applyAbsorption(
        kim(),
        { shifts: 1, kind: 'physical' },
        { consequences: ['mild'], absorbs: 1, label: '' },
        {},
      ),
    ).toMatchObject({ ok: false, code: 'no-tracks' });
  });

  it('[NAR-DAMAGE-2] a split placed by hand is checked, with the reason in words', () => {
    const hit = { shifts: 5, kind: 'physical' as const };
    // Kung Fu +3, Strategy & Tactics +2, MI6 +2, Spy +1.
    expect(narrativeSplitProblem(kim(), hit, { body: 3 })?.message).toBe(
      'Place 2 more shifts: the hit is 5.',
    );
    expect(narrativeSplitProblem(kim(), hit, { body: 4, mind: 2 })?.message).toBe(
      'Take back 1 shift: the hit is only 5.',
    );
    expect(narrativeSplitProblem(kim(), hit, { professional: 3, body: 2 })).toEqual({
      code: 'below-poor',
      message: 'Spy is +1: it can lose 2 at most, as no aspect goes below Poor (-1).',
    });
    expect(narrativeSplitProblem(kim(), hit, { body: 3, mind: 2, social: 0 })).toBeNull();
    // The legal split is found among the options, the index `absorb` sends.
    const found = narrativeSplitOption(kim(), hit, { body: 3, mind: 2, social: 0 });
    const options = narrative.absorptionOptions(kim(), hit);
    expect(found.ok && options[found.value]?.aspectDamage).toEqual([
      { aspectId: 'body', levels: 3 },
      { aspectId: 'mind', levels: 2 },
    ]);
    expect(found.ok && found.value).toBeGreaterThan(0);
    expect(narrativeSplitOption(kim(), hit, { body: 1 })).toMatchObject({
      ok: false,
      code: 'wrong-total',
    });
  });

  it('[NAR-INCAP-1] incapacitated when every aspect is down to Poor', () => {
    expect(narrative.absorptionOptions(kim(), { shifts: 13, kind: 'physical' })).toEqual([]);
    const c = hurt(kim(), 12);
    expect(ratings(c)).toEqual([-1, -1, -1, -1]);
    expect(isIncapacitated(c)).toBe(true);
    expect(c.takenOut).toBe(true);
    expect(isIncapacitated(hurt(kim(), 11))).toBe(false);
  });

  it('[NAR-INCAP-1] taken out by a hit bigger than what is left: every aspect at Poor, recoverable', () => {
    const wounded = hurt(kim(), 3);
    const out = narrativeTakeOut(wounded);
    expect(ratings(out)).toEqual([-1, -1, -1, -1]);
    expect(isIncapacitated(out) && out.takenOut).toBe(true);
    // Each keeps the rating it had before any damage, which recovery gives back.
    expect(out.aspects.map((a) => a.baseRating)).toEqual([3, 2, 2, 1]);
    const back = narrativeRecover(out, { situationRemains: false });
    expect(back.ok && ratings(back.value)).toEqual([3, 2, 2, 1]);
    expect(back.ok && back.value.takenOut).toBe(false);
  });

  it('[NAR-RECOVER-1] after the conflict every lost level comes back', () => {
    const r = narrativeRecover(hurt(kim(), 12), { situationRemains: false });
    expect(r.ok && ratings(r.value)).toEqual([3, 2, 2, 1]);
    expect(r.ok && r.value.takenOut).toBe(false);
  });

  it('[NAR-RECOVER-1] while the situation remains, half the lost levels (rounded down)', () => {
    const c = hurt(kim(), 5);
    const lost = 5;
    const r = narrativeRecover(c, { situationRemains: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const back = r.value.aspects.reduce(
      (s, a, i) => s + (a.rating ?? 0) - (c.aspects[i]?.rating ?? 0),
      0,
    );
    expect(back).toBe(Math.floor(lost / 2));
    // The aspect that lost most is restored first.
    const one = narrativeRecover(hurt(kim(), 3, 0), { situationRemains: true });
    expect(one.ok && one.value.aspects.reduce((s, a) => s + (a.rating ?? 0), 0)).toBe(8 - 3 + 1);
  });

  it('[NAR-RECOVER-2] physical damage needs healing first', () => {
    const c = hurt(kim(), 2);
    expect(narrativeRecover(c, { situationRemains: false, physical: true })).toMatchObject({
      ok: false,
      code: 'needs-healing',
    });
    const r = narrativeRecover(c, { situationRemains: false, physical: true, healed: true });
    expect(r.ok && ratings(r.value)).toEqual([3, 2, 2, 1]);
  });

  it('[NAR-RECOVER-3] a scenario end restores everything; a scene end does not', () => {
    const c = hurt(kim(), 4);
    expect(ratings(narrative.passTime(c, 'scene-end'))).toEqual(ratings(c));
    expect(ratings(narrative.passTime(c, 'scenario-end'))).toEqual([3, 2, 2, 1]);
  });

  it('[NAR-DAMAGE-2] a large NPC sheet gets a bounded list, fewest aspects first', () => {
    const npc: Character = {
      ...narrative.newCharacter({ id: 'horde', name: 'Horde', npc: true }),
      aspects: Array.from({ length: 12 }, (_, i) => ({
        id: `a${i}`,
        slot: 'other' as const,
        text: `Horde ${i}`,
        rating: 5,
      })),
    };
    const opts = narrative.absorptionOptions(npc, { shifts: 40, kind: 'any' });
    expect(opts).toHaveLength(500);
    expect(opts[0]?.aspectDamage).toHaveLength(7);
    expect(opts.every((o) => (o.aspectDamage ?? []).reduce((s, d) => s + d.levels, 0) === 40)).toBe(
      true,
    );
  });
});
