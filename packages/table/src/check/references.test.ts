import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { pubRoots } from '../doc/schema';
import type { YMap } from '../doc/ymap';
import { peek } from '../doc/ymap';
import { sceneTable } from '../test/harness';
import { checkTableDocs } from './check-table';
import { broken } from '../test/broken-table';

// checkTable against one crafted violation at a time, on a table commands made (which passes):
// each test breaks one invariant straight in the documents, as a hand-made file would.

describe('checkTable', () => {
  describe('references point at what exists', () => {
    it('refuses a character owned by no seat at the table', () => {
      const p = broken((s) => {
        for (const seat of s.r.seats.values()) (seat as YMap).delete('characterId');
        s.character(s.a).set('owner', 'nobody');
      });
      expect(p).toMatchObject({ reason: 'names no seat at the table' });
    });
    it('refuses an NPC owned by a seat', () => {
      const p = broken((s) => {
        const seatId = s.ann.role === 'player' ? s.ann.seatId! : '';
        s.character(s.a).delete('owner');
        (peek(s.r.seats, seatId) as YMap).set('characterId', s.npc);
        s.character(s.npc).set('owner', seatId);
      });
      expect(p).toMatchObject({ reason: 'gives an NPC to a seat: only the GM plays NPCs' });
    });
    it('refuses a seat naming a character that is not there', () => {
      const p = broken((s) => ([...s.r.seats.values()][0] as YMap).set('characterId', 'ghost'));
      expect(p).toEqual({
        field: 'seats.0.characterId',
        reason: 'names no character at the table',
      });
    });
    it('refuses a turn order naming a character that is not there, or a turn past it', () => {
      expect(broken((s) => s.r.conflict.set('order', ['ghost']))).toEqual({
        field: 'conflict.order.0',
        reason: 'names no character at the table',
      });
      expect(broken((s) => s.r.conflict.set('turn', 3))?.field).toBe('conflict.turn');
    });
    it('refuses a compel on a character that is not there', () => {
      const p = broken((s) => {
        const compel = new Y.Map<unknown>();
        s.r.compels.set('k1', compel);
        const fields = {
          id: 'k1',
          characterId: 'ghost',
          text: 'T',
          offeredBy: { role: 'gm' },
          self: false,
          at: 1,
        };
        for (const [k, v] of Object.entries(fields)) compel.set(k, v);
      });
      expect(p).toEqual({
        field: 'compels.0.characterId',
        reason: 'names no character at the table',
      });
    });
    it('refuses a scene naming a character that is not there', () => {
      const p = broken((s) => s.r.scene.set('present', ['ghost']));
      expect(p).toEqual({ field: 'scene.present.0', reason: 'names no character at the table' });
    });
    it('refuses an aspect placed on a character that is not there', () => {
      const p = broken((s) => ([...s.r.aspects.values()][0] as YMap).set('characterId', 'ghost'));
      expect(p?.field).toBe('aspects.0.characterId');
    });
    it('refuses free invokes held by no seat', () => {
      const p = broken((s) => {
        const aspect = [...s.r.aspects.values()][0] as YMap;
        (aspect.get('invokes') as YMap).set('stranger', 1);
      });
      expect(p).toEqual({
        field: 'aspects.0.freeInvokes.stranger',
        reason: 'is held by no seat at the table',
      });
    });
    it('refuses a character of another game than the table', () => {
      const p = broken((s) => s.character(s.b).set('ruleset', 'pirates'));
      expect(p?.reason).toBe('is pirates at a fate-core table');
    });
  });

  describe('edgerunner declarations [ER-DECLARE-4]', () => {
    /** An edgerunner table where Ann's declaration is before the table, Bob having voted. */
    function voting() {
      const s = sceneTable(7, 'edgerunner');
      const id = s.t.ok(s.ann, {
        type: 'declaration.propose',
        characterId: s.a,
        text: 'Fog',
      }).declarationId!;
      s.t.ok(s.bob, { type: 'declaration.vote', declarationId: id, stance: 'oppose' });
      const d = peek(pubRoots(s.t.docs.pub).declarations, id)!;
      expect(checkTableDocs(s.t.docs)).toBeUndefined();
      return { ...s, d };
    }
    const breaks = (edit: (d: YMap) => void) => {
      const s = voting();
      s.t.docs.pub.transact(() => edit(s.d));
      return checkTableDocs(s.t.docs);
    };
    it('refuses a declaration for a character that is not there, or on one', () => {
      expect(breaks((d) => d.set('characterId', 'ghost'))).toEqual({
        field: 'declarations.0.characterId',
        reason: 'names no character at the table',
      });
      expect(breaks((d) => d.set('targetId', 'ghost'))?.field).toBe('declarations.0.targetId');
    });
    it('refuses a vote that is no voter’s, a declarer among the voters, a vote of another kind', () => {
      expect(breaks((d) => d.set('votes', { stranger: 'support' }))).toEqual({
        field: 'declarations.0.votes.stranger',
        reason: 'is the vote of no voter',
      });
      expect(
        breaks((d) => d.set('voters', [...(d.get('voters') as string[]), d.get('declarer')])),
      ).toEqual({ field: 'declarations.0.voters', reason: 'lets the declarer vote' });
      expect(breaks((d) => d.set('votes', { gm: 'maybe' }))?.field).toBe('declarations.0.votes.gm');
    });
  });
});
