import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import type { TableView } from '../../doc/views';
import type { TestTable } from '../../test/harness';
import { GM, SPECTATOR, player, refused, sceneTable } from '../../test/harness';
import { decidesCompel, withdrawsCompel } from './compels';

const table = () => sceneTable(5);

/** Every fate point outside the bank, by holder: what a withdrawal must leave alone. */
function points(v: TableView) {
  return {
    gmPool: v.gmPool,
    characters: v.characters.map((c) => [c.id, c.fatePoints, c.owed]),
  };
}

const compels = (t: TestTable) => readTable(t.docs.pub).compels;
const lastLog = (t: TestTable) => readTable(t.docs.pub).log.at(-1)!;

describe('compel.withdraw', () => {
  it('lets the GM withdraw their own compel: gone, logged, no point moves', () => {
    const { t, a } = table();
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' });
    const before = points(readTable(t.docs.pub));
    const out = t.ok(GM, { type: 'compel.withdraw', compelId });
    expect(compels(t)).toEqual([]);
    expect(points(readTable(t.docs.pub))).toEqual(before);
    expect(out.log).toHaveLength(1);
    expect(lastLog(t)).toMatchObject({
      type: 'compel.withdraw',
      by: { role: 'gm' },
      characterId: a,
      text: 'Compel on Zira withdrawn: "Old debts".',
    });
    expect(lastLog(t).movements).toBeUndefined();
  });

  it('lets the GM withdraw any open compel, a player’s and a self-compel too', () => {
    const { t, ann, bob, b } = table();
    const fromAnn = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    const self = t.ok(bob, { type: 'compel.offer', characterId: b, text: 'My temper' });
    const before = points(readTable(t.docs.pub));
    t.ok(GM, { type: 'compel.withdraw', compelId: fromAnn.compelId });
    expect(compels(t).map((c) => c.id)).toEqual([self.compelId]);
    t.ok(GM, { type: 'compel.withdraw', compelId: self.compelId });
    expect(compels(t)).toEqual([]);
    expect(points(readTable(t.docs.pub))).toEqual(before);
    expect(lastLog(t).text).toBe('Self-compel on Tam withdrawn: "My temper".');
  });

  it('lets the offering player withdraw their compel on another character, paying nothing', () => {
    const { t, ann, b } = table();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    const before = points(readTable(t.docs.pub));
    t.ok(ann, { type: 'compel.withdraw', compelId });
    expect(compels(t)).toEqual([]);
    expect(points(readTable(t.docs.pub))).toEqual(before);
    expect(lastLog(t)).toMatchObject({
      type: 'compel.withdraw',
      by: ann,
      characterId: b,
      text: 'Compel on Tam withdrawn: "Trip him".',
    });
  });

  it('lets a player withdraw their self-compel before the GM decides', () => {
    const { t, ann, a } = table();
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: a, text: 'My debts' });
    const before = points(readTable(t.docs.pub));
    t.ok(ann, { type: 'compel.withdraw', compelId });
    expect(compels(t)).toEqual([]);
    expect(points(readTable(t.docs.pub))).toEqual(before);
    // Decided already: nothing left to withdraw.
    const again = t.ok(ann, { type: 'compel.offer', characterId: a, text: 'My debts' }).compelId;
    t.ok(GM, { type: 'compel.accept', compelId: again });
    refused(t, ann, { type: 'compel.withdraw', compelId: again }, 'not-found');
  });

  it('refuses anyone else’s compel, changing nothing', () => {
    const { t, ann, bob, a, b } = table();
    const gms = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' }).compelId;
    const anns = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' }).compelId;
    const self = t.ok(ann, { type: 'compel.offer', characterId: a, text: 'My debts' }).compelId;
    // The compelled player decides a compel; they cannot make it go away.
    refused(t, ann, { type: 'compel.withdraw', compelId: gms }, 'forbidden');
    refused(t, bob, { type: 'compel.withdraw', compelId: anns }, 'forbidden');
    // Nor can another player, whoever's character it is on.
    refused(t, bob, { type: 'compel.withdraw', compelId: gms }, 'forbidden');
    refused(t, bob, { type: 'compel.withdraw', compelId: self }, 'forbidden');
    refused(t, SPECTATOR, { type: 'compel.withdraw', compelId: anns }, 'forbidden');
    refused(t, player(), { type: 'compel.withdraw', compelId: anns }, 'forbidden');
    expect(compels(t)).toHaveLength(3);
    // Still open: each can be decided as before.
    t.ok(bob, { type: 'compel.accept', compelId: anns });
  });

  it('refuses an unknown or already withdrawn compel as not-found', () => {
    const { t, ann, b } = table();
    refused(t, GM, { type: 'compel.withdraw', compelId: 'nope' }, 'not-found');
    refused(t, ann, { type: 'compel.withdraw', compelId: 'nope' }, 'not-found');
    const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    t.ok(ann, { type: 'compel.withdraw', compelId });
    refused(t, GM, { type: 'compel.withdraw', compelId }, 'not-found');
    refused(t, ann, { type: 'compel.withdraw', compelId }, 'not-found');
    refused(t, GM, { type: 'compel.accept', compelId }, 'not-found');
  });

  it('is a strict command: no other field', () => {
    const { t } = table();
    refused(t, GM, { type: 'compel.withdraw' }, 'bad-command');
    refused(t, GM, { type: 'compel.withdraw', compelId: 'x', refund: true }, 'bad-command');
  });
});

