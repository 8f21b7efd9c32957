import { describe, expect, it } from 'vitest';
import type { LogEntry } from '@fateboard/table';
import { fateSummary } from './fate-summary';

const entry = (n: number, type: string, movements: LogEntry['movements'] = []): LogEntry => ({
  n,
  at: n,
  by: { role: 'gm' },
  type,
  text: type,
  movements,
});
const ch = (id: string) => ({ type: 'character' as const, id });

describe('fateSummary', () => {
  it('counts gains and spends per character since the last session start', () => {
    const log = [
      entry(1, 'compel.accept', [
        { from: { type: 'bank' }, to: ch('a'), amount: 1, reason: 'compel-accepted' },
      ]),
      entry(2, 'session.start', [
        { from: { type: 'bank' }, to: ch('a'), amount: 2, reason: 'refresh' },
      ]),
      entry(3, 'invoke', [{ from: ch('a'), to: { type: 'bank' }, amount: 1, reason: 'invoke' }]),
      entry(4, 'fate-point.give', [{ from: ch('a'), to: ch('b'), amount: 1, reason: 'give' }]),
    ];
    expect(fateSummary(log)).toEqual([
      { characterId: 'a', gained: 2, spent: 2, byReason: { refresh: 2, invoke: -1, give: -1 } },
      { characterId: 'b', gained: 1, spent: 0, byReason: { give: 1 } },
    ]);
  });
});
