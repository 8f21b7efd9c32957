import { describe, expect, it } from 'vitest';
import { readTable } from '../doc/views';
import type { TestTable } from '../test/harness';
import { GM, charOf, edgerunnerTable, refused, rollOf } from '../test/harness';
import { loadDice } from '../test/dice';

// Edgerunner at the table: the seed's aspect actions, their removal and passing invokes.

const aspectOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).aspects.find((a) => a.id === id);

/**
 * Lydia puts a declaration for Jade to the table's vote: Jon and Selena (the GM) second it,
 * William opposes, as in the text's example [ER-DECLARE-4].
 */
function lydiasVote(s: ReturnType<typeof edgerunnerTable>, text: string): string {
  const { declarationId } = s.t.ok(s.lydia, {
    type: 'declaration.propose',
    characterId: s.jade,
    text,
  });
  s.t.ok(s.jon, { type: 'declaration.vote', declarationId, stance: 'support' });
  s.t.ok(GM, { type: 'declaration.vote', declarationId, stance: 'support' });
  s.t.ok(s.william, { type: 'declaration.vote', declarationId, stance: 'oppose' });
  return declarationId!;
}

/** Lydia declares for Jade with two supporters and one opposer, rolls +1, and places it. */
function lydiaDeclares(s: ReturnType<typeof edgerunnerTable>, text: string) {
  const declarationId = lydiasVote(s, text);
  loadDice(s.t, [1, 1, 0, -1]);
  const { rollId } = s.t.ok(s.lydia, {
    type: 'roll',
    characterId: s.jade,
    aspectAction: 'declaration',
    declarationId,
  });
  const { aspectId } = s.t.ok(s.lydia, { type: 'outcome.apply', rollId, aspect: { text } });
  return { rollId: rollId!, aspectId: aspectId! };
}

