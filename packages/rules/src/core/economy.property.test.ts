import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEconomy, pointsInPlay } from './economy';
import type { EconomyState, EconomyTransition, Holder, Party } from './economy-types';

const IDS = ['ann', 'bob', 'cat'] as const;
const id = fc.constantFrom(...IDS, 'ghost');
const party: fc.Arbitrary<Party> = fc.oneof(
  fc.constant({ type: 'gm' } as const),
  id.map((i) => ({ type: 'character', id: i }) as const),
);
const small = fc.integer({ min: -1, max: 5 });

const transition: fc.Arbitrary<EconomyTransition> = fc.oneof(
  fc.record({ type: fc.constant('refresh'), refresh: fc.dictionary(id, small) }),
  fc.record({ type: fc.constant('scene-start'), players: small }),
  fc.constant({ type: 'scene-end' } as const),
  fc.record({ type: fc.constant('compel-accept'), target: id, offeredBy: party }),
  fc.record({
    type: fc.constant('compel-refuse'),
    target: id,
    offeredBy: party,
    gmTakesTo: fc.constantFrom('gm-pool' as const, 'bank' as const),
  }),
  fc.record({ type: fc.constant('self-compel'), characterId: id, gmAccepts: fc.boolean() }),
  fc.record({
    type: fc.constant('invoke'),
    payer: party,
    againstCharacterId: fc.option(id, { nil: undefined }),
  }),
  fc.record({ type: fc.constant('spend'), payer: party, amount: small }),
  fc.record({ type: fc.constant('concede'), characterId: id, consequencesTaken: small }),
  fc.record({ type: fc.constant('give'), from: id, to: id, amount: small }),
  fc.record({ type: fc.constant('gm-adjust'), holder: party, value: small }),
);

const initial: fc.Arbitrary<EconomyState> = fc.record({
  balances: fc.record({ ann: fc.nat(5), bob: fc.nat(5), cat: fc.nat(5) }),
  gmPool: fc.nat(4),
  bank: fc.option(fc.nat(30), { nil: undefined }),
  pendingScenePayouts: fc.constant({}),
});

function holdings(s: EconomyState): number[] {
  return [
    ...Object.values(s.balances),
    s.gmPool,
    ...Object.values(s.pendingScenePayouts),
    s.bank ?? 0,
  ];
}

const isBank = (h: Holder) => h.type === 'bank';

describe('[CORE-FP-1] no sequence of transitions makes any holder negative', () => {
  it('holds for random sequences, refused steps included', () => {
    fc.assert(
      fc.property(initial, fc.array(transition, { maxLength: 40 }), (start, steps) => {
        let s = start;
        for (const t of steps) {
          const r = applyEconomy(s, t);
          if (!r.ok) {
            expect(r.code).toMatch(/^[a-z-]+$/);
            continue;
          }
          s = r.value.state;
          for (const v of holdings(s)) expect(Number.isInteger(v) && v >= 0).toBe(true);
        }
      }),
    );
  });
});

describe('[CORE-FP-2] points are conserved except through the bank', () => {
  it('changes the points in play by exactly the net bank movements, and keeps a finite bank total', () => {
    fc.assert(
      fc.property(initial, fc.array(transition, { maxLength: 40 }), (start, steps) => {
        let s = start;
        const total = pointsInPlay(start) + (start.bank ?? 0);
        for (const t of steps) {
          const r = applyEconomy(s, t);
          if (!r.ok) continue;
          const fromBank = r.value.movements.reduce(
            (n, m) =>
              n +
              (isBank(m.from) && !isBank(m.to) ? m.amount : 0) -
              (isBank(m.to) && !isBank(m.from) ? m.amount : 0),
            0,
          );
          for (const m of r.value.movements) expect(m.amount).toBeGreaterThan(0);
          expect(pointsInPlay(r.value.state) - pointsInPlay(s)).toBe(fromBank);
          s = r.value.state;
          if (start.bank !== undefined) expect(pointsInPlay(s) + s.bank!).toBe(total);
        }
      }),
    );
  });
});
