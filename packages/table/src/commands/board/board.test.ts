import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readGm, readTable } from '../../doc/views';
import { GM, SPECTATOR, VOLLEY, refused, sceneTable, validSheet } from '../../test/harness';
import { moveCheck, moveFacts } from './move-check';
import { pubRoots } from '../../doc/schema';
import { BOARD_LIMITS } from './schemas';

/**
 * The scene board through the reducer: who lays it out, where tokens may go and what a move
 * costs [CORE-ZONE-1] [CORE-MOVE-1..3], aspects standing on zones and borders, an attack on a
 * zone [CORE-TARGET-1], and the prepared board kept in the GM document until `board.reveal`.
 */

/** The docks: Pier – Warehouse – Roof in a row, the Warehouse–Roof border hindered. */
function docks() {
  const s = sceneTable(5);
  const { t } = s;
  const pier = t.ok(GM, { type: 'zone.add', name: 'Pier', x: 0, y: 0, w: 4, h: 3 }).zoneId!;
  const shed = t.ok(GM, { type: 'zone.add', name: 'Warehouse', x: 4, y: 0, w: 4, h: 3 }).zoneId!;
  const roof = t.ok(GM, { type: 'zone.add', name: 'Roof', x: 8, y: 0, w: 3, h: 3 }).zoneId!;
  const far = t.ok(GM, { type: 'zone.add', name: 'Lighthouse', x: 20, y: 10, w: 2, h: 2 }).zoneId!;
  t.ok(GM, { type: 'border.add', a: pier, b: shed });
  const door = t.ok(GM, { type: 'border.add', a: shed, b: roof }).borderId!;
  const locked = t.ok(GM, {
    type: 'aspect.add',
    kind: 'situation',
    text: 'Locked Iron Door',
    place: door,
    freeInvokes: 1,
  }).aspectId!;
  return { ...s, pier, shed, roof, far, door, locked };
}

const view = (s: { t: { docs: { pub: Y.Doc } } }) => readTable(s.t.docs.pub);

describe('laying out the board', () => {
  it('is the GM’s: players and spectators are refused and nothing changes', () => {
    const { t, ann, pier } = docks();
    refused(t, ann, { type: 'zone.add', name: 'Alley', x: 0, y: 10, w: 2, h: 2 }, 'forbidden');
    refused(
      t,
      SPECTATOR,
      { type: 'zone.add', name: 'Alley', x: 0, y: 10, w: 2, h: 2 },
      'forbidden',
    );
    refused(t, ann, { type: 'zone.edit', zoneId: pier, name: 'Mine' }, 'forbidden');
    refused(t, ann, { type: 'zone.remove', zoneId: pier }, 'forbidden');
    refused(t, ann, { type: 'board.reveal' }, 'forbidden');
  });

  it('keeps zones on the grid and apart', () => {
    const { t, pier, shed } = docks();
    refused(t, GM, { type: 'zone.add', name: 'Sea', x: 40, y: 0, w: 10, h: 2 }, 'invalid');
    refused(t, GM, { type: 'zone.add', name: 'Sea', x: 48, y: 0, w: 1, h: 1 }, 'bad-command');
    refused(t, GM, { type: 'zone.add', name: 'Sea', x: 1.5, y: 0, w: 1, h: 1 }, 'bad-command');
    refused(t, GM, { type: 'zone.add', name: 'Crate', x: 3, y: 2, w: 2, h: 2 }, 'invalid');
    refused(t, GM, { type: 'zone.edit', zoneId: pier, w: 5 }, 'invalid');
    refused(t, GM, { type: 'zone.edit', zoneId: 'nope', w: 2 }, 'not-found');
    refused(t, GM, { type: 'border.add', a: pier, b: pier }, 'invalid');
    refused(t, GM, { type: 'border.add', a: shed, b: pier }, 'invalid');
    refused(t, GM, { type: 'border.add', a: pier, b: 'nope' }, 'not-found');
    // Moving and resizing within the grid, and a new name, are the GM's.
    t.ok(GM, { type: 'zone.edit', zoneId: pier, name: 'Old Pier', y: 3, h: 2 });
    expect(view({ t }).board.zones.find((z) => z.id === pier)).toMatchObject({
      name: 'Old Pier',
      x: 0,
      y: 3,
      w: 4,
      h: 2,
    });
  });

  it('holds at most BOARD_LIMITS.zones zones', () => {
    const { t } = sceneTable(6);
    for (let i = 0; i < BOARD_LIMITS.zones; i++) {
      t.ok(GM, {
        type: 'zone.add',
        name: `Z${i}`,
        x: i % 24,
        y: Math.floor(i / 24) * 2,
        w: 1,
        h: 1,
      });
    }
    refused(t, GM, { type: 'zone.add', name: 'One more', x: 0, y: 20, w: 1, h: 1 }, 'invalid');
  });

  it('removing a zone drops its borders and tokens; its aspects stay on the scene', () => {
    const { t, a, shed, roof, door, locked } = docks();
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: roof, override: true });
    t.ok(GM, { type: 'zone.remove', zoneId: roof });
    const v = view({ t });
    expect(v.board.borders.some((b) => b.id === door)).toBe(false);
    expect(v.board.tokens.some((x) => x.characterId === a)).toBe(false);
    const aspect = v.aspects.find((x) => x.id === locked)!;
    expect(aspect.place).toBeUndefined();
    expect(aspect.freeInvokes).toEqual({ gm: 1 });
    expect(v.board.zones.some((z) => z.id === shed)).toBe(true);
  });
});

