import { describe, expect, it } from 'vitest';
import {
  GM,
  lastLogIds,
  lastLogText,
  refused,
  rollOf,
  sceneTable,
  skillRoll,
  slotOf,
} from '../../test/harness';
import { loadDice } from '../../test/dice';

// Recovery at the table: the roll in the tray, its outcome, what it is refused.

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

/** The roll `healer` makes with `skillId` to recover Zira's (`a`'s) consequence in `slotId`. */
const recoveryRoll = (a: string, healer: string, skillId: string, slotId = 'moderate') => ({
  type: 'roll',
  characterId: healer,
  skillId,
  recovers: { characterId: a, slotId },
});

describe('the recovery roll', () => {
  it('[FC-RECOVER-1] [FC-RECOVER-3] Tam treats Zira against Great; Zira’s player names it; starred', () => {
    const { t, ann, bob, a, b } = hurt();
    loadDice(t, [1, 1, 1, 0]);
    const { rollId } = t.ok(bob, recoveryRoll(a, b, 'lore'));
    expect(rollOf(t, rollId!)).toMatchObject({
      action: 'overcome',
      difficulty: 4,
      outcome: 'tie',
      recovers: { characterId: a, slotId: 'moderate', text: 'Cracked Ribs', treatingSelf: false },
    });
    expect(lastLogText(t)).toContain(
      "Tam rolled to recover from Zira's “Cracked Ribs” [+ + + 0]: Great (+4) against Great (+4) — tie",
    );
    // The sentence is a message, so other languages say it too.
    expect(lastLogIds(t)).toEqual(expect.arrayContaining(['rolled', 'purposeRecoverOther']));
    // Before the outcome is applied, nothing has changed on the sheet.
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({ recovering: false });
    t.ok(ann, { type: 'outcome.apply', rollId, rename: 'Strapped Ribs' });
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({
      text: 'Strapped Ribs',
      recovering: true,
    });
    expect(lastLogText(t)).toBe(
      "Zira's recovery roll — tie: “Cracked Ribs” is recovering as “Strapped Ribs” ★.",
    );
    expect(lastLogIds(t)).toEqual(['recoveryRolled', 'outcomeTie', 'recoveryRecoveringAs']);
    expect(rollOf(t, rollId!).applied).toBe(true);
  });

  it('[FC-RECOVER-2] treating yourself is two steps harder: Fantastic; an invoke can carry it', () => {
    const { t, ann, a } = hurt();
    loadDice(t, [1, 0, 0, 0]);
    // Fight +4 + 1 = Superb (+5) against Fantastic (+6): a failure, until Zira invokes.
    const { rollId } = t.ok(ann, recoveryRoll(a, a, 'fight'));
    expect(rollOf(t, rollId!)).toMatchObject({ difficulty: 6, outcome: 'fail' });
    expect(lastLogText(t)).toContain('their own “Cracked Ribs” (two steps harder on yourself)');
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
    const { rollId } = t.ok(ann, recoveryRoll(a, a, 'lore'));
    refused(t, ann, { type: 'outcome.apply', rollId, rename: 'Mended' }, 'rename-needs-success');
    t.ok(ann, { type: 'outcome.apply', rollId });
    expect(slotOf(t, a, 'moderate').taken).toEqual({ text: 'Cracked Ribs', recovering: false });
    expect(lastLogText(t)).toBe("Zira's recovery roll — fail: “Cracked Ribs” stays as it was.");
  });

  it('[FC-RECOVER-4] a mild consequence clears after one whole scene, whether recovery started in a scene or between two', () => {
    const { t, ann, a } = sceneTable(3);
    const recoverMild = () => {
      t.ok(GM, { type: 'consequence.take', characterId: a, slotId: 'mild', text: 'Bruised' });
      loadDice(t, [1, 1, 1, 1]);
      const { rollId } = t.ok(ann, recoveryRoll(a, a, 'fight', 'mild'));
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
    const { rollId } = t.ok(ann, recoveryRoll(a, a, 'savvy'));
    expect(rollOf(t, rollId!)).toMatchObject({ difficulty: 4, outcome: 'fail' });
    t.ok(ann, { type: 'outcome.apply', rollId });
    expect(slotOf(t, a, 'moderate').taken).toMatchObject({
      text: 'Cracked Ribs',
      recovering: true,
    });
  });

  it('[PIR-RECOVER-1] pirates: treating yourself is no harder, and the log says no surcharge', () => {
    const { t, ann, bob, a, b } = hurt('pirates');
    const own = t.ok(ann, recoveryRoll(a, a, 'savvy')).rollId!;
    expect(lastLogText(t)).toContain('to recover from their own “Cracked Ribs” [');
    expect(lastLogText(t)).not.toContain('harder');
    expect(lastLogIds(t)).toContain('purposeRecoverSelf');
    // The same difficulty as when someone else treats it (Great for a moderate).
    const other = t.ok(bob, recoveryRoll(a, b, 'savvy')).rollId!;
    expect(rollOf(t, own).difficulty).toBe(4);
    expect(rollOf(t, other).difficulty).toBe(4);
  });

  it('[FC-RECOVER-3] refused and unchanged: empty slot, already recovering, nobody it is theirs to roll', () => {
    const { t, ann, bob, a, b } = hurt();
    const recover = (slotId: string, by = a) => recoveryRoll(a, by, 'lore', slotId);
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
    const { rollId } = t.ok(ann, skillRoll(a, 'fight', 'overcome'));
    refused(t, ann, { type: 'outcome.apply', rollId, rename: 'Mended' }, 'invalid');
  });
});
