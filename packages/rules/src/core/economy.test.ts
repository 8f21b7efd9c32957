import { describe, expect, it } from 'vitest';
import { applyEconomy, applyEconomyAll, emptyEconomy, pointsInPlay } from './economy';
import type { EconomyState, EconomyTransition } from './economy-types';
import type { Result } from './types';

const GM = { type: 'gm' } as const;
const pc = (id: string) => ({ type: 'character', id }) as const;

function table(balances: Record<string, number>, gmPool = 0): EconomyState {
  return { balances, gmPool, pendingScenePayouts: {} };
}

function after(state: EconomyState, ...transitions: EconomyTransition[]): EconomyState {
  const r = applyEconomyAll(state, transitions);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.value.state;
}

function code<T>(r: Result<T>): string | undefined {
  return r.ok ? undefined : r.code;
}

describe('[CORE-FP-1] no holder ever goes below zero', () => {
  it('refuses an invoke without points and leaves the state unchanged', () => {
    const s = table({ ann: 0 });
    const r = applyEconomy(s, { type: 'invoke', payer: pc('ann') });
    expect(code(r)).toBe('not-enough-points');
    expect(s).toEqual(table({ ann: 0 }));
  });

  it('refuses an unknown character and a finite bank that runs dry', () => {
    expect(
      code(applyEconomy(table({}), { type: 'concede', characterId: 'x', consequencesTaken: 0 })),
    ).toBe('unknown-character');
    const dry = { ...table({ ann: 0 }), bank: 0 };
    expect(code(applyEconomy(dry, { type: 'refresh', refresh: { ann: 3 } }))).toBe('bank-empty');
  });

  it('names the failing transition when applying several', () => {
    const r = applyEconomyAll(table({ ann: 1 }), [
      { type: 'invoke', payer: pc('ann') },
      { type: 'invoke', payer: pc('ann') },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Transition 1 \(invoke\)/);
  });
});

describe('[CORE-FP-2] points move only between holders; the bank alone creates them', () => {
  it('logs every movement with from, to, amount and reason', () => {
    const r = applyEconomy(table({ ann: 2, bob: 0 }), {
      type: 'compel-accept',
      target: 'bob',
      offeredBy: pc('ann'),
    });
    expect(r.ok && r.value.movements).toEqual([
      { from: pc('ann'), to: pc('bob'), amount: 1, reason: 'compel-accepted' },
    ]);
  });

  it('keeps the total with a finite bank', () => {
    const s = { ...table({ ann: 1, bob: 0 }), bank: 20 };
    const t = after(
      s,
      { type: 'refresh', refresh: { ann: 3, bob: 3 } },
      { type: 'scene-start', players: 2 },
      { type: 'invoke', payer: GM, againstCharacterId: 'ann' },
      { type: 'scene-end' },
    );
    expect(pointsInPlay(t) + t.bank!).toBe(21);
  });
});

describe('[CORE-FP-3] invoking with a point costs one point; the GM pays from the pool', () => {
  it('takes a point from a player', () => {
    expect(after(table({ ann: 2 }), { type: 'invoke', payer: pc('ann') }).balances.ann).toBe(1);
  });
  it('takes a point from the GM pool, and refuses when the pool is empty', () => {
    expect(after(table({}, 2), { type: 'invoke', payer: GM }).gmPool).toBe(1);
    expect(code(applyEconomy(table({}, 0), { type: 'invoke', payer: GM }))).toBe('gm-pool-empty');
  });
});

describe('[CORE-FP-4] refresh tops up, never takes away', () => {
  it('raises 1 to 3 and leaves 5 at 5', () => {
    const s = after(table({ ann: 1, bob: 5 }), { type: 'refresh', refresh: { ann: 3, bob: 3 } });
    expect(s.balances).toEqual({ ann: 3, bob: 5 });
  });
});

describe('[CORE-FP-5] the GM pool is one point per player in the scene, lost at scene end', () => {
  it('starts at the number of players and empties at scene end', () => {
    const s = after(table({}), { type: 'scene-start', players: 4 });
    expect(s.gmPool).toBe(4);
    expect(after(s, { type: 'scene-end' }).gmPool).toBe(0);
  });
  it('does not carry a leftover pool into the next scene', () => {
    expect(after(table({}, 3), { type: 'scene-start', players: 2 }).gmPool).toBe(2);
  });
});

describe('[CORE-FP-6] an accepted compel pays the target', () => {
  it('from the offering player', () => {
    const s = after(table({ ann: 1, bob: 0 }), {
      type: 'compel-accept',
      target: 'bob',
      offeredBy: pc('ann'),
    });
    expect(s.balances).toEqual({ ann: 0, bob: 1 });
  });
  it('from the bank when the GM offers (the GM pool is untouched)', () => {
    const s = after(table({ bob: 0 }, 2), { type: 'compel-accept', target: 'bob', offeredBy: GM });
    expect(s).toMatchObject({ balances: { bob: 1 }, gmPool: 2 });
  });
  it('refuses a player who offers a compel without a point to give', () => {
    const r = applyEconomy(table({ ann: 0, bob: 0 }), {
      type: 'compel-accept',
      target: 'bob',
      offeredBy: pc('ann'),
    });
    expect(code(r)).toBe('not-enough-points');
  });
  it('sends a compel on your own character to the self-compel rule', () => {
    const r = applyEconomy(table({ ann: 1 }), {
      type: 'compel-accept',
      target: 'ann',
      offeredBy: pc('ann'),
    });
    expect(code(r)).toBe('compel-self');
  });
});

describe('[CORE-FP-7] refusing a compel pays the offerer; with no points you cannot refuse', () => {
  it('pays the offering player', () => {
    const s = after(table({ ann: 0, bob: 2 }), {
      type: 'compel-refuse',
      target: 'bob',
      offeredBy: pc('ann'),
      gmTakesTo: 'gm-pool',
    });
    expect(s.balances).toEqual({ ann: 1, bob: 1 });
    expect(s.gmPool).toBe(0);
  });
  it('pays the bank when the GM offered and the ruleset says so', () => {
    const s = after(table({ bob: 2 }), {
      type: 'compel-refuse',
      target: 'bob',
      offeredBy: GM,
      gmTakesTo: 'bank',
    });
    expect([s.balances.bob, s.gmPool]).toEqual([1, 0]);
  });
  it('refuses the refusal of a player with no points', () => {
    const r = applyEconomy(table({ bob: 0 }), {
      type: 'compel-refuse',
      target: 'bob',
      offeredBy: GM,
      gmTakesTo: 'gm-pool',
    });
    expect(code(r)).toBe('cannot-refuse-compel');
  });
});

describe('[PIR-COMPEL-1] [CORE-FP-7] a refused GM compel may pay the GM pool', () => {
  it('moves the point from the character to the pool, logged as a refused compel', () => {
    const r = applyEconomy(
      { ...table({ bob: 2 }), gmPool: 1 },
      { type: 'compel-refuse', target: 'bob', offeredBy: GM, gmTakesTo: 'gm-pool' },
    );
    expect(r.ok && r.value).toEqual({
      state: { ...table({ bob: 1 }), gmPool: 2 },
      movements: [
        {
          from: { type: 'character', id: 'bob' },
          to: { type: 'gm-pool' },
          amount: 1,
          reason: 'compel-refused',
        },
      ],
    });
  });
});

describe('[CORE-FP-8] a self-compel pays only when the GM accepts', () => {
  it('pays one point from the bank, or nothing', () => {
    expect(
      after(table({ ann: 0 }), { type: 'self-compel', characterId: 'ann', gmAccepts: true })
        .balances.ann,
    ).toBe(1);
    const r = applyEconomy(table({ ann: 0 }), {
      type: 'self-compel',
      characterId: 'ann',
      gmAccepts: false,
    });
    expect(r.ok && r.value).toEqual({ state: table({ ann: 0 }), movements: [] });
  });
});

describe('[CORE-FP-9] a point paid to invoke against a character reaches them at scene end', () => {
  it('holds the point until the scene ends', () => {
    const s = after(table({ ann: 1, bob: 0 }), {
      type: 'invoke',
      payer: pc('ann'),
      againstCharacterId: 'bob',
    });
    expect(s).toMatchObject({ balances: { ann: 0, bob: 0 }, pendingScenePayouts: { bob: 1 } });
    const e = after(s, { type: 'scene-end' });
    expect(e).toMatchObject({ balances: { ann: 0, bob: 1 }, pendingScenePayouts: {} });
  });
  it('does the same for the GM invoking a PC aspect for an NPC', () => {
    const s = after(
      table({ bob: 0 }, 1),
      { type: 'invoke', payer: GM, againstCharacterId: 'bob' },
      { type: 'scene-end' },
    );
    expect(s.balances.bob).toBe(1);
  });
  it('refuses invoking against yourself', () => {
    const r = applyEconomy(table({ ann: 1 }), {
      type: 'invoke',
      payer: pc('ann'),
      againstCharacterId: 'ann',
    });
    expect(code(r)).toBe('invoke-against-self');
  });
});

describe('[CORE-FP-10] conceding pays 1 plus 1 per consequence taken', () => {
  it('pays 3 for two consequences', () => {
    expect(
      after(table({ ann: 0 }), { type: 'concede', characterId: 'ann', consequencesTaken: 2 })
        .balances.ann,
    ).toBe(3);
  });
  it('refuses a negative count', () => {
    expect(
      code(
        applyEconomy(table({ ann: 0 }), {
          type: 'concede',
          characterId: 'ann',
          consequencesTaken: -1,
        }),
      ),
    ).toBe('invalid-amount');
  });
});

describe('[CORE-FP-11] a player may give points to another character', () => {
  it('moves the points, refuses more than held or to oneself', () => {
    expect(
      after(table({ ann: 2, bob: 0 }), { type: 'give', from: 'ann', to: 'bob', amount: 2 })
        .balances,
    ).toEqual({
      ann: 0,
      bob: 2,
    });
    expect(
      code(
        applyEconomy(table({ ann: 1, bob: 0 }), {
          type: 'give',
          from: 'ann',
          to: 'bob',
          amount: 2,
        }),
      ),
    ).toBe('not-enough-points');
    expect(
      code(applyEconomy(table({ ann: 1 }), { type: 'give', from: 'ann', to: 'ann', amount: 1 })),
    ).toBe('give-to-self');
  });
});

describe('[CORE-FP-12] the GM may set a balance or the pool by hand', () => {
  it('moves the difference to or from the bank', () => {
    const r = applyEconomy(table({ ann: 4 }), { type: 'gm-adjust', holder: pc('ann'), value: 1 });
    expect(r.ok && r.value.movements).toEqual([
      { from: pc('ann'), to: { type: 'bank' }, amount: 3, reason: 'gm-adjustment' },
    ]);
    expect(after(table({}), { type: 'gm-adjust', holder: GM, value: 5 }).gmPool).toBe(5);
  });
  it('starts from an empty economy', () => {
    expect(emptyEconomy(['ann'])).toEqual({
      balances: { ann: 0 },
      gmPool: 0,
      pendingScenePayouts: {},
    });
  });
});