describe('scene.end', () => {
  it('withdraws every open compel, one log line each, without moving a point for them', () => {
    const { t, ann, bob, a, b, npc } = table();
    const gms = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' }).compelId;
    t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
    t.ok(bob, { type: 'compel.offer', characterId: b, text: 'My temper' });
    t.ok(GM, { type: 'compel.offer', characterId: npc, text: 'Cowardice' });
    t.ok(ann, { type: 'compel.accept', compelId: gms });
    const before = readTable(t.docs.pub);
    expect(before.compels).toHaveLength(3);

    const out = t.ok(GM, { type: 'scene.end' });
    const after = readTable(t.docs.pub);
    expect(after.compels).toEqual([]);
    // Balances as before; the scene's own end only loses the GM pool (nothing was owed).
    expect(after.characters.map((c) => [c.id, c.fatePoints, c.owed])).toEqual(
      before.characters.map((c) => [c.id, c.fatePoints, c.owed]),
    );
    expect(after.gmPool).toBe(0);
    const entries = out.log!;
    expect(entries.map((e) => e.type)).toEqual([
      'scene.end',
      'scene.end',
      'scene.end',
      'scene.end',
    ]);
    expect(entries.slice(1).map((e) => [e.characterId, e.text, e.movements])).toEqual([
      [b, 'Compel on Tam withdrawn as the scene ended: "Trip him".', undefined],
      [b, 'Self-compel on Tam withdrawn as the scene ended: "My temper".', undefined],
      [npc, 'Compel on Brute withdrawn as the scene ended: "Cowardice".', undefined],
    ]);
    const movedFor = new Set(entries.flatMap((e) => e.movements ?? []).map((m) => m.reason));
    expect([...movedFor]).toEqual(['scene-pool-lost']);
    // The document's log reads the same lines back from its rows.
    expect(after.log.slice(-3).map((e) => e.text)).toEqual(entries.slice(1).map((e) => e.text));
  });

  it('writes only its own line when no compel is open', () => {
    const { t } = table();
    const out = t.ok(GM, { type: 'scene.end' });
    expect(out.log).toHaveLength(1);
  });
});

