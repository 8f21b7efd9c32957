import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { MAX_SEATS } from '../commands/characters/seats';
import { COUNTDOWN_LIMIT } from '../commands/countdowns/store';
import { SHEET_LIMITS } from '../commands/fields';
import { MAX_POINTS, ROLL_LIMIT, gmRoots } from '../doc/schema';
import type { YMap } from '../doc/ymap';
import { resolveAspect, setFreeInvokes } from '../commands/aspects/aspect-refs';
import { checkTableDocs } from './check-table';
import { isRefusal } from '../commands/context';
import { broken, characterIndex, played } from '../test/broken-table';

// checkTable against one crafted violation at a time, on a table commands made (which passes):
// each test breaks one invariant straight in the documents, as a hand-made file would.
// References and edgerunner's declarations are in references.test.ts.

describe('checkTable', () => {
  it('accepts a table commands made', () => {
    expect(checkTableDocs(played().t.docs)).toBeUndefined();
  });

  describe('balances and held points', () => {
    it('refuses points held past the ceiling', () => {
      let i = -1;
      const p = broken((s) => {
        i = characterIndex(s, s.a);
        s.character(s.a).set('owed', 1e15);
      });
      expect(p).toEqual({ field: `characters.${i}.owed`, reason: `is over ${MAX_POINTS}` });
    });
    it('refuses half a point held', () => {
      const p = broken((s) => s.character(s.a).set('owed', 0.5));
      expect(p?.field).toMatch(/^characters\.\d\.owed$/);
      expect(p?.reason).toBe('is not a whole number');
    });
    it('refuses a negative balance and a GM pool past the ceiling', () => {
      expect(broken((s) => s.character(s.b).set('fatePoints', -1))?.reason).toBe('is under 0');
      expect(broken((s) => s.r.meta.set('gmPool', MAX_POINTS + 1))).toEqual({
        field: 'gmPool',
        reason: `is over ${MAX_POINTS}`,
      });
    });
    it('refuses a free invoke count that is not a whole number', () => {
      const p = broken((s) => {
        const aspect = [...s.r.aspects.values()][0] as YMap;
        (aspect.get('invokes') as YMap).set('gm', 1.5);
      });
      expect(p?.field).toBe('aspects.0.freeInvokes.gm');
    });
    it(`keeps free invokes earned past ${MAX_POINTS} at ${MAX_POINTS}, so checkTable holds`, () => {
      // Successes on one aspect add free invokes; a long table of them must still restore.
      const s = played();
      const aspectId = [...s.r.aspects.keys()][0]!;
      const aspect = resolveAspect(s.r, { aspectId });
      if (isRefusal(aspect)) throw new Error(aspect.message);
      s.t.docs.pub.transact(() => setFreeInvokes(aspect, 'gm', MAX_POINTS + 5));
      const sheet = resolveAspect(s.r, { characterId: s.a, aspectId: 'hc' });
      if (isRefusal(sheet)) throw new Error(sheet.message);
      s.t.docs.pub.transact(() => setFreeInvokes(sheet, 'gm', MAX_POINTS * 2));
      expect(checkTableDocs(s.t.docs)).toBeUndefined();
      const held = (s.r.aspects.get(aspectId) as YMap).get('invokes') as YMap;
      expect(held.get('gm')).toBe(MAX_POINTS);
    });
  });

  describe('limits the commands enforce', () => {
    it(`refuses more than ${MAX_SEATS} seats`, () => {
      const p = broken((s) => {
        for (let i = 0; i < MAX_SEATS; i++) {
          const seat = new Y.Map<unknown>();
          s.r.seats.set(`extra${i}`, seat);
          seat.set('id', `extra${i}`);
          seat.set('name', `Extra ${i}`);
        }
      });
      expect(p).toEqual({ field: 'seats', reason: `holds more than ${MAX_SEATS} seats` });
    });
    it(`refuses more than ${COUNTDOWN_LIMIT} public countdowns`, () => {
      const p = broken((s) => {
        for (let i = 0; i < COUNTDOWN_LIMIT; i++) {
          const c = new Y.Map<unknown>();
          s.r.countdowns.set(`cd${i}`, c);
          for (const [k, v] of Object.entries({
            id: `cd${i}`,
            name: 'C',
            boxes: 3,
            filled: 0,
            trigger: 'T',
            at: 1,
          }))
            c.set(k, v);
        }
      });
      expect(p).toEqual({
        field: 'countdowns',
        reason: `holds more than ${COUNTDOWN_LIMIT} public countdowns`,
      });
    });
    it('refuses a countdown with more boxes filled than it has', () => {
      const p = broken((s) => ([...s.r.countdowns.values()][0] as YMap).set('filled', 9));
      expect(p?.field).toBe('countdowns.0');
      expect(p?.reason).toMatch(/more boxes filled/);
    });
    it(`refuses more than ${SHEET_LIMITS.stunts} stunts on a sheet`, () => {
      const p = broken((s) => {
        const stunts = s.character(s.a).get('stunts') as YMap;
        for (let i = 0; i < SHEET_LIMITS.stunts + 1; i++) {
          const stunt = new Y.Map<unknown>();
          stunts.set(`s${i}`, stunt);
          for (const [k, v] of Object.entries({ id: `s${i}`, name: 'S', text: 'T', i: 100 + i }))
            stunt.set(k, v);
        }
      });
      expect(p?.field).toMatch(/^characters\.\d\.stunts$/);
      expect(p?.reason).toBe(`holds more than ${SHEET_LIMITS.stunts} stunts`);
    });
    it('refuses a stress track the ruleset does not give', () => {
      const p = broken((s) => {
        const track = [...(s.character(s.a).get('stress') as YMap).values()][0] as YMap;
        track.set(
          'values',
          Array.from({ length: 10_000 }, () => 1),
        );
      });
      expect(p?.field).toMatch(/^characters\.\d\./);
      expect(p?.reason).toMatch(/is not what fate-core gives/);
    });
    it('refuses a consequence slot the ruleset does not give', () => {
      const p = broken((s) => {
        const slots = s.character(s.a).get('consequences') as YMap;
        const extra = new Y.Map<unknown>();
        slots.set('extra', extra);
        for (const [k, v] of Object.entries({ id: 'extra', severity: 'mild', value: 2, i: 9 }))
          extra.set(k, v);
      });
      expect(p?.reason).toMatch(/is not what fate-core gives/);
    });
    it(`refuses more than ${ROLL_LIMIT} rolls`, () => {
      const p = broken((s) => {
        const first = s.r.rolls.get(0).toJSON();
        for (let i = 0; i < ROLL_LIMIT; i++) {
          const m = new Y.Map<unknown>();
          for (const [k, v] of Object.entries(first)) m.set(k, k === 'id' ? `r${i}` : v);
          s.r.rolls.push([m]);
        }
      });
      expect(p).toEqual({ field: 'rolls', reason: `holds more than ${ROLL_LIMIT} rolls` });
    });
  });

  describe('rolls are well formed', () => {
    it('refuses a roll whose actor is not a side', () => {
      const p = broken((s) => s.r.rolls.get(0).set('actor', 'garbage'));
      expect(p?.field).toBe('rolls.0.actor');
    });
    it('refuses a roll whose total is not what it adds up to', () => {
      const p = broken((s) => {
        const roll = s.r.rolls.get(0);
        roll.set('actor', { ...(roll.get('actor') as object), total: 40 });
      });
      expect(p?.field).toBe('rolls.0.actor.total');
    });
    it('refuses a die face that is not -1, 0 or 1', () => {
      const p = broken((s) => {
        const roll = s.r.rolls.get(0);
        roll.set('actor', { ...(roll.get('actor') as object), faces: [7, 0, 0, 0] });
      });
      expect(p?.field).toBe('rolls.0.actor.faces.0');
    });
  });

  it('names the GM document with gm. in front', () => {
    const s = played();
    gmRoots(s.t.docs.gm).notes.set('n1', new Y.Map());
    const note = gmRoots(s.t.docs.gm).notes.get('n1') as YMap;
    note.set('id', 'n1');
    note.set('text', 'x');
    note.set('at', -5);
    expect(checkTableDocs(s.t.docs)).toEqual({ field: 'gm.notes.0.at', reason: 'is under 0' });
  });
});
