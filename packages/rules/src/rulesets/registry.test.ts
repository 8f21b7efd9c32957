import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '../core/types';
import { ALL_RULESETS, RULESETS, rulesetById } from './registry';

describe('the registry of games', () => {
  it('holds each ruleset under its own id, in the package order', () => {
    expect(ALL_RULESETS.map((r) => r.id)).toEqual([...RULESET_IDS]);
    for (const id of RULESET_IDS) expect(RULESETS[id].id).toBe(id);
    expect(rulesetById('fate-core')).toBe(RULESETS['fate-core']);
    expect(rulesetById('toString')).toBeUndefined();
    expect(rulesetById('dnd')).toBeUndefined();
  });

  // The features are data for screens; the hooks are what the table enforces. They must agree,
  // or a screen would offer a control the table refuses (or hide one it allows).
  it.each(ALL_RULESETS.map((r) => [r.id, r] as const))(
    '%s: its features say what its hooks accept [ER-ACTION-1] [ER-REMOVE-1] [NAR-STRATEGY-1] [NAR-INIT-1] [NAR-RECOVER-4]',
    (_id, ruleset) => {
      const base = { total: 0, opposition: 0, opposed: false } as const;
      expect({
        aspectActions: ruleset.resolveAction({
          ...base,
          action: 'create-advantage',
          aspectAction: 'maneuver',
        }).ok,
        removal: ruleset.resolveAction({ ...base, action: 'overcome', removal: true }).ok,
        sideModifiers: ruleset.sideModifiers({ strategy: 'aggressive' }, 'aggressor').ok,
        initiative: ruleset.initiative([{ id: 'a', rating: 0 }], 'aspect', () => 0.5).ok,
        // Lost levels (no consequence slot) come back by recovery alone where the game heals
        // as a conflict ends.
        recoversAtConflictEnd: ruleset.startRecovery(ruleset.newCharacter({ id: 'c', name: 'C' }), {
          situationRemains: false,
        }).ok,
      }).toEqual(ruleset.features);
    },
  );
});
