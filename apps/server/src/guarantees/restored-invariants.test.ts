import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRng } from '@fateboard/rules';
import { COUNTDOWN_LIMIT, MAX_POINTS, MAX_SEATS, checkTableDocs } from '@fateboard/table';
import { TestServer, api, createTable, storedDocs } from '../test/harness';
import { ziraAndBrute } from '../test/characters';

// docs/GUARANTEES.md, "Every way in keeps the table's invariants": a table file breaking one
// that no command would ever break — held points, a roll, a limit, an owner — is refused
// naming the field and why, and writes nothing; what a restore accepts is a table checkTable
// accepts.

type Json = Record<string, unknown>;
/** A JSON object in the file, by its place (the file's shape: docs/PROTOCOL.md). */
const obj = (value: unknown): Json => value as Json;

let server: TestServer;
let file: Json;
let ids: { zira: string; brute: string; seat: string };
beforeAll(async () => {
  server = await TestServer.start({
    rng: seededRng(29),
    limits: { createTablePerMinute: 600, createTableBurst: 100 },
  });
  const table = await createTable(server.url, 'fate-core', 'Ashes of Kell');
  const { gm, ann, seat, zira, brute } = await ziraAndBrute(server.url, table);
  await gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [zira, brute] });
  await ann.ok({ type: 'roll', characterId: zira, skillId: 'fight', action: 'overcome' });
  await gm.ok({ type: 'countdown.add', name: 'Tide', boxes: 4, trigger: 'The hold floods' });
  ann.close();
  gm.close();
  ids = { zira, brute, seat: seat.seatId };
  const res = await fetch(`${server.url}/api/tables/${table.id}/export`, {
    headers: { authorization: `Bearer ${table.tokens.gm}` },
  });
  file = (await res.json()) as Json;
}, 60_000);
afterAll(async () => {
  await server.stop();
});

const tables = () => {
  const db = new Database(join(server.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM tables').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** The exported file with `edit` made to a copy of it. */
function edited(edit: (f: Json) => void): string {
  const copy = structuredClone(file);
  edit(copy);
  return JSON.stringify(copy);
}
/** The entries of a root map of the public document. */
const root = (f: Json, name: string) => obj(obj(obj(obj(f.documents).pub)[name]).map);
/** The fields of the Y.Map at `id` of a root map (or of a map inside one). */
const fields = (map: Json, id: string) => obj(obj(map[id]).map);
const character = (f: Json, id: string) => fields(root(f, 'characters'), id);

const mapOf = (fields: Json) => ({ map: fields });

describe('a restored table keeps every invariant of a table', () => {
  it('restores the table as exported: checkTable accepts it', async () => {
    const res = await api(server.url, '/api/tables/restore', { raw: JSON.stringify(file) });
    expect(res.status).toBe(201);
    expect(checkTableDocs(storedDocs(server.dataDir, res.body.id as string))).toBeUndefined();
    // The first restore also starts the server's file worker thread.
  }, 30_000);

  it.each<[string, (f: Json) => void, RegExp]>([
    [
      'points held past the ceiling (1e15)',
      (f) => (character(f, ids.zira).owed = 1e15),
      new RegExp(`characters\\.\\d\\.owed is over ${MAX_POINTS}`),
    ],
    [
      'half a point held',
      (f) => (character(f, ids.zira).owed = 0.5),
      /characters\.\d\.owed is not a whole number/,
    ],
    [
      'a roll whose actor is not a side',
      (f) => {
        const rolls = obj(obj(obj(f.documents).pub).rolls).array as Json[];
        obj(rolls[0]!.map).actor = 'garbage';
      },
      /rolls\.0\.actor/,
    ],
    [
      `${MAX_SEATS + 178} seats`,
      (f) => {
        for (let i = 0; i < MAX_SEATS + 178; i++) {
          root(f, 'seats')[`s${i}`] = mapOf({ id: `s${i}`, name: `Seat ${i}` });
        }
      },
      new RegExp(`seats holds more than ${MAX_SEATS} seats`),
    ],
    [
      '500 public countdowns',
      (f) => {
        const map = root(f, 'countdowns');
        for (let i = 0; i < 500; i++) {
          map[`cd${i}`] = mapOf({
            id: `cd${i}`,
            name: 'C',
            boxes: 3,
            filled: 0,
            trigger: 'T',
            at: i,
          });
        }
      },
      new RegExp(`countdowns holds more than ${COUNTDOWN_LIMIT} public countdowns`),
    ],
    [
      '2,000 stunts',
      (f) => {
        const stunts = obj(obj(character(f, ids.zira).stunts).map);
        for (let i = 0; i < 2000; i++) {
          stunts[`st${i}`] = mapOf({ id: `st${i}`, name: 'S', text: 'T', i: 100 + i });
        }
      },
      /characters\.\d\.stunts holds more than 20 stunts/,
    ],
    [
      'a stress track of 10,000 boxes',
      (f) => {
        const tracks = obj(obj(character(f, ids.zira).stress).map);
        const track = obj(obj(Object.values(tracks)[0]).map);
        track.values = { json: Array.from({ length: 10_000 }, () => 1) };
      },
      /is not what fate-core gives/,
    ],
    [
      'an NPC owned by a seat',
      (f) => {
        delete character(f, ids.zira).owner;
        fields(root(f, 'seats'), ids.seat).characterId = ids.brute;
        character(f, ids.brute).owner = ids.seat;
      },
      /gives an NPC to a seat/,
    ],
  ])(
    'refuses %s, naming the field, and writes nothing',
    async (_name, edit, reason) => {
      const before = tables();
      const res = await api(server.url, '/api/tables/restore', { raw: edited(edit) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('bad-table-file');
      expect(res.body.message).toMatch(reason);
      expect(tables()).toBe(before);
    },
    30_000,
  );
});
