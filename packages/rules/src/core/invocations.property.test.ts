import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from './dice';
import {
  invokeAspect,
  rollTotals,
  type InvocationRequest,
  type InvocationState,
} from './invocations';

const who = fc.constantFrom('ann', 'bob');
const request: fc.Arbitrary<InvocationRequest> = fc.record({
  invokerId: who,
  aspectId: fc.constantFrom('sails', 'fog', 'boost', 'ghost'),
  pay: fc.constantFrom('fate-point', 'free-invoke'),
  effect: fc.constantFrom('bonus', 'reroll'),
  side: fc.constantFrom('roll', 'opposition'),
});

function start(): InvocationState {
  return {
    roll: {
      rollerId: 'ann',
      faces: [0, 1, -1, 0],
      skill: 2,
      modifier: 0,
      invokeBonus: 0,
      opposition: { kind: 'passive', value: 2, invokeBonus: 0 },
      paidInvokes: [],
    },
    aspects: {
      sails: { id: 'sails', text: 'Torn Sails', freeInvokes: { ann: 2, bob: 1 } },
      fog: { id: 'fog', text: 'Thick Fog', freeInvokes: {} },
      boost: { id: 'boost', text: 'Opening', freeInvokes: { bob: 1 }, boost: true },
    },
  };
}

describe('[CORE-INVOKE-4] random invocation sequences keep the rules', () => {
  it('never spends a free invoke twice, pays each aspect once per side, and adds exactly +2 per bonus', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 12 }), fc.integer(), (requests, seed) => {
        let s = start();
        const rng = seededRng(seed);
        for (const q of requests) {
          const r = invokeAspect(s, q, rng);
          if (!r.ok) continue;
          const before = rollTotals(s.roll);
          const after = r.value.totals;
          if (q.effect === 'bonus' && q.side === 'roll')
            expect(after.result - before.result).toBe(2);
          if (q.effect === 'bonus' && q.side === 'opposition')
            expect(after.opposition - before.opposition).toBe(2);
          s = r.value.state;
          for (const a of Object.values(s.aspects)) {
            for (const n of Object.values(a.freeInvokes)) expect(n).toBeGreaterThanOrEqual(0);
          }
          const paid = s.roll.paidInvokes.map((p) => `${p.side}:${p.aspectId}`);
          expect(new Set(paid).size).toBe(paid.length);
        }
      }),
    );
  });
});
