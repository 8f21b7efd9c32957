import { describe, expect, it } from 'vitest';
import { edgerunner } from './ruleset';
import { declarationSkill } from './actions';
import { newEdgerunnerCharacter } from './template';

const resolve: typeof edgerunner.resolveAction = (request) => edgerunner.resolveAction(request);

describe('edgerunner resolveAction', () => {
  it('[ER-DECLARE-1] [ER-DECLARE-2] Lydia: skill +1 from supporters, +1 on the dice: persistence 2, one free invoke', () => {
    const skill = declarationSkill(2, 1);
    const r = resolve({
      action: 'create-advantage',
      aspectAction: 'declaration',
      total: skill + 1,
      opposition: 0,
      opposed: false,
    });
    expect(r.ok && r.value.persistence).toBe(2);
    expect(r.ok && r.value.effects).toEqual([
      { type: 'create-aspect', freeInvokes: 1, for: 'actor' },
    ]);
  });

  it('[ER-INVOKES-1] [ER-INVOKES-2] zero shifts place the aspect with one free invoke; 6 shifts buy 3', () => {
    const zero = resolve({ action: 'create-advantage', total: 0, opposition: 0, opposed: false });
    expect(zero.ok && zero.value.effects).toEqual([
      { type: 'create-aspect', freeInvokes: 1, for: 'actor' },
    ]);
    expect(zero.ok && zero.value.persistence).toBe(0);
    const six = resolve({ action: 'create-advantage', total: 8, opposition: 2, opposed: true });
    expect(six.ok && six.value.effects).toEqual([
      { type: 'create-aspect', freeInvokes: 3, for: 'actor' },
    ]);
    const miss = resolve({ action: 'create-advantage', total: -1, opposition: 0, opposed: false });
    expect(miss.ok && miss.value.effects).toEqual([{ type: 'nothing' }]);
    expect(miss.ok && miss.value.persistence).toBeUndefined();
  });

  it('[ER-INVOKES-2] Hargan assesses an existing aspect: 3 against 2, one free invoke, no persistence', () => {
    const r = resolve({
      action: 'create-advantage',
      aspectAction: 'assessment',
      target: 'existing-aspect',
      total: 3,
      opposition: 2,
      opposed: true,
    });
    expect(r.ok && r.value.effects).toEqual([{ type: 'free-invokes', count: 1 }]);
    expect(r.ok && r.value.persistence).toBeUndefined();
    const wrong = resolve({
      action: 'create-advantage',
      aspectAction: 'assessment',
      target: 'new-aspect',
      total: 3,
      opposition: 2,
      opposed: true,
    });
    expect(wrong.ok).toBe(false);
  });

  it('[ER-REMOVE-1] removal meets the persistence to remove the aspect', () => {
    const met = resolve({
      action: 'overcome',
      removal: true,
      total: 2,
      opposition: 2,
      opposed: false,
    });
    expect(met.ok && met.value.removesAspect).toBe(true);
    const short = resolve({
      action: 'overcome',
      removal: true,
      total: 1,
      opposition: 2,
      opposed: false,
    });
    expect(short.ok && short.value.removesAspect).toBe(false);
  });

  it('[ER-ACTION-1] attacks follow the core action table', () => {
    const r = resolve({ action: 'attack', total: 4, opposition: 2, opposed: true });
    expect(r.ok && r.value.effects).toEqual([{ type: 'hit', shifts: 2 }]);
    expect(
      resolve({
        action: 'attack',
        aspectAction: 'maneuver',
        total: 1,
        opposition: 0,
        opposed: false,
      }).ok,
    ).toBe(false);
  });

  it('[ER-CONSEQ-1] [ER-CONSEQ-2] [ER-CONSEQ-3] takeConsequence gives the bonus; recovery is refused', () => {
    const c = newEdgerunnerCharacter({ id: 'jade', name: 'Jade' });
    const slot = c.consequences.find((s) => s.severity === 'moderate')!;
    const taken = edgerunner.takeConsequence(c, {
      slotId: slot.id,
      text: 'Tired and confused',
      actorControls: true,
      byGm: false,
    });
    expect(taken.ok && taken.value.bonus).toBe(2);
    expect(
      edgerunner.takeConsequence(c, {
        slotId: slot.id,
        text: 'x',
        actorControls: false,
        byGm: false,
      }).ok,
    ).toBe(false);
    expect(edgerunner.startRecovery(c, { slotId: slot.id }).ok).toBe(false);
    expect(edgerunner.initiative([], 'aspect', () => 0).ok).toBe(false);
  });
});
