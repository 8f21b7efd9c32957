import Database from 'better-sqlite3';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '@fateboard/table';
import type { CreatedTable, Participant } from '../test/harness';
import { TestServer, api, connectSocket, createTable, waitFor } from '../test/harness';
import { pngFile } from '../test/png';
import { validSheet } from '../test/sheets';

/**
 * Pictures no document names any more are dropped from storage, on a real SQLite file: a
 * replaced map or portrait and a removed handout go once their grace is over (the server's
 * clock is the test's), and stop counting against the table's disk; a picture still named
 * (on the board, a portrait, a handout prepared in the GM's document only) or still within
 * its grace stays. The drop runs between batches, here after every command
 * (`rebuildCheckEvery: 1`), and on unload.
 */

let now = 1_800_000_000_000;
let server: TestServer;
let table: CreatedTable;
let gm: Participant;
let hero: string;

beforeAll(async () => {
  server = await TestServer.start({
    clock: () => now,
    limits: { imageBurst: 40, imagesPerMinute: 600, rebuildCheckEvery: 1 },
  });
  table = await createTable(server.url, 'fate-core', 'Old maps');
  gm = await connectSocket(server.url, table.tokens.gm, 'gm');
  const created = await gm.ok({
    type: 'character.create',
    character: validSheet('fate-core', 'Vex'),
  });
  hero = (created.result as { characterId: string }).characterId;
}, 30_000);

afterAll(async () => {
  gm.close();
  await server.stop();
});

/**
 * A picture of noise from `seed` (so its own hash), tens of kilobytes once made WebP: its
 * weight on the table's disk stands out from the notes' few bytes.
 */
function noisyPng(seed: number): Buffer {
  const rows = Buffer.alloc((300 * 3 + 1) * 200);
  let x = seed * 2654435761;
  for (let i = 0; i < rows.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    rows[i] = i % (300 * 3 + 1) === 0 ? 0 : x >>> 24;
  }
  return pngFile(300, 200, 2, deflateSync(rows));
}

/** A picture of its own (`seed`), uploaded as `kind`; answers its hash. */
async function upload(
  seed: number,
  kind: string,
  character?: string,
  to: { server: TestServer; table: CreatedTable } = { server, table },
): Promise<string> {
  const query = new URLSearchParams({ kind, ...(character ? { character } : {}) });
  const path = `/api/tables/${to.table.id}/images?${query.toString()}`;
  const response = await fetch(`${to.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${to.table.tokens.gm}` },
    body: noisyPng(seed),
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { hash: string }).hash;
}

