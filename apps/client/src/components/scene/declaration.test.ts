import { describe, expect, it } from 'vitest';
import type { Actor } from '@fateboard/table';
import { voterRows } from './declaration';
import { votesToCast } from '../shell/needs';
import { GM, sceneTable } from '../../lib/test/play';

/**
 * The vote on a declaration on each screen [ER-DECLARE-4]: who is asked (a toast, a badge, the
 * prompt's buttons) is exactly who the table lets vote.
 */
function table() {
  const s = sceneTable('edgerunner');
  const declarationId = String(
    s.t.ok(s.ann, {
      type: 'declaration.propose',
      characterId: s.zira,
      text: 'The alarm is off',
      targetId: s.brute,
    }).declarationId,
  );
  return { ...s, declarationId };
}

const me = (a: Actor) => ({ role: a.role, seatId: a.seatId ?? null });

describe('a declaration’s vote on the screens', () => {
  it('[ER-DECLARE-4] asks exactly those the table lets vote, and no one twice', () => {
    const probe = table();
    const late: Actor = {
      role: 'player',
      seatId: String(probe.t.ok({ role: 'player' }, { type: 'join', name: 'Lou' }).seatId),
    };
    const people: [string, Actor][] = [
      ['GM', GM],
      ['Ann (declares)', probe.ann],
      ['Bob', probe.bob],
      ['Lou (joined after)', late],
      ['a spectator', { role: 'spectator' }],
    ];
    for (const [name, actor] of people) {
      const asked = votesToCast(probe.t.view(), me(actor)).length > 0;
      const s = table();
      // The same person on a fresh table (Lou joins after the proposal there too).
      const who =
        actor === late
          ? {
              role: 'player' as const,
              seatId: String(s.t.ok({ role: 'player' }, { type: 'join', name: 'Lou' }).seatId),
            }
          : actor;
      const voted = s.t.send(who, {
        type: 'declaration.vote',
        declarationId: s.declarationId,
        stance: 'oppose',
      }).ok;
      expect(asked, name).toBe(voted);
      if (voted) {
        // Once voted, never asked again, and a second vote is refused.
        expect(votesToCast(s.t.view(), me(who)), name).toEqual([]);
        expect(
          s.t.send(who, {
            type: 'declaration.vote',
            declarationId: s.declarationId,
            stance: 'support',
          }).ok,
        ).toBe(false);
      }
    }
  });

  it('[ER-DECLARE-4] lists the voters by name, the GM first, with their votes as they come', () => {
    const { t, bob, declarationId } = table();
    const rows = () =>
      voterRows(
        t.view(),
        t.view().declarations[0]!,
        (id) => t.view().characters.find((c) => c.id === id)!.name,
      ).map((r) => [r.name, r.detail, r.stance, r.away]);
    expect(rows()).toEqual([
      ['GM', 'the referee', null, false],
      ['Bob', 'plays Tam', null, false],
    ]);
    t.ok(bob, { type: 'declaration.vote', declarationId, stance: 'abstain' });
    expect(rows()[1]).toEqual(['Bob', 'plays Tam', 'abstain', false]);
    // Presence says Bob is away (the GM is here): the GM may close the vote rather than wait.
    const presence = {
      participants: [
        { role: 'gm' as const, online: true },
        { role: 'player' as const, seatId: bob.seatId!, online: false },
      ],
      spectators: 0,
      overlays: 0,
    };
    const view = t.view();
    expect(
      voterRows(view, view.declarations[0]!, () => '', presence).map((r) => [r.name, r.away]),
    ).toEqual([
      ['GM', false],
      ['Bob', true],
    ]);
  });
});
