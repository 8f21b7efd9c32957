import { describe, expect, it } from 'vitest';
import { readTable } from '../doc/views';
import { GM, TestTable, created, rollOf, seat, skillRoll, validSheet } from '../test/harness';
import { loadDice } from '../test/dice';
import { bodyAttack, narrativeTable } from '../test/narrative';

// Narrative at the table: simple, complex and conflict actions, the order, what it lacks.

describe('narrative at the table', () => {
  it('ends a scene without speaking of stress, which narrative has none of', () => {
    const { t, zira } = narrativeTable();
    t.ok(GM, { type: 'scene.start', name: 'Tea house', characterIds: [zira] });
    const ended = t.ok(GM, { type: 'scene.end' });
    expect(ended.log?.[0]?.text).toBe(
      'The scene ended: boosts cleared, the GM pool lost, owed points paid.',
    );
  });

  it('[NAR-SIMPLE-1] [NAR-COMPLEX-1] a simple action rolls no dice; a complex one succeeds at the difficulty', () => {
    const { t, ann, zira } = narrativeTable();
    const overcome = (aspectId: string) =>
      t.ok(ann, { type: 'roll', characterId: zira, aspectId, action: 'overcome', difficulty: 2 })
        .rollId!;
    const simple = overcome('body');
    expect(rollOf(t, simple)).toMatchObject({ simple: true, outcome: 'success' });
    expect(rollOf(t, simple).actor.faces).toEqual([]);
    loadDice(t, [1, 0, 0]);
    const complex = overcome('professional');
    expect(rollOf(t, complex).actor.faces).toHaveLength(3);
    expect(rollOf(t, complex)).toMatchObject({ outcome: 'success', shifts: 0 });
    loadDice(t, [0, 0, 0]);
    const failed = overcome('professional');
    expect(rollOf(t, failed)).toMatchObject({ outcome: 'fail', shifts: -1 });
  });

  it('[NAR-SIMPLE-1] the aspect alone decides whether an action is simple; modifiers change only the roll', () => {
    const { t, ann, zira } = narrativeTable();
    // Professional is +1: not higher than a difficulty of 1, so it is rolled, even though a
    // fitting tool and a creative description bring the total to +3.
    loadDice(t, [-1, -1, 0]);
    const rolled = t.ok(ann, {
      type: 'roll',
      characterId: zira,
      aspectId: 'professional',
      action: 'overcome',
      difficulty: 1,
      tool: true,
      creativity: 1,
    }).rollId!;
    expect(rollOf(t, rolled).actor.faces).toHaveLength(3);
    expect(rollOf(t, rolled)).toMatchObject({ outcome: 'success', shifts: 0 });
  });

  it('[NAR-CONFLICT-1] [NAR-STRATEGY-1] [NAR-CREATIVITY-1] [NAR-TOOLS-1] an exchange below Poor has no winner', () => {
    const { t, ann, zira, brute } = narrativeTable();
    // Zira: Average 1 − 3 = −2; the Brute, aggressive while defending: 1 − 3 − 1 = −3.
    loadDice(t, [-1, -1, -1, -1, -1, -1]);
    const low = t.ok(ann, {
      type: 'roll',
      characterId: zira,
      aspectId: 'professional',
      action: 'attack',
      opposition: { characterId: brute, aspectId: 'professional', strategy: 'aggressive' },
    }).rollId!;
    expect(rollOf(t, low)).toMatchObject({ outcome: 'tie', shifts: 0 });
    expect(rollOf(t, low).opposition?.total).toBe(-3);
    t.ok(ann, { type: 'outcome.apply', rollId: low });
    expect(rollOf(t, low).hit).toBeUndefined();
    // Modifiers add up by role: aggressive +1, creative +1, a tool +1.
    loadDice(t, [0, 0, 0, 0, 0, 0]);
    const high = t.ok(ann, {
      type: 'roll',
      characterId: zira,
      aspectId: 'body',
      action: 'attack',
      strategy: 'aggressive',
      creativity: 1,
      tool: true,
      opposition: { characterId: brute, aspectId: 'body', strategy: 'defensive' },
    }).rollId!;
    expect(rollOf(t, high)).toMatchObject({ outcome: 'success', shifts: 2 });
  });
  it('the last to act in an exchange leaving the order starts the next exchange', () => {
    const { t, brute, minion } = narrativeTable();
    t.ok(GM, { type: 'conflict.start', order: [brute, minion] });
    t.ok(GM, { type: 'conflict.next' });
    expect(readTable(t.docs.pub).conflict).toMatchObject({ turn: 1, round: 1 });
    // The minion, acting last, is taken out: the brute acts first in exchange 2.
    t.ok(GM, { type: 'taken-out', characterId: minion });
    expect(readTable(t.docs.pub).conflict).toMatchObject({ order: [brute], turn: 0, round: 2 });
  });

  it('[NAR-CONFLICT-3] a defender who wins hurts the aggressor', () => {
    const { t, ann, zira, brute } = narrativeTable();
    const r = bodyAttack(t, ann, zira, brute, [-1, -1, 0, 1, 0, 0]);
    expect(rollOf(t, r)).toMatchObject({ outcome: 'fail', shifts: -3 });
    t.ok(ann, { type: 'outcome.apply', rollId: r });
    expect(rollOf(t, r).hit).toEqual({ characterId: zira, shifts: 3 });
  });

  it('[NAR-ACTION-1] refuses what narrative lacks, changing nothing; fate-core refuses its modifiers', () => {
    const { t, ann, zira } = narrativeTable();
    const before = t.state();
    expect(
      t.send(ann, { type: 'roll', characterId: zira, aspectAction: 'maneuver', aspectId: 'body' }),
    ).toMatchObject({ ok: false, code: 'rules' });
    expect(
      t.send(ann, { type: 'consequence.take', characterId: zira, slotId: 'mild', text: 'x' }),
    ).toMatchObject({ ok: false, code: 'rules' });
    expect(t.state()).toEqual(before);
    const fc = new TestTable('fate-core');
    const p = seat(fc, 'P');
    const c = created(fc, p, validSheet('fate-core', 'C'));
    const fcBefore = fc.state();
    expect(fc.send(p, skillRoll(c, 'fight', 'attack', { tool: true }))).toMatchObject({
      ok: false,
      code: 'rules',
    });
    expect(fc.send(GM, { type: 'conflict.start', order: [c], initiative: 'roll' })).toMatchObject({
      ok: false,
      code: 'rules',
    });
    expect(fc.state()).toEqual(fcBefore);
  });

  it('[CORE-FP-2] the GM removes a character: seat freed, order left, points back to the bank', () => {
    const { t, ann, zira, brute } = narrativeTable();
    t.ok(GM, { type: 'conflict.start', order: [zira, brute] });
    expect(t.send(ann, { type: 'character.remove', characterId: zira })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    t.ok(GM, { type: 'character.remove', characterId: zira });
    const v = readTable(t.docs.pub);
    expect(v.characters.map((c) => c.id)).not.toContain(zira);
    expect(v.conflict.order).toEqual([brute]);
    expect(v.seats.find((s) => s.id === ann.seatId)?.characterId).toBeUndefined();
    expect(t.send(GM, { type: 'character.remove', characterId: zira })).toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });
});
