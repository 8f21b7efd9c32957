import { describe, expect, it } from 'vitest';
import { GM, SPECTATOR, refused, skillRoll } from '../../test/harness';
import { docks, view } from '../../test/board';
import { pubRoots } from '../../doc/schema';
import { moveCheck, moveFacts } from './move-check';

// Moving a token through the reducer: where it may go and what a move costs [CORE-MOVE-1..3].

describe('moving tokens [CORE-MOVE-1] [CORE-MOVE-2] [CORE-MOVE-3]', () => {
  it('a player moves their own character one open border for free, logged', () => {
    const { t, ann, a, pier, shed } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    const out = t.ok(ann, { type: 'board.move', characterId: a, zoneId: shed });
    expect(view({ t }).board.tokens).toContainEqual({ characterId: a, zoneId: shed });
    expect(JSON.stringify(out.log)).toContain('Zira moves to Warehouse');
  });

  it('refuses another’s token, a spectator, a zone that does not exist, the same zone', () => {
    const { t, ann, a, b, pier } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    refused(t, ann, { type: 'board.move', characterId: b, zoneId: pier }, 'forbidden');
    refused(t, SPECTATOR, { type: 'board.move', characterId: a, zoneId: pier }, 'forbidden');
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: 'nowhere' }, 'not-found');
    refused(t, ann, { type: 'board.move', characterId: 'nobody', zoneId: pier }, 'not-found');
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: pier }, 'invalid');
    refused(
      t,
      ann,
      { type: 'board.move', characterId: a, zoneId: pier, override: true },
      'forbidden',
    );
  });

  it('asks an overcome across a border aspect, or two zones away; none to a zone no border reaches', () => {
    const { t, ann, a, pier, shed, roof, far } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    const two = t.send(ann, { type: 'board.move', characterId: a, zoneId: roof });
    expect(two).toMatchObject({
      ok: false,
      code: 'move-needs-overcome',
      reason: {
        id: 'move-needs-overcome',
        params: { difficulty: 2, distance: 2, roll: 'athletics' },
      },
    });
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: far }, 'unreachable');
    t.ok(ann, { type: 'board.move', characterId: a, zoneId: shed });
    const check = moveCheck(
      moveFacts(pubRoots(t.docs.pub)),
      ann,
      { id: a, name: 'Zira', owner: ann.seatId },
      roof,
    );
    expect(check).toMatchObject({ kind: 'overcome', difficulty: 1, distance: 1 });
    if (check.kind === 'overcome')
      expect(check.hindered[0]?.aspects[0]?.text).toBe('Locked Iron Door');
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: roof }, 'move-needs-overcome');
  });

  it('the overcome, once it does not fail, allows that one move; a failed one does not', () => {
    const { t, ann, a, shed, roof } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: shed });
    refused(t, ann, skillRoll(a, 'fight', 'overcome', { moveTo: roof }), 'invalid');
    // Seeded dice: roll until one fails, then until one does not; each is used at once,
    // while it is still among the recent rolls.
    const overcome = (want: (failed: boolean) => boolean): string | undefined => {
      for (let i = 0; i < 100; i++) {
        const { rollId } = t.ok(ann, skillRoll(a, 'athletics', 'overcome', { moveTo: roof }));
        const roll = view({ t }).rolls.find((r) => r.id === rollId)!;
        expect(roll.difficulty).toBe(1);
        if (want(roll.outcome === 'fail')) return rollId;
      }
      return undefined;
    };
    const failed = overcome((f) => f);
    expect(failed).toBeDefined();
    refused(
      t,
      ann,
      { type: 'board.move', characterId: a, zoneId: roof, via: failed },
      'move-roll-failed',
    );
    const passed = overcome((f) => !f);
    expect(passed).toBeDefined();
    t.ok(ann, { type: 'board.move', characterId: a, zoneId: roof, via: passed });
    expect(view({ t }).board.tokens).toContainEqual({ characterId: a, zoneId: roof });
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: shed, override: true });
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: roof, via: passed }, 'invalid');
  });

  it('the GM moves anyone anywhere with override, logged as waved through', () => {
    const { t, b, npc, far } = docks();
    const out = t.ok(GM, { type: 'board.move', characterId: b, zoneId: far, override: true });
    t.ok(GM, { type: 'board.move', characterId: npc, zoneId: far, override: true });
    expect(view({ t }).board.tokens.filter((x) => x.zoneId === far)).toHaveLength(2);
    expect(JSON.stringify(out.log)).toContain('Tam');
  });

  it('in a conflict, one free move on one’s own turn', () => {
    const { t, ann, a, b, npc, pier, shed } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    t.ok(ann, { type: 'board.move', characterId: a, zoneId: shed });
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: pier }, 'move-needs-overcome');
  });
});
