import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '@fateboard/rules';
import { MAX_TABLE_FILE_BYTES } from '@fateboard/interop';
import { GM_ROOTS, PUB_ROOTS, readGm, readTable } from '@fateboard/table';
import {
  TestServer,
  api,
  connectSocket,
  createTable,
  storedDocs,
  unlimitedCommands,
} from '../test/harness';
import type { CreatedTable, Participant } from '../test/harness';
import { validSheet } from '../test/sheets';
import { claimCode } from '../test/restored-table';

/**
 * Whole-table export and restore over real HTTP, on a real SQLite file: the file holds every
 * root of both documents and the full log, a restore makes a new table with fresh links and
 * the same content, and bad files are refused with a code while nothing is written.
 */

let server: TestServer;
beforeAll(async () => {
  // Its own traffic is not throttled: 170 commands as fast as they are acknowledged, and
  // more restores (each attempt counts as a table made) than an address may make a minute.
  server = await TestServer.start({
    rng: seededRng(15),
    limits: { ...unlimitedCommands(1000), createTablePerMinute: 600, createTableBurst: 100 },
  });
});
afterAll(async () => {
  await server.stop();
});

/** Rows of a table in the SQLite file, read by the test itself. */
function countRows(table: 'tables' | 'tokens' | 'commands'): number {
  const db = new Database(join(server.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function exportOf(tableId: string, token: string) {
  const response = await fetch(`${server.url}/api/tables/${tableId}/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-disposition')).toMatch(/\.fateboard-table\.json"?$/);
  return { text: await response.text() };
}

function restore(raw: string) {
  return api(server.url, '/api/tables/restore', { raw });
}

/** The token of an invite link (it sits in the fragment). */
const tokenIn = (link: string) => new URL(link).hash.slice('#token='.length);

/** A table file without what a restore changes: when it was written, the seats' marks. */
function comparable(text: string): unknown {
  const { exportedAt: _at, ...rest } = JSON.parse(text) as {
    exportedAt: number;
    documents: { pub: { seats: { map: Record<string, { map: Record<string, unknown> }> } } };
  };
  for (const seat of Object.values(rest.documents.pub.seats.map)) delete seat.map.restored;
  return rest;
}

/** A fate-core table with play in it: seats, characters, prep, a scene, rolls, a long log. */
async function playedTable(): Promise<{ table: CreatedTable; gm: Participant }> {
  const table = await createTable(server.url, 'fate-core', 'Ashes of Kell');
  const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
  const link = await connectSocket(server.url, table.tokens.player, 'ann');
  await link.ok({ type: 'join', name: 'Ann' });
  const { characterId } = (
    await link.ok({ type: 'character.create', character: validSheet('fate-core', 'Zira') })
  ).result as { characterId: string };
  link.close();
  const npc = (
    (
      await gm.ok({
        type: 'character.create',
        character: validSheet('fate-core', 'Brute'),
        npc: true,
      })
    ).result as { characterId: string }
  ).characterId;
  await gm.ok({ type: 'gm.prepare', kind: 'situation', text: 'Hidden Trapdoor', freeInvokes: 1 });
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
}

describe('GET /api/tables/:id/export and POST /api/tables/restore', () => {
  it('export → restore → export gives the same file, under a new id and new links', async () => {
    const { table, gm } = await playedTable();
    try {
      const first = await exportOf(table.id, table.tokens.gm);
      const file = JSON.parse(first.text) as {
        format: string;
        version: number;
        table: { name: string; ruleset: string };
        log: { n: number }[];
        documents: { pub: Record<string, unknown>; gm: Record<string, unknown> };
      };
      expect(file).toMatchObject({
        format: 'fateboard-table',
        version: 1,
        table: { name: 'Ashes of Kell', ruleset: 'fate-core' },
      });
      // Every root of the registry, no other.
      expect(Object.keys(file.documents.pub).sort()).toEqual(Object.keys(PUB_ROOTS).sort());
      expect(Object.keys(file.documents.gm).sort()).toEqual(Object.keys(GM_ROOTS).sort());
      // The full log, not only what the document keeps.
      const stored = readTable(storedDocs(server.dataDir, table.id).pub);
      expect(stored.log.length).toBeLessThan(151);
      expect(file.log.length).toBeGreaterThan(165);
      expect(file.log.map((e) => e.n)).toEqual(file.log.map((_e, i) => i + 1));
      expect(first.text).not.toContain(table.tokens.gm);
      expect(first.text).not.toContain(table.id);

      const tablesBefore = countRows('tables');
      const restored = await restore(first.text);
      expect(restored.status).toBe(201);
      expect(countRows('tables')).toBe(tablesBefore + 1);
      const id = restored.body.id as string;
      expect(id).not.toBe(table.id);
      const links = restored.body.links as Record<'gm' | 'player' | 'spectator', string>;
      const gmToken = tokenIn(links.gm);
      expect(gmToken).not.toBe(table.tokens.gm);

      const second = await exportOf(id, gmToken);
      expect(comparable(second.text)).toEqual(comparable(first.text));

      // What every screen reads: the same views (each seat waiting for its player), the same
      // log pages.
      const before = storedDocs(server.dataDir, table.id);
      const after = storedDocs(server.dataDir, id);
      const seats = readTable(before.pub).seats;
      expect(readTable(after.pub)).toEqual({
        ...readTable(before.pub),
        id,
        seats: seats.map((seat) => ({ ...seat, restored: true })),
      });
      expect(readGm(after.gm)).toEqual(readGm(before.gm));
      const page = (tableId: string, token: string) =>
        api(server.url, `/api/tables/${tableId}/log?limit=200&before=100`, { token });
      expect((await page(id, gmToken)).body).toEqual((await page(table.id, table.tokens.gm)).body);
      const summary = await api(server.url, `/api/tables/${id}`, { token: gmToken });
      expect(summary.body).toMatchObject({ name: 'Ashes of Kell', ruleset: 'fate-core' });

      // The new table plays on: its log continues from the restored one.
      const newGm = await connectSocket(server.url, gmToken, 'gm2');
      try {
        const ack = await newGm.ok({ type: 'aspect.add', kind: 'situation', text: 'Smoke' });
        const entries = (ack.result as { log: { n: number }[] }).log;
        expect(entries[0]?.n).toBe(file.log.length + 1);
      } finally {
        newGm.close();
      }
      // Ann comes back with the claim link the GM hands her and takes her seat, and Zira, back.
      const seatId = seats[0]!.id;
      const claim = await api(server.url, `/api/tables/${id}/claims`, {
        token: gmToken,
        body: { seatId },
      });
      const code = claimCode(claim.body.link as string);
      const ann = await connectSocket(server.url, tokenIn(links.player), 'ann2');
      try {
        expect(
          (await ann.ok({ type: 'join', name: 'Ann', seatId, claim: code })).result,
        ).toMatchObject({ seatId });
        expect(readTable(storedDocs(server.dataDir, id).pub).seats).toEqual(seats);
      } finally {
        ann.close();
      }
      // The old links are not the new table's.
      const old = await api(server.url, `/api/tables/${id}/export`, { token: table.tokens.gm });
      expect(old).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    } finally {
      gm.close();
    }
  }, 60_000);

  it('only the GM exports: no token, a player or spectator link, another table', async () => {
    const table = await createTable(server.url, 'pirates', 'Secrets');
    const other = await createTable(server.url, 'pirates', 'Other');
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'invalid-token'],
      ['not-a-token', 401, 'invalid-token'],
      [table.tokens.player, 403, 'forbidden'],
      [table.tokens.spectator, 403, 'forbidden'],
      [other.tokens.gm, 403, 'forbidden'],
    ];
    for (const [token, status, code] of cases) {
      const res = await api(server.url, `/api/tables/${table.id}/export`, {
        ...(token === undefined ? {} : { token }),
      });
      expect(res, String(token)).toMatchObject({ status, body: { code } });
    }
  });
});

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
    const table = await createTable(server.url, 'narrative', 'Template');
    const gm = await connectSocket(server.url, table.tokens.gm, 'gm');
    await gm.ok({ type: 'character.create', character: validSheet('narrative', 'Vera') });
    gm.close();
    good = JSON.parse((await exportOf(table.id, table.tokens.gm)).text) as Record<string, unknown>;
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
    const before = [countRows('tables'), countRows('tokens'), countRows('commands')];
    const res = await restore(body());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(message);
    expect([countRows('tables'), countRows('tokens'), countRows('commands')]).toEqual(before);
  });

  it('refuses a file over the size limit before reading it all (413)', async () => {
    const before = countRows('tables');
    const res = await restore(
      `{"format":"fateboard-table","pad":"${'x'.repeat(MAX_TABLE_FILE_BYTES)}"}`,
    );
    expect(res).toMatchObject({ status: 413, body: { code: 'too-large' } });
    expect(countRows('tables')).toBe(before);
  });

  it('refuses a body that is not JSON by its content type (415), as every POST', async () => {
    const res = await api(server.url, '/api/tables/restore', {
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
    const res = await restore(JSON.stringify(good));
    expect(res.status).toBe(201);
  });
});
