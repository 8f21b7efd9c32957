import { describe, expect, it } from 'vitest';
import { fateCore } from '@fateboard/rules';
import { foldSummary, readLog, type LogMemo } from './log';
import { LOG_KEEP, LOG_LIMIT, pubRoots } from '../doc/schema';
import type { LogEntry } from '../doc/views';
import { readTable, readTableFields } from '../doc/views';
import { GM, annAndTam, sceneTable, seatedPair, skillRoll } from '../test/harness';

describe('the public log', () => {
  it('keeps compact rows that read back as the entries the commands returned', () => {
    const { t, ann, a, b } = annAndTam(3);
    const history: LogEntry[] = [];
    const keep = (out: { log?: LogEntry[] }) => history.push(...(out.log ?? []));
    keep(t.ok(GM, { type: 'session.start' }));
    keep(t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b }));
    keep(
      t.ok(GM, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: a, reason: 'thanks' }),
    );
    keep(
      t.ok(GM, {
        type: 'gm.adjust',
        adjust: { what: 'fate-points', characterId: a, value: 5 },
      }),
    );
    keep(t.ok(ann, skillRoll(a, 'fight', 'overcome')));
    const log = readTable(t.docs.pub).log;
    expect(log.slice(-history.length)).toEqual(history);
  });

  it('reads with a memo the same entries as without, reusing the rows read before, across cuts', () => {
    const { t, a, b } = annAndTam(3);
    const r = pubRoots(t.docs.pub);
    const memo: LogMemo = new WeakMap();
    let before = readLog(r, memo);
    for (let i = 0; i < LOG_LIMIT; i++) {
      t.ok(GM, {
        type: 'fate-point.give',
        fromCharacterId: i % 2 ? a : b,
        toCharacterId: i % 2 ? b : a,
      });
      const now = readLog(r, memo);
      expect(now).toEqual(readLog(r));
      // The rows both reads hold are the same objects: only the new row was read.
      const first = now.findIndex((e) => e.n === before.at(-1)?.n);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(now[first]).toBe(before.at(-1));
      before = now;
    }
    expect(readTableFields(t.docs.pub, ['log', 'fateSummary'], { log: memo })).toEqual({
      log: readTable(t.docs.pub).log,
      fateSummary: readTable(t.docs.pub).fateSummary,
    });
  });

  it('names characters and seats by small numbers and times entries from the one before', () => {
    const { t, ann, a, b } = annAndTam(7);
    const r = pubRoots(t.docs.pub);
    expect(r.refs.toArray()).toEqual([a, b]);
    t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b });
    // type 24 (fate-point.give), 1 s later, by the owner, a → b 1 point for `give` (10), from a.
    expect(r.journal.get(r.journal.length - 1)).toEqual([24, 1, 3, [2, 3, 1, 10], 0]);
  });

  it('stays bounded and keeps the session summary across cuts', () => {
    const { t, ann, bob, a, b } = seatedPair(4);
    let session: LogEntry[] = [];
    const keep = (out: { log?: LogEntry[] }) => {
      for (const e of out.log ?? []) {
        if (e.type === 'session.start') session = [];
        session.push(e);
      }
    };
    for (let i = 0; i < 700; i++) {
      if (i % 250 === 0) keep(t.ok(GM, { type: 'session.start' }));
      keep(t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b }));
      keep(t.ok(bob, { type: 'fate-point.give', fromCharacterId: b, toCharacterId: a }));
      if (i % 7 === 0) {
        const c = t.ok(GM, { type: 'compel.offer', characterId: b, text: 'Oops' });
        keep(t.ok(bob, { type: 'compel.accept', compelId: c.compelId! }));
      }
      const v = readTable(t.docs.pub);
      expect(v.log.length).toBeLessThanOrEqual(LOG_LIMIT);
      if (i > 100) expect(v.log.length).toBeGreaterThanOrEqual(LOG_KEEP);
      if (i % 50 === 0 || i === 699) {
        expect(v.fateSummary).toEqual(
          foldSummary(
            [],
            session.flatMap((e) => e.movements ?? []),
          ),
        );
      }
    }
  }, 60_000);
});