describe('aspects on zones and borders', () => {
  it('are situation aspects with a place, invoked like any other', () => {
    const { t, ann, a, shed, locked } = docks();
    const fire = t.ok(GM, {
      type: 'aspect.add',
      kind: 'situation',
      text: 'On Fire',
      place: shed,
      freeInvokes: 1,
      owner: ann.seatId,
    }).aspectId!;
    const v = view({ t });
    expect(v.aspects.find((x) => x.id === fire)).toMatchObject({ place: shed, kind: 'situation' });
    expect(v.aspects.find((x) => x.id === locked)?.place).toBeDefined();
    // Ann's free invoke on the zone's aspect spends as on any scene aspect.
    const { rollId } = t.ok(ann, {
      type: 'roll',
      characterId: a,
      skillId: 'notice',
      action: 'overcome',
      difficulty: 2,
    });
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { aspectId: fire },
      effect: '+2',
      free: true,
    });
    expect(view({ t }).aspects.find((x) => x.id === fire)?.freeInvokes).toEqual({});
  });

  it('refuses a place that is not a zone or border, and a non-situation aspect there', () => {
    const { t, a, shed } = docks();
    refused(
      t,
      GM,
      { type: 'aspect.add', kind: 'situation', text: 'Fog', place: 'nope' },
      'not-found',
    );
    refused(
      t,
      GM,
      { type: 'aspect.add', kind: 'character', characterId: a, text: 'Soaked', place: shed },
      'invalid',
    );
  });
});

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
    refused(
      t,
      ann,
      { type: 'roll', characterId: a, skillId: 'fight', action: 'overcome', moveTo: roof },
      'invalid',
    );
    // Seeded dice: roll until one fails, then until one does not; each is used at once,
    // while it is still among the recent rolls.
    const overcome = (want: (failed: boolean) => boolean): string | undefined => {
      for (let i = 0; i < 100; i++) {
        const { rollId } = t.ok(ann, {
          type: 'roll',
          characterId: a,
          skillId: 'athletics',
          action: 'overcome',
          moveTo: roof,
        });
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

describe('an attack on everyone in a zone [CORE-TARGET-1] [CORE-TARGET-2]', () => {
  it('rolls once and asks each character there for a defence', () => {
    const { t, ann, a, b, npc, pier, shed } = docks();
    t.ok(GM, { type: 'board.move', characterId: npc, zoneId: pier, override: true });
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: shed, override: true });
    t.ok(GM, { type: 'board.move', characterId: b, zoneId: shed, override: true });
    const attack = { type: 'roll', characterId: npc, skillId: 'shoot', action: 'attack' } as const;
    // Without a stunt that does it, an attack names one defender [CORE-TARGET-2].
    refused(t, GM, { ...attack, zone: shed }, 'rules');
    // A stunt that does something else is not one.
    t.ok(GM, {
      type: 'character.update',
      characterId: npc,
      changes: { stunts: [{ ...VOLLEY, zoneAttack: false }] },
    });
    refused(t, GM, { ...attack, zone: shed }, 'rules');
    t.ok(GM, { type: 'character.update', characterId: npc, changes: { stunts: [VOLLEY] } });
    expect(view({ t }).characters.find((c) => c.id === npc)?.stunts).toEqual([VOLLEY]);
    refused(t, GM, { ...attack, zone: pier }, 'invalid');
    const out = t.ok(GM, {
      type: 'roll',
      characterId: npc,
      skillId: 'shoot',
      action: 'attack',
      zone: shed,
    });
    const ids = (out as { rollIds?: string[] }).rollIds!;
    expect(ids).toHaveLength(2);
    const rolls = view({ t }).rolls.filter((r) => ids.includes(r.id));
    expect(rolls.map((r) => r.defence?.characterId).sort()).toEqual([a, b].sort());
    expect(new Set(rolls.map((r) => r.actor.total)).size).toBe(1);
    // Each copy names the stunt that allowed it, for its roll card.
    expect(rolls.map((r) => r.zoneAttack?.stunt)).toEqual([VOLLEY.name, VOLLEY.name]);
    t.ok(ann, {
      type: 'defend',
      rollId: rolls.find((r) => r.defence?.characterId === a)!.id,
      skillId: 'athletics',
    });
  });
});

