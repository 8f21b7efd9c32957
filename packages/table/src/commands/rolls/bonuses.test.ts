import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, refused, rollOf, sceneTable, skillRoll, validSheet } from '../../test/harness';
import { loadDice } from '../../test/dice';

// A roll's stunts and helpers: the roller names them, the rules check each and add it, and the
// roll card (the roll's modifiers) says who and what gave the bonus.

const STUNTS = [
  { id: 'brawler', name: 'Brawler', text: '+2 to Fight when outnumbered.' },
  { id: 'nimble', name: 'Nimble', text: '+2 to Athletics to defend in the rigging.' },
];

/** Zira (Ann's) with two stunts, Tam (Bob's) and the GM's Brute, in a scene. */
function table() {
  const s = sceneTable();
  s.t.ok(s.ann, {
    type: 'character.update',
    characterId: s.a,
    changes: { stunts: STUNTS },
  });
  return s;
}

describe('[CORE-STUNT-1] [CORE-TEAMWORK-1] a roll with a stunt and a helper', () => {
  it('adds +2 for the stunt and +1 for each helper, and names them on the roll', () => {
    const { t, a, b, npc } = table();
    loadDice(t, [0, 0, 0, 0]);
    // The GM rolls for Zira here, so the Brute may help too.
    const { rollId } = t.ok(
      GM,
      skillRoll(a, 'fight', 'overcome', { difficulty: 6, stunts: ['brawler'], helpers: [b, npc] }),
    );
    const roll = rollOf(t, rollId!);
    expect(roll.actor.modifiers).toEqual([
      { label: 'Brawler', value: 2, kind: 'stunt' },
      { label: 'Tam', value: 1, kind: 'help' },
      { label: 'Brute', value: 1, kind: 'help' },
    ]);
    // Fight Great (+4), blank dice, +2 +1 +1: Legendary (+8) against Fantastic (+6).
    expect(roll.actor.total).toBe(8);
    expect(roll.outcome).toBe('success');
    expect(roll.shifts).toBe(2);
    // The log keeps why: the card scrolls away, the log line stays.
    expect(readTable(t.docs.pub).log.at(-1)!.text).toBe(
      'Zira rolled to overcome [0 0 0 0; Brawler (stunt) +2, help from Tam +1, help from Brute +1]: Legendary (+8) against Fantastic (+6) — success (2 shifts).',
    );
  });

  it('counts a stunt on the defence, the second of the defender’s stunts', () => {
    const { t, ann, a, npc } = table();
    const id = t.ok(GM, skillRoll(npc, 'fight', 'attack', { defender: a })).rollId!;
    loadDice(t, [1, 0, 0, -1]);
    t.ok(ann, { type: 'defend', rollId: id, skillId: 'athletics', stunts: ['nimble'] });
    const roll = rollOf(t, id);
    expect(roll.opposition!.modifiers).toEqual([{ label: 'Nimble', value: 2, kind: 'stunt' }]);
    // Athletics Good (+3), dice 0, Nimble +2.
    expect(roll.opposition!.total).toBe(5);
    expect(roll.shifts).toBe(roll.actor.total - 5);
    expect(readTable(t.docs.pub).log.at(-1)!.text).toMatch(
      /^Zira rolled to defend \[\+ 0 0 -; Nimble \(stunt\) \+2\]: Superb \(\+5\) against /,
    );
  });

  it('refuses a stunt the roller lacks, a helper without the skill, and the roller as helper', () => {
    const { t, ann, bob, a, b, npc } = table();
    refused(t, bob, skillRoll(b, 'fight', 'overcome', { stunts: ['brawler'] }), 'rules');
    // Tam has no Provoke (Mediocre): he cannot help Zira's Provoke roll.
    refused(t, ann, skillRoll(a, 'provoke', 'overcome', { helpers: [b] }), 'rules');
    refused(t, ann, skillRoll(a, 'fight', 'overcome', { helpers: [a] }), 'rules');
    refused(t, ann, skillRoll(a, 'fight', 'overcome', { helpers: ['nobody'] }), 'not-found');
    // A player's roll: the GM's Brute does not lend a hand; Tam does, once Bob says yes.
    refused(t, ann, skillRoll(a, 'fight', 'overcome', { helpers: [npc] }), 'rules');
    const { requestId } = t.ok(ann, {
      type: 'help.ask',
      characterId: a,
      helperId: b,
      skillId: 'fight',
    });
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    const { rollId } = t.ok(ann, skillRoll(a, 'fight', 'overcome', { helpers: [b] }));
    expect(rollOf(t, rollId!).actor.modifiers).toEqual([{ label: 'Tam', value: 1, kind: 'help' }]);
  });

  it('refuses a player’s own bonus, which only the GM may add', () => {
    const { t, ann, a, npc } = table();
    refused(
      t,
      ann,
      skillRoll(a, 'fight', 'overcome', { modifiers: [{ label: 'Because I said so', value: 10 }] }),
      'forbidden',
    );
    const { rollId } = t.ok(
      GM,
      skillRoll(npc, 'fight', 'overcome', { modifiers: [{ label: 'High ground', value: 1 }] }),
    );
    expect(rollOf(t, rollId!).actor.modifiers).toEqual([{ label: 'High ground', value: 1 }]);
  });

  it('helps only a skill: narrative’s rated aspects take no helpers', () => {
    const { t, ann, a, b } = sceneTable(3, 'narrative');
    const aspectId = validSheet('narrative', 'Zira').aspects![0]!.id;
    refused(
      t,
      ann,
      { type: 'roll', characterId: a, aspectId, action: 'overcome', difficulty: 1, helpers: [b] },
      'rules',
    );
  });
});
