import { describe, expect, it } from 'vitest';
import { foldSummary, lookup } from './log';
import { toRow } from './log-rows';
import { LOG_KEEP, LOG_LIMIT, pubRoots } from './schema';
import type { LogEntry } from './views';
import { readTable } from './views';
import { GM, TestTable, player, validSheet } from './test/harness';

describe('the public log', () => {
  it('keeps compact rows that read back as the entries the commands returned', () => {
    const t = new TestTable('fate-core', 3);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const a = t.ok(ann, {
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    }).characterId!;
    const b = t.ok(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'Tam'),
    }).characterId!;
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
    keep(t.ok(ann, { type: 'roll', characterId: a, skillId: 'fight', action: 'overcome' }));
    const log = readTable(t.docs.pub).log;
    expect(log.slice(-history.length)).toEqual(history);
  });

  it('reads and continues a log stored as whole entries (schema 1)', () => {
    const t = new TestTable('fate-core', 5);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const a = t.ok(ann, {
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    }).characterId!;
    const b = t.ok(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'Tam'),
    }).characterId!;
    const before = readTable(t.docs.pub).log;
    const log = t.docs.pub.getArray<unknown>('log');
    const journal = t.docs.pub.getArray<unknown>('journal');
    t.docs.pub.transact(() => {
      journal.delete(0, journal.length);
      t.docs.pub.getMap('meta').delete('logBase');
      log.push(before.map((e) => ({ ...e, at: e.at + 1 })));
    });
    const gift = t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b });
    const v = readTable(t.docs.pub);
    expect(v.log).toEqual([...before.map((e) => ({ ...e, at: e.at + 1 })), ...gift.log!]);
    expect(gift.log![0]!.n).toBe(before.length + 1);
    expect(v.fateSummary.find((r) => r.characterId === b)?.byReason.give).toBe(1);
  });

  it('reads and continues a log stored as schema 2 rows', () => {
    const t = new TestTable('fate-core', 6);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const a = t.ok(ann, {
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    }).characterId!;
    const b = t.ok(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'Tam'),
    }).characterId!;
    const first = t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b });
    const before = readTable(t.docs.pub).log;
    const r = pubRoots(t.docs.pub);
    t.docs.pub.transact(() => {
      r.journal.delete(0, r.journal.length);
      r.meta.delete('logBase');
      r.log.push(before.map((e) => toRow(e, lookup(r))));
    });
    expect(readTable(t.docs.pub).log).toEqual(before);
    const gift = t.ok(GM, {
      type: 'fate-point.give',
      fromCharacterId: b,
      toCharacterId: a,
      reason: 'thanks',
    });
    const v = readTable(t.docs.pub);
    expect(v.log).toEqual([...before, ...gift.log!]);
    expect(gift.log![0]!.n).toBe(before.length + 1);
    expect(first.log![0]!.n).toBe(before.length);
    expect(v.fateSummary.find((row) => row.characterId === a)?.byReason.give).toBe(0);
  });

  it('names characters and seats by small numbers and times entries from the one before', () => {
    const t = new TestTable('fate-core', 7);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const a = t.ok(ann, {
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    }).characterId!;
    const b = t.ok(GM, {
      type: 'character.create',
      character: validSheet('fate-core', 'Tam'),
    }).characterId!;
    const r = pubRoots(t.docs.pub);
    expect(r.refs.toArray()).toEqual([a, b]);
    t.ok(ann, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: b });
    // type 24 (fate-point.give), 1 s later, by the owner, a → b 1 point for `give` (10), from a.
    expect(r.journal.get(r.journal.length - 1)).toEqual([24, 1, 3, [2, 3, 1, 10], 0]);
  });

  it('stays bounded and keeps the session summary across cuts', () => {
    const t = new TestTable('fate-core', 4);
    const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
    const bob = player(t.ok(player(), { type: 'join', name: 'Bob' }).seatId);
    const a = t.ok(ann, {
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    }).characterId!;
    const b = t.ok(bob, {
      type: 'character.create',
      character: validSheet('fate-core', 'Tam'),
    }).characterId!;
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
