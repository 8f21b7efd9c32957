import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import {
  GM,
  SPECTATOR,
  player,
  refused,
  sceneTable,
  skillRoll,
  validSheet,
} from '../../test/harness';
import { MAX_HELP_REQUESTS } from './help';

// Asking for help and answering it, as a table plays teamwork: Ann (Zira) asks Bob (Tam) to
// help her Fight roll; Bob's answer, on his own screen, decides whether Tam's +1 counts. The
// helper is on the roller's side, never whom the roll is against. [CORE-TEAMWORK-1]
// [CORE-TEAMWORK-2]

const fight = (characterId: string, extra: Record<string, unknown> = {}) => ({
  type: 'roll',
  characterId,
  skillId: 'fight',
  action: 'overcome',
  difficulty: 2,
  ...extra,
});

function asked() {
  const s = sceneTable();
  const { requestId } = s.t.ok(s.ann, {
    type: 'help.ask',
    characterId: s.a,
    helperId: s.b,
    skillId: 'fight',
  });
  return { ...s, requestId: requestId! };
}

const helpOf = (t: ReturnType<typeof sceneTable>['t']) => readTable(t.docs.pub).help;

describe('[CORE-TEAMWORK-1] a player’s character helps when its player agrees', () => {
  it('asks, waits, counts Tam once Bob accepts, and the roll consumes the request', () => {
    const { t, ann, bob, a, b, requestId } = asked();
    expect(helpOf(t)).toEqual([
      {
        id: requestId,
        rollerId: a,
        skillId: 'fight',
        helperId: b,
        askedBy: { role: 'player', seatId: ann.seatId },
        answer: 'waiting',
        at: expect.any(Number) as number,
      },
    ]);
    // Not yet: Bob has not answered.
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    expect(helpOf(t)[0]!.answer).toBe('accepted');
    const { rollId } = t.ok(ann, fight(a, { helpers: [b] }));
    const roll = readTable(t.docs.pub).rolls.find((r) => r.id === rollId)!;
    expect(roll.actor.modifiers).toEqual([{ label: 'Tam', value: 1, kind: 'help' }]);
    // Used up: the next roll needs a new yes.
    expect(helpOf(t)).toEqual([]);
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
  });

  it('a no is a no; asking again puts the question back, and a yes then counts', () => {
    const { t, ann, bob, a, b, requestId } = asked();
    t.ok(bob, { type: 'help.answer', requestId, accept: false });
    expect(helpOf(t)[0]!.answer).toBe('declined');
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
    const again = t.ok(ann, { type: 'help.ask', characterId: a, helperId: b, skillId: 'fight' });
    expect(helpOf(t)).toMatchObject([{ id: again.requestId, answer: 'waiting' }]);
    t.ok(bob, { type: 'help.answer', requestId: again.requestId, accept: true });
    t.ok(ann, fight(a, { helpers: [b] }));
  });

  it('refuses a roll whose helper took the yes back, or whose request was withdrawn', () => {
    const { t, ann, bob, a, b, requestId } = asked();
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    t.ok(bob, { type: 'help.answer', requestId, accept: false });
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    t.ok(ann, { type: 'help.withdraw', requestId });
    expect(helpOf(t)).toEqual([]);
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
    // A yes for another skill is not a yes for this one.
    const other = t.ok(ann, {
      type: 'help.ask',
      characterId: a,
      helperId: b,
      skillId: 'athletics',
    });
    t.ok(bob, { type: 'help.answer', requestId: other.requestId, accept: true });
    refused(t, ann, fight(a, { helpers: [b] }), 'forbidden');
  });

  it('only the helper’s player (or the GM) answers; a spectator sends nothing', () => {
    const { t, ann, a, b, requestId } = asked();
    refused(t, ann, { type: 'help.answer', requestId, accept: true }, 'forbidden');
    refused(t, SPECTATOR, { type: 'help.answer', requestId, accept: true }, 'forbidden');
    refused(t, player(), { type: 'help.answer', requestId, accept: true }, 'forbidden');
    refused(
      t,
      SPECTATOR,
      { type: 'help.ask', characterId: a, helperId: b, skillId: 'fight' },
      'forbidden',
    );
    refused(t, SPECTATOR, { type: 'help.withdraw', requestId }, 'forbidden');
    refused(t, ann, { type: 'help.answer', requestId: 'gone', accept: true }, 'not-found');
    // The GM speaks for every character: an answer for Tam counts.
    t.ok(GM, { type: 'help.answer', requestId, accept: true });
    t.ok(ann, fight(a, { helpers: [b] }));
  });

  it('only the roller’s player asks for their character, and withdraws', () => {
    const { t, bob, a, b, npc, requestId } = asked();
    refused(
      t,
      bob,
      { type: 'help.ask', characterId: a, helperId: b, skillId: 'fight' },
      'forbidden',
    );
    refused(t, bob, { type: 'help.withdraw', requestId }, 'forbidden');
    // The same question twice waits for one answer; an NPC is the GM's to lend.
    const again = sceneTable();
    again.t.ok(again.ann, { type: 'help.ask', characterId: a, helperId: b, skillId: 'fight' });
    refused(
      again.t,
      again.ann,
      { type: 'help.ask', characterId: a, helperId: b, skillId: 'fight' },
      'invalid',
    );
    refused(
      again.t,
      again.ann,
      { type: 'help.ask', characterId: a, helperId: npc, skillId: 'fight' },
      'rules',
    );
    refused(
      again.t,
      again.ann,
      { type: 'help.ask', characterId: a, helperId: b, skillId: 'provoke' },
      'rules',
    );
  });

  it('the GM adds anyone’s help without asking; the scene’s end clears what is open', () => {
    const { t, a, b, npc } = asked();
    t.ok(GM, fight(npc, { helpers: [a, b] }));
    t.ok(GM, { type: 'help.ask', characterId: npc, helperId: a, skillId: 'fight' });
    expect(helpOf(t)).toHaveLength(2);
    t.ok(GM, { type: 'scene.end' });
    expect(helpOf(t)).toEqual([]);
  });

  it(`keeps one request per roller and helper, and at most ${MAX_HELP_REQUESTS} open`, () => {
    const { t, ann, bob, a, b, npc } = sceneTable();
    for (const skillId of ['fight', 'athletics']) {
      const { requestId } = t.ok(ann, { type: 'help.ask', characterId: a, helperId: b, skillId });
      // Asking for another skill replaces the question: one per roller and helper.
      expect(helpOf(t).map((q) => q.id)).toEqual([requestId]);
    }
    t.ok(bob, { type: 'help.ask', characterId: b, helperId: a, skillId: 'fight' });
    expect(helpOf(t)).toHaveLength(2);
    const thugs = Array.from({ length: MAX_HELP_REQUESTS - 1 }, (_, i) => {
      const character = validSheet('fate-core', `Thug ${i}`);
      return t.ok(GM, { type: 'character.create', character, npc: true }).characterId!;
    });
    for (const helperId of thugs.slice(0, -1)) {
      t.ok(GM, { type: 'help.ask', characterId: npc, helperId, skillId: 'fight' });
    }
    expect(helpOf(t)).toHaveLength(MAX_HELP_REQUESTS);
    refused(
      t,
      GM,
      { type: 'help.ask', characterId: npc, helperId: thugs.at(-1), skillId: 'fight' },
      'invalid',
    );
  });
});

