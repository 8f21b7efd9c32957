import { describe, expect, it } from 'vitest';
import { seededRng } from './dice';
import {
  invokeAll,
  invokeAspect,
  passFreeInvoke,
  type InvocationRequest,
  type InvocationState,
} from './invocations';
import type { Result } from './types';

function state(
  opposition: InvocationState['roll']['opposition'] = { kind: 'passive', value: 3, invokeBonus: 0 },
): InvocationState {
  return {
    roll: {
      rollerId: 'ann',
      faces: [0, 0, 0, -1],
      skill: 2,
      modifier: 0,
      invokeBonus: 0,
      opposition,
      paidInvokes: [],
    },
    aspects: {
      sails: { id: 'sails', text: 'Torn Sails', freeInvokes: { ann: 2, bob: 1 } },
      fog: { id: 'fog', text: 'Thick Fog', freeInvokes: {} },
      momentum: { id: 'momentum', text: 'Momentum', freeInvokes: { ann: 1 }, boost: true },
    },
  };
}

const point = (aspectId: string, extra: Partial<InvocationRequest> = {}): InvocationRequest => ({
  invokerId: 'ann',
  aspectId,
  pay: 'fate-point',
  effect: 'bonus',
  side: 'roll',
  ...extra,
});
const free = (aspectId: string, extra: Partial<InvocationRequest> = {}) =>
  point(aspectId, { pay: 'free-invoke', ...extra });

function code<T>(r: Result<T>): string | undefined {
  return r.ok ? undefined : r.code;
}

describe('[CORE-INVOKE-1] an invocation gives +2, or a reroll to the one who rolled', () => {
  it('adds +2 to the result', () => {
    const r = invokeAspect(state(), point('fog'));
    expect(r.ok && r.value.totals).toEqual({
      result: 3,
      opposition: 3,
      resolution: { outcome: 'tie', shifts: 0 },
    });
  });
  it('rerolls the dice only, keeping earlier bonuses', () => {
    const r = invokeAll(
      state(),
      [point('fog'), free('sails', { effect: 'reroll' })],
      seededRng(42),
    );
    expect(r.ok && r.value.state.roll).toMatchObject({ faces: [0, 0, 1, 1], invokeBonus: 2 });
    expect(r.ok && r.value.totals.result).toBe(6);
  });
  it('refuses a reroll by someone else, of a difficulty, or without dice', () => {
    expect(
      code(
        invokeAspect(state(), point('fog', { invokerId: 'bob', effect: 'reroll' }), seededRng(1)),
      ),
    ).toBe('reroll-not-yours');
    expect(
      code(
        invokeAspect(state(), point('fog', { effect: 'reroll', side: 'opposition' }), seededRng(1)),
      ),
    ).toBe('reroll-opposition');
    expect(code(invokeAspect(state(), point('fog', { effect: 'reroll' })))).toBe(
      'reroll-needs-dice',
    );
  });
});

describe('[CORE-INVOKE-2] a +2 may go to another character’s roll or to passive opposition', () => {
  it('lets Bob add +2 to Ann’s roll', () => {
    const r = invokeAspect(state(), point('fog', { invokerId: 'bob' }));
    expect(r.ok && r.value.paid).toEqual({ type: 'fate-point', payerId: 'bob' });
    expect(r.ok && r.value.totals.result).toBe(3);
  });
  it('raises a passive difficulty', () => {
    const r = invokeAspect(state(), point('fog', { invokerId: 'gm-npc', side: 'opposition' }));
    expect(r.ok && r.value.totals).toMatchObject({
      opposition: 5,
      resolution: { outcome: 'fail', shifts: -4 },
    });
  });
  it('refuses to raise active opposition (invoke on that roll instead)', () => {
    const r = invokeAspect(
      state({ kind: 'active', value: 3 }),
      point('fog', { side: 'opposition' }),
    );
    expect(code(r)).toBe('no-passive-opposition');
  });
});

describe('[CORE-INVOKE-3] paid with a fate point or a free invoke, which its holder may pass on', () => {
  it('spends the holder’s free invoke, defaulting to the invoker', () => {
    const r = invokeAspect(state(), free('sails'));
    expect(r.ok && r.value.state.aspects.sails!.freeInvokes).toEqual({ ann: 1, bob: 1 });
    expect(r.ok && r.value.paid).toEqual({
      type: 'free-invoke',
      holderId: 'ann',
      aspectId: 'sails',
      boostSpent: false,
    });
  });
  it('lets Bob spend his free invoke on Ann’s roll', () => {
    const r = invokeAspect(state(), free('sails', { invokerId: 'bob' }));
    expect(r.ok && r.value.state.aspects.sails!.freeInvokes).toEqual({ ann: 2, bob: 0 });
  });
  it('refuses a free invoke the holder does not have', () => {
    expect(code(invokeAspect(state(), free('fog')))).toBe('no-free-invoke');
    expect(code(invokeAspect(state(), free('nope')))).toBe('unknown-aspect');
  });
  it('passes free invokes between holders', () => {
    const aspect = state().aspects.sails!;
    const r = passFreeInvoke(aspect, 'ann', 'cat', 2);
    expect(r.ok && r.value.freeInvokes).toEqual({ ann: 0, bob: 1, cat: 2 });
    expect(code(passFreeInvoke(aspect, 'bob', 'cat', 2))).toBe('no-free-invoke');
    expect(code(passFreeInvoke(aspect, 'ann', 'ann'))).toBe('pass-to-self');
    expect(code(passFreeInvoke(aspect, 'ann', 'bob', 0))).toBe('invalid-amount');
  });
});

describe('[CORE-INVOKE-4] several aspects per roll; each once with a point, plus any free invokes', () => {
  it('stacks a paid invoke and two free invokes on one aspect, and another aspect', () => {
    const r = invokeAll(state(), [point('sails'), free('sails'), free('sails'), point('fog')]);
    expect(r.ok && r.value.totals.result).toBe(9);
    expect(r.ok && r.value.paid.map((p) => p.type)).toEqual([
      'fate-point',
      'free-invoke',
      'free-invoke',
      'fate-point',
    ]);
  });
  it('refuses a second paid invoke of the same aspect on the same roll', () => {
    const r = invokeAll(state(), [point('fog'), point('fog', { invokerId: 'bob' })]);
    expect(r).toMatchObject({
      ok: false,
      code: 'aspect-already-paid',
      message: expect.stringMatching(/^Invocation 1:/) as unknown,
    });
  });
});

describe('[CORE-BOOST-1] a boost is one free invoke that goes away when used', () => {
  it('removes the boost once used', () => {
    const r = invokeAspect(state(), free('momentum'));
    expect(r.ok && r.value.state.aspects.momentum).toBeUndefined();
    expect(r.ok && r.value.paid).toMatchObject({ boostSpent: true });
  });
  it('cannot be invoked with a fate point', () => {
    expect(code(invokeAspect(state(), point('momentum')))).toBe('boost-is-free');
  });
});
