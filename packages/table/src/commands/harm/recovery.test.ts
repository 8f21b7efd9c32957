import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, TestTable, player, refused, sceneTable } from '../../test/harness';
import { loadDice } from '../../test/dice';
import { mayTreat } from '../access';

/** Recovery at the table: the roll in the tray, its outcome, the GM's healing. */

const sheetOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).characters.find((c) => c.id === id)!;
const slotOf = (t: TestTable, id: string, slotId: string) =>
  sheetOf(t, id).consequences.find((s) => s.id === slotId)!;
const rollOf = (t: TestTable, id: string) => readTable(t.docs.pub).rolls.find((r) => r.id === id)!;
const lastLog = (t: TestTable) => readTable(t.docs.pub).log.at(-1)?.text ?? '';
/** The newest entry's message id and nested ids, as another language's reader gets them. */
const lastIds = (t: TestTable): string[] => {
  const ids: string[] = [];
  const walk = (p: unknown): void => {
    if (Array.isArray(p)) p.forEach(walk);
    else if (typeof p === 'object' && p !== null && 'id' in p) {
      const m = p as { id: string; params?: Record<string, unknown> };
      ids.push(m.id);
      Object.values(m.params ?? {}).forEach(walk);
    }
  };
  walk(readTable(t.docs.pub).log.at(-1)?.msg);
  return ids;
};

function hurt(ruleset: 'fate-core' | 'pirates' = 'fate-core') {
  const s = sceneTable(3, ruleset);
  s.t.ok(GM, {
    type: 'consequence.take',
    characterId: s.a,
    slotId: 'moderate',
    text: 'Cracked Ribs',
  });
  return s;
}