describe('compel.refuse', () => {
  const fatePoints = (t: TestTable, id: string) =>
    readTable(t.docs.pub).characters.find((c) => c.id === id)!.fatePoints;

  it('[PIR-COMPEL-1] pirates: refusing the GM’s compel pays the GM pool, logged in words', () => {
    const { t, ann, a } = sceneTable(5, 'pirates');
    const pool = readTable(t.docs.pub).gmPool;
    const zira = fatePoints(t, a);
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' });
    const out = t.ok(ann, { type: 'compel.refuse', compelId });
    expect(readTable(t.docs.pub).gmPool).toBe(pool + 1);
    expect(fatePoints(t, a)).toBe(zira - 1);
    expect(out.log).toEqual([
      expect.objectContaining({
        text: 'Zira refused the compel and paid the GM a fate point: "Old debts".',
        movements: [
          {
            from: { type: 'character', id: a },
            to: { type: 'gm-pool' },
            amount: 1,
            reason: 'compel-refused',
          },
        ],
      }),
    ]);
  });

  it('[CORE-FP-7] fate-core: refusing the GM’s compel pays the bank; the pool stays', () => {
    const { t, ann, a } = table();
    const pool = readTable(t.docs.pub).gmPool;
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' });
    const out = t.ok(ann, { type: 'compel.refuse', compelId });
    expect(readTable(t.docs.pub).gmPool).toBe(pool);
    expect(out.log?.[0]?.text).toBe('Zira refused the compel and paid a fate point: "Old debts".');
    expect(out.log?.[0]?.movements?.[0]?.to).toEqual({ type: 'bank' });
  });

  it('[CORE-FP-7] [PIR-COMPEL-1] refusing a player’s compel pays that player, in every game', () => {
    for (const ruleset of ['pirates', 'fate-core'] as const) {
      const { t, ann, bob, a, b } = sceneTable(5, ruleset);
      const [zira, tam] = [fatePoints(t, a), fatePoints(t, b)];
      const { compelId } = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' });
      const out = t.ok(bob, { type: 'compel.refuse', compelId });
      expect([fatePoints(t, a), fatePoints(t, b)]).toEqual([zira + 1, tam - 1]);
      expect(out.log?.[0]?.text).toBe(
        'Tam refused the compel and paid Zira a fate point: "Trip him".',
      );
    }
  });

  it('[CORE-FP-7] an accepted compel says who gave the point', () => {
    const { t, ann, bob, a, b } = sceneTable(5, 'pirates');
    const gms = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' }).compelId;
    expect(t.ok(ann, { type: 'compel.accept', compelId: gms }).log?.[0]?.text).toBe(
      'Zira accepted the compel and took a fate point from the GM: "Old debts".',
    );
    const anns = t.ok(ann, { type: 'compel.offer', characterId: b, text: 'Trip him' }).compelId;
    expect(t.ok(bob, { type: 'compel.accept', compelId: anns }).log?.[0]?.text).toBe(
      'Tam accepted the compel and took a fate point from Zira: "Trip him".',
    );
  });

  it('[CORE-FP-1] a character with no point cannot refuse: no-fate-points, nothing changes', () => {
    const { t, ann, a } = sceneTable(5, 'pirates');
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: a, value: 0 } });
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' });
    refused(t, ann, { type: 'compel.refuse', compelId }, 'no-fate-points');
    expect(compels(t).map((c) => c.id)).toEqual([compelId]);
  });
});

describe('decidesCompel and withdrawsCompel: what the client offers is what the reducer takes', () => {
  // Each compel as a table makes them: a self-compel, a player's on another's character, the
  // GM's on a player's character and on an NPC; each actor tries each decision on a fresh table.
  const cases = [
    { name: 'Ann self-compels Zira', by: 'ann', on: 'a' },
    { name: 'Ann compels Tam', by: 'ann', on: 'b' },
    { name: 'the GM compels Zira', by: 'gm', on: 'a' },
    { name: 'the GM compels the NPC', by: 'gm', on: 'npc' },
  ] as const;
  const actors = ['gm', 'ann', 'bob'] as const;

  for (const c of cases) {
    for (const who of actors) {
      for (const type of ['compel.accept', 'compel.refuse', 'compel.withdraw'] as const) {
        it(`${c.name}: ${who} ${type}`, () => {
          const s = table();
          const actorOf = { gm: GM, ann: s.ann, bob: s.bob };
          const { compelId } = s.t.ok(actorOf[c.by], {
            type: 'compel.offer',
            characterId: s[c.on],
            text: 'Old debts',
          });
          const view = readTable(s.t.docs.pub);
          const compel = view.compels[0]!;
          const byId = (id: string | undefined) => view.characters.find((x) => x.id === id);
          const offered =
            type === 'compel.withdraw'
              ? withdrawsCompel(
                  actorOf[who],
                  byId(compel.self ? compel.characterId : compel.fromCharacterId),
                )
              : decidesCompel(actorOf[who], compel, byId(compel.characterId)!);
          // Offered: never refused as forbidden (the economy may still say no: an NPC without
          // points cannot refuse); not offered: refused as forbidden.
          const out = s.t.send(actorOf[who], { type, compelId });
          expect(out.ok || out.code !== 'forbidden', JSON.stringify(out)).toBe(offered);
        });
      }
    }
  }

  it('the GM does not decide for a player’s character; its player does', () => {
    const { t, ann, a } = table();
    const { compelId } = t.ok(GM, { type: 'compel.offer', characterId: a, text: 'Old debts' });
    refused(t, GM, { type: 'compel.accept', compelId }, 'forbidden');
    t.ok(ann, { type: 'compel.accept', compelId });
  });
});
