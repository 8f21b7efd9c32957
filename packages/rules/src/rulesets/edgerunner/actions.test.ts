import { describe, expect, it } from 'vitest';
import { seededRng } from '../../core/dice';
import {
  declarationSkill,
  declarationTally,
  freeInvokesForShifts,
  resolveAspectAction,
  resolveAspectRemoval,
  rollAspectAction,
} from './actions';

describe('edgerunner aspect actions', () => {
  it('[ER-INVOKES-1] shifts buy free invokes by the table', () => {
    const table: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 2],
      [5, 2],
      [6, 3],
      [9, 3],
      [10, 4],
      [25, 4],
      [-1, 0],
    ];
    for (const [shifts, invokes] of table) expect(freeInvokesForShifts(shifts)).toBe(invokes);
  });

  it('[ER-DECLARE-1] a declaration skill is supporters minus opposers, starting at 0', () => {
    // Lydia: Jon and Selena second the idea, William opposes → +1.
    expect(declarationSkill(2, 1)).toBe(1);
    expect(declarationSkill(0, 0)).toBe(0);
    expect(declarationSkill(0, 3)).toBe(-3);
    expect(() => declarationSkill(-1, 0)).toThrow(RangeError);
  });

  it('[ER-DECLARE-4] the votes counted: support +1, oppose −1, an abstention (or no vote) nothing', () => {
    // Lydia's table: Jon and Selena (the referee) support, William opposes → +1.
    expect(declarationTally(['support', 'support', 'oppose'])).toEqual({
      supporters: 2,
      opposers: 1,
      abstained: 0,
      skill: 1,
    });
    expect(declarationTally(['abstain', 'oppose', 'abstain'])).toEqual({
      supporters: 0,
      opposers: 1,
      abstained: 2,
      skill: -1,
    });
    expect(declarationTally([])).toEqual({ supporters: 0, opposers: 0, abstained: 0, skill: 0 });
  });

  it("[ER-DECLARE-1] Lydia's declaration: +1 rolls +1 → 2 shifts, persistence 2, one free invoke", () => {
    const r = resolveAspectAction({
      kind: 'declaration',
      skill: declarationSkill(2, 1),
      opposition: 0,
      dice: 1,
    });
    expect(r).toEqual({
      kind: 'declaration',
      result: 2,
      shifts: 2,
      succeeded: true,
      freeInvokes: 1,
      persistence: 2,
    });
  });

  it("[ER-INVOKES-2] Hargan's assessment: Empathy 1 + 2 = 3 vs Stealth 2 → one free invoke", () => {
    const r = resolveAspectAction({ kind: 'assessment', skill: 1, opposition: 2, dice: 2 });
    expect(r).toMatchObject({
      result: 3,
      shifts: 1,
      succeeded: true,
      freeInvokes: 1,
      persistence: null,
    });
  });

  it('[ER-INVOKES-2] an assessment gives exactly one free invoke however many shifts', () => {
    const r = resolveAspectAction({ kind: 'assessment', skill: 5, opposition: 0, dice: 4 });
    expect(r.freeInvokes).toBe(1);
  });

  it('[ER-DECLARE-2] zero shifts are enough to place an aspect', () => {
    const r = resolveAspectAction({ kind: 'maneuver', skill: 2, opposition: 3, dice: 1 });
    expect(r).toMatchObject({ shifts: 0, succeeded: true, persistence: 0 });
  });

  it('[ER-INVOKES-2] a placed aspect gives at least one free invoke, even with zero shifts', () => {
    // Switch's "dig in for the long shot" (target zero) is tagged later.
    expect(
      resolveAspectAction({ kind: 'maneuver', skill: 0, opposition: 0, dice: 0 }).freeInvokes,
    ).toBe(1);
    expect(
      resolveAspectAction({ kind: 'maneuver', skill: 4, opposition: 0, dice: 2 }).freeInvokes,
    ).toBe(3);
  });

  it('[ER-DECLARE-2] a failed action places nothing', () => {
    const r = resolveAspectAction({ kind: 'maneuver', skill: 1, opposition: 3, dice: -1 });
    expect(r).toMatchObject({ shifts: -3, succeeded: false, freeInvokes: 0, persistence: null });
  });

  it('[ER-DECLARE-3] invocations after the roll add to the result', () => {
    const r = resolveAspectAction({
      kind: 'maneuver',
      skill: 1,
      opposition: 3,
      dice: -1,
      bonus: 2,
    });
    expect(r).toMatchObject({ result: 2, shifts: -1, succeeded: false });
    const r2 = resolveAspectAction({
      kind: 'maneuver',
      skill: 1,
      opposition: 3,
      dice: -1,
      bonus: 4,
    });
    expect(r2).toMatchObject({ result: 4, shifts: 1, succeeded: true, freeInvokes: 1 });
  });

  it('[ER-DECLARE-2] rolls 4dF through the injected Rng', () => {
    const a = rollAspectAction(seededRng(7), { kind: 'maneuver', skill: 2, opposition: 1 });
    const b = rollAspectAction(seededRng(7), { kind: 'maneuver', skill: 2, opposition: 1 });
    expect(a).toEqual(b);
    expect(a.roll.faces).toHaveLength(4);
    expect(a.result).toBe(2 + a.roll.total);
  });

  it('[ER-REMOVE-1] removing an aspect rolls against the shifts that created it', () => {
    expect(resolveAspectRemoval({ skill: 1, dice: 1, persistence: 2 })).toEqual({
      result: 2,
      shifts: 0,
      removed: true,
    });
    expect(resolveAspectRemoval({ skill: 1, dice: 0, persistence: 2 }).removed).toBe(false);
    expect(resolveAspectRemoval({ skill: 1, dice: 0, persistence: 2, bonus: 2 }).removed).toBe(
      true,
    );
  });
});
