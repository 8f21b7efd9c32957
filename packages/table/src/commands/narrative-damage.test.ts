import { describe, expect, it } from 'vitest';
import { readTable } from '../doc/views';
import { GM, TestTable, charOf, created, refused, rollOf, validSheet } from '../test/harness';
import { loadDice } from '../test/dice';
import { bodyAttack, narrativeTable } from '../test/narrative';

// Narrative at the table: damage lowers ratings, incapacitation, recovery and healing on 3dF.

const ratings = (t: TestTable, id: string) => charOf(t, id).aspects.map((a) => a.rating ?? 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** In a conflict, Zira 3 + 3 against the minion's 0 − 3: nine shifts, where it has one level left. */
function nineShiftsOnMinion() {
  const { t, ann, zira, minion } = narrativeTable();
  t.ok(GM, { type: 'conflict.start', order: [zira, minion] });
  const r = bodyAttack(t, ann, zira, minion, [1, 1, 1, -1, -1, -1]);
  t.ok(ann, { type: 'outcome.apply', rollId: r });
  return { t, ann, zira, minion, r };
}

describe('narrative at the table', () => {
  it('[NAR-DAMAGE-1] [NAR-INCAP-1] [NAR-RECOVER-1] damage lowers ratings, all at Poor incapacitates, recovery gives levels back', () => {
    const { t, ann, zira, brute, minion } = narrativeTable();
    t.ok(GM, {
      type: 'conflict.start',
      order: [zira, brute, minion],
      initiative: 'aspect',
      aspects: { [zira]: 'mind', [brute]: 'body', [minion]: 'body' },
    });
    // The Brute's Good body goes before Zira's Fair mind [NAR-INIT-1].
    expect(readTable(t.docs.pub).conflict.order).toEqual([brute, zira, minion]);
    // Zira 3 + 1 beats the Brute's 3 − 1: a degree of 2 for the Brute to absorb.
    const blow = bodyAttack(t, ann, zira, brute, [1, 0, 0, -1, 0, 0]);
    t.ok(ann, { type: 'outcome.apply', rollId: blow });
    expect(rollOf(t, blow).hit).toEqual({ characterId: brute, shifts: 2 });
    // Only the Brute absorbs it; the roll gives the levels.
    expect(
      t.send(GM, { type: 'absorb', characterId: zira, rollId: blow, option: 0 }),
    ).toMatchObject({ ok: false, code: 'invalid' });
    const before = sum(ratings(t, brute));
    t.ok(GM, { type: 'absorb', characterId: brute, rollId: blow, option: 0 });
    expect(sum(ratings(t, brute))).toBe(before - 2);
    expect(rollOf(t, blow).hit).toBeUndefined();

    // The minion has one level above Poor: losing by one incapacitates it.
    const last = bodyAttack(t, ann, zira, minion, [0, 0, 0, 1, 1, 0]);
    t.ok(ann, { type: 'outcome.apply', rollId: last });
    t.ok(GM, { type: 'absorb', characterId: minion, rollId: last, option: 0 });
    expect(ratings(t, minion)).toEqual([-1, -1]);
    expect(charOf(t, minion).takenOut).toBe(true);
    expect(readTable(t.docs.pub).conflict.order).not.toContain(minion);

    // The conflict ends while the situation remains for the Brute: half back at once
    // [NAR-RECOVER-4]; the minion, not named, gets all of its level back.
    t.ok(GM, { type: 'conflict.end', recovery: { [brute]: 'half' } });
    expect(sum(ratings(t, brute))).toBe(before - 1);
    expect(ratings(t, minion)).toEqual([0, -1]);
    expect(charOf(t, minion).takenOut).toBe(false);
    const log = readTable(t.docs.pub).log.slice(-3);
    expect(log.map((e) => e.text)).toEqual([
      'The conflict ended.',
      'Brute got back 1 lost level (half, while the situation remains).',
      'Minion got back 1 lost level.',
    ]);
    expect(log[1]?.msg).toEqual({
      id: 'levelsBack',
      params: { name: 'Brute', count: 1, half: { id: 'levelsBackHalf' } },
    });
    // "until the GM announces otherwise": the GM's recovery gives the rest.
    t.ok(GM, { type: 'consequence.recover', characterId: brute });
    expect(sum(ratings(t, brute))).toBe(before);
  });

  it('[NAR-INCAP-1] [NAR-RECOVER-1] a hit bigger than what is left: taken out with every aspect at Poor, recovered after', () => {
    const { t, minion, r } = nineShiftsOnMinion();
    expect(rollOf(t, r).hit).toEqual({ characterId: minion, shifts: 9 });
    t.ok(GM, { type: 'taken-out', characterId: minion });
    expect(ratings(t, minion)).toEqual([-1, -1]);
    expect(charOf(t, minion).takenOut).toBe(true);
    expect(rollOf(t, r).hit).toBeUndefined();
    expect(readTable(t.docs.pub).conflict.order).not.toContain(minion);
    // Not while the conflict runs: the levels come back once it is over [NAR-RECOVER-1].
    const during = t.state();
    expect(t.send(GM, { type: 'consequence.recover', characterId: minion })).toMatchObject({
      ok: false,
      code: 'rules',
    });
    expect(t.state()).toEqual(during);
    // Ending the conflict gives the level the Wiry aspect lost back, and with it the minion
    // is no longer out: nobody has to ask for it [NAR-RECOVER-1].
    t.ok(GM, { type: 'conflict.end' });
    expect(ratings(t, minion)).toEqual([0, -1]);
    expect(charOf(t, minion).takenOut).toBe(false);
    expect(readTable(t.docs.pub).log.at(-1)?.text).toBe('Minion got back 1 lost level.');
  });

  it('[NAR-RECOVER-1] [NAR-RECOVER-4] the conflict’s end gives back every lost level unless the GM says otherwise', () => {
    const { t, ann, zira, brute, minion } = narrativeTable();
    t.ok(GM, { type: 'conflict.start', order: [zira, brute, minion] });
    // Zira 3 + 3 against the Brute's 3 − 3: six levels for the Brute, who has nine to give.
    const blow = bodyAttack(t, ann, zira, brute, [1, 1, 1, -1, -1, -1]);
    t.ok(ann, { type: 'outcome.apply', rollId: blow });
    const whole = ratings(t, brute);
    t.ok(GM, { type: 'absorb', characterId: brute, rollId: blow, option: 0 });
    const lost = sum(whole) - sum(ratings(t, brute));
    expect(lost).toBe(6);
    // Refused, changing nothing: a character not at the table, the recovery outside narrative.
    refused(t, GM, { type: 'conflict.end', recovery: { nobody: 'all' } }, 'not-found');
    refused(t, ann, { type: 'conflict.end' }, 'forbidden');
    // Half while the situation remains: three of six.
    t.ok(GM, { type: 'conflict.end', recovery: { [brute]: 'half', [zira]: 'none' } });
    expect(sum(whole) - sum(ratings(t, brute))).toBe(3);
    // The rest is the GM's to give back: a player asking for it is refused, even half again.
    refused(t, ann, { type: 'consequence.recover', characterId: zira }, 'forbidden');
    refused(
      t,
      ann,
      { type: 'consequence.recover', characterId: zira, situationRemains: true },
      'forbidden',
    );
    // Zira lost nothing: nothing is said of her.
    expect(readTable(t.docs.pub).log.some((e) => /^Zira.+lost level/.test(e.text))).toBe(false);
    // A later conflict, ended with the damage called physical: it stays until healed.
    t.ok(GM, { type: 'conflict.start', order: [zira, brute] });
    t.ok(GM, { type: 'conflict.end', recovery: { [brute]: 'none' } });
    expect(sum(whole) - sum(ratings(t, brute))).toBe(3);
    expect(readTable(t.docs.pub).log.at(-1)?.text).toBe(
      "Brute's 3 lost levels stay until they are healed.",
    );
    // And one more: this time the situation is over.
    t.ok(GM, { type: 'conflict.start', order: [zira, brute] });
    t.ok(GM, { type: 'conflict.end' });
    expect(ratings(t, brute)).toEqual(whole);
  });

  it('[NAR-RECOVER-4] other games give nothing back as a conflict ends, and refuse to be told to', () => {
    const t = new TestTable('fate-core', 2);
    const id = created(t, GM, validSheet('fate-core', 'Tam'), 'npc');
    t.ok(GM, { type: 'conflict.start', order: [id] });
    refused(t, GM, { type: 'conflict.end', recovery: { [id]: 'all' } }, 'invalid');
    t.ok(GM, { type: 'conflict.end' });
    expect(readTable(t.docs.pub).log.at(-1)?.text).toBe('The conflict ended.');
  });

  it('[NAR-RECOVER-2] physical damage comes back only after a successful healing roll, which heals once', () => {
    const { t, ann, zira, minion, r } = nineShiftsOnMinion();
    t.ok(GM, { type: 'taken-out', characterId: minion });
    // The GM ends the conflict saying the minion's damage was physical: it waits for healing.
    t.ok(GM, { type: 'conflict.end', recovery: { [minion]: 'none' } });
    const hurt = ratings(t, minion);
    expect(hurt).toEqual([-1, -1]);
    const recover = { type: 'consequence.recover', characterId: minion, physical: true };
    // No healing yet, a failed one, a simple action, or an attack: refused, nothing changes.
    refused(t, GM, recover, 'rules');
    const heal = {
      type: 'roll',
      characterId: zira,
      aspectId: 'mind',
      action: 'overcome',
      heals: minion,
      reason: 'Bandage the minion',
    };
    loadDice(t, [-1, -1, -1]);
    const missed = t.ok(ann, { ...heal, difficulty: 4 }).rollId!;
    expect(rollOf(t, missed).outcome).toBe('fail');
    refused(t, GM, { ...recover, healRollId: missed }, 'rules');
    refused(t, GM, { ...recover, healRollId: r }, 'rules');
    refused(t, GM, { ...recover, healRollId: 'no-such-roll' }, 'not-found');
    // Healing is an overcome against a difficulty, nothing else.
    refused(t, ann, { ...heal, action: 'attack', difficulty: 1 }, 'invalid');
    refused(t, ann, heal, 'invalid');
    expect(ratings(t, minion)).toEqual(hurt);
    // Zira patches the minion up: a complex action that succeeds. Her Mind (+2) is above the
    // difficulty, which would make it a simple action, but healing is always rolled.
    loadDice(t, [1, 1, 1]);
    const healing = t.ok(ann, { ...heal, difficulty: 1 }).rollId!;
    expect(rollOf(t, healing)).toMatchObject({ heals: minion, outcome: 'success-with-style' });
    expect(rollOf(t, healing).simple).toBeUndefined();
    expect(readTable(t.docs.pub).log.at(-1)?.text).toMatch(/^Zira rolled to heal Minion \[/);
    t.ok(GM, { ...recover, healRollId: healing });
    expect(ratings(t, minion)).toEqual([0, -1]);
    expect(rollOf(t, healing).healed).toBe(true);
    // The same roll heals no one else.
    refused(t, GM, { ...recover, healRollId: healing }, 'rules');
  });
});