describe('the recovery roll', () => {
  it('[FC-RECOVER-1] [FC-RECOVER-3] Tam treats Zira against Great; Zira’s player names it; starred', () => {
    const { t, ann, bob, a, b } = hurt();
    loadDice(t, [1, 1, 1, 0]);
    const { rollId } = t.ok(bob, {
      type: 'roll',
      characterId: b,
      skillId: 'lore',
      recovers: { characterId: a, slotId: 'moderate' },
    });
    expect(rollOf(t, rollId!)).toMatchObject({
      action: 'overcome',
      difficulty: 4,
      outcome: 'tie',
      recovers: { characterId: a, slotId: 'moderate', text: 'Cracked Ribs', treatingSelf: false },
    });
    expect(lastLog(t)).toContain(
      "Tam rolled to recover from Zira's “Cracked Ribs” [+ + + 0]: Great (+4) against Great (+4) — tie",
    );
    // The sentence is a message, so other languages say it too.
    expect(lastIds(t)).toEqual(expect.arrayContaining(['rolled', 'purposeRecoverOther']));
    // Before the outcome is applied, nothing has changed on the sheet.
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({ recovering: false });
    t.ok(ann, { type: 'outcome.apply', rollId, rename: 'Strapped Ribs' });
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({
      text: 'Strapped Ribs',
      recovering: true,
    });
    expect(lastLog(t)).toBe(
      "Zira's recovery roll — tie: “Cracked Ribs” is recovering as “Strapped Ribs” ★.",
    );
    expect(lastIds(t)).toEqual(['recoveryRolled', 'outcomeTie', 'recoveryRecoveringAs']);
    expect(rollOf(t, rollId!).applied).toBe(true);
  });

  it('[FC-RECOVER-2] treating yourself is two steps harder: Fantastic; an invoke can carry it', () => {
    const { t, ann, a } = hurt();
    loadDice(t, [1, 0, 0, 0]);
    // Fight +4 + 1 = Superb (+5) against Fantastic (+6): a failure, until Zira invokes.
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      recovers: { characterId: a, slotId: 'moderate' },
    });
    expect(rollOf(t, rollId!)).toMatchObject({ difficulty: 6, outcome: 'fail' });
    expect(lastLog(t)).toContain('their own “Cracked Ribs” (two steps harder on yourself)');
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { aspectId: 'a3', characterId: a },
      free: false,
      effect: '+2',
    });
    expect(rollOf(t, rollId!).outcome).toBe('success');
    t.ok(ann, { type: 'outcome.apply', rollId });
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({
      text: 'Cracked Ribs',
      recovering: true,
    });
  });

  it('[FC-RECOVER-3] a failed roll leaves the consequence as it was, logged, and gives no name', () => {
    const { t, ann, a } = hurt();
    loadDice(t, [-1, -1, -1, -1]);
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'lore',
      recovers: { characterId: a, slotId: 'moderate' },
    });
    refused(t, ann, { type: 'outcome.apply', rollId, rename: 'Mended' }, 'rename-needs-success');
    t.ok(ann, { type: 'outcome.apply', rollId });
    expect(slotOf(t, a, 'moderate').taken).toEqual({ text: 'Cracked Ribs', recovering: false });
    expect(lastLog(t)).toBe("Zira's recovery roll — fail: “Cracked Ribs” stays as it was.");
  });

  it('[FC-RECOVER-4] a mild consequence clears after one whole scene, whether recovery started in a scene or between two', () => {
    const { t, ann, a } = sceneTable(3);
    const recoverMild = () => {
      t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'mild', text: 'Bruised' });
      loadDice(t, [1, 1, 1, 1]);
      const { rollId } = t.ok(ann, {
        type: 'roll',
        characterId: a,
        skillId: 'fight',
        recovers: { characterId: a, slotId: 'mild' },
      });
      t.ok(ann, { type: 'outcome.apply', rollId });
    };
    const nextScene = () => {
      t.ok(GM, { type: 'scene.start', name: 'Later', characterIds: [a] });
      t.ok(GM, { type: 'scene.end' });
    };
    // During the Docks scene: its end closes a partial scene; the next one is the whole one.
    recoverMild();
    t.ok(GM, { type: 'scene.end' });
    expect(slotOf(t, a, 'mild').taken).toMatchObject({ text: 'Bruised', recovering: true });
    nextScene();
    expect(slotOf(t, a, 'mild').taken).toBeUndefined();
    // Between scenes: the very next scene is a whole one.
    recoverMild();
    nextScene();
    expect(slotOf(t, a, 'mild').taken).toBeUndefined();
  });

  it('[PIR-RECOVER-2] pirates: a failed roll still starts recovery', () => {
    const { t, ann, a } = hurt('pirates');
    loadDice(t, [-1, -1, -1, -1]);
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'savvy',
      recovers: { characterId: a, slotId: 'moderate' },
    });
    expect(rollOf(t, rollId!)).toMatchObject({ difficulty: 4, outcome: 'fail' });
    t.ok(ann, { type: 'outcome.apply', rollId });
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({
      text: 'Cracked Ribs',
      recovering: true,
    });
  });

  it('[PIR-RECOVER-1] pirates: treating yourself is no harder, and the log says no surcharge', () => {
    const { t, ann, bob, a, b } = hurt('pirates');
    const own = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'savvy',
      recovers: { characterId: a, slotId: 'moderate' },
    }).rollId!;
    expect(lastLog(t)).toContain('to recover from their own “Cracked Ribs” [');
    expect(lastLog(t)).not.toContain('harder');
    expect(lastIds(t)).toContain('purposeRecoverSelf');
    // The same difficulty as when someone else treats it (Great for a moderate).
    const other = t.ok(bob, {
      type: 'roll',
      characterId: b,
      skillId: 'savvy',
      recovers: { characterId: a, slotId: 'moderate' },
    }).rollId!;
    expect(rollOf(t, own).difficulty).toBe(4);
    expect(rollOf(t, other).difficulty).toBe(4);
  });

  it('[FC-RECOVER-3] refused and unchanged: empty slot, already recovering, nobody it is theirs to roll', () => {
    const { t, ann, bob, a, b } = hurt();
    const recover = (slotId: string, by = a) => ({
      type: 'roll',
      characterId: by,
      skillId: 'lore',
      recovers: { characterId: a, slotId },
    });
    refused(t, ann, recover('mild'), 'slot-empty');
    refused(t, ann, recover('nowhere'), 'not-found');
    // Bob controls neither Zira nor, as the healer, the character he names.
    refused(t, bob, recover('moderate', a), 'forbidden');
    refused(t, { role: 'spectator' }, recover('moderate', b), 'forbidden');
    refused(t, ann, { ...recover('moderate'), difficulty: 1 }, 'invalid');
    refused(t, ann, { ...recover('moderate'), action: 'attack' }, 'invalid');
    // A player starts recovery by rolling; only the GM starts it without a roll.
    refused(
      t,
      ann,
      { type: 'consequence.recover', characterId: a, slotId: 'moderate' },
      'forbidden',
    );
    t.ok(GM, { type: 'consequence.recover', characterId: a, slotId: 'moderate' });
    refused(t, ann, recover('moderate'), 'already-recovering');
    loadDice(t, [1, 1, 1, 1]);
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'fight',
      action: 'overcome',
    });
    refused(t, ann, { type: 'outcome.apply', rollId, rename: 'Mended' }, 'invalid');
  });

  it('[ER-CONSEQ-4] edgerunner’s roll modifies a consequence against its original bonus', () => {
    const t = new TestTable('edgerunner', 3);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const characterId = t.ok(GM, {
      type: 'character.create',
      character: { name: 'Jade', skills: [{ id: 'medical', rating: 2 }] },
      npc: true,
    }).characterId!;
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
    expect(lastLog(t)).toBe(
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
    expect(lastLog(t)).toBe(
      "Jade's modification roll — fail: “Bandages and grafts” stays as it was.",
    );
  });
});

