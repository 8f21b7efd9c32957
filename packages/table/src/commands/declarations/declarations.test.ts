import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import {
  GM,
  SPECTATOR,
  TestTable,
  created,
  edgerunnerParty,
  refused,
  rollOf,
  seat,
  validSheet,
} from '../../test/harness';
import { loadDice } from '../../test/dice';
import { rollRefusal, voteRefusal, voteState } from './vote';

/**
 * The declaration vote [ER-DECLARE-4]: Lydia declares for Jade; William, Jon and the GM vote on
 * their own screens; the roll takes the server's tally once the vote is in or closed.
 */
function setUp() {
  const party = edgerunnerParty(7);
  const gatto = created(party.t, GM, validSheet('edgerunner', 'Gatto'), 'npc');
  return { ...party, gatto };
}

/** A vote on the declaration `declarationId`. */
const vote = (declarationId: string, stance: 'support' | 'oppose') => ({
  type: 'declaration.vote',
  declarationId,
  stance,
});

/** The roll of the declaration `declarationId` for `characterId`. */
const declarationRoll = (characterId: string, declarationId: string) => ({
  type: 'roll',
  characterId,
  aspectAction: 'declaration',
  declarationId,
});

const declarationOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).declarations.find((d) => d.id === id)!;
const lastLog = (t: TestTable) => readTable(t.docs.pub).log.at(-1)!.text;

function propose(s: ReturnType<typeof setUp>, text = 'The library has a pharmacology wing') {
  return s.t.ok(s.lydia, {
    type: 'declaration.propose',
    characterId: s.jade,
    text,
    targetId: s.gatto,
  }).declarationId!;
}

