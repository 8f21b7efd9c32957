import { describe, expect, it } from 'vitest';
import { seededRng } from '../../core/dice';
import { narrative } from './ruleset';
import { RULESETS } from '../registry';
import { newNarrativeCharacter } from './template';

const resolve: typeof narrative.resolveAction = (request) => narrative.resolveAction(request);

describe('narrative resolveAction', () => {
  it('[NAR-SIMPLE-1] [NAR-ACTION-1] a higher aspect succeeds unrolled; an equal one must roll', () => {
    const r = resolve({
      action: 'overcome',
      simple: true,
      total: 3,
      opposition: 2,
      opposed: false,
    });
    expect(r.ok && r.value.outcome).toBe('success');
    expect(r.ok && r.value.effects).toEqual([{ type: 'goal' }]);
    expect(
      resolve({ action: 'overcome', simple: true, total: 2, opposition: 2, opposed: false }).ok,
    ).toBe(false);
    expect(
      resolve({ action: 'attack', simple: true, total: 5, opposition: 0, opposed: false }).ok,
    ).toBe(false);
  });

  it('[NAR-COMPLEX-1] [NAR-ACTION-1] a complex action succeeds at the difficulty (no tie), with style at 3', () => {
    const eq = resolve({ action: 'overcome', total: 2, opposition: 2, opposed: false });
    expect(eq.ok && eq.value.outcome).toBe('success');
    const caa = resolve({ action: 'create-advantage', total: 5, opposition: 2, opposed: false });
    expect(caa.ok && caa.value.effects).toEqual([
      { type: 'create-aspect', freeInvokes: 2, for: 'actor' },
    ]);
    const miss = resolve({ action: 'overcome', total: 1, opposition: 2, opposed: false });
    expect(miss.ok && miss.value.outcome).toBe('fail');
  });

  it('[NAR-CONFLICT-1] [NAR-CONFLICT-2] [NAR-DAMAGE-1] an exchange is won only at Poor or better; the loser takes the degree', () => {
    const won = resolve({ action: 'attack', total: 3, opposition: 1, opposed: true });
    expect(won.ok && won.value.damage).toEqual({ to: 'opposition', levels: 2 });
    expect(won.ok && won.value.effects).toEqual([{ type: 'hit', shifts: 2 }]);
    const low = resolve({ action: 'attack', total: -2, opposition: -4, opposed: true });
    expect(low.ok && low.value.outcome).toBe('tie');
    expect(low.ok && low.value.damage).toBeUndefined();
    const poor = resolve({ action: 'attack', total: -1, opposition: -3, opposed: true });
    expect(poor.ok && poor.value.damage).toEqual({ to: 'opposition', levels: 2 });
  });

  it('[NAR-CONFLICT-3] a defender who wins hurts the aggressor', () => {
    const lost = resolve({ action: 'attack', total: 1, opposition: 3, opposed: true });
    expect(lost.ok && lost.value.damage).toEqual({ to: 'actor', levels: 2 });
    const defended = resolve({ action: 'defend', total: 4, opposition: 2, opposed: true });
    expect(defended.ok && defended.value.damage).toEqual({ to: 'opposition', levels: 2 });
  });

  it('[NAR-CINEMATIC-1] an attack on a minion is rolled; failing takes the degree of failure', () => {
    const r = resolve({ action: 'attack', total: 1, opposition: 3, opposed: false });
    expect(r.ok && r.value.damage).toEqual({ to: 'actor', levels: 2 });
  });

  it('[NAR-RECOVER-1] [NAR-INIT-1] recovery and initiative go through the hooks; no consequences', () => {
    const c = newNarrativeCharacter({ id: 'n', name: 'N' });
    expect(
      narrative.takeConsequence(c, { slotId: 'x', text: 'x', actorControls: true, byGm: true }).ok,
    ).toBe(false);
    expect(narrative.startRecovery(c, {}).ok).toBe(true);
    const init = narrative.initiative(
      [
        { id: 'a', rating: 1 },
        { id: 'b', rating: 3 },
      ],
      'aspect',
      seededRng(1),
    );
    expect(init.ok && init.value.order).toEqual(['b', 'a']);
  });
});

describe('narrative recovery as a conflict ends', () => {
  it('[NAR-RECOVER-4] only narrative gives levels back as a conflict ends, all or half by the GM', () => {
    expect(RULESETS.narrative.features.recoversAtConflictEnd).toBe(true);
    for (const id of ['fate-core', 'pirates', 'edgerunner'] as const) {
      expect(RULESETS[id].features.recoversAtConflictEnd).toBe(false);
    }
    // Three levels lost on one aspect: all three back, or one (half, rounded down) while the
    // situation remains.
    const c = newNarrativeCharacter({ id: 'n', name: 'N' });
    const hurt = {
      ...c,
      aspects: c.aspects.map((a, i) =>
        i === 0 ? { ...a, text: 'Strong', rating: -1, baseRating: 2 } : a,
      ),
    };
    const all = narrative.startRecovery(hurt, { situationRemains: false });
    const half = narrative.startRecovery(hurt, { situationRemains: true });
    expect(all.ok && all.value.aspects[0]!.rating).toBe(2);
    expect(half.ok && half.value.aspects[0]!.rating).toBe(0);
  });
});

describe('narrative sideModifiers', () => {
  it('[NAR-STRATEGY-1] [NAR-CREATIVITY-1] [NAR-TOOLS-1] strategy by role, creativity and tools add up', () => {
    const mods = { strategy: 'defensive', creativity: 1, tool: true } as const;
    const asDefender = narrative.sideModifiers(mods, 'defender');
    const asAggressor = narrative.sideModifiers(mods, 'aggressor');
    const sum = (r: typeof asDefender) => (r.ok ? r.value.reduce((s, m) => s + m.value, 0) : NaN);
    expect(sum(asDefender)).toBe(3);
    expect(sum(asAggressor)).toBe(1);
  });
});