describe('the log in players’ words', () => {
  it('says actions, outcomes, shifts, free invokes and the GM’s gifts as players do', () => {
    const { t, ann, a, b } = sceneTable(7);
    // Fight +4 against Terrible −4: at least 4 shifts whatever the dice, success with style.
    const rolled = t.ok(ann, skillRoll(a, 'fight', 'create-advantage', { difficulty: -4 }));
    expect(rolled.log?.[0]?.text).toMatch(
      /^Zira rolled to create an advantage \[[-+0 ]+\]: .+ against -4 — success with style \(\d+ shifts\)\.$/,
    );
    const applied = t.ok(ann, {
      type: 'outcome.apply',
      rollId: rolled.rollId!,
      aspect: { text: 'High Ground' },
    });
    expect(applied.log?.[0]?.text).toBe(
      'Zira created an advantage — success with style: a new aspect with 2 free invokes.',
    );
    const absorbed = t.ok(GM, { type: 'absorb', characterId: b, shifts: 1, option: 0 });
    expect(absorbed.log?.[0]?.text).toBe('Tam absorbed 1 shift: 1-point physical box.');
    const two = t.ok(GM, { type: 'absorb', characterId: b, shifts: 2, option: 0 });
    expect(two.log?.[0]?.text).toBe('Tam absorbed 2 shifts: 2-point physical box.');
    // A consequence taken is named in the sentence, not only its slot.
    const hurt = readTable(t.docs.pub).characters.find((c) => c.id === b)!;
    const mild = fateCore
      .absorptionOptions(hurt, { shifts: 2, kind: 'physical' })
      .findIndex((o) => o.label === 'mild consequence');
    const named = t.ok(GM, {
      type: 'absorb',
      characterId: b,
      shifts: 2,
      option: mild,
      names: { mild: 'Twisted ankle' },
    });
    expect(named.log?.[0]?.text).toBe('Tam absorbed 2 shifts: mild consequence (“Twisted ankle”).');
    // Read back with its message (longer than the sentence), so other languages say it all.
    expect(readTable(t.docs.pub).log.at(-1)?.msg).toMatchObject({
      id: 'absorbed',
      params: {
        option: { id: 'absorbConsequence', params: { severity: { id: 'severityMild' } } },
        named: { id: 'namedConsequences' },
      },
    });
    const tam = readTable(t.docs.pub).characters.find((c) => c.id === b)!.fatePoints;
    const gift = t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: b, value: tam + 1 },
    });
    expect(gift.log?.[0]?.text).toBe('The GM gave Tam a fate point.');
    const taken = t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: b, value: tam - 1 },
    });
    expect(taken.log?.[0]?.text).toBe('The GM took 2 fate points from Tam.');
    const added = t.ok(GM, {
      type: 'aspect.add',
      kind: 'situation',
      text: 'Fog',
      freeInvokes: 1,
      owner: ann.seatId,
    });
    expect(added.log?.[0]?.text).toBe('Aspect added: "Fog" with 1 free invoke for Zira.');
  });

  it('prints no rule id, action id, outcome id or table id anywhere in a played scene', () => {
    const { t, ann, bob, a, b } = sceneTable(9);
    const attack = t.ok(
      ann,
      skillRoll(a, 'fight', 'attack', { opposition: { characterId: b, skillId: 'athletics' } }),
    );
    t.send(ann, { type: 'outcome.apply', rollId: attack.rollId! });
    t.send(bob, { type: 'absorb', characterId: b, rollId: attack.rollId!, option: 0 });
    t.ok(ann, skillRoll(a, 'notice', 'overcome'));
    const c = t.ok(GM, { type: 'compel.offer', characterId: b, text: 'Oops' }).compelId!;
    t.ok(bob, { type: 'compel.refuse', compelId: c });
    t.ok(GM, { type: 'gm.adjust', adjust: { what: 'gm-pool', value: 4 } });
    const v = readTable(t.docs.pub);
    const ids = [a, b, ann.seatId!, bob.seatId!, ...v.rolls.map((r) => r.id)];
    for (const e of v.log) {
      expect(e.text).not.toMatch(
        /create-advantage|success-with-style|\[[A-Z]+-[A-Z]+-\d+\]|\(s\)|GM adjustment|\b1 shifts\b/,
      );
      for (const id of ids) expect(e.text).not.toContain(id);
    }
  });
});
