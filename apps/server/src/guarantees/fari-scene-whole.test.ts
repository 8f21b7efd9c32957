import { describe, expect, it } from 'vitest';
import { checkTableDocs, readGm, readTable } from '@fateboard/table';
import { DEFAULT_LIMITS } from '../limits/limits';
import { TestServer, createTable, storedDocs } from '../test/harness';
import { fariSceneServer, postScene, sortedAspectTexts } from '../test/fari-scene-server';

// docs/GUARANTEES.md, "A Fari scene is added whole": a card the table would refuse (a title of
// one invisible or combining character) refuses the scene with 400 naming the card, and no
// other card is stored; a good scene leaves a table checkTable accepts; a table takes a few
// scenes a minute.

const fx = fariSceneServer();
const { commandRows, addScene } = fx;

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
      const res = await addScene(
        scene(['REAL-CARD-ONE', title, 'REAL-CARD-THREE']),
        fx.table.tokens.gm,
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad-scene');
      expect(res.body.message).toContain(`Card 2`);
      expect(res.body.message).toContain(`\\u${code}`);
      expect(commandRows()).toBe(before);
      expect(readTable(storedDocs(fx.server.dataDir, fx.table.id).pub).aspects).toEqual([]);
    },
    30_000,
  );

  it('adds a good scene in one go, leaving a table checkTable accepts', async () => {
    const res = await addScene(
      scene(['REAL-CARD-ONE', 'REAL-CARD-TWO', 'REAL-CARD-THREE']),
      fx.table.tokens.gm,
    );
    expect(res.status).toBe(200);
    const docs = storedDocs(fx.server.dataDir, fx.table.id);
    expect(sortedAspectTexts(docs.pub)).toEqual([
      'REAL-CARD-ONE',
      'REAL-CARD-THREE',
      'REAL-CARD-TWO',
    ]);
    expect(readGm(docs.gm).hidden).toEqual([]);
    expect(checkTableDocs(docs)).toBeUndefined();
  }, 30_000);

  it('takes a few scenes a minute per table: past the burst, 429 and nothing stored', async () => {
    const strict = await TestServer.start();
    try {
      const other = await createTable(strict.url, 'fate-core', 'Strict');
      const send = () => postScene(strict.url, other.id, scene(['Fog']), other.tokens.gm);
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
