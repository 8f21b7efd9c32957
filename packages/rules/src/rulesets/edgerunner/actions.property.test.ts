import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeInvokesForShifts, resolveAspectAction } from './actions';

describe('edgerunner properties', () => {
  it('[ER-INVOKES-1] the free-invoke table is monotone and bounded by 4', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 100 }), fc.integer({ min: 0, max: 20 }), (s, d) => {
        const a = freeInvokesForShifts(s);
        const b = freeInvokesForShifts(s + d);
        expect(b).toBeGreaterThanOrEqual(a);
        expect(b).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('[ER-DECLARE-2] an action succeeds exactly when shifts ≥ 0, and persistence equals the shifts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('declaration', 'maneuver'),
        fc.integer({ min: -5, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -4, max: 4 }),
        (kind, skill, opposition, dice) => {
          const r = resolveAspectAction({ kind, skill, opposition, dice });
          expect(r.succeeded).toBe(r.shifts >= 0);
          expect(r.persistence).toBe(r.succeeded ? r.shifts : null);
          expect(r.freeInvokes >= 1).toBe(r.succeeded);
        },
      ),
    );
  });
});