describe('healing [FC-HEAL-1]', () => {
  it('[FC-HEAL-1] the GM heals a severe consequence to moderate; its free invoke moves with it', () => {
    const { t, ann, a } = sceneTable(3);
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'severe', text: 'Nearly Gutted' });
    const gmInvokes = sheetOf(t, a).freeInvokes;
    refused(t, ann, { type: 'consequence.heal', characterId: a, slotId: 'severe' }, 'forbidden');
    t.ok(GM, { type: 'consequence.heal', characterId: a, slotId: 'severe' });
    expect(slotOf(t, a, 'severe').taken).toBeUndefined();
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({ text: 'Nearly Gutted' });
    expect(sheetOf(t, a).freeInvokes.moderate).toEqual(gmInvokes.severe);
    expect(lastLog(t)).toBe("Zira's “Nearly Gutted” was healed to a moderate consequence.");
    expect(lastIds(t)).toEqual(['consequenceHealed', 'severityModerate']);
    t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'severe', text: 'Run Through' });
    refused(
      t,
      GM,
      { type: 'consequence.heal', characterId: a, slotId: 'severe' },
      'lower-slot-full',
    );
    refused(t, GM, { type: 'consequence.heal', characterId: a, slotId: 'mild' }, 'slot-empty');
  });
});

describe('who may treat a consequence (mayTreat)', () => {
  it('a player treats a player character, never an NPC; the GM treats the NPC', () => {
    const { t, bob, b, npc } = sceneTable();
    t.ok(GM, { type: 'consequence.take', characterId: npc, slotId: 'mild', text: 'Bloody Nose' });
    refused(
      t,
      bob,
      {
        type: 'roll',
        characterId: b,
        skillId: 'lore',
        recovers: { characterId: npc, slotId: 'mild' },
      },
      'forbidden',
    );
    const { rollId } = t.ok(GM, {
      type: 'roll',
      characterId: npc,
      skillId: 'lore',
      recovers: { characterId: npc, slotId: 'mild' },
    });
    expect(rollOf(t, rollId!).recovers).toMatchObject({ characterId: npc, treatingSelf: true });
  });

  it('mayTreat is the one rule the client asks too', () => {
    expect(mayTreat(GM, { npc: true })).toBe(true);
    expect(mayTreat(player('s1'), { npc: false })).toBe(true);
    expect(mayTreat(player('s1'), { npc: true })).toBe(false);
    expect(mayTreat({ role: 'spectator' }, { npc: false })).toBe(false);
  });
});