describe('[CORE-TEAMWORK-2] a helper is never whom the roll is against', () => {
  it('refuses the defender, and the opposing character, as a helper, even the GM’s', () => {
    const { t, ann, bob, a, b, npc, requestId } = asked();
    t.ok(bob, { type: 'help.answer', requestId, accept: true });
    // Tam agreed to help Zira's Fight; Zira attacks Tam: he is not on her side of that roll.
    refused(t, ann, skillRoll(a, 'fight', 'attack', { defender: b, helpers: [b] }), 'rules');
    refused(
      t,
      ann,
      skillRoll(a, 'fight', 'defend', {
        opposition: { characterId: b, skillId: 'fight' },
        helpers: [b],
      }),
      'rules',
    );
    // The GM's Brute attacks Zira: Zira is not offered, nor counted, on the Brute's side.
    refused(t, GM, skillRoll(npc, 'fight', 'attack', { defender: a, helpers: [a] }), 'rules');
    // With everyone on the right side the same rolls go through.
    t.ok(GM, skillRoll(npc, 'fight', 'attack', { defender: a, helpers: [b] }));
  });

  it('refuses stunts and helpers on the opposition: they are its own player’s to pick', () => {
    const { t, a, b, npc } = sceneTable();
    refused(
      t,
      GM,
      skillRoll(npc, 'fight', 'defend', {
        opposition: { characterId: a, skillId: 'fight', helpers: [b] },
      }),
      'bad-command',
    );
    refused(
      t,
      GM,
      skillRoll(npc, 'fight', 'defend', {
        opposition: { characterId: a, skillId: 'fight', stunts: ['brawler'] },
      }),
      'bad-command',
    );
  });
});
