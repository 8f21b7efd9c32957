import { describe, expect, it } from 'vitest';
import { readTable } from '../doc/views';
import { GM, TestTable, player, refused, validSheet } from '../test/harness';
import { loadDice } from '../test/dice';

/** Edgerunner at the table: the seed's aspect actions, removal and voluntary consequences. */
function setUp() {
  const t = new TestTable('edgerunner', 3);
  const lydia = player(t.ok(player(), { type: 'join', name: 'Lydia' }).seatId);
  const william = player(t.ok(player(), { type: 'join', name: 'William' }).seatId);
  const jon = player(t.ok(player(), { type: 'join', name: 'Jon' }).seatId);
  const jade = t.ok(lydia, {
    type: 'character.create',
    character: validSheet('edgerunner', 'Jade'),
  }).characterId!;
  const hargan = t.ok(william, {
    type: 'character.create',
    character: validSheet('edgerunner', 'Hargan'),
  }).characterId!;
  const sw = t.ok(jon, {
    type: 'character.create',
    character: validSheet('edgerunner', 'Switch'),
  }).characterId!;
  const gatto = t.ok(GM, {
    type: 'character.create',
    npc: true,
    character: {
      name: 'Gatto',
      aspects: [{ id: 'cigar', slot: 'other', text: 'Never without a cigar' }],
      skills: [{ id: 'stealth', rating: 2 }],
    },
  }).characterId!;
  const guard = t.ok(GM, {
    type: 'character.create',
    npc: true,
    character: { name: 'Guard', skills: [{ id: 'notice', rating: 2 }] },
  }).characterId!;
  t.ok(GM, { type: 'scene.start', name: 'The pillbox', characterIds: [jade, hargan, sw, gatto] });
  return { t, lydia, william, jon, jade, hargan, sw, gatto, guard };
}

const rollOf = (t: TestTable, id: string) => readTable(t.docs.pub).rolls.find((r) => r.id === id)!;
const aspectOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).aspects.find((a) => a.id === id);
const charOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).characters.find((c) => c.id === id)!;

/**
 * Lydia puts a declaration for Jade to the table's vote: Jon and Selena (the GM) second it,
 * William opposes, as in the text's example [ER-DECLARE-4].
 */
function lydiasVote(s: ReturnType<typeof setUp>, text: string): string {
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
function lydiaDeclares(s: ReturnType<typeof setUp>, text: string) {
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
    const s = setUp();
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
    const { t, william, hargan, gatto } = setUp();
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
    const before = t.state();
    expect(
      t.send(william, { type: 'outcome.apply', rollId, aspect: { text: 'Smokes' } }),
    ).toMatchObject({ ok: false, code: 'rules' });
    expect(t.state()).toEqual(before);
    t.ok(william, {
      type: 'outcome.apply',
      rollId,
      aspect: { characterId: gatto, aspectId: 'cigar' },
    });
    expect(charOf(t, gatto).freeInvokes.cigar).toEqual({ [william.seatId!]: 1 });
  });

  it('[ER-DECLARE-2] [ER-INVOKES-1] [ER-REMOVE-1] Switch digs in; the guard rolls against its persistence to remove it', () => {
    const { t, jon, sw, guard } = setUp();
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

  it('[ER-CONSEQ-1] [ER-CONSEQ-2] a voluntary moderate consequence gives +2 on one roll', () => {
    const { t, lydia, william, jade } = setUp();
    loadDice(t, [0, 0, 0, 0]);
    const { rollId } = t.ok(lydia, {
      type: 'roll',
      characterId: jade,
      skillId: 'lore',
      action: 'overcome',
      difficulty: 2,
    });
    expect(rollOf(t, rollId!)).toMatchObject({ shifts: -1, outcome: 'fail' });
    const moderate = charOf(t, jade).consequences.find((s) => s.severity === 'moderate')!.id;
    // Only the controlling player takes one.
    const before = t.state();
    expect(
      t.send(william, {
        type: 'consequence.take',
        characterId: jade,
        slotId: moderate,
        text: 'Tired and confused',
        rollId,
      }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    expect(t.state()).toEqual(before);
    t.ok(lydia, {
      type: 'consequence.take',
      characterId: jade,
      slotId: moderate,
      text: 'Tired and confused',
      rollId,
    });
    const roll = rollOf(t, rollId!);
    expect(roll.actor.total).toBe(3);
    expect(roll).toMatchObject({ shifts: 1, outcome: 'success' });
    expect(charOf(t, jade).consequences.find((s) => s.id === moderate)?.taken?.text).toBe(
      'Tired and confused',
    );
    // The slot stays full: a second one is refused [ER-CONSEQ-3].
    expect(
      t.send(lydia, { type: 'consequence.take', characterId: jade, slotId: moderate, text: 'x' }),
    ).toMatchObject({ ok: false, code: 'rules' });
    // And there is no recovery action for it.
    expect(
      t.send(lydia, { type: 'consequence.recover', characterId: jade, slotId: moderate }),
    ).toMatchObject({ ok: false, code: 'rules' });
  });

  it('[ER-CONSEQ-3] the clocks at the table: a new session between scenes is no scene, a refresh clears the moderate', () => {
    const { t, lydia, jade, hargan, sw, gatto } = setUp();
    const slotOf = (severity: string) =>
      charOf(t, jade).consequences.find((s) => s.severity === severity)!;
    for (const [severity, text] of [
      ['mild', 'Burned synapses'],
      ['moderate', 'Tired and confused'],
      ['severe', 'Owes the syndicate a life'],
    ] as const) {
      t.ok(lydia, {
        type: 'consequence.take',
        characterId: jade,
        slotId: slotOf(severity).id,
        text,
      });
    }
    t.ok(GM, { type: 'scene.end' });
    // A session starts only between scenes: the scene that ended was counted when it ended.
    t.ok(GM, { type: 'session.start' });
    expect(slotOf('mild').taken?.text).toBe('Burned synapses');
    expect(slotOf('moderate').taken).toBeUndefined();
    expect(slotOf('severe').taken?.text).toBe('Owes the syndicate a life');
    // The next scene is played: the mild clears when it ends; the severe waits a session more.
    t.ok(GM, {
      type: 'scene.start',
      name: 'The safehouse',
      characterIds: [jade, hargan, sw, gatto],
    });
    expect(slotOf('mild').taken?.text).toBe('Burned synapses');
    t.ok(GM, { type: 'scene.end' });
    expect(slotOf('mild').taken).toBeUndefined();
    expect(slotOf('severe').taken?.text).toBe('Owes the syndicate a life');
    t.ok(GM, { type: 'session.start' });
    expect(slotOf('severe').taken).toBeUndefined();
  });

  it('[ER-DECLARE-3] invokes and consequences boost a roll until its outcome is applied, not after', () => {
    const table = setUp();
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
    const table = setUp();
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
