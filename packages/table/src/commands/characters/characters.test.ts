import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '@fateboard/rules';
import type { Sheet } from '../schemas';
import { readyMadeSheets } from '../../sheets/ready-made';
import { FAIR_PHYSIQUE_PYRAMID } from '../../sheets/sample-sheets';
import {
  GM,
  TestTable,
  charOf,
  created,
  refused,
  sceneWithAspect,
  seat,
  validSheet,
} from '../../test/harness';

const boxes = (t: TestTable, id: string) =>
  Object.fromEntries(charOf(t, id).stress.map((s) => [s.id, s.boxes.map((b) => b.value)]));

/** What a player types: a full pyramid with Physique Fair (+2) and Will Average (+1). */
function typed(ruleset: 'fate-core' | 'edgerunner', name: string): Sheet {
  const sample = validSheet(ruleset, name);
  return {
    ...sample,
    skills: Object.entries(FAIR_PHYSIQUE_PYRAMID).map(([id, rating]) => ({ id, rating })),
  };
}

function seated(ruleset: (typeof RULESET_IDS)[number] = 'fate-core') {
  const t = new TestTable(ruleset);
  const ann = seat(t, 'Ann');
  const bob = seat(t, 'Bob');
  return { t, ann, bob };
}

describe('[CORE-SHEET-1] character.create derives what the sheet does not carry', () => {
  it('[FC-STRESS-4] fate-core: Physique Fair and Will Average give 3-point boxes on both tracks', () => {
    const { t, ann } = seated();
    const id = created(t, ann, typed('fate-core', 'Ann'));
    expect(boxes(t, id)).toEqual({ physical: [1, 2, 3], mental: [1, 2, 3] });
    expect(charOf(t, id).owner).toBe(ann.seatId);
  });

  it('[FC-CHAR-3] a refresh the sheet sends that does not fit its stunts is recomputed, not refused', () => {
    const { t, ann } = seated();
    const stunts = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: `Stunt ${id}`, text: '' }));
    const id = created(t, ann, { ...typed('fate-core', 'Ann'), stunts, refresh: 3 });
    expect(charOf(t, id).refresh).toBe(2);
    expect(charOf(t, id).fatePoints).toBe(2);
  });

  it('[ER-STRESS-1] edgerunner: Physique above zero creates, with its boxes derived', () => {
    const { t, ann } = seated('edgerunner');
    const sheet = typed('edgerunner', 'Jade');
    const id = created(t, ann, sheet);
    expect(boxes(t, id)).toEqual({ physical: [1, 2, 3], mental: [1, 2, 3] });
  });

  it('[CORE-SHEET-1] an update re-derives the boxes from the new Physique', () => {
    const { t, ann } = seated();
    const id = created(t, ann, typed('fate-core', 'Ann'));
    const skills = typed('fate-core', 'Ann').skills!.map((s) =>
      s.id === 'physique' ? { ...s, rating: 3 } : s.id === 'notice' ? { ...s, rating: 2 } : s,
    );
    t.ok(ann, { type: 'character.update', characterId: id, changes: { skills } });
    expect(boxes(t, id).physical).toEqual([1, 2, 3, 4]);
  });
});

describe('a character the GM prepares for a player', () => {
  it('is unclaimed until a seated player claims it; a second claim is refused and changes nothing', () => {
    const { t, ann, bob } = seated();
    const id = created(t, GM, validSheet('fate-core', 'Tam'));
    expect(charOf(t, id)).toMatchObject({ npc: false });
    expect(charOf(t, id).owner).toBeUndefined();
    t.ok(bob, { type: 'character.claim', characterId: id });
    expect(charOf(t, id).owner).toBe(bob.seatId);
    const before = t.state();
    refused(t, ann, { type: 'character.claim', characterId: id }, 'already-claimed');
    expect(t.state()).toEqual(before);
  });

  it('refuses a claim of an NPC (forbidden), of nothing (not-found) and a second character (invalid)', () => {
    const { t, ann } = seated();
    const npc = created(t, GM, validSheet('fate-core', 'Og'), 'npc');
    refused(t, ann, { type: 'character.claim', characterId: npc }, 'forbidden');
    refused(t, ann, { type: 'character.claim', characterId: 'nobody' }, 'not-found');
    const free = created(t, GM, validSheet('fate-core', 'Tam'));
    t.ok(ann, { type: 'character.create', character: validSheet('fate-core', 'Ann') });
    refused(t, ann, { type: 'character.claim', characterId: free }, 'invalid');
    refused(t, GM, { type: 'character.claim', characterId: free }, 'invalid');
  });
});

describe('ready-made characters', () => {
  it.each(RULESET_IDS)('%s offers several, each created as it is or renamed', (ruleset) => {
    const sheets = readyMadeSheets(ruleset);
    expect(sheets.length).toBeGreaterThanOrEqual(3);
    const t = new TestTable(ruleset);
    for (const [i, sheet] of sheets.entries()) {
      const name = i === 1 ? `${sheet.name} the Second` : sheet.name;
      const id = created(t, seat(t, `P${i}`), { ...sheet, name });
      expect(charOf(t, id).name).toBe(name);
    }
  });

  it('[FC-CHAR-2] fate-core ones have a full pyramid; the text’s Landon has a 4-point physical box', () => {
    for (const sheet of readyMadeSheets('fate-core')) {
      const counts = [4, 3, 2, 1].map((r) => sheet.skills!.filter((s) => s.rating === r).length);
      expect(counts).toEqual([1, 2, 3, 4]);
    }
    const t = new TestTable('fate-core');
    const landon = readyMadeSheets('fate-core').find((s) => s.name === 'Landon')!;
    const id = created(t, GM, landon);
    expect(boxes(t, id).physical).toEqual([1, 2, 3, 4]);
  });
});

describe('characters', () => {
  it('refuses a sheet the ruleset finds invalid, with its messages', () => {
    const t = new TestTable();
    const ann = seat(t, 'Ann');
    const before = t.state();
    const out = t.send(ann, { type: 'character.create', character: { name: 'Blank' } });
    expect(out).toMatchObject({ ok: false, code: 'invalid' });
    if (!out.ok) expect(out.message).toMatch(/High Concept|Trouble/);
    expect(t.state()).toEqual(before);
  });

  it('lets the GM make a pregenerated character that a player claims', () => {
    const t = new TestTable();
    const ann = seat(t, 'Ann');
    const id = created(t, GM, validSheet('fate-core', 'Pregen'));
    expect(charOf(t, id).owner).toBeUndefined();
    t.ok(ann, { type: 'character.claim', characterId: id });
    expect(charOf(t, id).owner).toBe(ann.seatId);
    refused(t, ann, { type: 'character.claim', characterId: id }, 'invalid');
  });

  it('updates a sheet and rebuilds stress from Physique', () => {
    const { t, ann, a } = sceneWithAspect();
    t.ok(ann, { type: 'character.update', characterId: a, changes: { name: 'Zira Vel' } });
    expect(charOf(t, a).name).toBe('Zira Vel');
    refused(
      t,
      ann,
      {
        type: 'character.update',
        characterId: a,
        changes: { skills: [{ id: 'fight', rating: 9 }] },
      },
      'invalid',
    );
  });
});
