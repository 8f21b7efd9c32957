import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_TABLE_FILE_BYTES } from '@fateboard/interop';
import { TestServer, api, connectSocket, createTable } from '../test/harness';
import { validSheet } from '../test/sheets';
import { tableFileServer } from '../test/table-file-server';

// POST /api/tables/restore over real HTTP, on a real SQLite file: a bad file is refused with
// a code and a message while nothing is written (the good file's round trip:
// table-files.test.ts).

const fx = tableFileServer();

/** A table file as a test may break it. */
interface Node {
  map: Record<string, unknown>;
}
interface LooseFile {
  version: number;
  exportedAt: number;
  table: { name: string };
  log: { n: number; text: string }[];
  documents: { pub: Record<string, Node>; gm: Record<string, Node> };
}

describe('POST /api/tables/restore refuses bad files and writes nothing', () => {
  let good: Record<string, unknown>;
  beforeAll(async () => {
    const table = await createTable(fx.server.url, 'narrative', 'Template');
    const gm = await connectSocket(fx.server.url, table.tokens.gm, 'gm');
    await gm.ok({ type: 'character.create', character: validSheet('narrative', 'Vera') });
    gm.close();
    good = JSON.parse((await fx.exportOf(table.id, table.tokens.gm)).text) as Record<
      string,
      unknown
    >;
  });

  /** The good file with one change made by `edit` on a deep copy. */
  const edited = (edit: (file: LooseFile) => void): string => {
    const copy = structuredClone(good) as unknown as LooseFile;
    edit(copy);
    return JSON.stringify(copy);
  };
  const fixture = (path: string) =>
    readFileSync(new URL(`../../../../packages/interop/fixtures/${path}`, import.meta.url), 'utf8');

  const cases: [string, () => string, number, string, RegExp][] = [
    ['truncated JSON', () => JSON.stringify(good).slice(0, 300), 400, 'invalid-json', /not valid/],
    [
      'a Fateboard character file',
      () => JSON.stringify({ format: 'fateboard-character', version: 1 }),
      400,
      'not-a-table',
      /character file/,
    ],
    [
      'a Fari character',
      () => fixture('fari/v6-fate-core.fari.json'),
      400,
      'not-a-table',
      /character/,
    ],
    ['a Fari scene', () => fixture('bad/fari-scene.fari.json'), 400, 'not-a-table', /Fari scene/],
    ['another JSON', () => '{"hello":"world"}', 400, 'not-a-table', /not a Fateboard table/],
    ['a PDF', () => '%PDF-1.7\n...', 400, 'not-text', /PDF/],
    [
      'a newer file version',
      () => edited((f) => (f.version = 2)),
      400,
      'unsupported-version',
      /version 2/,
    ],
    [
      'documents of another schema',
      () => edited((f) => (f.documents.pub.meta!.map.schemaVersion = 99)),
      400,
      'unsupported-version',
      /schema 99/,
    ],
    [
      'a bidi override in a character name',
      () =>
        edited((f) => {
          const [vera] = Object.values(f.documents.pub.characters!.map) as Node[];
          vera!.map.name = 'Vera\u202Egnp.exe';
        }),
      400,
      'bad-table-file',
      /control or bidi/,
    ],
    [
      'a control character in the log',
      () => edited((f) => (f.log[0]!.text = 'ok\u0007')),
      400,
      'bad-table-file',
      /log\.0\.text/,
    ],
    [
      'a __proto__ key',
      () =>
        JSON.stringify(good).replace(
          '"characters":{"map":{',
          '"characters":{"map":{"__proto__":{"map":{}},',
        ),
      400,
      'reserved-key',
      /__proto__/,
    ],
    [
      'deep nesting',
      () =>
        edited(
          (f) =>
            (f.documents.pub.scene!.map.x = {
              json: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown,
            }),
        ),
      400,
      'too-deep',
      /nests/,
    ],
    [
      'an unknown root',
      () => edited((f) => (f.documents.gm.extra = { map: {} })),
      400,
      'bad-table-file',
      /extra/,
    ],
    [
      'the log array of documents before schema 3',
      () => edited((f) => ((f.documents.pub as Record<string, unknown>).log = { array: [] })),
      400,
      'bad-table-file',
      /log/,
    ],
    [
      'a character with a billion fate points',
      () =>
        edited((f) => {
          const [vera] = Object.values(f.documents.pub.characters!.map) as Node[];
          vera!.map.fatePoints = 1e9;
        }),
      400,
      'bad-table-file',
      /characters\.0\.fatePoints/,
    ],
    [
      'hidden prep with negative free invokes',
      () =>
        edited(
          (f) =>
            (f.documents.gm.hidden!.map.h1 = {
              map: { id: 'h1', kind: 'aspect', text: 'Trap', freeInvokes: -3, at: 1 },
            }),
        ),
      400,
      'bad-table-file',
      /hidden\.0\.freeInvokes/,
    ],
    [
      'a character that is not a Y.Map',
      () => edited((f) => (f.documents.pub.characters!.map.x = 'text')),
      400,
      'bad-table-file',
      /characters/,
    ],
    [
      'a gap in the log',
      () => edited((f) => (f.log[0]!.n = 7)),
      400,
      'bad-table-file',
      /log entry 7/,
    ],
    [
      'a table name unlike the document’s',
      () => edited((f) => (f.table.name = 'Another')),
      400,
      'bad-table-file',
      /another table/,
    ],
    [
      'an overflowing number',
      () => edited((f) => (f.exportedAt = 1)).replace('"exportedAt":1', '"exportedAt":1e400'),
      400,
      'bad-table-file',
      /exportedAt/,
    ],
    ['an empty body', () => '', 400, 'bad-request', /table file/],
  ];

  it.each(cases)('%s', async (_name, body, status, code, message) => {
    const before = [fx.countRows('tables'), fx.countRows('tokens'), fx.countRows('commands')];
    const res = await fx.restore(body());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(message);
    expect([fx.countRows('tables'), fx.countRows('tokens'), fx.countRows('commands')]).toEqual(
      before,
    );
  });

  it('refuses a file over the size limit before reading it all (413)', async () => {
    const before = fx.countRows('tables');
    const res = await fx.restore(
      `{"format":"fateboard-table","pad":"${'x'.repeat(MAX_TABLE_FILE_BYTES)}"}`,
    );
    expect(res).toMatchObject({ status: 413, body: { code: 'too-large' } });
    expect(fx.countRows('tables')).toBe(before);
  });

  it('refuses a body that is not JSON by its content type (415), as every POST', async () => {
    const res = await api(fx.server.url, '/api/tables/restore', {
      raw: JSON.stringify(good),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res).toMatchObject({ status: 415, body: { code: 'unsupported-media-type' } });
  });

  it('counts each restore against the table-creation limit of the address', async () => {
    const strict = await TestServer.start({ limits: { createTableBurst: 2 } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(
          (await api(strict.url, '/api/tables/restore', { raw: JSON.stringify(good) })).status,
        );
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await strict.stop();
    }
    // A fresh server: its first restore also starts its file worker thread.
  }, 30_000);

  it('restores the good file itself', async () => {
    const res = await fx.restore(JSON.stringify(good));
    expect(res.status).toBe(201);
  });
});
