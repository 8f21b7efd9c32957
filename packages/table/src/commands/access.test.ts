import { describe, expect, it } from 'vitest';
import { controls, playedBy } from './access';
import { readTable } from '../doc/views';
import {
  GM,
  SPECTATOR,
  player,
  refused,
  sceneTable,
  sceneWithAspect,
  skillRoll,
  validSheet,
} from '../test/harness';

// "Is this mine" and "may I act for it" are asked of the table by the client (session.plays,
// session.controls) to offer a character's buttons; the reducer decides with the same
// functions. Held here against the reducer's answer for every kind of person and character.

describe('who acts for a character', () => {
  const people = ['gm', 'ann', 'bob', 'seatless', 'spectator'] as const;
  const characters = ['a', 'b', 'npc'] as const;

  for (const who of people) {
    for (const which of characters) {
      it(`${who} on ${which}: controls() is what character.update gets`, () => {
        const table = sceneTable(5);
        const actor = {
          gm: GM,
          ann: table.ann,
          bob: table.bob,
          seatless: player(),
          spectator: SPECTATOR,
        }[who];
        const id = table[which];
        const character = readTable(table.t.docs.pub).characters.find((c) => c.id === id)!;
        const offered = controls(actor, character);
        const answer = table.t.send(actor, {
          type: 'character.update',
          characterId: id,
          changes: { name: `${character.name} the Second` },
        });
        expect(answer.ok).toBe(offered);
        // A player's own character is exactly the one their seat plays; the GM plays none.
        expect(playedBy(actor.seatId, character)).toBe(actor.role === 'player' && offered);
      });
    }
  }

  it('no seat plays a character nobody claimed', () => {
    expect(playedBy(null, {})).toBe(false);
    expect(playedBy(undefined, { owner: undefined })).toBe(false);
    expect(playedBy('s1', { owner: 's1' })).toBe(true);
  });
});

describe('role checks', () => {
  it('refuses every command from a spectator', () => {
    const { t, a, aspectId } = sceneWithAspect();
    refused(t, SPECTATOR, skillRoll(a, 'fight', 'overcome'), 'forbidden');
    refused(t, SPECTATOR, { type: 'spotlight.push', ref: { aspectId } }, 'forbidden');
    refused(t, SPECTATOR, { type: 'compel.offer', characterId: a, text: 'x' }, 'forbidden');
  });

  it('refuses a player acting for another player’s character', () => {
    const { t, ann, b } = sceneWithAspect();
    refused(t, ann, skillRoll(b, 'fight', 'overcome'), 'forbidden');
    refused(
      t,
      ann,
      { type: 'character.update', characterId: b, changes: { name: 'Mine' } },
      'forbidden',
    );
    refused(t, ann, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: b }, 'forbidden');
    refused(t, ann, { type: 'concede', characterId: b }, 'forbidden');
    refused(t, ann, { type: 'absorb', characterId: b, shifts: 1, option: 0 }, 'forbidden');
  });

  it('refuses a player asking for GM-only things', () => {
    const { t, ann, a, aspectId } = sceneWithAspect();
    for (const input of [
      { type: 'scene.end' },
      { type: 'session.start' },
      { type: 'aspect.add', kind: 'situation', text: 'Mine' },
      { type: 'aspect.remove', ref: { aspectId } },
      { type: 'spotlight.push', ref: { aspectId } },
      { type: 'gm.prepare', kind: 'situation', text: 'Secret' },
      { type: 'gm.note', text: 'x' },
      { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: a, value: 9 } },
      { type: 'conflict.start', order: [a] },
      { type: 'consequence.clear', characterId: a, slotId: 'mild' },
      { type: 'character.create', character: validSheet('fate-core', 'Npc'), npc: true },
    ]) {
      refused(t, ann, input, 'forbidden');
    }
  });

  it('refuses a player without a seat anything but join', () => {
    const { t, a } = sceneWithAspect();
    refused(t, player(), { type: 'roll', characterId: a, action: 'overcome' }, 'forbidden');
  });
});
