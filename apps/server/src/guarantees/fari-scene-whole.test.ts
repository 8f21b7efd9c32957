import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTableDocs, readGm, readTable } from '@fateboard/table';
import { DEFAULT_LIMITS } from '../limits/limits';
import { TestServer, api, createTable, storedDocs } from '../test/harness';
import type { CreatedTable } from '../test/harness';
import { rowCount } from '../test/row-count';

// docs/GUARANTEES.md, "A Fari scene is added whole": a card the table would refuse (a title of
// one invisible or combining character) refuses the scene with 400 naming the card, and no
// other card is stored; a good scene leaves a table checkTable accepts; a table takes a few
// scenes a minute.

let server: TestServer;
let table: CreatedTable;
beforeAll(async () => {
  // More scenes a minute than a table may take: the cases below send several to one table.
  server = await TestServer.start({ limits: { fariSceneBurst: 100 } });
  table = await createTable(server.url, 'fate-core', 'Docks');
}, 60_000);
afterAll(async () => {
  await server.stop();
});

const commandRows = () => rowCount(server.dataDir, 'commands');

const scene = (titles: string[]) =>
  JSON.stringify({
    fariType: 'scene',
    name: 'Harbour',
    version: 3,
    indexCards: {
      public: titles.map((title, i) => ({ id: `c${i}`, title, content: '', blocks: [] })),
      private: [],
    },
  });

describe('a Fari scene is added whole or not at all', () => {
  it.each(['200B', '0301', '00AD', '2060', '115F', '3164'])(
    'refuses a scene with a card titled only U+%s, naming it, and stores no card',
    async (code) => {
      const title = String.fromCodePoint(parseInt(code, 16));
      const before = commandRows();
      const res = await api(server.url, `/api/tables/${table.id}/fari-scene`, {
        raw: scene(['REAL-CARD-ONE', title, 'REAL-CARD-THREE']),
        token: table.tokens.gm,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad-scene');
      expect(res.body.message).toContain(`Card 2`);
      expect(res.body.message).toContain(`\\u${code}`);
      expect(commandRows()).toBe(before);
      expect(readTable(storedDocs(server.dataDir, table.id).pub).aspects).toEqual([]);
    },
    30_000,
  );

  it('adds a good scene in one go, leaving a table checkTable accepts', async () => {
    const res = await api(server.url, `/api/tables/${table.id}/fari-scene`, {
      raw: scene(['REAL-CARD-ONE', 'REAL-CARD-TWO', 'REAL-CARD-THREE']),
      token: table.tokens.gm,
    });
    expect(res.status).toBe(200);
    const docs = storedDocs(server.dataDir, table.id);
    expect(
      readTable(docs.pub)
        .aspects.map((a) => a.text)
        .sort(),
    ).toEqual(['REAL-CARD-ONE', 'REAL-CARD-THREE', 'REAL-CARD-TWO']);
    expect(readGm(docs.gm).hidden).toEqual([]);
    expect(checkTableDocs(docs)).toBeUndefined();
  }, 30_000);

  it('takes a few scenes a minute per table: past the burst, 429 and nothing stored', async () => {
    const strict = await TestServer.start();
    try {
      const other = await createTable(strict.url, 'fate-core', 'Strict');
      const send = () =>
        api(strict.url, `/api/tables/${other.id}/fari-scene`, {
          raw: scene(['Fog']),
          token: other.tokens.gm,
        });
      for (let i = 0; i < DEFAULT_LIMITS.fariSceneBurst; i++)
        expect((await send()).status).toBe(200);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate-limited');
      expect(readTable(storedDocs(strict.dataDir, other.id).pub).aspects).toHaveLength(
        DEFAULT_LIMITS.fariSceneBurst,
      );
    } finally {
      await strict.stop();
    }
  }, 60_000);
});
