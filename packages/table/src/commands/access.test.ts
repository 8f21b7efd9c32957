import { describe, expect, it } from 'vitest';
import { controls, playedBy } from './access';
import { readTable } from '../doc/views';
import { GM, SPECTATOR, player, sceneTable } from '../test/harness';

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
