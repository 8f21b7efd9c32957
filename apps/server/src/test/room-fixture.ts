import { seededRng } from '@fateboard/rules';
import { GroupCommit } from '../room/group-commit';
import { TableRoom } from '../room/room';
import { createTable } from '../room/tables';
import type { RoomDeps } from '../room/room';
import type { Storage } from '../storage';

/**
 * A room on table `id` (`T1` unless given; a fate-core table, created in `storage` if missing), with a fixed
 * clock, seeded dice and ids `id1`, `id2`…; its own group commit unless `overrides` gives one.
 */
export async function newTestRoom(
  storage: Storage,
  overrides: Partial<RoomDeps> = {},
  id = 'T1',
): Promise<TableRoom> {
  if (!(await storage.getTable(id))) {
    await createTable(storage, { id, name: 'Test', ruleset: 'fate-core' }, 0);
  }
  let n = 0;
  return TableRoom.open((await storage.getTable(id))!, {
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
