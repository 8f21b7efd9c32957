import { afterAll, beforeAll, expect } from 'vitest';
import { seededRng } from '@fateboard/rules';
import { TestServer, api, createTable, unlimitedCommands } from './harness';
import type { CreatedTable, Participant } from './harness';
import { ziraAndBrute } from './characters';
import { rowCount } from './row-count';

// The table-file tests' server (http/table-files*.test.ts): one per test file, its traffic
// not throttled, with what they read of it: an export, a restore, the SQLite file's rows.

export function tableFileServer() {
  const fx = {
    server: undefined as unknown as TestServer,

    /** Rows of a table in the SQLite file, read by the test itself. */
    countRows: (table: 'tables' | 'tokens' | 'commands'): number =>
      rowCount(fx.server.dataDir, table),

    /** The table's file as the GM downloads it, checked to be a no-store attachment. */
    async exportOf(tableId: string, token: string) {
      const response = await fetch(`${fx.server.url}/api/tables/${tableId}/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-disposition')).toMatch(/\.fateboard-table\.json"?$/);
      return { text: await response.text() };
    },

    restore: (raw: string) => api(fx.server.url, '/api/tables/restore', { raw }),

    /** A fate-core table with play in it: seats, characters, prep, a scene, rolls, a long log. */
    async playedTable(): Promise<{ table: CreatedTable; gm: Participant }> {
      const url = fx.server.url;
      const table = await createTable(url, 'fate-core', 'Ashes of Kell');
      const { gm, ann, zira: characterId, brute: npc } = await ziraAndBrute(url, table);
      ann.close();
      await gm.ok({
        type: 'gm.prepare',
        kind: 'situation',
        text: 'Hidden Trapdoor',
        freeInvokes: 1,
      });
      await gm.ok({ type: 'gm.note', text: 'Brute betrays them\nin scene 3' });
      await gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [characterId, npc] });
      await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'On Fire', freeInvokes: 2 });
      await gm.ok({ type: 'roll', characterId: npc, skillId: 'fight', action: 'overcome' });
      await gm.ok({ type: 'fate-point.give', fromCharacterId: characterId, toCharacterId: npc });
      // Past the 150 entries the public document keeps: the older ones live only in storage.
      for (let i = 0; i < 160; i++) {
        await gm.ok({ type: 'gm.adjust', adjust: { what: 'gm-pool', value: i % 4 } });
      }
      return { table, gm };
    },
  };
  beforeAll(async () => {
    // Its own traffic is not throttled: 170 commands as fast as they are acknowledged, and
    // more restores (each attempt counts as a table made) than an address may make a minute.
    fx.server = await TestServer.start({
      rng: seededRng(15),
      limits: { ...unlimitedCommands(1000), createTablePerMinute: 600, createTableBurst: 100 },
    });
  });
  afterAll(async () => {
    await fx.server.stop();
  });
  return fx;
}
