import { describe, expect, it } from 'vitest';
import type { Character } from '../core/character';
import { newEdgerunnerCharacter } from './edgerunner/template';
import { fateCorePassTime } from './fate-core/recovery';
import { blank, take, withSkills } from './fate-core/test-sheets';
import { newPiratesCharacter } from './pirates/template';
import {
  healConsequence,
  recoverAfterRoll,
  recoveryMethod,
  recoveryRollDifficulty,
} from './recovery';

const taken = (c: Character, id: string) => c.consequences.find((s) => s.id === id)?.taken;

describe('the recovery roll', () => {
  it('[FC-RECOVER-1] [FC-RECOVER-2] fate-core: Great for a moderate, Fantastic on yourself', () => {
    const c = take(blank, 'moderate', 'Cracked Ribs');
    expect(recoveryRollDifficulty('fate-core', c, 'moderate', false)).toEqual({
      ok: true,
      value: 4,
    });
    expect(recoveryRollDifficulty('fate-core', c, 'moderate', true)).toEqual({
      ok: true,
      value: 6,
    });
  });

  it('[FC-RECOVER-3] nothing to roll for: an empty slot, one already recovering, no such slot', () => {
    expect(recoveryRollDifficulty('fate-core', blank, 'mild', false)).toMatchObject({
      ok: false,
      code: 'slot-empty',
    });
    const started = recoverAfterRoll('fate-core', take(blank, 'mild'), {
      slotId: 'mild',
      succeeded: true,
    });
    if (!started.ok) throw new Error(started.message);
    expect(
      recoveryRollDifficulty('fate-core', started.value.character, 'mild', false),
    ).toMatchObject({ ok: false, code: 'already-recovering' });
    expect(recoveryRollDifficulty('fate-core', blank, 'nope', false)).toMatchObject({
      ok: false,
      code: 'no-such-slot',
    });
  });

  it('[FC-RECOVER-3] success renames and stars; failure leaves it as it was', () => {
    const c = take(blank, 'severe', 'Nearly Gutted');
    const won = recoverAfterRoll('fate-core', c, {
      slotId: 'severe',
      succeeded: true,
      newName: 'Bandaged',
    });
    expect(won.ok && taken(won.value.character, 'severe')).toMatchObject({
      text: 'Bandaged',
      recovering: true,
    });
    const lost = recoverAfterRoll('fate-core', c, { slotId: 'severe', succeeded: false });
    expect(lost).toEqual({ ok: true, value: { character: c, started: false } });
  });

  it('[PIR-RECOVER-1] [PIR-RECOVER-2] pirates: no surcharge on yourself; a failure still starts', () => {
    const c = take(newPiratesCharacter({ id: 'p', name: 'Gatto' }), 'mild', 'Rope Burns');
    expect(recoveryRollDifficulty('pirates', c, 'mild', true)).toEqual({ ok: true, value: 2 });
    const lost = recoverAfterRoll('pirates', c, { slotId: 'mild', succeeded: false });
    expect(lost.ok && lost.value.started).toBe(true);
    expect(lost.ok && taken(lost.value.character, 'mild')).toMatchObject({
      text: 'Rope Burns',
      recovering: true,
    });
  });

  it('[ER-CONSEQ-3] [NAR-RECOVER-1] edgerunner clears by its clock; narrative has no recovery roll', () => {
    expect(recoveryMethod('edgerunner')).toBe('clock');
    expect(recoveryMethod('narrative')).toBe('ratings');
  });

  it('[ER-CONSEQ-4] edgerunner rolls to modify a consequence against its original bonus', () => {
    // "Turning a deep cuts all around into bandages and grafts all around with the Medical skill"
    const er = take(newEdgerunnerCharacter({ id: 'e', name: 'Jade' }), 'moderate', 'Deep cuts');
    expect(recoveryRollDifficulty('edgerunner', er, 'moderate', false)).toEqual({
      ok: true,
      value: 2,
    });
    // No surcharge on yourself, and a consequence on its clock is never "already recovering".
    const ticking = recoverAfterRoll('edgerunner', er, {
      slotId: 'moderate',
      succeeded: true,
      newName: 'Bandages and grafts',
    });
    if (!ticking.ok) throw new Error(ticking.message);
    expect(ticking.value.started).toBe(true);
    expect(taken(ticking.value.character, 'moderate')?.text).toBe('Bandages and grafts');
    expect(recoveryRollDifficulty('edgerunner', ticking.value.character, 'moderate', true)).toEqual(
      { ok: true, value: 2 },
    );
    expect(recoveryRollDifficulty('edgerunner', er, 'mild', false)).toMatchObject({
      ok: false,
      code: 'slot-empty',
    });
    // A failure, or a success without a new version, changes nothing.
    expect(recoverAfterRoll('edgerunner', er, { slotId: 'moderate', succeeded: false })).toEqual({
      ok: true,
      value: { character: er, started: false },
    });
    expect(recoverAfterRoll('edgerunner', er, { slotId: 'moderate', succeeded: true })).toEqual({
      ok: true,
      value: { character: er, started: false },
    });
  });
});

describe('healing lowers a consequence one level [FC-HEAL-1]', () => {
  it('[FC-HEAL-1] a potion turns severe into moderate, which then clears after a session', () => {
    const c = take(blank, 'severe', 'Nearly Gutted');
    const healed = healConsequence('fate-core', c, 'severe');
    if (!healed.ok) throw new Error(healed.message);
    expect(healed.value.to.id).toBe('moderate');
    expect(taken(healed.value.character, 'severe')).toBeUndefined();
    expect(taken(healed.value.character, 'moderate')?.text).toBe('Nearly Gutted');
    const started = recoverAfterRoll('fate-core', healed.value.character, {
      slotId: 'moderate',
      succeeded: true,
    });
    if (!started.ok) throw new Error(started.message);
    const later = ['session-end', 'session-end'].reduce(
      (ch, m) => fateCorePassTime(ch, m as 'session-end'),
      started.value.character,
    );
    expect(taken(later, 'moderate')).toBeUndefined();
  });

  it('[FC-HEAL-1] a moderate goes to the unreserved mild slot first', () => {
    const superb = take(withSkills(blank, { physique: 5 }), 'moderate', 'Deep Cut');
    const healed = healConsequence('fate-core', superb, 'moderate');
    expect(healed.ok && healed.value.to.id).toBe('mild');
  });

  it('[FC-HEAL-1] refused: lower slot taken, mild, extreme, empty, other games', () => {
    const both = take(take(blank, 'severe'), 'moderate');
    const code = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);
    expect(code(healConsequence('fate-core', both, 'severe'))).toBe('lower-slot-full');
    expect(code(healConsequence('fate-core', take(blank, 'mild'), 'mild'))).toBe(
      'no-lower-severity',
    );
    expect(code(healConsequence('fate-core', blank, 'moderate'))).toBe('slot-empty');
    const pirate = take(newPiratesCharacter({ id: 'p', name: 'Gatto' }), 'severe');
    expect(code(healConsequence('pirates', pirate, 'severe'))).toBe('no-healing');
  });
});
