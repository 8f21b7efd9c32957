import { describe, expect, it } from 'vitest';
import { ladderLabel, rulesetById } from '@fateboard/rules';
import { readTable } from '../../doc/views';
import { GM, charOf, paidInvoke, refused, rollOf, sceneTable, skillRoll } from '../../test/harness';

/** Active defence, conceding and the conflict an attack starts (docs/PROTOCOL.md `defend`). */

function attack(t: ReturnType<typeof sceneTable>['t'], by: string, on: string) {
  return t.ok(GM, skillRoll(by, 'fight', 'attack', { defender: on })).rollId!;
}

/** The GM puts a 2-shift hit on the character's mild consequence; returns its slot. */
function takeMild(t: ReturnType<typeof sceneTable>['t'], id: string): string {
  const c = charOf(t, id);
  const options = rulesetById(readTable(t.docs.pub).ruleset)!.absorptionOptions(c, {
    shifts: 2,
    kind: 'physical',
  });
  const option = options.findIndex((o) => o.consequences.length === 1 && o.stress === undefined);
  const slot = options[option]!.consequences[0]!;
  t.ok(GM, {
    type: 'absorb',
    characterId: id,
    shifts: 2,
    kind: 'physical',
    option,
    names: { [slot]: 'Winded' },
  });
  return slot;
}

describe('an attack awaits the defender’s own roll', () => {
  it('starts a conflict outside one, and resolves with the skill the defender picks', () => {
    const { t, ann, a, npc } = sceneTable();
    expect(readTable(t.docs.pub).conflict.active).toBe(false);
    const id = attack(t, npc, a);
    const waiting = rollOf(t, id);
    expect(waiting.defence).toEqual({ characterId: a, status: 'awaiting' });
    expect(waiting.opposition).toBeUndefined();
    const conflict = readTable(t.docs.pub).conflict;
    expect(conflict).toMatchObject({ active: true, order: [npc, a], turn: 0, round: 1 });

    // Nothing is decided yet: no invoke, no outcome.
    refused(t, GM, { type: 'outcome.apply', rollId: id }, 'awaiting-defence');
    refused(
      t,
      GM,
      {
        type: 'invoke',
        rollId: id,
        ref: { aspectId: 'hc', characterId: npc },
        free: false,
        effect: '+2',
      },
      'awaiting-defence',
    );

    // Ann defends with Athletics (+3), not her first skill (Fight).
    t.ok(ann, { type: 'defend', rollId: id, skillId: 'athletics' });
    const done = rollOf(t, id);
    expect(done.defence?.status).toBe('rolled');
    expect(done.opposition).toMatchObject({ characterId: a, skillId: 'athletics', rating: 3 });
    expect(done.opposition!.faces).toHaveLength(4);
    // [CORE-OUTCOME-1] shifts = the attack's result − the defence's.
    expect(done.shifts).toBe(done.actor.total - done.opposition!.total);
    const log = readTable(t.docs.pub).log.at(-1)!;
    expect(log.text).toMatch(/^Zira rolled to defend \[.+\]: .+ against Brute’s .+ — Brute: /);
  });

  it('lets the defender invoke on their defence, like any roll [CORE-INVOKE-1]', () => {
    const { t, ann, a, npc } = sceneTable();
    const id = attack(t, npc, a);
    t.ok(ann, { type: 'defend', rollId: id, skillId: 'athletics' });
    const before = rollOf(t, id);
    paidInvoke(t, ann, id, a, 'hc', 'opposition');
    const after = rollOf(t, id);
    expect(after.opposition!.total).toBe(before.opposition!.total + 2);
    expect(after.shifts).toBe(before.shifts - 2);
    // The log says the defence's new total against the attack's, and whose result follows:
    // never the attacker's total as if it were the defender's.
    const said = readTable(t.docs.pub).log.at(-1)!.text;
    expect(said).toContain(
      `Zira invoked "${charOf(t, a).aspects.find((x) => x.id === 'hc')!.text}" for +2 with a fate point: ` +
        `the defence is now ${ladderLabel(after.opposition!.total)} against Brute’s ${ladderLabel(after.actor.total)} — Brute: `,
    );
  });

  it('[CORE-INVOKE-2] the GM raising a difficulty: the log says the difficulty, not the total, went up', () => {
    const { t, ann, a } = sceneTable();
    const id = t.ok(ann, skillRoll(a, 'athletics', 'overcome', { difficulty: 2 })).rollId!;
    paidInvoke(t, GM, id, a, 'hc', 'opposition');
    const roll = rollOf(t, id);
    expect(roll.difficultyBonus).toBe(2);
    expect(readTable(t.docs.pub).log.at(-1)!.text).toMatch(
      /^The GM invoked ".+" for \+2 with a fate point: the difficulty is now Great \(\+4\) against Zira’s .+ — Zira: /,
    );
  });

  it('refuses bad defences with their codes and changes nothing', () => {
    const { t, ann, bob, a, b, npc } = sceneTable();
    const id = attack(t, npc, a);
    // Someone who does not control the defender.
    refused(t, bob, { type: 'defend', rollId: id, skillId: 'athletics' }, 'forbidden');
    // A skill the game does not have.
    refused(t, ann, { type: 'defend', rollId: id, skillId: 'sailing' }, 'invalid');
    t.ok(ann, { type: 'defend', rollId: id, skillId: 'athletics' });
    // A second defence.
    refused(t, ann, { type: 'defend', rollId: id, skillId: 'fight' }, 'already-defended');
    // A roll that awaits none.
    const plain = t.ok(bob, skillRoll(b, 'fight', 'overcome', { difficulty: 2 })).rollId!;
    refused(t, GM, { type: 'defend', rollId: plain, skillId: 'fight' }, 'no-defence-awaited');
    refused(t, GM, { type: 'defend', rollId: 'nope', skillId: 'fight' }, 'not-found');
    // A defender who is the roller, or with a difficulty too.
    refused(t, GM, skillRoll(npc, 'fight', 'attack', { defender: npc }), 'invalid');
    refused(t, GM, skillRoll(npc, 'fight', 'attack', { defender: a, difficulty: 1 }), 'invalid');
  });

  it('lets the GM roll for an absent player', () => {
    const { t, a, npc } = sceneTable();
    const id = attack(t, npc, a);
    t.ok(GM, { type: 'defend', rollId: id, skillId: 'notice' });
    expect(rollOf(t, id).opposition?.skillId).toBe('notice');
  });

  it('an overcome against a character awaits a defence without starting a conflict', () => {
    const { t, ann, a, b } = sceneTable();
    const id = t.ok(ann, skillRoll(a, 'athletics', 'overcome', { defender: b })).rollId!;
    expect(rollOf(t, id).defence?.status).toBe('awaiting');
    expect(readTable(t.docs.pub).conflict.active).toBe(false);
  });
});

