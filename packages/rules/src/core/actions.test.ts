import { describe, expect, it } from 'vitest';
import { actionChoices, actionEffect, type ActionChoice, type ActionSpec } from './actions';
import { resolve } from './outcome';

function effects(spec: ActionSpec, shifts: number, choice?: ActionChoice) {
  const r = actionEffect(spec, resolve(shifts, 0), choice === undefined ? {} : { choice });
  if (!r.ok) throw new Error(r.message);
  return r.value.effects;
}

const overcome: ActionSpec = { action: 'overcome' };
const newAspect: ActionSpec = { action: 'create-advantage', target: 'new-aspect' };
const existing: ActionSpec = { action: 'create-advantage', target: 'existing-aspect' };
const attack: ActionSpec = { action: 'attack' };

describe('[CORE-ACTION-1] the four actions', () => {
  it('gives every action an effect at every outcome', () => {
    const specs: ActionSpec[] = [
      overcome,
      newAspect,
      existing,
      attack,
      { action: 'defend', against: 'attack' },
    ];
    for (const spec of specs) {
      for (const shifts of [-2, 0, 1, 4]) expect(effects(spec, shifts).length).toBeGreaterThan(0);
    }
  });
  it('refuses a choice that is not open, naming the open ones', () => {
    const r = actionEffect(attack, resolve(2, 0), { choice: 'hit-minus-one-for-boost' });
    expect(r).toEqual({
      ok: false,
      code: 'invalid-choice',
      message: '"hit-minus-one-for-boost" is not open to attack on success: no choice is open.',
    });
    expect(actionEffect(overcome, resolve(-1, 0), { choice: 'full-hit' })).toMatchObject({
      message: expect.stringContaining('choose simply-fail or succeed-at-major-cost') as unknown,
    });
  });
});

describe('[CORE-OVERCOME-1] overcome fail: simply fail, or succeed at a major cost', () => {
  it('defaults to simply failing and offers the major cost', () => {
    expect(actionChoices(overcome, 'fail')).toEqual(['simply-fail', 'succeed-at-major-cost']);
    expect(effects(overcome, -1)).toEqual([{ type: 'nothing' }]);
    expect(effects(overcome, -1, 'succeed-at-major-cost')).toEqual([
      { type: 'goal' },
      { type: 'cost', severity: 'major' },
    ]);
  });
});

describe('[CORE-OVERCOME-2] overcome tie: the goal at a minor cost', () => {
  it('grants the goal with a minor cost', () => {
    expect(effects(overcome, 0)).toEqual([{ type: 'goal' }, { type: 'cost', severity: 'minor' }]);
  });
});

describe('[CORE-OVERCOME-3] overcome success: the goal', () => {
  it('grants the goal only', () => expect(effects(overcome, 2)).toEqual([{ type: 'goal' }]));
});

describe('[CORE-OVERCOME-4] overcome with style: the goal and a boost', () => {
  it('grants a boost too', () =>
    expect(effects(overcome, 3)).toEqual([{ type: 'goal' }, { type: 'boost' }]));
});

describe('[CORE-CAA-1] new aspect, fail: no aspect, or the aspect with a free invoke for the opposition', () => {
  it('offers both, defaulting to no aspect', () => {
    expect(effects(newAspect, -2)).toEqual([{ type: 'nothing' }]);
    expect(effects(newAspect, -2, 'aspect-with-opposition-invoke')).toEqual([
      { type: 'create-aspect', freeInvokes: 1, for: 'opposition' },
    ]);
  });
});

describe('[CORE-CAA-2] new aspect, tie: a boost instead', () => {
  it('grants a boost', () => expect(effects(newAspect, 0)).toEqual([{ type: 'boost' }]));
});

describe('[CORE-CAA-3] new aspect, success: the aspect with one free invoke', () => {
  it('creates it with 1', () =>
    expect(effects(newAspect, 1)).toEqual([
      { type: 'create-aspect', freeInvokes: 1, for: 'actor' },
    ]));
});

describe('[CORE-CAA-4] new aspect, success with style: two free invokes', () => {
  it('creates it with 2', () =>
    expect(effects(newAspect, 5)).toEqual([
      { type: 'create-aspect', freeInvokes: 2, for: 'actor' },
    ]));
});

describe('[CORE-CAA-5] existing aspect: fail nothing, tie as success (1), success 1, with style 2', () => {
  it('adds free invokes', () => {
    expect(effects(existing, -1)).toEqual([{ type: 'nothing' }]);
    expect(effects(existing, 0)).toEqual([{ type: 'free-invokes', count: 1 }]);
    expect(effects(existing, 2)).toEqual([{ type: 'free-invokes', count: 1 }]);
    expect(effects(existing, 3)).toEqual([{ type: 'free-invokes', count: 2 }]);
    expect(actionChoices(existing, 'fail')).toEqual([]);
  });
});

describe('[CORE-ATTACK-1] attack fail: no effect', () => {
  it('misses', () => expect(effects(attack, -3)).toEqual([{ type: 'nothing' }]));
});

describe('[CORE-ATTACK-2] attack tie: no stress, a boost', () => {
  it('grants a boost', () => expect(effects(attack, 0)).toEqual([{ type: 'boost' }]));
});

describe('[CORE-ATTACK-3] attack success: a hit of the shifts', () => {
  it('hits for 2', () => expect(effects(attack, 2)).toEqual([{ type: 'hit', shifts: 2 }]));
});

describe('[CORE-ATTACK-4] attack with style: the full hit, or one shift less for a boost', () => {
  it('hits for 4, or 3 and a boost', () => {
    expect(effects(attack, 4)).toEqual([{ type: 'hit', shifts: 4 }]);
    expect(effects(attack, 4, 'hit-minus-one-for-boost')).toEqual([
      { type: 'hit', shifts: 3 },
      { type: 'boost' },
    ]);
  });
});

describe('[CORE-DEFEND-1] defend fail: the opposed action succeeds; a defender may take the hit', () => {
  it('mirrors the outcome, with the option to take an attack meant for someone else', () => {
    const guard: ActionSpec = { action: 'defend', against: 'attack', protecting: 'other' };
    expect(effects(guard, -3)).toEqual([
      { type: 'opposed-outcome', outcome: 'success-with-style', shifts: 3 },
    ]);
    expect(effects(guard, -1, 'take-the-hit')).toEqual([
      { type: 'opposed-outcome', outcome: 'success', shifts: 1 },
      { type: 'redirect-to-defender' },
    ]);
    expect(actionChoices({ action: 'defend', against: 'attack' }, 'fail')).toEqual([]);
  });
});

describe('[CORE-DEFEND-2] defend tie or success: the opposed action ties or fails', () => {
  it('resolves the original action as its tie or failure', () => {
    const d: ActionSpec = { action: 'defend', against: 'overcome' };
    expect(effects(d, 0)).toEqual([{ type: 'opposed-outcome', outcome: 'tie', shifts: 0 }]);
    expect(effects(d, 2)).toEqual([{ type: 'opposed-outcome', outcome: 'fail', shifts: -2 }]);
  });
});

describe('[CORE-DEFEND-3] defend with style: as a success, plus a boost', () => {
  it('grants a boost', () =>
    expect(effects({ action: 'defend', against: 'attack' }, 3)).toEqual([
      { type: 'opposed-outcome', outcome: 'fail', shifts: -3 },
      { type: 'boost' },
    ]));
});
