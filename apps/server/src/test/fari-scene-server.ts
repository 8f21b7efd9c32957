import { afterAll, beforeAll } from 'vitest';
import type * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import { TestServer, api, createTable } from './harness';
import type { CreatedTable } from './harness';
import { rowCount } from './row-count';

// The Fari scene tests' server (http/fari-scene.test.ts, guarantees/fari-scene-whole.test.ts):
// one per test file, with a fate-core table named Docks, and what they send and read.

/** POSTs a Fari scene file to the table `tableId` of the server at `url`. */
export const postScene = (url: string, tableId: string, raw: string, token?: string) =>
  api(url, `/api/tables/${tableId}/fari-scene`, { raw, ...(token ? { token } : {}) });

/**
 * The texts of a document's aspects, sorted: the cards of a scene are stored at one time, and
 * what shares a time comes in the order of its random ids.
 */
export const sortedAspectTexts = (pub: Y.Doc): string[] =>
  readTable(pub)
    .aspects.map((a) => a.text)
    .sort();

export function fariSceneServer() {
  const fx = {
    server: undefined as unknown as TestServer,
    /** The Docks table, which the cases share. */
    table: undefined as unknown as CreatedTable,
    commandRows: () => rowCount(fx.server.dataDir, 'commands'),
    /** Adds a scene to the Docks table. */
    addScene: (raw: string, token?: string) => postScene(fx.server.url, fx.table.id, raw, token),
  };
  beforeAll(async () => {
    // More scenes a minute than a table may take: the cases send several to one table.
    fx.server = await TestServer.start({ limits: { fariSceneBurst: 100 } });
    fx.table = await createTable(fx.server.url, 'fate-core', 'Docks');
  }, 60_000);
  afterAll(async () => {
    await fx.server.stop();
  });
  return fx;
}
