import { describe, expect, it } from 'vitest';
import {
  consequenceSlotsOf,
  edgerunnerConsequences,
  extraMildRating,
  fateCorePyramid,
  fateCoreStressRows,
  freeStuntsOf,
  recoveryDifficulties,
  rungLabel,
  stressTracksOf,
  styleShifts,
} from './help-data';

// The reference's numbers are read from the rules package; these pin what it reads against
// the texts, so a change in the rules shows up here as a change in what the reference says.
describe('the numbers the rules reference shows', () => {
  it('reads the outcomes and the ladder', () => {
    expect(styleShifts()).toBe(3);
    expect(rungLabel({}, 2)).toBe('Fair (+2)');
    expect(rungLabel({ Fair: 'Razoável' }, 2)).toBe('Razoável (+2)');
    expect(rungLabel({}, 9)).toBe('+9');
  });

  it('reads pirates’ track, consequences, recovery and stunts', () => {
    expect(stressTracksOf('pirates')).toEqual([{ kind: 'any', boxes: [1, 2, 3] }]);
    expect(consequenceSlotsOf('pirates').map((s) => s.value)).toEqual([2, 4, 6]);
    expect(recoveryDifficulties('pirates').map((r) => [r.other, r.self])).toEqual([
      [2, 2],
      [4, 4],
      [6, 6],
    ]);
    expect(freeStuntsOf('pirates')).toBe(3);
  });

  it('reads fate-core’s boxes by skill, extreme consequence and recovery on yourself', () => {
    expect(fateCoreStressRows()).toEqual([
      { from: 0, to: 0, boxes: [1, 2] },
      { from: 1, to: 2, boxes: [1, 2, 3] },
      { from: 3, to: 5, boxes: [1, 2, 3, 4] },
    ]);
    expect(consequenceSlotsOf('fate-core')).toContainEqual({ severity: 'extreme', value: 8 });
    expect(extraMildRating()).toBe(5);
    expect(recoveryDifficulties('fate-core').map((r) => [r.other, r.self])).toEqual([
      [2, 4],
      [4, 6],
      [6, 8],
    ]);
    expect(fateCorePyramid()).toEqual([
      [4, 1],
      [3, 2],
      [2, 3],
      [1, 4],
    ]);
  });

  it('reads edgerunner’s voluntary consequences', () => {
    expect(edgerunnerConsequences().map((c) => [c.severity, c.bonus, c.clears.unit])).toEqual([
      ['mild', 1, 'scenes'],
      ['moderate', 2, 'refreshes'],
      ['severe', 4, 'sessions'],
    ]);
    expect(freeStuntsOf('edgerunner')).toBe(3);
  });
});
