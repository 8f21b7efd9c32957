import { describe, expect, it } from 'vitest';
import { countdownWords } from '@fateboard/table';
import { GmState, TableState } from '../../lib/table-state.svelte';
import { GM, PlayTable } from '../../lib/test/play';

// Countdowns reach the screens through the roots they live in: public ones
// through the public document's view, hidden ones through the GM document's only.
describe('countdowns in the client state', () => {
  it('follows a public countdown box by box, and a hidden one only in the GM state', () => {
    const t = new PlayTable();
    const table = new TableState(t.docs.pub);
    const gm = new GmState(t.docs.gm);
    const { countdownId } = t.ok(GM, {
      type: 'countdown.add',
      name: 'Reinforcements arrive',
      boxes: 4,
      trigger: 'Marines storm the docks',
    });
    t.ok(GM, {
      type: 'countdown.add',
      name: 'Cult ritual completes',
      boxes: 3,
      trigger: 'The bridge collapses',
      hidden: true,
    });
    expect(table.view.countdowns.map((c) => c.name)).toEqual(['Reinforcements arrive']);
    expect(gm.view.countdowns.map((c) => c.name)).toEqual(['Cult ritual completes']);
    for (let i = 0; i < 3; i++) t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    // The words a screen reader hears for the meter.
    expect(countdownWords(table.view.countdowns[0]!)).toBe('Reinforcements arrive: 3 of 4');
    table.destroy();
    gm.destroy();
  });
});