/** The pictures the SQLite file holds for the table, by hash (each with its variants). */
function storedHashes(on = server, tableId = table.id): string[] {
  const db = new Database(join(on.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT DISTINCT hash FROM images WHERE table_id = ? ORDER BY hash')
      .all(tableId) as { hash: string }[];
    return rows.map((r) => r.hash);
  } finally {
    db.close();
  }
}

const usage = async () =>
  (await api(server.url, `/api/tables/${table.id}/usage`, { token: table.tokens.gm })).body
    .bytes as number;

/** The GM's read of a picture: 200 while stored, 404 once dropped. */
const readStatus = async (hash: string) =>
  (
    await fetch(`${server.url}/api/tables/${table.id}/images/${hash}`, {
      headers: { authorization: `Bearer ${table.tokens.gm}` },
    })
  ).status;

/** Time passes; then any command runs the drop between batches. */
async function later(ms: number): Promise<void> {
  now += ms;
  await gm.ok({ type: 'gm.note', text: `${now}` });
  // The drop runs after the batch, between batches: the next command's batch waits for it.
  await gm.ok({ type: 'gm.note', text: `${now} again` });
}

const sorted = (...hashes: string[]) => [...hashes].sort();

describe('pictures no document names', () => {
  it('are dropped after their grace, never while named or within it', async () => {
    const grace = IMAGE_LIMITS.unnamedGraceMs;
    await gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [hero] });
    const map1 = await upload(10, 'map');
    await gm.ok({ type: 'board.map', hash: map1 });
    const portrait1 = await upload(20, 'portrait', hero);
    await gm.ok({ type: 'character.portrait', characterId: hero, hash: portrait1 });
    // Prepared only, in the GM's document: named there, so kept.
    const letter = await upload(30, 'handout');
    const prepared = await gm.ok({ type: 'handout.prepare', image: letter, title: 'A letter' });
    const letterId = (prepared.result as { handoutId: string }).handoutId;
    const stray = await upload(40, 'map');
    const withAll = await usage();

    // Within the grace, nothing goes, the stray upload included.
    await later(grace - 60_000);
    expect(storedHashes()).toEqual(sorted(map1, portrait1, letter, stray));

    // Past it: the stray picture, which nothing ever named, goes and its bytes with it.
    await later(2 * 60_000);
    expect(storedHashes()).toEqual(sorted(map1, portrait1, letter));
    expect(await readStatus(stray)).toBe(404);
    const withoutStray = await usage();
    expect(withoutStray).toBeLessThan(withAll);

    // The map changed, the portrait replaced, the handout removed: the old ones go, once the
    // new ones' own grace has nothing to do with it.
    const map2 = await upload(50, 'map');
    await gm.ok({ type: 'board.map', hash: map2 });
    const portrait2 = await upload(60, 'portrait', hero);
    await gm.ok({ type: 'character.portrait', characterId: hero, hash: portrait2 });
    await gm.ok({ type: 'handout.remove', handoutId: letterId });
    // A fresh upload, not named yet: within its grace, as the named ones are.
    const fresh = await upload(70, 'handout');
    await later(1000);
    expect(storedHashes()).toEqual(sorted(map2, portrait2, fresh));
    for (const gone of [map1, portrait1, letter]) expect(await readStatus(gone)).toBe(404);
    expect(await readStatus(map2)).toBe(200);

    // Uploaded again, a picture's grace starts again.
    now += grace - 1000;
    expect(await upload(70, 'handout')).toBe(fresh);
    await later(2000);
    expect(storedHashes()).toContain(fresh);
    await later(grace);
    expect(storedHashes()).toEqual(sorted(map2, portrait2));
    expect(await usage()).toBeLessThan(withoutStray);
  });

  it('a pushed handout stays while shown, goes once removed', async () => {
    const poster = await upload(80, 'handout');
    const prepared = await gm.ok({ type: 'handout.prepare', image: poster, title: 'Wanted' });
    const id = (prepared.result as { handoutId: string }).handoutId;
    await gm.ok({ type: 'handout.push', handoutId: id });
    await later(IMAGE_LIMITS.unnamedGraceMs * 2);
    expect(storedHashes()).toContain(poster);
    await gm.ok({ type: 'handout.remove', handoutId: id });
    await later(1000);
    expect(storedHashes()).not.toContain(poster);
  });

  it('an idle table drops them as it unloads', async () => {
    let clock = 1_900_000_000_000;
    const idle = await TestServer.start({
      clock: () => clock,
      limits: { idleUnloadMs: 100, imageBurst: 40, imagesPerMinute: 600 },
    });
    try {
      const quiet = await createTable(idle.url, 'fate-core', 'Quiet');
      const to = { server: idle, table: quiet };
      const host = await connectSocket(idle.url, quiet.tokens.gm, 'gm');
      const unused = await upload(90, 'map', undefined, to);
      const letter = await upload(91, 'handout', undefined, to);
      await host.ok({ type: 'handout.prepare', image: letter, title: 'Kept' });
      clock += IMAGE_LIMITS.unnamedGraceMs + 1000;
      expect(storedHashes(idle, quiet.id)).toEqual(sorted(unused, letter));
      host.close();
      await waitFor(() => storedHashes(idle, quiet.id).length === 1, 'the drop on unload', 5000);
      expect(storedHashes(idle, quiet.id)).toEqual([letter]);
    } finally {
      await idle.stop();
    }
  });
});
