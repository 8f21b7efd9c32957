import { describe, expect, it } from 'vitest';
import { GM, sceneTable } from '../../lib/test/play';
import { tray } from './roll-draft-fixture';

describe('the dice tray’s defenders come from the board [CORE-TARGET-1]', () => {
  /** Pier – Shed – Roof: the Brute on the Pier, Zira and Tam on the Roof. */
  function onBoard() {
    const s = sceneTable();
    const { t, zira, tam, brute } = s;
    const zone = (name: string, x: number) =>
      t.ok(GM, { type: 'zone.add', name, x, y: 0, w: 4, h: 3 }).zoneId!;
    const pier = zone('Pier', 0);
    const shed = zone('Shed', 4);
    const roof = zone('Roof', 8);
    t.ok(GM, { type: 'board.move', characterId: brute, zoneId: pier });
    t.ok(GM, { type: 'board.move', characterId: zira, zoneId: roof });
    t.ok(GM, { type: 'board.move', characterId: tam, zoneId: roof });
    return { ...s, pier, shed, roof };
  }

  it('offers the zones with anyone in them, then the characters in the chosen one', () => {
    const { t, zira, tam, brute, roof } = onBoard();
    const draft = tray(t, GM);
    draft.who.value = brute;
    draft.action = 'attack';
    draft.against = 'character';
    // Nobody else on the Pier: the Roof is the only zone offered.
    expect(draft.places.map((p) => p.name)).toEqual(['Roof']);
    expect(draft.place.value).toBe(roof);
    expect(draft.opponents.map((c) => c.id).sort()).toEqual([zira, tam].sort());
    // The second defender, not the first: the command names her, and the reducer takes it.
    const second = draft.opponents[1]!.id;
    draft.opposing.value = second;
    const command = draft.command()!;
    expect(command).toMatchObject({ defender: second });
    t.ok(GM, { type: 'roll', ...command });
  });

  it('prefers the roller’s own zone when anyone else stands there', () => {
    const { t, zira, tam, roof } = onBoard();
    const draft = tray(t, GM);
    draft.who.value = zira;
    draft.against = 'character';
    expect(draft.place.value).toBe(roof);
    expect(draft.opponents.map((c) => c.id)).toEqual([tam]);
  });

  it('attacks everyone in a zone with one roll the reducer takes', () => {
    const { t, zira, tam, brute, roof, shed } = onBoard();
    const draft = tray(t, GM);
    draft.who.value = brute;
    draft.skill.value = 'fight';
    draft.action = 'attack';
    draft.against = 'zone';
    // Without a stunt that does it, no zone attack is offered [CORE-TARGET-2], and the
    // reducer refuses one.
    expect(draft.zoneStunt).toBeUndefined();
    expect(draft.against).toBe('character');
    expect(draft.zoneAttackable).toBe(false);
    expect(
      t.send(GM, {
        type: 'roll',
        characterId: brute,
        skillId: 'fight',
        action: 'attack',
        zone: roof,
      }).ok,
    ).toBe(false);
    const volley = {
      id: 'volley',
      name: 'Rain of Blows',
      text: 'Hit everyone near.',
      zoneAttack: true,
    };
    t.ok(GM, { type: 'character.update', characterId: brute, changes: { stunts: [volley] } });
    expect(draft.zoneStunt).toBe('Rain of Blows');
    draft.against = 'zone';
    expect(draft.against).toBe('zone');
    // The empty Shed is never offered: the reducer would refuse it.
    expect(draft.places.map((p) => p.id)).toEqual([roof]);
    expect(draft.places.map((p) => p.id)).not.toContain(shed);
    expect(draft.inPlace.map((c) => c.id).sort()).toEqual([zira, tam].sort());
    expect(draft.odds).toBeNull();
    const command = draft.command()!;
    expect(command).toMatchObject({ zone: roof, action: 'attack' });
    expect(command).not.toHaveProperty('defender');
    expect(command).not.toHaveProperty('difficulty');
    const out = t.ok(GM, { type: 'roll', ...command }) as { rollIds?: string[] };
    expect(out.rollIds).toHaveLength(2);
    // Another action than an attack picks one of them instead.
    draft.action = 'overcome';
    expect(draft.against).toBe('character');
    expect(draft.command()).not.toHaveProperty('zone');
  });
});
