import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import { fateCore } from './ruleset';
import {
  attemptFateCoreRecovery,
  fateCoreRecoveryDifficulty,
  startFateCoreRecovery,
} from './recovery';
import { blank, take, withSkills } from './test-sheets';
describe('fate-core recovery', () => {
  it('[FC-RECOVER-1] difficulty Fair, Great, Fantastic for mild, moderate, severe', () => {
    expect(
      ['mild', 'moderate', 'severe'].map((s) => fateCoreRecoveryDifficulty(s as 'mild', false)),
    ).toEqual([
      { ok: true, value: 2 },
      { ok: true, value: 4 },
      { ok: true, value: 6 },
    ]);
  });

  it('[FC-RECOVER-2] treating yourself is two steps harder', () => {
    expect(fateCoreRecoveryDifficulty('mild', true)).toEqual({ ok: true, value: 4 });
    expect(fateCoreRecoveryDifficulty('severe', true)).toEqual({ ok: true, value: 8 });
  });

  it('[FC-RECOVER-3] Zird bandages Nearly Gutted at Fantastic: renamed Bandaged, starred', () => {
    const c = take(blank, 'severe', 'Nearly Gutted');
    expect(
      attemptFateCoreRecovery(c, { slotId: 'severe', result: 5, treatingSelf: false }),
    ).toMatchObject({ ok: false, code: 'recovery-failed' });
    const r = attemptFateCoreRecovery(c, {
      slotId: 'severe',
      result: 6,
      treatingSelf: false,
      newName: 'Bandaged',
    });
    expect(r.ok && r.value.character.consequences.find((s) => s.id === 'severe')?.taken).toEqual({
      text: 'Bandaged',
      recovering: true,
      elapsed: { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 },
    });
    expect(r.ok && startFateCoreRecovery(r.value.character, 'severe')).toMatchObject({
      ok: false,
      code: 'already-recovering',
    });
  });

  it('[FC-RECOVER-4] cleared after one whole scene / session / scenario from the recovery action', () => {
    let c = take(take(take(blank, 'mild'), 'moderate'), 'severe');
    for (const id of ['mild', 'moderate', 'severe']) {
      const r = startFateCoreRecovery(c, id);
      if (!r.ok) throw new Error(r.message);
      c = r.value;
    }
    const free = (x: Character) =>
      x.consequences.filter((s) => s.taken === undefined).map((s) => s.id);
    c = fateCore.passTime(c, 'scene-end');
    expect(free(c)).toEqual(['extreme']);
    c = fateCore.passTime(c, 'scene-end');
    expect(free(c)).toEqual(['mild', 'extreme']);
    c = fateCore.passTime(fateCore.passTime(c, 'session-end'), 'scenario-end');
    expect(free(c)).toEqual(['mild', 'extreme']);
    c = fateCore.passTime(c, 'session-end');
    expect(free(c)).toEqual(['mild', 'moderate', 'extreme']);
    c = fateCore.passTime(c, 'scenario-end');
    expect(free(c)).toEqual(['mild', 'moderate', 'severe', 'extreme']);
  });

  it('[FC-RECOVER-4] a recovery made between scenes clears at the end of the next scene', () => {
    const started = startFateCoreRecovery(take(blank, 'mild'), 'mild', undefined, false);
    if (!started.ok) throw new Error(started.message);
    const after = fateCore.passTime(started.value, 'scene-end');
    expect(after.consequences.find((s) => s.id === 'mild')?.taken).toBeUndefined();
    // The moderate one still waits a whole session: only scenes had a partial unit to skip.
    const moderate = startFateCoreRecovery(take(blank, 'moderate'), 'moderate', undefined, false);
    if (!moderate.ok) throw new Error(moderate.message);
    const later = fateCore.passTime(moderate.value, 'session-end');
    expect(later.consequences.find((s) => s.id === 'moderate')?.taken?.recovering).toBe(true);
  });

  it('[FC-RECOVER-4] a consequence not in recovery never clears by time', () => {
    let c = take(blank, 'mild');
    for (let i = 0; i < 5; i++) c = fateCore.passTime(c, 'scene-end');
    expect(c.consequences.find((s) => s.id === 'mild')?.taken).toBeDefined();
  });
});

describe('fate-core character', () => {
  const good: Character = {
    ...withSkills(blank, {
      fight: 4,
      athletics: 3,
      physique: 3,
      will: 2,
      notice: 2,
      rapport: 2,
      empathy: 1,
      lore: 1,
      stealth: 1,
      deceive: 1,
    }),
    aspects: blank.aspects.map((a) => ({ ...a, text: a.slot === 'other' ? '' : 'Set' })),
  };

  it('[FC-CHAR-1] five aspects: High Concept and Trouble must be written', () => {
    expect(fateCore.validateCharacter(good)).toEqual([]);
    const p = fateCore.validateCharacter({ ...good, aspects: good.aspects.slice(1) });
    expect(p.map((x) => x.code)).toEqual(['aspect-slots']);
    expect(fateCore.validateCharacter(blank).filter((x) => x.code === 'aspect-blank')).toHaveLength(
      2,
    );
  });

  it('[FC-CHAR-2] the SRD skill list with a pyramid 1/2/3/4', () => {
    expect(fateCore.skills).toHaveLength(18);
    const flat = withSkills(good, { fight: 3 });
    // One problem per rung off the pyramid, each saying what to change.
    expect(fateCore.validateCharacter(flat)).toEqual([
      expect.objectContaining({
        code: 'skill-pyramid',
        rule: '[FC-CHAR-2]',
        message:
          'The skill pyramid has 1 skill at Great (+4); you have 0: raise 1 more to Great (+4).',
      }),
      expect.objectContaining({
        code: 'skill-pyramid',
        message: 'The skill pyramid has 2 skills at Good (+3); you have 3: lower 1 of them.',
      }),
    ]);
    const odd = { ...good, skills: [...good.skills, { id: 'sailing', rating: 0 }] };
    expect(fateCore.validateCharacter(odd).map((p) => p.code)).toContain('skill-unknown');
  });

  it('[FC-CHAR-3] refresh 3, three free stunts, each further costs 1, never below 1', () => {
    const stunts = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: 'S', text: '' }));
    expect(fateCore.defaultRefresh).toBe(3);
    expect(fateCore.validateCharacter({ ...good, stunts: stunts(3) })).toEqual([]);
    expect(fateCore.validateCharacter({ ...good, stunts: stunts(5), refresh: 1 })).toEqual([]);
    expect(fateCore.validateCharacter({ ...good, stunts: stunts(4) }).map((p) => p.code)).toEqual([
      'refresh-mismatch',
    ]);
    expect(
      fateCore.validateCharacter({ ...good, stunts: stunts(6), refresh: 0 }).map((p) => p.code),
    ).toEqual(['refresh-floor']);
  });

  it('[FC-STRESS-4] validation flags stress boxes that do not match Physique', () => {
    const wrong = { ...good, stress: blank.stress };
    expect(fateCore.validateCharacter(wrong).map((p) => p.code)).toEqual(['stress-boxes']);
  });
});
