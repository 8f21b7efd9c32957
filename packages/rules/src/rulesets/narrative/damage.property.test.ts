import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import { isIncapacitated, narrativeRecover, narrativeRemainingLevels } from './damage';
import { narrative } from './ruleset';

const sheet = fc
  .array(fc.integer({ min: -1, max: 5 }), { minLength: 1, maxLength: 5 })
  .map((rs): Character => ({
    ...narrative.newCharacter({ id: 'c', name: 'C', npc: true }),
    aspects: rs.map((r, i) => ({
      id: `a${i}`,
      slot: 'other',
      text: `A${i}`,
      rating: r,
      baseRating: r,
    })),
  }));

describe('narrative damage properties', () => {
  it('[NAR-DAMAGE-2] every option covers the hit exactly and never lowers below Poor', () => {
    fc.assert(
      fc.property(sheet, fc.integer({ min: 1, max: 8 }), (c, shifts) => {
        const opts = narrative.absorptionOptions(c, { shifts, kind: 'any' });
        expect(opts.length === 0).toBe(narrativeRemainingLevels(c) < shifts);
        for (const o of opts) {
          expect((o.aspectDamage ?? []).reduce((s, d) => s + d.levels, 0)).toBe(shifts);
          const r = narrative.applyAbsorption(c, { shifts, kind: 'any' }, o, {});
          expect(r.ok).toBe(true);
          if (r.ok)
            expect(r.value.character.aspects.every((a) => (a.rating ?? 0) >= -1)).toBe(true);
        }
      }),
    );
  });

  it('[NAR-INCAP-1] incapacitated exactly when all aspects are at Poor', () => {
    fc.assert(
      fc.property(sheet, (c) => {
        expect(isIncapacitated(c)).toBe(c.aspects.every((a) => a.rating === -1));
      }),
    );
  });

  it('[NAR-RECOVER-1] full recovery restores the base; half restores floor(lost / 2)', () => {
    fc.assert(
      fc.property(sheet, fc.integer({ min: 1, max: 8 }), fc.nat(), (c, shifts, pick) => {
        const opts = narrative.absorptionOptions(c, { shifts, kind: 'any' });
        fc.pre(opts.length > 0);
        const r = narrative.applyAbsorption(
          c,
          { shifts, kind: 'any' },
          opts[pick % opts.length]!,
          {},
        );
        if (!r.ok) throw new Error(r.message);
        const sum = (x: Character) => x.aspects.reduce((s, a) => s + (a.rating ?? 0), 0);
        const full = narrativeRecover(r.value.character, { situationRemains: false });
        const half = narrativeRecover(r.value.character, { situationRemains: true });
        expect(full.ok && sum(full.value)).toBe(sum(c));
        expect(half.ok && sum(half.value) - sum(r.value.character)).toBe(Math.floor(shifts / 2));
      }),
    );
  });
});