describe('[CORE-FP-10] conceding before the defence is rolled', () => {
  it('pays 1 + 1 per consequence of this conflict, ends the roll and leaves the turn order', () => {
    const { t, bob, a, b, npc } = sceneTable();
    const first = attack(t, npc, a);
    t.ok(GM, { type: 'defend', rollId: first, skillId: 'athletics' });
    const id = attack(t, npc, b);
    expect(readTable(t.docs.pub).conflict.order).toEqual([npc, a, b]);
    // One consequence taken in this conflict: a 2-shift hit to the mild slot.
    takeMild(t, b);
    const taken = charOf(t, b).consequences.filter((s) => s.taken).length;
    expect(taken).toBe(1);
    const fp = charOf(t, b).fatePoints;
    t.ok(bob, { type: 'concede', characterId: b, rollId: id });
    expect(charOf(t, b).fatePoints).toBe(fp + 1 + taken);
    const roll = rollOf(t, id);
    expect(roll.defence?.status).toBe('conceded');
    expect(roll.applied).toBe(true);
    expect(roll.hit).toBeUndefined();
    expect(readTable(t.docs.pub).conflict.order).toEqual([npc, a]);
    const log = readTable(t.docs.pub).log.at(-1)!;
    expect(log.text).toBe(`Tam conceded the conflict and gets ${1 + taken} fate points.`);
    expect(log.rollId).toBe(id);
    expect(log.movements).toEqual([
      {
        from: { type: 'bank' },
        to: { type: 'character', id: b },
        amount: 1 + taken,
        reason: 'concede',
      },
    ]);
    // The conceded roll is over: no defence, no outcome.
    refused(t, bob, { type: 'defend', rollId: id, skillId: 'fight' }, 'no-defence-awaited');
    refused(t, GM, { type: 'outcome.apply', rollId: id }, 'invalid');
  });

  it('is refused once the defence was rolled, outside a conflict, and a second time', () => {
    const { t, ann, bob, a, b, npc } = sceneTable();
    refused(t, bob, { type: 'concede', characterId: b }, 'no-conflict');
    const id = attack(t, npc, a);
    t.ok(ann, { type: 'defend', rollId: id, skillId: 'athletics' });
    refused(t, ann, { type: 'concede', characterId: a, rollId: id }, 'defence-rolled');
    refused(t, ann, { type: 'concede', characterId: a }, 'defence-rolled');
    const next = attack(t, npc, b);
    t.ok(bob, { type: 'concede', characterId: b, rollId: next });
    refused(t, bob, { type: 'concede', characterId: b, rollId: next }, 'invalid');
  });

  it('[PIR-CONCEDE-1] counts the scene’s consequences in pirates, even across conflicts', () => {
    const { t, bob, b, npc } = sceneTable(3, 'pirates');
    t.ok(GM, { type: 'conflict.start', order: [npc, b] });
    const mild = takeMild(t, b);
    expect(charOf(t, b).consequences.find((s) => s.id === mild)?.taken?.text).toBe('Winded');
    t.ok(GM, { type: 'conflict.end' });
    const id = t.ok(GM, skillRoll(npc, 'swashbuckle', 'attack', { defender: b })).rollId!;
    const fp = charOf(t, b).fatePoints;
    t.ok(bob, { type: 'concede', characterId: b, rollId: id });
    expect(charOf(t, b).fatePoints).toBe(fp + 2);
  });
});