describe('edgerunner at the table', () => {
  it('[ER-DECLARE-1] [ER-DECLARE-4] [ER-INVOKES-2] Lydia declares with +1 from the vote, rolls +1: persistence 2, one free invoke', () => {
    const s = edgerunnerTable();
    const { t, lydia, jade } = s;
    const declarationId = lydiasVote(s, 'Extensive pharmacology collection');
    loadDice(t, [1, 1, 0, -1]);
    const { rollId } = t.ok(lydia, {
      type: 'roll',
      characterId: jade,
      aspectAction: 'declaration',
      declarationId,
    });
    // The tally is the server's; the words are what the roll is for; the vote is done.
    expect(rollOf(t, rollId!).declaration).toEqual({
      supporters: 2,
      opposers: 1,
      text: 'Extensive pharmacology collection',
    });
    expect(rollOf(t, rollId!).reason).toBe('Extensive pharmacology collection');
    expect(readTable(t.docs.pub).declarations).toEqual([]);
    const roll = rollOf(t, rollId!);
    expect(roll).toMatchObject({
      action: 'create-advantage',
      aspectAction: 'declaration',
      shifts: 2,
    });
    expect(roll.actor.rating).toBe(1);
    const { aspectId } = t.ok(lydia, {
      type: 'outcome.apply',
      rollId,
      aspect: { text: 'Extensive pharmacology collection' },
    });
    expect(aspectOf(t, aspectId!)).toMatchObject({
      persistence: 2,
      freeInvokes: { [lydia.seatId!]: 1 },
    });
    // A declaration uses no skill, needs a vote, and takes no count from the client: the old
    // `declaration: { supporters, opposers }` is no field of the command any more.
    for (const bad of [
      { skillId: 'lore', declarationId },
      {},
      { declarationId },
      { declaration: { supporters: 5, opposers: 0 } },
    ]) {
      refused(
        t,
        lydia,
        { type: 'roll', characterId: jade, aspectAction: 'declaration', ...bad },
        'declaration' in bad
          ? 'bad-command'
          : bad.declarationId === undefined || 'skillId' in bad
            ? 'invalid'
            : 'not-found',
      );
    }
  });

  it('[ER-INVOKES-2] Hargan assesses Gatto: Empathy 1 + 2 against Stealth 2, one free invoke on the cigar', () => {
    const { t, william, hargan, gatto } = edgerunnerTable();
    loadDice(t, [1, 1, 1, -1]);
    const { rollId } = t.ok(william, {
      type: 'roll',
      characterId: hargan,
      skillId: 'empathy',
      aspectAction: 'assessment',
      difficulty: 2,
    });
    expect(rollOf(t, rollId!)).toMatchObject({ shifts: 1, outcome: 'success' });
    // An assessment finds an existing aspect; a new text is refused and changes nothing.
    refused(t, william, { type: 'outcome.apply', rollId, aspect: { text: 'Smokes' } }, 'rules');
    t.ok(william, {
      type: 'outcome.apply',
      rollId,
      aspect: { characterId: gatto, aspectId: 'cigar' },
    });
    expect(charOf(t, gatto).freeInvokes.cigar).toEqual({ [william.seatId!]: 1 });
  });

  it('[ER-DECLARE-2] [ER-INVOKES-1] [ER-REMOVE-1] Switch digs in; the guard rolls against its persistence to remove it', () => {
    const { t, jon, sw, guard } = edgerunnerTable();
    loadDice(t, [0, 0, 0, 0]);
    const { rollId } = t.ok(jon, {
      type: 'roll',
      characterId: sw,
      skillId: 'athletics',
      aspectAction: 'maneuver',
      difficulty: 0,
    });
    const { aspectId } = t.ok(jon, {
      type: 'outcome.apply',
      rollId,
      aspect: { text: 'Dug in for the long shot' },
    });
    // Athletics 3, no dice: 3 shifts buy 2 free invokes; persistence 3.
    expect(aspectOf(t, aspectId!)).toMatchObject({
      persistence: 3,
      freeInvokes: { [jon.seatId!]: 2 },
    });
    // The guard's Notice 2 + 0 falls short of 3: the aspect stays.
    loadDice(t, [0, 0, 0, 0]);
    const miss = t.ok(GM, {
      type: 'roll',
      characterId: guard,
      skillId: 'notice',
      removes: { aspectId },
    }).rollId;
    expect(rollOf(t, miss!)).toMatchObject({ action: 'overcome', difficulty: 3, shifts: -1 });
    t.ok(GM, { type: 'outcome.apply', rollId: miss });
    expect(aspectOf(t, aspectId!)).toBeDefined();
    // Meeting the persistence is enough.
    loadDice(t, [1, 0, 0, 0]);
    const hit = t.ok(GM, {
      type: 'roll',
      characterId: guard,
      skillId: 'notice',
      removes: { aspectId },
    }).rollId;
    expect(rollOf(t, hit!).shifts).toBe(0);
    t.ok(GM, { type: 'outcome.apply', rollId: hit });
    expect(aspectOf(t, aspectId!)).toBeUndefined();
  });

  it('[ER-DECLARE-3] invokes and consequences boost a roll until its outcome is applied, not after', () => {
    const table = edgerunnerTable();
    const { t, lydia, jade } = table;
    const { rollId, aspectId } = lydiaDeclares(table, 'Extensive pharmacology collection');
    // The aspect is placed: its free invoke would raise a total that grants nothing more.
    refused(
      t,
      lydia,
      { type: 'invoke', rollId, ref: { aspectId }, free: true, effect: '+2' },
      'invalid',
    );
    refused(
      t,
      lydia,
      {
        type: 'consequence.take',
        characterId: jade,
        slotId: 'mild',
        text: 'Winded',
        rollId: rollId,
      },
      'invalid',
    );
    expect(aspectOf(t, aspectId)?.freeInvokes).toEqual({ [lydia.seatId!]: 1 });
  });

  it('[CORE-INVOKE-3] a free invoke is passed by its holder to another character', () => {
    const table = edgerunnerTable();
    const { t, lydia, jon, jade, sw } = table;
    const { aspectId } = lydiaDeclares(table, 'Library');
    const before = t.state();
    // Jon holds none to pass; Lydia cannot pass to her own character.
    expect(
      t.send(jon, { type: 'free-invoke.pass', ref: { aspectId }, toCharacterId: jade }),
    ).toMatchObject({ ok: false, code: 'no-free-invokes' });
    expect(
      t.send(lydia, { type: 'free-invoke.pass', ref: { aspectId }, toCharacterId: jade }),
    ).toMatchObject({ ok: false, code: 'invalid' });
    expect(t.state()).toEqual(before);
    t.ok(lydia, { type: 'free-invoke.pass', ref: { aspectId }, toCharacterId: sw });
    expect(aspectOf(t, aspectId)?.freeInvokes).toEqual({ [jon.seatId!]: 1 });
  });
});
