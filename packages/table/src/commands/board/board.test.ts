import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readGm } from '../../doc/views';
import {
  GM,
  SPECTATOR,
  refused,
  sceneTable,
  skillRoll,
  validSheet,
  type TestTable,
} from '../../test/harness';
import { docks, view } from '../../test/board';
import { BOARD_LIMITS } from './schemas';

/**
 * The scene board through the reducer: who lays it out, aspects standing on zones and borders
 * [CORE-ZONE-1], and the prepared board kept in the GM document until `board.reveal`. Moves
 * are in moves.test.ts, an attack on a zone in targets.test.ts.
 */

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
    const { rollId } = t.ok(ann, skillRoll(a, 'notice', 'overcome', { difficulty: 2 }));
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

/** A zone the GM prepares below the Pier, kept in the GM document. */
const hiddenCellar = (t: TestTable, name: string) =>
  t.ok(GM, { type: 'zone.add', name, x: 0, y: 6, w: 4, h: 3, hidden: true }).zoneId!;

describe('the prepared board', () => {
  it('stays in the GM document until one board.reveal brings it all in', () => {
    const { t, pier, shed } = docks();
    const cellar = hiddenCellar(t, 'Smugglers Cellar');
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
    const cellar = hiddenCellar(t, 'Cellar');
    const draft = t.ok(GM, {
      type: 'gm.npc-draft',
      character: validSheet('fate-core', 'Thug'),
    }).hiddenId!;
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
    refused(t, ann, { type: 'board.move', characterId: draft, zoneId: pier }, 'not-found');
    refused(t, ann, { type: 'board.move', characterId: a, zoneId: cellar }, 'not-found');
  });
});
