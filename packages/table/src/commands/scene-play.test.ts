import { describe, expect, it } from 'vitest';
import type { RulesetId } from '@fateboard/rules';
import { RULESET_IDS } from '@fateboard/rules';
import { rulesetById } from '@fateboard/rules';
import { readTable } from '../doc/views';
import type { TableView } from '../doc/views';
import { GM, attackWith, seatedWithBrute } from '../test/harness';

/** Points outside the bank: balances, the GM pool, points held until the scene ends. */
function inPlay(v: TableView): number {
  return v.characters.reduce((s, c) => s + c.fatePoints + c.owed, 0) + v.gmPool;
}

/** The bank's net outflow, summed from the log's movements. */
function fromBank(v: TableView): number {
  let n = 0;
  for (const e of v.log) {
    for (const m of e.movements ?? []) {
      if (m.from.type === 'bank') n += m.amount;
      if (m.to.type === 'bank') n -= m.amount;
    }
  }
  return n;
}

function setUp(ruleset: RulesetId) {
  const { t, ann, bob, a: annChar, b: bobChar, npc } = seatedWithBrute(7, ruleset);
  return { t, ann, bob, annChar, bobChar, npc };
}

describe.each(RULESET_IDS)('a short scene in %s', (ruleset) => {
  it('plays advantage, spotlight, free invoke, compels, a hit, a concession, and the points add up', () => {
    const { t, ann, bob, annChar, bobChar, npc } = setUp(ruleset);
    const skill = attackWith(ruleset);
    t.ok(GM, { type: 'scene.start', name: 'The docks', characterIds: [annChar, bobChar, npc] });
    expect(readTable(t.docs.pub).gmPool).toBe(2);

    // Create an advantage; retry until it lands (the dice are seeded, so this is stable).
    let aspectId: string | undefined;
    for (let i = 0; i < 20 && aspectId === undefined; i++) {
      const { rollId } = t.ok(ann, {
        type: 'roll',
        characterId: annChar,
        ...skill,
        action: 'create-advantage',
        difficulty: 0,
      });
      const roll = readTable(t.docs.pub).rolls.find((r) => r.id === rollId)!;
      if (roll.outcome === 'success' || roll.outcome === 'success-with-style') {
        aspectId = t.ok(ann, {
          type: 'outcome.apply',
          rollId,
          aspect: { text: 'Slick Planks' },
        }).aspectId;
      }
    }
    expect(aspectId).toBeDefined();
    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    expect(readTable(t.docs.pub).spotlight?.text).toBe('Slick Planks');

    // Attack the NPC, invoking the new aspect for free.
    const { rollId: attack } = t.ok(ann, {
      type: 'roll',
      characterId: annChar,
      ...skill,
      action: 'attack',
      opposition: { characterId: npc, ...attackWith(ruleset) },
    });
    const before = readTable(t.docs.pub).rolls.find((r) => r.id === attack)!;
    t.ok(ann, { type: 'invoke', rollId: attack, ref: { aspectId }, free: true, effect: '+2' });
    const after = readTable(t.docs.pub).rolls.find((r) => r.id === attack)!;
    expect(after.actor.total).toBe(before.actor.total + 2);
    expect(after.invokes).toHaveLength(1);

    // A compel accepted and one refused.
    const annFp = () => readTable(t.docs.pub).characters.find((c) => c.id === annChar)!.fatePoints;
    const start = annFp();
    const c1 = t.ok(GM, {
      type: 'compel.offer',
      characterId: annChar,
      text: 'Your debts catch up',
      ref: { characterId: annChar, aspectId: ruleset === 'narrative' ? 'social' : 'tr' },
    }).compelId;
    t.ok(ann, { type: 'compel.accept', compelId: c1 });
    expect(annFp()).toBe(start + 1);
    const c2 = t.ok(GM, {
      type: 'compel.offer',
      characterId: annChar,
      text: 'Slip on the planks',
    }).compelId;
    t.ok(ann, { type: 'compel.refuse', compelId: c2 });
    expect(annFp()).toBe(start);

    // The NPC hits Bob for 3: absorbed with a stress box, then a hit needing a consequence.
    t.ok(GM, { type: 'conflict.start', order: [annChar, bobChar, npc] });
    const hitRoll = t.ok(GM, {
      type: 'roll',
      characterId: npc,
      ...skill,
      action: 'attack',
      difficulty: 0,
    }).rollId;
    const opts1 = readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!;
    expect(opts1).toBeDefined();
    t.ok(bob, {
      type: 'absorb',
      characterId: bobChar,
      shifts: 1,
      kind: 'physical',
      option: 0,
      rollId: hitRoll,
    });
    const bigHit = 4;
    const rules = rulesetById(ruleset)!;
    const bobNow = readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!;
    const options = rules.absorptionOptions(bobNow, { shifts: bigHit, kind: 'physical' });
    if (ruleset === 'edgerunner') {
      // Edgerunner consequences are taken by choice for a bonus [ER-CONSEQ-1], not by hits.
      const slot = bobNow.consequences[0]!.id;
      t.ok(bob, {
        type: 'consequence.take',
        characterId: bobChar,
        slotId: slot,
        text: 'Cracked Ribs',
      });
      expect(
        readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!.consequences[0]!.taken
          ?.text,
      ).toBe('Cracked Ribs');
    }
    const option = Math.max(
      0,
      options.findIndex((o) => o.consequences.length > 0 || (o.aspectDamage?.length ?? 0) > 0),
    );
    const names = Object.fromEntries(
      options[option]!.consequences.map((id) => [id, 'Cracked Ribs']),
    );
    const res = t.send(bob, {
      type: 'absorb',
      characterId: bobChar,
      shifts: bigHit,
      kind: 'physical',
      option,
      names,
      rollId: hitRoll,
    });
    expect(res.ok, JSON.stringify(res)).toBe(true);
    const hurt = readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!;
    if (options[option]!.consequences.length > 0) {
      const slot = options[option]!.consequences[0]!;
      expect(hurt.consequences.find((c) => c.id === slot)?.taken?.text).toBe('Cracked Ribs');
      // The attacker (the GM's NPC) holds the free invoke on the new consequence.
      expect(hurt.freeInvokes[slot]?.gm ?? 0).toBeGreaterThanOrEqual(1);
    }

    // Bob concedes.
    const bobBefore = readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!.fatePoints;
    t.ok(bob, { type: 'concede', characterId: bobChar });
    const bobAfter = readTable(t.docs.pub).characters.find((c) => c.id === bobChar)!;
    expect(bobAfter.fatePoints).toBeGreaterThan(bobBefore);
    expect(readTable(t.docs.pub).conflict.order).not.toContain(bobChar);

    t.ok(GM, { type: 'scene.end' });
    const v = readTable(t.docs.pub);
    expect(v.gmPool).toBe(0);
    expect(v.aspects).toEqual([]);
    expect(inPlay(v)).toBe(fromBank(v));
  });
});
