import { describe, expect, it } from 'vitest';
import { readTable } from '../doc/views';
import {
  GM,
  TestTable,
  charOf,
  created,
  edgerunnerTable,
  lastLogText,
  refused,
  rollOf,
  seat,
  skillRoll,
  slotOf,
} from '../test/harness';
import { loadDice } from '../test/dice';

// Edgerunner's consequences at the table: voluntary ones, the clocks that clear them, and the
// roll that modifies one.

describe('edgerunner at the table', () => {
  it('[ER-CONSEQ-1] [ER-CONSEQ-2] a voluntary moderate consequence gives +2 on one roll', () => {
    const { t, lydia, william, jade } = edgerunnerTable();
    loadDice(t, [0, 0, 0, 0]);
    const { rollId } = t.ok(lydia, skillRoll(jade, 'lore', 'overcome', { difficulty: 2 }));
    expect(rollOf(t, rollId!)).toMatchObject({ shifts: -1, outcome: 'fail' });
    const moderate = charOf(t, jade).consequences.find((s) => s.severity === 'moderate')!.id;
    // Only the controlling player takes one.
    refused(
      t,
      william,
      {
        type: 'consequence.take',
        characterId: jade,
        slotId: moderate,
        text: 'Tired and confused',
        rollId,
      },
      'forbidden',
    );
    t.ok(lydia, {
      type: 'consequence.take',
      characterId: jade,
      slotId: moderate,
      text: 'Tired and confused',
      rollId,
    });
    const roll = rollOf(t, rollId!);
    expect(roll.actor.total).toBe(3);
    expect(roll).toMatchObject({ shifts: 1, outcome: 'success' });
    expect(charOf(t, jade).consequences.find((s) => s.id === moderate)?.taken?.text).toBe(
      'Tired and confused',
    );
    // The slot stays full: a second one is refused [ER-CONSEQ-3].
    expect(
      t.send(lydia, { type: 'consequence.take', characterId: jade, slotId: moderate, text: 'x' }),
    ).toMatchObject({ ok: false, code: 'rules' });
    // And there is no recovery action for it.
    expect(
      t.send(lydia, { type: 'consequence.recover', characterId: jade, slotId: moderate }),
    ).toMatchObject({ ok: false, code: 'rules' });
  });

  it('[ER-CONSEQ-3] the clocks at the table: a new session between scenes is no scene, a refresh clears the moderate', () => {
    const { t, lydia, jade, hargan, sw, gatto } = edgerunnerTable();
    const slotBySeverity = (severity: string) =>
      charOf(t, jade).consequences.find((s) => s.severity === severity)!;
    for (const [severity, text] of [
      ['mild', 'Burned synapses'],
      ['moderate', 'Tired and confused'],
      ['severe', 'Owes the syndicate a life'],
    ] as const) {
      t.ok(lydia, {
        type: 'consequence.take',
        characterId: jade,
        slotId: slotBySeverity(severity).id,
        text,
      });
    }
    t.ok(GM, { type: 'scene.end' });
    // A session starts only between scenes: the scene that ended was counted when it ended.
    t.ok(GM, { type: 'session.start' });
    expect(slotBySeverity('mild').taken?.text).toBe('Burned synapses');
    expect(slotBySeverity('moderate').taken).toBeUndefined();
    expect(slotBySeverity('severe').taken?.text).toBe('Owes the syndicate a life');
    // The next scene is played: the mild clears when it ends; the severe waits a session more.
    t.ok(GM, {
      type: 'scene.start',
      name: 'The safehouse',
      characterIds: [jade, hargan, sw, gatto],
    });
    expect(slotBySeverity('mild').taken?.text).toBe('Burned synapses');
    t.ok(GM, { type: 'scene.end' });
    expect(slotBySeverity('mild').taken).toBeUndefined();
    expect(slotBySeverity('severe').taken?.text).toBe('Owes the syndicate a life');
    t.ok(GM, { type: 'session.start' });
    expect(slotBySeverity('severe').taken).toBeUndefined();
  });
});

describe('the recovery roll', () => {
  it('[ER-CONSEQ-4] edgerunner’s roll modifies a consequence against its original bonus', () => {
    const t = new TestTable('edgerunner', 3);
    const ann = seat(t, 'Ann');
    const characterId = created(
      t,
      GM,
      { name: 'Jade', skills: [{ id: 'medical', rating: 2 }] },
      'npc',
    );
    const modify = (slotId: string) =>
      ({
        type: 'roll',
        characterId,
        skillId: 'medical',
        recovers: { characterId, slotId },
      }) as const;
    refused(t, ann, modify('mild'), 'forbidden');
    refused(t, GM, modify('mild'), 'slot-empty');
    t.ok(GM, { type: 'consequence.take', characterId, slotId: 'moderate', text: 'Deep cuts' });
    const clock = slotOf(t, characterId, 'moderate').taken?.elapsed;
    // Medical +2 and 0 0 0 0 meet the moderate's +2: met is enough.
    loadDice(t, [0, 0, 0, 0]);
    const met = t.ok(GM, modify('moderate')).rollId!;
    expect(rollOf(t, met)).toMatchObject({ difficulty: 2, outcome: 'tie' });
    expect(readTable(t.docs.pub).log.at(-1)?.text).toContain(
      'rolled to modify their own “Deep cuts”',
    );
    t.ok(GM, { type: 'outcome.apply', rollId: met, rename: 'Bandages and grafts' });
    // Rewritten; the slot stays full and its clock runs on unchanged [ER-CONSEQ-3].
    expect(slotOf(t, characterId, 'moderate').taken).toMatchObject({
      text: 'Bandages and grafts',
      elapsed: clock,
    });
    expect(lastLogText(t)).toBe(
      "Jade's modification roll — tie: “Deep cuts” is now “Bandages and grafts”.",
    );
    // Medical +2 and − − − − miss it: no rewriting, and nothing changes.
    loadDice(t, [-1, -1, -1, -1]);
    const missed = t.ok(GM, modify('moderate')).rollId!;
    refused(
      t,
      GM,
      { type: 'outcome.apply', rollId: missed, rename: 'Healed' },
      'rename-needs-success',
    );
    t.ok(GM, { type: 'outcome.apply', rollId: missed });
    expect(slotOf(t, characterId, 'moderate').taken?.text).toBe('Bandages and grafts');
    expect(lastLogText(t)).toBe(
      "Jade's modification roll — fail: “Bandages and grafts” stays as it was.",
    );
  });
});
