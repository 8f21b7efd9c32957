import { describe, expect, it } from 'vitest';
import { SavedTables } from './saved-tables';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('SavedTables', () => {
  it('keeps one entry per table and role, newest first', () => {
    const saved = new SavedTables(memory());
    saved.save({
      id: 'a',
      name: 'A',
      ruleset: 'fate-core',
      role: 'gm',
      token: 't1',
      lastOpened: 1,
    });
    saved.save({
      id: 'b',
      name: 'B',
      ruleset: 'pirates',
      role: 'player',
      token: 't2',
      lastOpened: 2,
    });
    saved.save({
      id: 'a',
      name: 'A2',
      ruleset: 'fate-core',
      role: 'gm',
      token: 't3',
      lastOpened: 3,
    });
    expect(saved.list().map((t) => [t.id, t.name, t.token])).toEqual([
      ['a', 'A2', 't3'],
      ['b', 'B', 't2'],
    ]);
    saved.remove('a', 'gm');
    expect(saved.list().map((t) => t.id)).toEqual(['b']);
  });
  it('survives corrupt storage and no storage at all', () => {
    const store = memory();
    store.data.set('fateboard.tables.v1', '{not json');
    expect(new SavedTables(store).list()).toEqual([]);
    store.data.set('fateboard.tables.v1', JSON.stringify([{ id: 1 }, null]));
    expect(new SavedTables(store).list()).toEqual([]);
    expect(new SavedTables(null).list()).toEqual([]);
  });
});