describe('a hit that cannot be absorbed', () => {
  it('takes the character out and settles the hit on the roll [PIR-TAKENOUT-1]', () => {
    const { t, ann, a, npc } = sceneTable();
    // Seeded dice: the first attack that lands against Lore (+1).
    let id = '';
    for (let i = 0; i < 10 && id === ''; i++) {
      const next = attack(t, npc, a);
      t.ok(ann, { type: 'defend', rollId: next, skillId: 'lore' });
      if (rollOf(t, next).shifts > 0) id = next;
    }
    expect(id).not.toBe('');
    t.ok(GM, { type: 'outcome.apply', rollId: id });
    expect(rollOf(t, id).hit?.characterId).toBe(a);
    t.ok(ann, { type: 'taken-out', characterId: a });
    expect(rollOf(t, id).hit).toBeUndefined();
    expect(charOf(t, a).takenOut).toBe(true);
    expect(readTable(t.docs.pub).conflict.order).toEqual([npc]);
    expect(readTable(t.docs.pub).log.at(-1)).toMatchObject({
      text: 'Zira was taken out.',
      rollId: id,
    });
  });
});

describe('the GM reorders the turns', () => {
  it('keeps the turn with whoever was acting, and refuses a different cast', () => {
    const { t, ann, a, b, npc } = sceneTable();
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    t.ok(GM, { type: 'conflict.next' });
    expect(readTable(t.docs.pub).conflict.turn).toBe(1);
    t.ok(GM, { type: 'conflict.order', order: [b, npc, a] });
    const c = readTable(t.docs.pub).conflict;
    expect(c.order).toEqual([b, npc, a]);
    expect(c.order[c.turn]).toBe(b);
    expect(readTable(t.docs.pub).log.at(-1)?.text).toBe('The turn order is now Tam, Brute, Zira.');
    refused(t, ann, { type: 'conflict.order', order: [a, b, npc] }, 'forbidden');
    refused(t, GM, { type: 'conflict.order', order: [a, b] }, 'invalid');
    refused(t, GM, { type: 'conflict.order', order: [a, a, b] }, 'invalid');
    t.ok(GM, { type: 'conflict.end' });
    refused(t, GM, { type: 'conflict.order', order: [a] }, 'no-conflict');
  });
});
