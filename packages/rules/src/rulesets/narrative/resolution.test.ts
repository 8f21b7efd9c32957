import { describe, expect, it } from 'vitest';
import { seededRng } from '../../core/dice';
import {
  narrativeActionKind,
  attemptNarrativeAction,
  conflictModifier,
  conflictWinner,
  resolveCinematic,
  resolveComplexAction,
  resolveExchange,
  resolveSimultaneous,
} from './resolution';
import { narrative } from './ruleset';

describe('narrative resolution', () => {
  it('[NAR-DICE-1] rolls 3dF', () => {
    expect(narrative.diceCount).toBe(3);
    const r = attemptNarrativeAction(seededRng(3), { rating: 1, difficulty: 2 });
    expect(r.roll?.faces).toHaveLength(3);
  });

  it('[NAR-SIMPLE-1] an aspect above the difficulty succeeds without a roll', () => {
    expect(narrativeActionKind(3, 2)).toBe('simple');
    expect(attemptNarrativeAction(seededRng(1), { rating: 3, difficulty: 2 })).toEqual({
      kind: 'simple',
      success: true,
      result: null,
      degree: null,
      roll: null,
    });
  });

  it('[NAR-COMPLEX-1] an aspect at or below the difficulty rolls; success at or above it', () => {
    expect(narrativeActionKind(2, 2)).toBe('complex');
    expect(narrativeActionKind(1, 3)).toBe('complex');
    expect(resolveComplexAction({ rating: 1, difficulty: 3, dice: 2 })).toEqual({
      kind: 'complex',
      success: true,
      result: 3,
      degree: 0,
    });
    expect(resolveComplexAction({ rating: 1, difficulty: 3, dice: 1 })).toMatchObject({
      success: false,
      degree: -1,
    });
    const rolled = attemptNarrativeAction(seededRng(9), { rating: 1, difficulty: 3 });
    expect(rolled.result).toBe(1 + (rolled.roll?.total ?? NaN));
  });

  it('[NAR-CONFLICT-1] the higher result wins only if it is Poor or better', () => {
    expect(
      conflictWinner([
        { id: 'a', total: -1 },
        { id: 'b', total: -3 },
      ]),
    ).toEqual({ winner: 'a', degree: 2 });
    expect(
      conflictWinner([
        { id: 'a', total: -2 },
        { id: 'b', total: -3 },
      ]),
    ).toEqual({ winner: null, degree: 0 });
    expect(
      conflictWinner([
        { id: 'a', total: 2 },
        { id: 'b', total: 2 },
      ]),
    ).toEqual({ winner: null, degree: 0 });
  });

  it('[NAR-CONFLICT-2] the degree of success is the difference, against the best other side', () => {
    expect(
      conflictWinner([
        { id: 'a', total: 4 },
        { id: 'b', total: 1 },
        { id: 'c', total: 2 },
      ]),
    ).toEqual({ winner: 'a', degree: 2 });
    expect(() => conflictWinner([{ id: 'a', total: 1 }])).toThrow(RangeError);
  });

  it('[NAR-STRATEGY-1] defensive: +1 defending, −1 attacking; aggressive: the reverse', () => {
    expect(conflictModifier({ strategy: 'defensive' }, 'defender')).toBe(1);
    expect(conflictModifier({ strategy: 'defensive' }, 'aggressor')).toBe(-1);
    expect(conflictModifier({ strategy: 'aggressive' }, 'defender')).toBe(-1);
    expect(conflictModifier({ strategy: 'aggressive' }, 'aggressor')).toBe(1);
    expect(conflictModifier({}, 'aggressor')).toBe(0);
  });

  it('[NAR-CREATIVITY-1] creativity ±1 adds to strategy', () => {
    expect(conflictModifier({ strategy: 'aggressive', creativity: 1 }, 'aggressor')).toBe(2);
    expect(conflictModifier({ strategy: 'defensive', creativity: -1 }, 'aggressor')).toBe(-2);
  });

  it('[NAR-TOOLS-1] an appropriate tool adds +1, with the rest', () => {
    expect(conflictModifier({ tool: true }, 'defender')).toBe(1);
    expect(
      conflictModifier({ strategy: 'aggressive', creativity: 1, tool: true }, 'aggressor'),
    ).toBe(3);
  });

  it('[NAR-CONFLICT-3] an exchange applies modifiers by role and damages the loser', () => {
    const r = resolveExchange(
      { id: 'kim', rating: 3, dice: 0, modifiers: { strategy: 'aggressive' } },
      { id: 'thug', rating: 2, dice: -1, modifiers: { strategy: 'defensive' } },
    );
    expect(r).toEqual({
      aggressorId: 'kim',
      defenderId: 'thug',
      aggressorTotal: 4,
      defenderTotal: 2,
      winner: 'aggressor',
      degree: 2,
      damage: { targetId: 'thug', levels: 2 },
    });
    const parried = resolveExchange(
      { id: 'kim', rating: 1, dice: -1 },
      { id: 'thug', rating: 2, dice: 1 },
    );
    expect(parried).toMatchObject({
      winner: 'defender',
      degree: 3,
      damage: { targetId: 'kim', levels: 3 },
    });
  });

  it('[NAR-CONFLICT-1] below Poor nobody wins and nobody is hurt', () => {
    const r = resolveExchange({ id: 'a', rating: -1, dice: -2 }, { id: 'b', rating: -1, dice: -3 });
    expect(r).toMatchObject({ aggressorTotal: -3, defenderTotal: -4, winner: null, damage: null });
  });

  it('[NAR-SIMUL-1] simultaneous conflicts: one roll each, resolved pairwise', () => {
    const ex = resolveSimultaneous([
      { id: 'a', rating: 2, dice: 0, modifiers: { strategy: 'aggressive' }, targetId: 'b' },
      { id: 'b', rating: 2, dice: 1, modifiers: { strategy: 'aggressive' }, targetId: 'a' },
      { id: 'c', rating: 1, dice: 0 },
    ]);
    // Both went aggressive: a attacks at 3 against b defending at 2, b attacks at 4 against a at 1.
    expect(ex.map((e) => [e.aggressorId, e.aggressorTotal, e.defenderTotal, e.damage])).toEqual([
      ['a', 3, 2, { targetId: 'b', levels: 1 }],
      ['b', 4, 1, { targetId: 'a', levels: 3 }],
    ]);
    expect(() => resolveSimultaneous([{ id: 'a', rating: 1, dice: 0, targetId: 'z' }])).toThrow(
      RangeError,
    );
  });

  it('[NAR-CINEMATIC-1] against a minion the character always rolls; losing costs the degree', () => {
    expect(resolveCinematic({ rating: 3, dice: -2, minionRating: 2 })).toEqual({
      result: 1,
      success: false,
      degree: -1,
      damageToCharacter: 1,
    });
    expect(resolveCinematic({ rating: 3, dice: 0, minionRating: 2 })).toMatchObject({
      success: true,
      damageToCharacter: 0,
    });
  });
});
