import { describe, expect, it } from 'vitest';
import { checkAspectChange } from './aspects';
import { applyEconomy } from '../../core/economy';
import { edgerunner } from './ruleset';

/** A player's change to a temporary aspect, of something they control or not. */
const temporaryChange = (change: 'add' | 'remove' | 'modify', actorControlsTarget: boolean) =>
  checkAspectChange({ actor: 'player', actorControlsTarget, change, permanent: false });

describe('edgerunner permanent and temporary aspects', () => {
  it('[ER-ASPECTS-2] the GM assigns both kinds at will to what he controls', () => {
    for (const permanent of [true, false]) {
      for (const change of ['add', 'modify', 'remove'] as const) {
        expect(
          checkAspectChange({ actor: 'gm', actorControlsTarget: true, change, permanent }),
        ).toEqual({
          ok: true,
          value: 'none',
        });
      }
    }
  });

  it('[ER-ASPECTS-3] the GM may give player things only temporary aspects, open to a declaration', () => {
    expect(
      checkAspectChange({
        actor: 'gm',
        actorControlsTarget: false,
        change: 'add',
        permanent: false,
      }),
    ).toEqual({ ok: true, value: 'declaration-if-disputed' });
    const refused = checkAspectChange({
      actor: 'gm',
      actorControlsTarget: false,
      change: 'add',
      permanent: true,
    });
    expect(refused).toMatchObject({ ok: false, code: 'gm-permanent-on-player-thing' });
    expect(
      checkAspectChange({
        actor: 'gm',
        actorControlsTarget: false,
        change: 'modify',
        permanent: true,
        targetTakenOutByActor: true,
      }),
    ).toEqual({ ok: true, value: 'none' });
  });

  it('[ER-ASPECTS-4] a player changes her permanent aspects only at a refresh', () => {
    const base = {
      actor: 'player',
      actorControlsTarget: true,
      change: 'modify',
      permanent: true,
    } as const;
    expect(checkAspectChange(base)).toMatchObject({ ok: false, code: 'permanent-only-at-refresh' });
    expect(checkAspectChange({ ...base, atRefresh: true })).toEqual({ ok: true, value: 'none' });
  });

  it('[ER-ASPECTS-5] a player changes permanent aspects of others only after taking them out', () => {
    const base = {
      actor: 'player',
      actorControlsTarget: false,
      change: 'remove',
      permanent: true,
    } as const;
    expect(checkAspectChange(base)).toMatchObject({ ok: false, code: 'permanent-needs-taken-out' });
    expect(checkAspectChange({ ...base, targetTakenOutByActor: true })).toEqual({
      ok: true,
      value: 'none',
    });
  });

  it('[ER-ASPECTS-6] players place temporary aspects with a declaration, assessment or maneuver', () => {
    expect(temporaryChange('add', false)).toEqual({ ok: true, value: 'aspect-action' });
    expect(temporaryChange('add', true)).toEqual({ ok: true, value: 'aspect-action' });
    expect(temporaryChange('remove', true)).toEqual({ ok: true, value: 'none' });
  });

  it('[ER-REMOVE-1] removing a temporary aspect from something you do not control takes a roll', () => {
    expect(temporaryChange('remove', false)).toEqual({ ok: true, value: 'removal-roll' });
  });
});

describe('edgerunner compels', () => {
  it('[ER-COMPEL-1] refusing the referee’s compel pays the GM’s pool, not the bank', () => {
    expect(edgerunner.gmCompelRefusalTo).toBe('gm-pool');
    const step = applyEconomy(
      { balances: { lydia: 2 }, gmPool: 0, pendingScenePayouts: {} },
      {
        type: 'compel-refuse',
        target: 'lydia',
        offeredBy: { type: 'gm' },
        gmTakesTo: edgerunner.gmCompelRefusalTo,
      },
    );
    expect(step.ok && [step.value.state.balances.lydia, step.value.state.gmPool]).toEqual([1, 1]);
  });
});
