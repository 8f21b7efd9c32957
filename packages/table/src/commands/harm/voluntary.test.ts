import { describe, expect, it } from 'vitest';
import { rulesetById } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import { readTable } from '../../doc/views';
import type { Actor } from '../context';
import { GM, TestTable, created, refused, seat, skillRoll, validSheet } from '../../test/harness';
import { loadDice } from '../../test/dice';
import { consequenceOffers } from './voluntary';

/**
 * Who may take a consequence for whom [ER-CONSEQ-1..2]: the roll card offers what
 * `consequenceOffers` lists, and `consequence.take` accepts exactly that, no more, no less.
 */

/**
 * A table where Lydia plays Jade and William plays Hargan; the GM runs Gatto (an NPC) and a
 * character no one has claimed yet (Switch). Jade attacks Gatto and the GM rolls his defence;
 * Switch rolls an overcome of his own.
 */
function table(ruleset: RulesetId = 'edgerunner') {
  const t = new TestTable(ruleset, 5);
  const lydia = seat(t, 'Lydia');
  const william = seat(t, 'William');
  const jade = created(t, lydia, validSheet(ruleset, 'Jade'));
  const hargan = created(t, william, validSheet(ruleset, 'Hargan'));
  const gatto = created(t, GM, validSheet(ruleset, 'Gatto'), 'npc');
  const unclaimed = created(t, GM, validSheet(ruleset, 'Switch'));
  t.ok(GM, { type: 'scene.start', name: 'Docks', characterIds: [jade, hargan, gatto, unclaimed] });
  const skill = ruleset === 'pirates' ? 'swashbuckle' : 'fight';
  const attack = t.ok(lydia, skillRoll(jade, skill, 'attack', { defender: gatto })).rollId!;
  t.ok(GM, { type: 'defend', rollId: attack, skillId: skill });
  const solo = t.ok(GM, skillRoll(unclaimed, skill, 'overcome', { difficulty: 2 })).rollId!;
  return { t, lydia, william, jade, hargan, gatto, unclaimed, rolls: [attack, solo] };
}

type Table = ReturnType<typeof table>;
const actorsOf = (s: Table): [string, Actor][] => [
  ['GM', GM],
  ['Lydia', s.lydia],
  ['William', s.william],
];

/** What the roll card offers `actor` on the roll, as `characterId/slotId` keys. */
function offered(s: Table, actor: Actor, rollId: string): string[] {
  const view = readTable(s.t.docs.pub);
  const roll = view.rolls.find((r) => r.id === rollId)!;
  const ruleset = rulesetById(view.ruleset)!;
  return consequenceOffers(ruleset, actor, roll, (id) =>
    view.characters.find((c) => c.id === id),
  ).flatMap((o) => o.slots.map((slot) => `${o.characterId}/${slot.id}`));
}

/** Every character and slot on the table, as `characterId/slotId` keys. */
function everySlot(s: Table): string[] {
  return readTable(s.t.docs.pub).characters.flatMap((c) =>
    c.consequences.map((slot) => `${c.id}/${slot.id}`),
  );
}

