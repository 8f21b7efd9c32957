import { describe, expect, it } from 'vitest';
import { fateCore } from '@fateboard/rules';
import type { Actor, RollView } from '@fateboard/table';
import { InvokeChoice, invokeTargets } from '../scene/invoke-choice.svelte';
import { OutcomeForm } from '../conflict/outcome-form.svelte';
import { GM, attack, overcome, sceneTable, type PlayTable } from '../../lib/test/play';

/** The roll card's two state classes over a real table, seen by `me`. */
function card(t: PlayTable, rollId: string, me: Actor) {
  const gm = me.role === 'gm';
  const roll = (): RollView => t.view().rolls.find((r) => r.id === rollId)!;
  const controls = (id: string | undefined) => {
    const c = t.view().characters.find((x) => x.id === id);
    return !!c && (me.role === 'gm' || (!!me.seatId && c.owner === me.seatId));
  };
  const invoking = new InvokeChoice(() => ({ view: t.view(), roll: roll(), controls, gm }));
  const outcome = new OutcomeForm(() => ({
    ruleset: fateCore,
    roll: roll(),
    controlsActor: controls(roll().actor.characterId),
    assessable: invoking.targets,
  }));
  return { invoking, outcome, roll };
}

/** Rolls until `wanted` holds of the roll; returns its id. */
function rollUntil(
  t: PlayTable,
  by: Actor,
  input: Record<string, unknown>,
  wanted: (r: RollView) => boolean,
) {
  for (let i = 0; i < 80; i++) {
    const id = String(t.ok(by, { type: 'roll', ...input }).rollId);
    if (wanted(t.view().rolls.find((r) => r.id === id)!)) return id;
  }
  throw new Error('no such roll in 80 tries');
}

describe('the invoke controls', () => {
  it('lists what the invoking side holds free invokes on first, and falls back when a pick goes', () => {
    const { t, ann, zira } = sceneTable();
    const fog = String(
      t.ok(GM, {
        type: 'aspect.add',
        kind: 'situation',
        text: 'Fog',
        freeInvokes: 1,
        owner: ann.seatId,
      }).aspectId,
    );
    const rain = String(t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Rain' }).aspectId);
    expect(invokeTargets(t.view(), ann.seatId!)[0]).toMatchObject({ key: fog, free: 1 });
    expect(invokeTargets(t.view(), 'gm').find((x) => x.key === fog)?.free).toBe(0);

    const rollId = overcome(t, ann, zira, 2);
    const { invoking } = card(t, rollId, ann);
    expect(invoking.side).toBe('actor');
    expect(invoking.targetKey).toBe(fog);
    expect(invoking.pay).toBe('free');
    expect(invoking.canPay).toBe(true);
    // Ann picks Rain: no free invoke there, so a fate point; her pick stays while Rain does.
    invoking.targetKey = rain;
    expect(invoking.pay).toBe('fate-point');
    invoking.pay = 'free';
    expect(invoking.pay).toBe('fate-point');
    t.ok(GM, { type: 'aspect.remove', ref: { aspectId: rain } });
    expect(invoking.targetKey).toBe(fog);
    expect(invoking.pay).toBe('free');
    // She spends the free invoke: Fog stays picked, now paid with a point.
    invoking.targetKey = fog;
    t.ok(ann, { type: 'invoke', rollId, ref: { aspectId: fog }, free: true, effect: '+2' });
    expect(invoking.pay).toBe('fate-point');
  });

  it('lets the defender invoke for their side; an NPC pays from the GM pool', () => {
    const { t, bob, tam, brute } = sceneTable();
    const rollId = attack(t, brute, tam);
    const asBob = card(t, rollId, bob).invoking;
    expect(asBob.side).toBe('opposition');
    expect(asBob.invoker?.id).toBe(tam);
    const asGm = card(t, rollId, GM).invoking;
    expect(asGm.side).toBe('actor');
    expect(asGm.holder).toBe('gm');
    expect(asGm.canPay).toBe(t.view().gmPool > 0);
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'gm-pool', value: 0 } });
    asGm.targetKey = `${brute}/hc`;
    expect(asGm.canPay).toBe(false);
  });
});

