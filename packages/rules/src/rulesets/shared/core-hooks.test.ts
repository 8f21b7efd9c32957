import { describe, expect, it } from 'vitest';
import { fateCore } from '../fate-core/ruleset';
import { pirates } from '../pirates/ruleset';

describe.each([fateCore, pirates])('%s core hooks', (ruleset) => {
  it('[CORE-ACTION-1] [CORE-CAA-3] resolves with the core action table', () => {
    const r = ruleset.resolveAction({
      action: 'create-advantage',
      total: 3,
      opposition: 2,
      opposed: false,
    });
    expect(r.ok && r.value.effects).toEqual([
      { type: 'create-aspect', freeInvokes: 1, for: 'actor' },
    ]);
  });

  it('[CORE-ACTION-1] refuses the other games’ rolls and choices that are not open', () => {
    const base = { action: 'overcome' as const, total: 3, opposition: 2, opposed: false };
    expect(ruleset.resolveAction({ ...base, simple: true }).ok).toBe(false);
    expect(ruleset.resolveAction({ ...base, removal: true }).ok).toBe(false);
    expect(
      ruleset.resolveAction({ ...base, action: 'create-advantage', aspectAction: 'maneuver' }).ok,
    ).toBe(false);
    expect(ruleset.resolveAction({ ...base, choice: 'full-hit' }).ok).toBe(false);
    expect(ruleset.initiative([], 'aspect', () => 0).ok).toBe(false);
  });

  it('[FC-CONSEQ-1] only the GM writes a consequence by hand', () => {
    const c = ruleset.newCharacter({ id: 'c', name: 'C' });
    const slot = c.consequences[0]!.id;
    expect(
      ruleset.takeConsequence(c, { slotId: slot, text: 'Hurt', actorControls: true, byGm: false })
        .ok,
    ).toBe(false);
    const taken = ruleset.takeConsequence(c, {
      slotId: slot,
      text: 'Hurt',
      actorControls: true,
      byGm: true,
    });
    expect(taken.ok && taken.value.character.consequences[0]!.taken?.text).toBe('Hurt');
    expect(ruleset.startRecovery(c, {}).ok).toBe(false);
    expect(ruleset.syncSheet(c)).toEqual(c);
  });
});

describe.each([fateCore, pirates])('%s side modifiers', (ruleset) => {
  it('[CORE-INVOKE-1] has no strategy modifiers: aspects are invoked instead', () => {
    expect(ruleset.sideModifiers({}, 'aggressor')).toEqual({ ok: true, value: [] });
    expect(ruleset.sideModifiers({ strategy: 'aggressive' }, 'aggressor').ok).toBe(false);
  });
});