describe('a consequence for a bonus on a roll: the card offers exactly what the table accepts', () => {
  for (const ruleset of ['edgerunner', 'fate-core', 'pirates'] as const) {
    it(`[ER-CONSEQ-1] [ER-CONSEQ-2] ${ruleset}: for each person, character and slot, offered ⇔ accepted`, () => {
      const probe = table(ruleset);
      const keys = everySlot(probe);
      let accepted = 0;
      for (const rollIndex of [0, 1]) {
        for (const [name, actor] of actorsOf(probe)) {
          const rollId = probe.rolls[rollIndex]!;
          const offers = offered(probe, actor, rollId);
          for (const key of keys) {
            // A fresh table per try: a taken consequence fills its slot.
            const s = table(ruleset);
            const [characterId, slotId] = key.split('/');
            const out = s.t.send(actor, {
              type: 'consequence.take',
              characterId,
              slotId,
              text: 'Winded',
              rollId,
            });
            expect(out.ok, `${ruleset}: ${name} on ${key}, roll ${rollIndex}`).toBe(
              offers.includes(key),
            );
            if (out.ok) accepted++;
          }
        }
      }
      // Only edgerunner takes consequences for a bonus.
      if (ruleset === 'edgerunner') expect(accepted).toBeGreaterThan(0);
      else expect(accepted).toBe(0);
    });
  }

  it('[ER-CONSEQ-2] the GM takes one for the NPC defending, not for the attacking player’s character', () => {
    const s = table();
    const [attack] = s.rolls;
    const names = (actor: Actor) =>
      [
        ...new Set(
          offered(s, actor, attack!).map((k) => {
            const id = k.split('/')[0];
            return readTable(s.t.docs.pub).characters.find((c) => c.id === id)!.name;
          }),
        ),
      ].sort();
    expect(names(GM)).toEqual(['Gatto']);
    expect(names(s.lydia)).toEqual(['Jade']);
    expect(names(s.william)).toEqual([]);
    // What the issue saw: the GM's "Take it for the bonus" written on Jade. Refused now.
    refused(
      s.t,
      GM,
      {
        type: 'consequence.take',
        characterId: s.jade,
        slotId: 'mild',
        text: 'Winded',
        rollId: attack,
      },
      'forbidden',
    );
    // On Gatto, it lands on Gatto and adds to the defence, not to the attack.
    const before = readTable(s.t.docs.pub).rolls.find((r) => r.id === attack)!;
    s.t.ok(GM, {
      type: 'consequence.take',
      characterId: s.gatto,
      slotId: 'mild',
      text: 'Winded',
      rollId: attack,
    });
    const view = readTable(s.t.docs.pub);
    const after = view.rolls.find((r) => r.id === attack)!;
    expect(after.opposition!.total).toBe(before.opposition!.total + 1);
    expect(after.actor.total).toBe(before.actor.total);
    expect(view.characters.find((c) => c.id === s.gatto)!.consequences[0]!.taken?.text).toBe(
      'Winded',
    );
    expect(view.characters.find((c) => c.id === s.jade)!.consequences.some((c) => c.taken)).toBe(
      false,
    );
    expect(view.log.at(-1)!.text).toMatch(
      /^Gatto took the consequence "Winded" for \+1 on the roll: the defence is now .+ against Jade’s .+ — Jade: /,
    );
  });

  it('[ER-CONSEQ-2] nothing is offered, and nothing accepted, on a roll awaiting its defence or applied', () => {
    const s = table();
    const waiting = s.t.ok(
      s.lydia,
      skillRoll(s.jade, 'fight', 'attack', { defender: s.hargan }),
    ).rollId!;
    for (const [, actor] of actorsOf(s)) expect(offered(s, actor, waiting)).toEqual([]);
    refused(
      s.t,
      s.lydia,
      { type: 'consequence.take', characterId: s.jade, slotId: 'mild', text: 'x', rollId: waiting },
      'awaiting-defence',
    );
    // A sure failure, applied: settled, so no bonus can change it any more.
    loadDice(s.t, [-1, -1, -1, -1]);
    const failed = s.t.ok(
      GM,
      skillRoll(s.unclaimed, 'fight', 'overcome', { difficulty: 8 }),
    ).rollId!;
    expect(offered(s, GM, failed)).not.toEqual([]);
    s.t.ok(GM, { type: 'outcome.apply', rollId: failed, choice: 'simply-fail' });
    expect(offered(s, GM, failed)).toEqual([]);
    refused(
      s.t,
      GM,
      {
        type: 'consequence.take',
        characterId: s.unclaimed,
        slotId: 'mild',
        text: 'x',
        rollId: failed,
      },
      'invalid',
    );
  });
});
