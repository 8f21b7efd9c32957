import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { GM, VOLLEY, refused, sceneTable, skillRoll } from '../../test/harness';
import { docks, view } from '../../test/board';
import { boardTargets } from './targets';

/**
 * The dice tray's defenders come from `boardTargets` [CORE-TARGET-1]; the reducer judges the
 * roll. Every offer the board makes is one the reducer takes, and every zone it does not
 * offer for an attack on everyone is one the reducer refuses.
 */

/**
 * Three zones in a row: Zira and the Brute on the Pier, Tam alone on the Roof, the Shed empty.
 * With `volley`, the Brute and Tam have a stunt that attacks everyone in a zone; Zira never.
 */
function fight(seed: number, volley = true) {
  const s = sceneTable(seed);
  const { t, a, b, npc } = s;
  const pier = t.ok(GM, { type: 'zone.add', name: 'Pier', x: 0, y: 0, w: 4, h: 3 }).zoneId!;
  const shed = t.ok(GM, { type: 'zone.add', name: 'Shed', x: 4, y: 0, w: 4, h: 3 }).zoneId!;
  const roof = t.ok(GM, { type: 'zone.add', name: 'Roof', x: 8, y: 0, w: 4, h: 3 }).zoneId!;
  t.ok(GM, { type: 'border.add', a: pier, b: shed });
  t.ok(GM, { type: 'border.add', a: shed, b: roof });
  t.ok(GM, { type: 'board.move', characterId: a, zoneId: pier });
  t.ok(GM, { type: 'board.move', characterId: npc, zoneId: pier });
  t.ok(GM, { type: 'board.move', characterId: b, zoneId: roof });
  if (volley) {
    for (const [who, id] of [
      [GM, npc],
      [s.bob, b],
    ] as const) {
      t.ok(who, { type: 'character.update', characterId: id, changes: { stunts: [VOLLEY] } });
    }
  }
  return { ...s, pier, shed, roof };
}

describe('boardTargets [CORE-TARGET-1] [CORE-TARGET-2]', () => {
  it('lists who stands in each zone, never the attacker', () => {
    const { t, a, b, npc, pier, shed, roof } = fight(3);
    const view = readTable(t.docs.pub);
    const got = boardTargets(view, npc);
    const ids = (zoneId: string) =>
      got.zones.find((z) => z.zone.id === zoneId)!.defenders.map((c) => c.id);
    expect(ids(pier)).toEqual([a]);
    expect(ids(shed)).toEqual([]);
    expect(ids(roof)).toEqual([b]);
    expect(got.zones.find((z) => z.zone.id === shed)!.everyone).toBe(false);
    expect(got.offBoard).toEqual([]);
  });

  it('leaves out the taken out, and names those with no token', () => {
    const { t, a, b, npc, pier } = fight(4);
    const view = readTable(t.docs.pub);
    const characters = view.characters.map((c) => (c.id === a ? { ...c, takenOut: true } : c));
    const board = { ...view.board, tokens: view.board.tokens.filter((x) => x.characterId !== b) };
    const got = boardTargets({ board, characters }, npc);
    expect(got.zones.find((z) => z.zone.id === pier)!.defenders).toEqual([]);
    expect(got.offBoard.map((c) => c.id)).toEqual([b]);
  });

  it('offers no zone attack to an attacker without the stunt', () => {
    const { t, a, b, npc } = fight(6, false);
    for (const attacker of [a, b, npc]) {
      expect(boardTargets(readTable(t.docs.pub), attacker).zones.some((z) => z.everyone)).toBe(
        false,
      );
    }
  });

  it('offers exactly the zone attacks and defenders the reducer accepts', () => {
    const { a, b, npc, pier, shed, roof } = fight(5);
    for (const [attacker, volley] of [a, b, npc].flatMap((c) => [
      [c, true] as const,
      [c, false] as const,
    ])) {
      for (const zoneId of [pier, shed, roof]) {
        // A fresh table per roll: an accepted attack starts a conflict and awaits defences.
        const { t, ann, bob } = fight(5, volley);
        const who = attacker === a ? ann : attacker === b ? bob : GM;
        const offer = boardTargets(readTable(t.docs.pub), attacker).zones.find(
          (z) => z.zone.id === zoneId,
        )!;
        const skillId = 'fight';
        const ack = t.send(who, {
          type: 'roll',
          characterId: attacker,
          skillId,
          action: 'attack',
          zone: zoneId,
        });
        expect(ack.ok, `${attacker} on ${zoneId}`).toBe(offer.everyone);
        if (ack.ok) {
          const ids = (ack.result as { rollIds: string[] }).rollIds;
          const defending = readTable(t.docs.pub)
            .rolls.filter((r) => ids.includes(r.id))
            .map((r) => r.defence?.characterId)
            .sort();
          expect(defending).toEqual(offer.defenders.map((c) => c.id).sort());
        }
        for (const d of offer.defenders) {
          const fresh = fight(5, volley);
          const w = attacker === a ? fresh.ann : attacker === b ? fresh.bob : GM;
          fresh.t.ok(w, {
            type: 'roll',
            characterId: attacker,
            skillId,
            action: 'attack',
            defender: d.id,
          });
        }
      }
    }
  });
});

describe('an attack on everyone in a zone [CORE-TARGET-1] [CORE-TARGET-2]', () => {
  it('rolls once and asks each character there for a defence', () => {
    const { t, ann, a, b, npc, pier, shed } = docks();
    t.ok(GM, { type: 'board.move', characterId: npc, zoneId: pier, override: true });
    t.ok(GM, { type: 'board.move', characterId: a, zoneId: shed, override: true });
    t.ok(GM, { type: 'board.move', characterId: b, zoneId: shed, override: true });
    const attack = skillRoll(npc, 'shoot', 'attack');
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
    const out = t.ok(GM, skillRoll(npc, 'shoot', 'attack', { zone: shed }));
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