describe('raising a passive difficulty [CORE-INVOKE-2]', () => {
  it('offers the GM alone the difficulty, paid as the reducer takes it, +2 to it', () => {
    const { t, ann, zira } = sceneTable();
    const door = String(
      t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Locked Door', freeInvokes: 1 })
        .aspectId,
    );
    const rollId = overcome(t, ann, zira, 2);
    // The player may only help her own roll: picking the difficulty does not take.
    const asAnn = card(t, rollId, ann).invoking;
    expect(asAnn.mayRaise).toBe(false);
    asAnn.side = 'opposition';
    expect(asAnn.side).toBe('actor');
    const asGm = card(t, rollId, GM).invoking;
    expect(asGm.mayRaise).toBe(true);
    asGm.side = 'opposition';
    expect(asGm.raisesDifficulty).toBe(true);
    asGm.targetKey = door;
    expect(asGm.holder).toBe('gm');
    expect(asGm.pay).toBe('free');
    expect(asGm.canPay).toBe(true);
    t.ok(GM, {
      type: 'invoke',
      rollId,
      ref: asGm.target!.ref,
      free: asGm.pay === 'free',
      effect: '+2',
      side: asGm.side,
    });
    expect(t.view().rolls.find((r) => r.id === rollId)?.difficultyBonus).toBe(2);
    // The free invoke spent, a point from the GM pool, while it holds any.
    expect(asGm.pay).toBe('fate-point');
    expect(asGm.canPay).toBe(t.view().gmPool > 0);
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'gm-pool', value: 0 } });
    expect(asGm.canPay).toBe(false);
  });
});

describe('the outcome form', () => {
  it('offers nothing to apply on a missed attack, and "Deal the hit" on a hit', () => {
    const { t, ann, zira, tam } = sceneTable();
    const attack = {
      characterId: zira,
      skillId: 'fight',
      action: 'attack',
      opposition: { characterId: tam, skillId: 'athletics' },
    };
    const miss = rollUntil(t, ann, attack, (r) => r.outcome === 'fail');
    expect(card(t, miss, ann).outcome.canApply).toBe(false);
    const hit = rollUntil(t, ann, attack, (r) => r.outcome === 'success');
    const { outcome } = card(t, hit, ann);
    expect(outcome.canApply).toBe(true);
    expect(outcome.label).toBe('Deal the hit');
    expect(outcome.ready).toBe(true);
    // A player who does not play the attacker cannot apply it.
    const stranger: Actor = { role: 'player', seatId: 'someone-else' };
    expect(card(t, hit, stranger).outcome.canApply).toBe(false);
  });

  it('asks for an advantage’s name only when the outcome creates one, and keeps a choice only while offered', () => {
    const { t, ann, zira } = sceneTable();
    const advantage = {
      characterId: zira,
      skillId: 'fight',
      action: 'create-advantage',
      difficulty: 1,
    };
    const made = rollUntil(t, ann, advantage, (r) => r.outcome === 'success');
    const { outcome } = card(t, made, ann);
    expect(outcome.wantsAspect).toBe(true);
    expect(outcome.label).toBe('Create aspect');
    expect(outcome.ready).toBe(false);
    outcome.advantage = '  High ground ';
    expect(outcome.ready).toBe(true);
    expect(outcome.payload()).toEqual({ aspect: { text: 'High ground' } });

    const tied = rollUntil(t, ann, advantage, (r) => r.outcome === 'tie');
    const tie = card(t, tied, ann).outcome;
    expect(tie.wantsAspect).toBe(false);
    expect(tie.wantsBoost).toBe(true);
    expect(tie.label).toBe('Take the boost');
    tie.boost = 'Momentum';
    expect(tie.payload()).toEqual({ aspect: { text: 'Momentum' }, boost: 'Momentum' });

    const failed = rollUntil(t, ann, { ...advantage, difficulty: 4 }, (r) => r.outcome === 'fail');
    const fail = card(t, failed, ann).outcome;
    expect(fail.choices.length).toBeGreaterThan(1);
    fail.choice = fail.choices[1]!;
    expect(fail.choice).toBe(fail.choices[1]);
    expect(fail.payload()).toMatchObject({ choice: fail.choices[1] });
    fail.choice = 'full-hit';
    expect(fail.choice).toBe('');
  });

  it('names the advantage after the roll’s “What for” until the roller types another', () => {
    const { t, ann, zira } = sceneTable();
    const made = rollUntil(
      t,
      ann,
      {
        characterId: zira,
        skillId: 'fight',
        action: 'create-advantage',
        difficulty: -2,
        reason: 'Pinned under the bell',
      },
      (r) => r.outcome === 'success' || r.outcome === 'success-with-style',
    );
    const { outcome } = card(t, made, ann);
    expect(outcome.advantage).toBe('Pinned under the bell');
    expect(outcome.ready).toBe(true);
    expect(outcome.payload()).toMatchObject({ aspect: { text: 'Pinned under the bell' } });
    outcome.advantage = 'Off Balance';
    expect(outcome.payload()).toMatchObject({ aspect: { text: 'Off Balance' } });
  });
});
