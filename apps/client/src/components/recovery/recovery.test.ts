import { describe, expect, it } from 'vitest';
import { edgerunner, fateCore, pirates } from '@fateboard/rules';
import type { CharacterView } from '@fateboard/table';
import {
  clearsWords,
  healerSkills,
  recovery,
  recoveryPlan,
  recoversByRoll,
  modifiesByRoll,
} from './recovery.svelte';

function hurt(id: string, slotId: string, text: string, recovering = false): CharacterView {
  const c = fateCore.newCharacter({ id, name: id === 'zira' ? 'Zira' : 'Tam' });
  return {
    ...c,
    owed: 0,
    conflictConsequences: 0,
    freeInvokes: {},
    skills: c.skills.map((s) => (s.id === 'lore' ? { ...s, rating: 1 } : s)),
    consequences: c.consequences.map((s) =>
      s.id === slotId ? { ...s, taken: { text, recovering } } : s,
    ),
  };
}

describe('the recovery roll in the tray', () => {
  const zira = hurt('zira', 'moderate', 'Cracked Ribs');
  const aim = { characterId: 'zira', slotId: 'moderate' };

  it('[FC-RECOVER-1] someone else treats a moderate consequence against Great (+4)', () => {
    expect(recoveryPlan(fateCore, zira, 'tam', aim)).toEqual({
      ok: true,
      patient: 'Zira',
      text: 'Cracked Ribs',
      severity: 'moderate',
      difficulty: 4,
      label: 'Great (+4)',
      treatingSelf: false,
    });
  });

  it('[FC-RECOVER-2] treating yourself: Fantastic (+6)', () => {
    expect(recoveryPlan(fateCore, zira, 'zira', aim)).toMatchObject({
      difficulty: 6,
      label: 'Fantastic (+6)',
      treatingSelf: true,
    });
  });

  it('[FC-RECOVER-3] an empty or already recovering slot has no roll, said in words', () => {
    const empty = recoveryPlan(fateCore, zira, 'tam', { ...aim, slotId: 'mild' });
    expect(!empty.ok && empty.message).toMatch(/empty/);
    const starred = hurt('zira', 'moderate', 'Strapped Ribs', true);
    const again = recoveryPlan(fateCore, starred, 'tam', aim);
    expect(!again.ok && again.message).toMatch(/already recovering/);
  });

  it('[PIR-RECOVER-1] [ER-CONSEQ-3] which games recover by a roll', () => {
    expect([fateCore, pirates, edgerunner].map(recoversByRoll)).toEqual([true, true, false]);
  });

  it('[ER-CONSEQ-4] edgerunner rolls to modify a consequence, against its original bonus', () => {
    expect([fateCore, pirates, edgerunner].map(modifiesByRoll)).toEqual([false, false, true]);
    const c = edgerunner.newCharacter({ id: 'jade', name: 'Jade' });
    // Taken on its clock at once: never "already recovering" here.
    const jade: CharacterView = {
      ...c,
      owed: 0,
      conflictConsequences: 0,
      freeInvokes: {},
      consequences: c.consequences.map((s) =>
        s.id === 'severe' ? { ...s, taken: { text: 'Owes the syndicate', recovering: true } } : s,
      ),
    };
    expect(
      recoveryPlan(edgerunner, jade, 'jade', { characterId: 'jade', slotId: 'severe' }),
    ).toMatchObject({ ok: true, difficulty: 4, label: 'Great (+4)', treatingSelf: true });
  });

  it('lists the healer’s skills best first and keeps one request until cleared', () => {
    expect(healerSkills(fateCore, zira)[0]).toEqual({ id: 'lore', label: 'Lore (+1)', rating: 1 });
    recovery.request(aim);
    expect(recovery.aim).toEqual(aim);
    recovery.clear();
    expect(recovery.aim).toBeNull();
  });

  it('[ER-CONSEQ-3] edgerunner shows its clock instead of a roll; the rolling games do not', () => {
    const words = clearsWords('edgerunner');
    expect(['mild', 'moderate', 'severe'].map((s) => words?.(s as 'mild'))).toEqual([
      'clears after the next scene',
      'clears at the next refresh',
      'clears after the next session',
    ]);
    expect(clearsWords('fate-core')).toBeUndefined();
  });
});
