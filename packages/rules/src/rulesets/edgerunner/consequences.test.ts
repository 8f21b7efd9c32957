import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import type { TimeMark } from '../../core/ruleset';
import {
  advanceEdgerunnerConsequences,
  modifyEdgerunnerConsequence,
  takeVoluntaryConsequence,
} from './consequences';
import { edgerunner } from './ruleset';

function jade(): Character {
  return edgerunner.newCharacter({ id: 'jade', name: 'Jade' });
}

function take(c: Character, slotId: string, text = 'Tired and confused'): Character {
  const r = takeVoluntaryConsequence(c, { slotId, text, actorControls: true });
  if (!r.ok) throw new Error(r.message);
  return r.value.character;
}

function slot(c: Character, id: string) {
  return c.consequences.find((s) => s.id === id);
}

/** `c` once each of `marks` has passed, in order. */
function after(c: Character, ...marks: TimeMark[]): Character {
  return marks.reduce((x, mark) => edgerunner.passTime(x, mark), c);
}

describe('edgerunner consequences', () => {
  it('[ER-CONSEQ-1] mild, moderate and severe give +1, +2 and +4 on a roll', () => {
    for (const [id, bonus] of [
      ['mild', 1],
      ['moderate', 2],
      ['severe', 4],
    ] as const) {
      const r = takeVoluntaryConsequence(jade(), {
        slotId: id,
        text: 'Winded',
        actorControls: true,
      });
      expect(r).toMatchObject({ ok: true, value: { bonus } });
    }
  });

  it("[ER-CONSEQ-1] Jade's moderate consequence: +2 and the slot is full", () => {
    const r = takeVoluntaryConsequence(jade(), {
      slotId: 'moderate',
      text: 'Tired and confused',
      actorControls: true,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.bonus).toBe(2);
    expect(slot(r.value.character, 'moderate')?.taken?.text).toBe('Tired and confused');
    const again = takeVoluntaryConsequence(r.value.character, {
      slotId: 'moderate',
      text: 'x',
      actorControls: true,
    });
    expect(again).toMatchObject({ ok: false, code: 'slot-full' });
  });

  it('[ER-CONSEQ-2] only the controlling player may take a consequence', () => {
    expect(
      takeVoluntaryConsequence(jade(), { slotId: 'mild', text: 'Winded', actorControls: false }),
    ).toMatchObject({
      ok: false,
      code: 'not-controller',
    });
    expect(
      takeVoluntaryConsequence(jade(), { slotId: 'bogus', text: 'Winded', actorControls: true }),
    ).toMatchObject({
      ok: false,
      code: 'no-such-slot',
    });
  });

  it('[ER-CONSEQ-3] a mild consequence clears after the next scene', () => {
    let c = take(jade(), 'mild');
    c = advanceEdgerunnerConsequences(c, 'scene-end');
    expect(slot(c, 'mild')?.taken).toBeDefined();
    c = advanceEdgerunnerConsequences(c, 'scene-end');
    expect(slot(c, 'mild')?.taken).toBeUndefined();
  });

  it('[ER-CONSEQ-3] a moderate consequence clears at the next refresh, not at scene ends', () => {
    let c = take(jade(), 'moderate');
    for (let i = 0; i < 5; i++) c = advanceEdgerunnerConsequences(c, 'scene-end');
    expect(slot(c, 'moderate')?.taken).toBeDefined();
    expect(slot(after(c, 'refresh'), 'moderate')?.taken).toBeUndefined();
  });

  it('[ER-CONSEQ-3] a severe consequence clears after the next session', () => {
    const c = after(take(jade(), 'severe'), 'session-end', 'refresh');
    expect(slot(c, 'severe')?.taken).toBeDefined();
    expect(slot(after(c, 'session-end'), 'severe')?.taken).toBeUndefined();
  });

  it('[ER-CONSEQ-3] a mild taken in a scene waits for the next scene, even across a session', () => {
    // Scene one ends, a new session starts between scenes: the next scene has not been played.
    const c = after(take(jade(), 'mild'), 'scene-end', 'session-end', 'refresh');
    expect(slot(c, 'mild')?.taken).toBeDefined();
    expect(slot(after(c, 'scene-end'), 'mild')?.taken).toBeUndefined();
  });

  it('[ER-CONSEQ-4] modifying a consequence is a contest against its original bonus', () => {
    const c = take(jade(), 'moderate', 'Deep cuts all around');
    const fail = modifyEdgerunnerConsequence(c, {
      slotId: 'moderate',
      newText: 'Bandages and grafts',
      skill: 1,
      dice: 0,
    });
    expect(fail).toMatchObject({ ok: true, value: { result: 1, shifts: -1, modified: false } });
    const win = modifyEdgerunnerConsequence(c, {
      slotId: 'moderate',
      newText: 'Bandages and grafts',
      skill: 2,
      dice: 1,
    });
    expect(win).toMatchObject({ ok: true, value: { result: 3, shifts: 1, modified: true } });
    if (!win.ok) return;
    // The slot stays full with its clock: the period cannot be altered.
    expect(slot(win.value.character, 'moderate')?.taken).toMatchObject({
      text: 'Bandages and grafts',
      elapsed: { refreshes: 0 },
    });
    expect(
      modifyEdgerunnerConsequence(jade(), { slotId: 'mild', newText: 'x', skill: 0, dice: 0 }),
    ).toMatchObject({
      ok: false,
      code: 'slot-empty',
    });
  });
});
