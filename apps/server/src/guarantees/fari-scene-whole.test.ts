import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTableDocs, readGm, readTable } from '@fateboard/table';
import { TestServer, api, createTable, storedDocs } from '../test/harness';
import type { CreatedTable } from '../test/harness';

// Guarantee 21 (docs/GUARANTEES.md): a Fari scene goes onto a table whole or not at all. A
// card the table would refuse (a title of one invisible or combining character) refuses the
// scene with 400 naming the card, and no other card is stored; a good scene leaves a table
// checkTable accepts.

let server: TestServer;
let table: CreatedTable;
beforeAll(async () => {
  server = await TestServer.start();
  table = await createTable(server.url, 'fate-core', 'Docks');
});
afterAll(async () => {
  await server.stop();
});

function commandRows(): number {
  const db = new Database(join(server.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM commands').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

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
  });
});