describe('a declaration is voted on by the others, on their own screens', () => {
  it('[ER-DECLARE-4] the GM and every other player vote once; the roll waits, then takes the tally', () => {
    const s = setUp();
    const { t, lydia, william, jon, jade } = s;
    const id = propose(s);
    const d = declarationOf(t, id);
    // Everyone but Lydia, the GM included; the declarer is not counted [ER-DECLARE-1].
    expect(d).toMatchObject({
      characterId: jade,
      declarer: lydia.seatId,
      text: 'The library has a pharmacology wing',
      targetId: s.gatto,
      votes: {},
      closed: false,
    });
    expect([...d.voters].sort()).toEqual(['gm', william.seatId, jon.seatId].sort());
    expect(lastLog(t)).toBe(
      'Jade declares “The library has a pharmacology wing” on Gatto: the table votes.',
    );

    // Refused, changing nothing: the roll before the vote is in, her own vote, a spectator.
    const roll = declarationRoll(jade, id);
    refused(t, lydia, roll, 'invalid');
    refused(t, lydia, vote(id, 'support'), 'forbidden');
    refused(t, SPECTATOR, vote(id, 'oppose'), 'forbidden');
    // William opposes; a second vote of his is refused, whatever it says.
    t.ok(william, vote(id, 'oppose'));
    expect(lastLog(t)).toBe('William opposes “The library has a pharmacology wing”.');
    refused(t, william, vote(id, 'support'), 'invalid');
    refused(t, william, vote(id, 'oppose'), 'invalid');
    t.ok(GM, vote(id, 'support'));
    expect(voteState(declarationOf(t, id))).toMatchObject({
      supporters: 1,
      opposers: 1,
      waiting: [jon.seatId],
      open: true,
    });
    refused(t, lydia, roll, 'invalid');
    // Jon's vote is the last: the vote is in, and says so.
    t.ok(jon, vote(id, 'support'));
    expect(lastLog(t)).toBe(
      'The vote on “The library has a pharmacology wing” is in: 2 supporting, 1 opposing; it rolls at +1.',
    );
    // After it: no more votes; and the skill is the tally, +1, whatever the client says.
    refused(t, GM, vote(id, 'oppose'), 'invalid');
    loadDice(t, [1, 1, 0, -1]);
    const { rollId } = t.ok(lydia, roll);
    const rolled = rollOf(t, rollId!);
    expect(rolled.actor.rating).toBe(1);
    expect(rolled.actor.total).toBe(2);
    expect(rolled.declaration).toEqual({
      supporters: 2,
      opposers: 1,
      text: 'The library has a pharmacology wing',
      targetId: s.gatto,
    });
    // Rolled once: the declaration is gone, so it cannot be rolled again.
    expect(readTable(t.docs.pub).declarations).toEqual([]);
    refused(t, lydia, roll, 'not-found');
    // Its aspect goes on the target the table voted on.
    const { aspectId } = t.ok(lydia, {
      type: 'outcome.apply',
      rollId,
      aspect: { text: 'Pharmacology wing' },
    });
    expect(readTable(t.docs.pub).aspects.find((a) => a.id === aspectId)).toMatchObject({
      text: 'Pharmacology wing',
      characterId: s.gatto,
      persistence: 2,
    });
  });

  it('[ER-DECLARE-4] the roll button shows exactly when the reducer takes the roll (rollRefusal)', () => {
    const s = setUp();
    const { t, lydia, william, jon, jade } = s;
    const id = propose(s);
    const roll = declarationRoll(jade, id);
    // The client offers the roll when rollRefusal says nothing (roll-draft.svelte.ts); the
    // reducer answers with the same refusal while the vote is open, at every step of it.
    for (const voter of [william, jon]) {
      const offered = rollRefusal(declarationOf(t, id));
      expect(offered).toMatchObject({ ok: false, code: 'invalid', reason: { id: 'vote-open' } });
      expect(t.send(lydia, roll)).toEqual(offered);
      t.ok(voter, vote(id, 'support'));
    }
    t.ok(GM, vote(id, 'oppose'));
    expect(rollRefusal(declarationOf(t, id))).toBeUndefined();
    loadDice(t, [1, 0, 0, -1]);
    expect(t.send(lydia, roll).ok).toBe(true);
  });

  it('[ER-DECLARE-4] the GM closes the vote: the votes not cast count as abstentions', () => {
    const s = setUp();
    const { t, lydia, william, jon, jade } = s;
    const id = propose(s);
    t.ok(william, vote(id, 'oppose'));
    // Only the GM closes it; a player cannot.
    refused(t, lydia, { type: 'declaration.close', declarationId: id }, 'forbidden');
    refused(t, jon, { type: 'declaration.close', declarationId: id }, 'forbidden');
    t.ok(GM, { type: 'declaration.close', declarationId: id });
    expect(lastLog(t)).toBe(
      'The GM closed the vote on “The library has a pharmacology wing”: 0 supporting, 1 opposing; it rolls at -1.',
    );
    refused(t, GM, { type: 'declaration.close', declarationId: id }, 'invalid');
    refused(t, jon, vote(id, 'support'), 'invalid');
    const { rollId } = t.ok(lydia, declarationRoll(jade, id));
    expect(rollOf(t, rollId!).actor.rating).toBe(-1);
  });

  it('[ER-DECLARE-4] who may declare, and who may vote: refusals that change nothing', () => {
    const s = setUp();
    const { t, lydia, william, jon, jade, hargan, gatto } = s;
    // A declaration is a player action: for one's own character (the GM for an NPC) only.
    const forJade = { type: 'declaration.propose', characterId: jade, text: 'Rain all night' };
    refused(t, william, forJade, 'forbidden');
    refused(t, GM, forJade, 'forbidden');
    refused(t, SPECTATOR, forJade, 'forbidden');
    refused(t, lydia, { ...forJade, targetId: 'nobody' }, 'not-found');
    refused(t, lydia, { ...forJade, characterId: 'nobody' }, 'not-found');
    refused(t, lydia, { ...forJade, text: '' }, 'bad-command');
    const id = t.ok(lydia, forJade).declarationId!;
    // One at a time per declarer.
    refused(t, lydia, { ...forJade, text: 'And fog' }, 'invalid');
    // Another's declaration is not hers to roll, nor William's to withdraw.
    refused(t, william, declarationRoll(hargan, id), 'invalid');
    refused(t, william, { type: 'declaration.withdraw', declarationId: id }, 'forbidden');
    refused(t, jon, vote('nope', 'support'), 'not-found');
    // Someone who joins after the vote began was not asked.
    const kim = seat(t, 'Kim');
    refused(t, kim, vote(id, 'support'), 'forbidden');
    expect(voteRefusal(kim, declarationOf(t, id))?.reason?.id).toBe('not-a-voter');
    // Lydia withdraws it: gone, and she may declare again.
    t.ok(lydia, { type: 'declaration.withdraw', declarationId: id });
    expect(lastLog(t)).toBe('Jade withdrew the declaration “Rain all night”.');
    expect(readTable(t.docs.pub).declarations).toEqual([]);
    // The GM declares for the NPC: every player votes, the GM does not.
    const npcs = t.ok(GM, {
      type: 'declaration.propose',
      characterId: gatto,
      text: 'The cigar is a lighter',
    }).declarationId!;
    expect([...declarationOf(t, npcs).voters].sort()).toEqual(
      [lydia.seatId, william.seatId, jon.seatId, kim.seatId].sort(),
    );
    refused(t, GM, vote(npcs, 'support'), 'forbidden');
  });

  it('[ER-DECLARE-4] only edgerunner has declarations; a removed character takes its own with it', () => {
    const fc = new TestTable('fate-core', 1);
    const ann = seat(fc, 'Ann');
    const zira = created(fc, ann, validSheet('fate-core', 'Zira'));
    refused(fc, ann, { type: 'declaration.propose', characterId: zira, text: 'Fog' }, 'rules');

    const s = setUp();
    propose(s);
    s.t.ok(GM, { type: 'character.remove', characterId: s.jade });
    expect(readTable(s.t.docs.pub).declarations).toEqual([]);
  });
});