describe('the prepared board', () => {
  it('stays in the GM document until one board.reveal brings it all in', () => {
    const { t, pier, shed } = docks();
    const cellar = t.ok(GM, {
      type: 'zone.add',
      name: 'Smugglers Cellar',
      x: 0,
      y: 6,
      w: 4,
      h: 3,
      hidden: true,
    }).zoneId!;
    const hatch = t.ok(GM, { type: 'border.add', a: pier, b: cellar }).borderId!;
    const secret = t.ok(GM, { type: 'border.add', a: shed, b: cellar, hidden: true });
    expect(secret).toBeDefined();
    t.ok(GM, { type: 'gm.prepare', kind: 'situation', text: 'Ambush Ready', place: cellar });
    const draft = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Hidden Thug'),
      zoneId: cellar,
    }).hiddenId!;
    // Players receive none of it: not in the public document, not in its log.
    const pubBytes = Buffer.from(Y.encodeStateAsUpdate(t.docs.pub)).toString('latin1');
    for (const secretWord of ['Smugglers', 'Ambush', 'Hidden Thug']) {
      expect(pubBytes).not.toContain(secretWord);
    }
    const gm = readGm(t.docs.gm);
    expect(gm.board.zones.map((z) => z.id)).toContain(cellar);
    expect(gm.board.borders.map((b) => b.id)).toContain(hatch);
    t.ok(GM, { type: 'board.move', characterId: draft, zoneId: pier });

    t.ok(GM, { type: 'board.reveal' });
    const v = view({ t });
    expect(v.board.zones.map((z) => z.name)).toContain('Smugglers Cellar');
    expect(v.board.borders.map((b) => b.id)).toContain(hatch);
    expect(v.aspects.find((x) => x.text === 'Ambush Ready')?.place).toBe(cellar);
    const thug = v.characters.find((c) => c.name === 'Hidden Thug')!;
    expect(v.board.tokens).toContainEqual({ characterId: thug.id, zoneId: pier });
    const after = readGm(t.docs.gm);
    expect(after.board.zones).toHaveLength(0);
    expect(after.hidden).toHaveLength(0);
    refused(t, GM, { type: 'board.reveal' }, 'invalid');
  });

  it('a player cannot move a prepared NPC or reach a prepared zone', () => {
    const { t, ann, a, pier } = docks();
    const cellar = t.ok(GM, {
      type: 'zone.add',
      name: 'Cellar',
      x: 0,
      y: 6,
      w: 4,
      h: 3,
      hidden: true,
    }).zoneId!;
    const draft = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Thug'),
    }).hiddenId!;
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    refused(t, ann, { type: 'board.move', characterId: draft, zoneId: pier }, 'not-found');
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: cellar }, 'not-found');
  });
});
