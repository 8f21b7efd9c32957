import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGm, readTable } from '@fateboard/table';
import { createTable, openReplica, storedDocs, waitFor } from '../test/harness';
import { fariSceneServer, postScene, sortedAspectTexts } from '../test/fari-scene-server';

/**
 * A Fari scene added to a table over real HTTP, on a real SQLite file: public index cards
 * become situation aspects every replica sees, private ones the GM's hidden prep; a bad file,
 * or anyone but the GM, writes nothing.
 */

const fx = fariSceneServer();
const { commandRows, addScene } = fx;

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../packages/interop/fixtures/${path}`, import.meta.url), 'utf8');

describe('POST /api/tables/:id/fari-scene', () => {
  it('adds public cards as situation aspects and private ones as hidden prep', async () => {
    const spectator = await openReplica(
      fx.server.url,
      `table/${fx.table.id}`,
      fx.table.tokens.spectator,
    );
    try {
      const res = await addScene(fixture('fari-scene/v2-docks.fari.json'), fx.table.tokens.gm);
      expect(res.status).toBe(200);
      const body = res.body as {
        aspects: string[];
        hidden: string[];
        report: { dropped: string[] };
      };
      expect(body.aspects).toHaveLength(4);
      expect(body.hidden).toHaveLength(2);
      expect(body.report.dropped).toHaveLength(2);

      // By id: the cards are stored in one group commit, at one time, and a view orders
      // what shares a time by its (random) id.
      const byId = <T extends { id: string }>(rows: T[], fields: (row: T) => unknown[]) =>
        Object.fromEntries(rows.map((row) => [row.id, fields(row)]));
      const stored = storedDocs(fx.server.dataDir, fx.table.id);
      const aspects = readTable(stored.pub).aspects;
      expect(byId(aspects, (a) => [a.kind, a.text, a.freeInvokes])).toEqual({
        [body.aspects[0]!]: ['situation', 'On Fire', { gm: 2 }],
        [body.aspects[1]!]: ['situation', 'Slippery Deck', {}],
        [body.aspects[2]!]: ['situation', 'Crates Everywhere', {}],
        [body.aspects[3]!]: ['boost', 'Momentum', { gm: 1 }],
      });
      const hidden = readGm(stored.gm).hidden;
      expect(byId(hidden, (h) => [h.text, h.freeInvokes, h.note])).toEqual({
        [body.hidden[0]!]: ['The Captain Is a Spy', 0, 'Reveal in act 2\nClue: the ring & the map'],
        [body.hidden[1]!]: ['Ambush Ready', 5, undefined],
      });
      // The secrets stay in the GM document; the public one and its log hold only the aspects.
      expect(JSON.stringify(stored.pub.toJSON())).not.toContain('Captain');
      expect(readTable(stored.pub).log.filter((e) => e.type === 'aspect.add')).toHaveLength(4);
      await waitFor(
        () => readTable(spectator.doc).aspects.length === 4,
        'the aspects on a spectator replica',
      );
    } finally {
      spectator.destroy();
    }
  }, 30_000);

  it('refuses anyone but the GM, before reading the file, and writes nothing', async () => {
    const before = commandRows();
    const file = fixture('fari-scene/v2-french.fari.json');
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'invalid-token'],
      [fx.table.tokens.player, 403, 'forbidden'],
      [fx.table.tokens.spectator, 403, 'forbidden'],
    ];
    for (const [token, status, code] of cases) {
      const res = await addScene(file, token);
      expect(res, String(token)).toMatchObject({ status, body: { code } });
    }
    expect(commandRows()).toBe(before);
  });

  it.each<[string, () => string, number, string]>([
    ['a Fari character', () => fixture('fari/v5-french.fari.json'), 400, 'not-a-scene'],
    ['a table file', () => '{"format":"fateboard-table","version":1}', 400, 'not-a-scene'],
    ['truncated JSON', () => fixture('bad/truncated.fari.json'), 400, 'invalid-json'],
    [
      'a scene with no titled card',
      () => fixture('bad/fari-scene-empty.fari.json'),
      400,
      'empty-scene',
    ],
    ['a prototype key', () => fixture('bad/proto-key.fari.json'), 400, 'reserved-key'],
    [
      'a file over 1 MiB',
      () => `{"fariType":"scene","x":"${'x'.repeat(1024 * 1024)}"}`,
      413,
      'too-large',
    ],
    ['an empty body', () => '', 400, 'bad-request'],
  ])('refuses %s and writes nothing', async (_name, body, status, code) => {
    const before = commandRows();
    const res = await addScene(body(), fx.table.tokens.gm);
    expect(res).toMatchObject({ status, body: { code, message: expect.any(String) as string } });
    expect(commandRows()).toBe(before);
  });

  it('adds hostile cards as their text only', async () => {
    const other = await createTable(fx.server.url, 'pirates', 'Hostile');
    const res = await postScene(
      fx.server.url,
      other.id,
      fixture('fari-scene/hostile-text.fari.json'),
      other.tokens.gm,
    );
    expect(res.status).toBe(200);
    const stored = storedDocs(fx.server.dataDir, other.id);
    expect(sortedAspectTexts(stored.pub)).toEqual([
      'Bridge gnp.exe Out',
      `Long ${'x'.repeat(195)}`,
      'Thick Fog',
    ]);
    expect(readGm(stored.gm).hidden[0]?.note).toBe('Pit <b> under the rug');
  });
});
