import { describe, expect, it } from 'vitest';
import type { Character } from '../../core/character';
import { edgerunner } from './ruleset';
import { takeVoluntaryConsequence } from './consequences';

function landon(): Character {
  return edgerunner.newCharacter({ id: 'landon', name: 'Landon' });
}

describe('edgerunner stress', () => {
  it('[ER-STRESS-1] physical and mental tracks of 1- and 2-point boxes by default', () => {
    const c = landon();
    expect(c.stress.map((t) => [t.id, t.boxes.map((b) => b.value)])).toEqual([
      ['physical', [1, 2]],
      ['mental', [1, 2]],
    ]);
  });

  it('[ER-STRESS-1] a hit checks the box equal to it, or the next higher free one', () => {
    const c = landon();
    expect(edgerunner.absorptionOptions(c, { shifts: 1, kind: 'physical' })).toEqual([
      {
        stress: { trackId: 'physical', boxIndex: 0, value: 1 },
        consequences: [],
        absorbs: 1,
        label: '1-point physical stress box',
      },
    ]);
    const applied = edgerunner.applyAbsorption(
      c,
      { shifts: 1, kind: 'physical' },
      {
        stress: { trackId: 'physical', boxIndex: 0, value: 1 },
        consequences: [],
        absorbs: 1,
        label: '',
      },
      {},
    );
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    const opts = edgerunner.absorptionOptions(applied.value.character, {
      shifts: 1,
      kind: 'physical',
    });
    expect(opts.map((o) => o.stress?.value)).toEqual([2]);
    expect(applied.value.grants.freeInvokes).toEqual([]);
  });

  it('[ER-STRESS-2] consequences never absorb a hit: no box left means taken out', () => {
    const c = landon();
    expect(edgerunner.absorptionOptions(c, { shifts: 3, kind: 'mental' })).toEqual([]);
    const refused = edgerunner.applyAbsorption(
      c,
      { shifts: 2, kind: 'physical' },
      { consequences: ['mild'], absorbs: 2, label: 'mild' },
      { mild: 'Winded' },
    );
    expect(refused).toMatchObject({ ok: false, code: 'consequences-not-for-hits' });
  });

  it('[ER-STRESS-1] a hit of either kind may land on both tracks; stress clears at scene end', () => {
    const c = landon();
    const opts = edgerunner.absorptionOptions(c, { shifts: 2, kind: 'any' });
    expect(opts.map((o) => o.stress?.trackId)).toEqual(['physical', 'mental']);
    const r = edgerunner.applyAbsorption(c, { shifts: 2, kind: 'any' }, opts[1]!, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.character.stress[1]?.boxes[1]?.checked).toBe(true);
    const later = edgerunner.passTime(r.value.character, 'scene-end');
    expect(later.stress.every((t) => t.boxes.every((b) => !b.checked))).toBe(true);
  });

  it('[ER-STRESS-1] being taken out lasts until the scene ends', () => {
    const out = { ...landon(), takenOut: true };
    expect(edgerunner.passTime(out, 'refresh').takenOut).toBe(true);
    expect(edgerunner.passTime(out, 'scene-end').takenOut).toBe(false);
  });

  it('[ER-STRESS-1] refuses a box that cannot take the hit', () => {
    const r = edgerunner.applyAbsorption(
      landon(),
      { shifts: 2, kind: 'physical' },
      {
        stress: { trackId: 'physical', boxIndex: 0, value: 1 },
        consequences: [],
        absorbs: 1,
        label: '',
      },
      {},
    );
    expect(r).toMatchObject({ ok: false, code: 'invalid-option' });
  });

  it('[ER-STRESS-2] a voluntary consequence leaves the stress tracks alone', () => {
    const r = takeVoluntaryConsequence(landon(), {
      slotId: 'severe',
      text: 'Pushed too far',
      actorControls: true,
    });
    expect(r.ok && r.value.character.stress.every((t) => t.boxes.every((b) => !b.checked))).toBe(
      true,
    );
  });
});
