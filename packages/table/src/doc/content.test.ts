import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '@fateboard/rules';
import { applyCommand } from '../commands/reducer';
import { docsFromContent, tableContent } from './content';
import type { TableDocs } from './schema';
import { readGm, readTable } from './views';
import { GM, sceneTable } from '../test/harness';
import { expectRegisteredRoots, expectSameRoots, fillEveryRegisteredRoot } from '../test/roots';

describe('a table as content and back (the table file)', () => {
  it('writes every registered root of both documents, and builds each back', () => {
    const { t } = sceneTable();
    t.ok(GM, { type: 'gm.note', text: 'The butler did it' });
    fillEveryRegisteredRoot(t.docs);

    const content = tableContent(t.docs);
    expectRegisteredRoots({ pub: Object.keys(content.pub), gm: Object.keys(content.gm) });
    // All but meta.id, which names the holding server's copy.
    expectSameRoots(docsFromContent(content, 't2'), t.docs, ['id']);
  });

  it('ignores a root the registry does not name, on the way out and back in', () => {
    const { t } = sceneTable();
    t.docs.pub.getMap<unknown>('unregistered').set('x', 1);
    const content = tableContent(t.docs);
    expect(content.pub).not.toHaveProperty('unregistered');
    content.pub.unregistered = { map: { x: 1 } };
    expect([...docsFromContent(content, 't2').pub.share.keys()]).not.toContain('unregistered');
  });

  it.each(RULESET_IDS)(
    '%s: the same views, the same content, and play goes on alike',
    (ruleset) => {
      const { t, a, npc } = sceneTable(5, ruleset);
      t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'On Fire', freeInvokes: 2 });
      t.ok(GM, { type: 'gm.prepare', kind: 'situation', text: 'Trapdoor', note: 'act 2' });
      t.ok(GM, { type: 'gm.note', text: 'Brute\tbetrays' });
      // Countdowns, public and hidden, and one tied to exchanges, part filled.
      const tide = { name: 'Tide', boxes: 4, trigger: 'The hold floods', perExchange: true };
      const { countdownId } = t.ok(GM, { type: 'countdown.add', ...tide });
      t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
      t.ok(GM, { type: 'countdown.add', name: 'Ritual', boxes: 3, trigger: 'Doom', hidden: true });
      t.ok(GM, { type: 'fate-point.give', fromCharacterId: a, toCharacterId: npc });
      const content = tableContent(t.docs);
      // Plain JSON: what a file holds survives being written and read.
      const restored = docsFromContent(JSON.parse(JSON.stringify(content)) as typeof content, 't2');
      expect(tableContent(restored)).toEqual(content);
      expect(readTable(restored.pub)).toEqual({ ...readTable(t.docs.pub), id: 't2' });
      expect(readGm(restored.gm)).toEqual(readGm(t.docs.gm));
      expect(readTable(restored.pub).countdowns).toMatchObject([{ name: 'Tide', filled: 1 }]);
      expect(readGm(restored.gm).countdowns).toMatchObject([{ name: 'Ritual', filled: 0 }]);
      expect(restored.pub.getMap('meta').get('id')).toBe('t2');
      expect(content.pub.meta).not.toHaveProperty(['map', 'id']);

      // The same next command on both gives the same table.
      const next = (docs: TableDocs) =>
        applyCommand({
          docs,
          actor: GM,
          command: { id: 'n', type: 'aspect.add', kind: 'boost', text: 'Smoke' },
          rng: () => 0.5,
          now: 99_000,
          newId: () => 'next',
        });
      expect(next(restored)).toEqual(next(t.docs));
      expect(tableContent(restored)).toEqual(tableContent(t.docs));
    },
  );
});
