import { seededRng } from '@fateboard/rules';
import { GroupCommit } from '../group-commit';
import { TableRoom } from '../room';
import { createTable } from '../tables';
import type { RoomDeps } from '../room';
import type { Storage } from '../storage';

/**
 * A room on table `T1` (a fate-core table, created in `storage` if missing), with a fixed
 * clock, seeded dice and ids `id1`, `id2`…; its own group commit unless `overrides` gives one.
 */
export function newTestRoom(storage: Storage, overrides: Partial<RoomDeps> = {}): TableRoom {
  const id = 'T1';
  if (!storage.getTable(id)) createTable(storage, { id, name: 'Test', ruleset: 'fate-core' }, 0);
  let n = 0;
  return new TableRoom(storage.getTable(id)!, {
    storage,
    commits: new GroupCommit(storage, () => {}),
    clock: () => 1000,
    rng: seededRng(1),
    newId: () => `id${++n}`,
    compactAfter: 1000,
    log: () => {},
    ...overrides,
  });
}
