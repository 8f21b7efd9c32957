import { describe, expect, it } from 'vitest';
import { RULESET_IDS } from '@fateboard/rules';
import { sampleSheet } from './sample-sheets';
import { readTable } from '../doc/views';
import { GM, TestTable, created, seat } from '../test/harness';

describe('sampleSheet', () => {
  it.each(RULESET_IDS)(
    'gives a %s character that the ruleset validates and the table seats',
    (ruleset) => {
      const t = new TestTable(ruleset);
      const ada = seat(t, 'Ada');
      const id = created(t, ada, sampleSheet(ruleset, 'Ada'));
      const view = readTable(t.docs.pub);
      expect(view.characters.find((c) => c.id === id)?.name).toBe('Ada');
      expect(t.ok(GM, { type: 'scene.start', name: 'Docks', characterIds: [id] })).toBeDefined();
    },
  );
});
