import Database from 'better-sqlite3';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestServer,
  api,
  connectError,
  connectSocket,
  createTable,
  tokenOfLink,
} from '../test/harness';
import type { CreatedTable } from '../test/harness';
import { hashToken } from '../access/tokens';

/**
 * Guarantee 14, tokens and links at rest. The GM's invite links on any device, over real HTTP against a real server and its real
 * SQLite file: the GM link alone gets the current links back, no other token does, and the
 * file holds no token in clear, only hashes and the links sealed under the GM token.
 */

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start({ limits: { createTablePerMinute: 600, createTableBurst: 100 } });
});
afterAll(async () => {
  await server.stop();
});

type Links = { gm: string; player: string; spectator: string };

/** `GET /api/tables/:id/links`, as a fresh request from a device that holds only `token`. */
function linksOf(tableId: string, token: string) {
  return api(server.url, `/api/tables/${tableId}/links`, { token });
}

async function rotate(
  tableId: string,
  gmToken: string,
): Promise<{ player: string; spectator: string }> {
  const rotated = await api(server.url, `/api/tables/${tableId}/rotate-links`, {
    method: 'POST',
    token: gmToken,
  });
  expect(rotated.status).toBe(200);
  return rotated.body.links as { player: string; spectator: string };
}

/** Joins with a player link's token; throws unless the join is acknowledged. */
async function joinWith(token: string, name: string): Promise<void> {
  const player = await connectSocket(server.url, token, name);
  try {
    await player.ok({ type: 'join', name });
  } finally {
    player.close();
  }
}

/** Every byte the server's data directory holds: the SQLite file, its WAL and shared memory. */
function storedBytes(): Buffer {
  return Buffer.concat(
    readdirSync(server.dataDir).map((name) => readFileSync(join(server.dataDir, name))),
  );
}

/** A table whose sealed links are gone, as one made before they were kept looks after migration. */
function forgetSealedLinks(tableId: string, from?: string): void {
  const db = new Database(join(server.dataDir, 'fateboard.sqlite'));
  try {
    db.prepare(
      'UPDATE tables SET sealed_links = (SELECT sealed_links FROM tables WHERE id = ?) WHERE id = ?',
    ).run(from ?? null, tableId);
  } finally {
    db.close();
  }
}

const everyToken: string[] = [];
const remember = (...links: string[]) => everyToken.push(...links.map(tokenOfLink));

describe('the GM link on a second device', () => {
  let table: CreatedTable;

  it('gets the same links the table was made with, and they work for joining', async () => {
    table = await createTable(server.url);
    remember(table.links.gm, table.links.player, table.links.spectator);
    const answer = await linksOf(table.id, table.tokens.gm);
    expect(answer.status).toBe(200);
    expect(answer.body.links).toEqual(table.links);
    const byQuery = await api(server.url, `/api/tables/${table.id}/links?token=${table.tokens.gm}`);
    expect(byQuery.body.links).toEqual(table.links);
    const links = answer.body.links as Links;
    await joinWith(tokenOfLink(links.player), 'Ann');
    expect(await connectError(server.url, tokenOfLink(links.spectator))).toBeUndefined();
  });

  it('is the only token answered: player, seat and spectator get 403, others 401 or 403', async () => {
    const player = await connectSocket(server.url, table.tokens.player, 'Bo');
    const joined = await player.ok({ type: 'join', name: 'Bo' });
    player.close();
    const seatToken = (joined.result as { seatToken: string }).seatToken;
    everyToken.push(seatToken);
    expect(seatToken).toEqual(expect.any(String));
    for (const token of [table.tokens.player, table.tokens.spectator, seatToken]) {
      const refused = await linksOf(table.id, token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'forbidden', message: expect.any(String) as string });
      expect(JSON.stringify(refused.body)).not.toContain(table.tokens.player);
    }
    const other = await createTable(server.url);
    remember(other.links.gm, other.links.player, other.links.spectator);
    expect((await linksOf(table.id, other.tokens.gm)).status).toBe(403);
    expect((await linksOf(table.id, 'x'.repeat(43))).body.code).toBe('invalid-token');
    expect((await api(server.url, `/api/tables/${table.id}/links`)).status).toBe(401);
  });

  it('after a rotation answers the new links; the old ones stop working', async () => {
    const fresh = await rotate(table.id, table.tokens.gm);
    remember(fresh.player, fresh.spectator);
    const answer = await linksOf(table.id, table.tokens.gm);
    expect(answer.body.links).toEqual({ gm: table.links.gm, ...fresh });
    for (const old of [table.tokens.player, table.tokens.spectator]) {
      expect((await api(server.url, `/api/tables/${table.id}`, { token: old })).body.code).toBe(
        'revoked-token',
      );
    }
    await joinWith(tokenOfLink(fresh.player), 'Cy');
  });

  it('a restored table seals its new links too', async () => {
    const exported = await fetch(`${server.url}/api/tables/${table.id}/export`, {
      headers: { authorization: `Bearer ${table.tokens.gm}` },
    });
    const restored = await api(server.url, '/api/tables/restore', { raw: await exported.text() });
    expect(restored.status).toBe(201);
    const links = restored.body.links as Links;
    remember(links.gm, links.player, links.spectator);
    const id = restored.body.id as string;
    expect((await linksOf(id, tokenOfLink(links.gm))).body.links).toEqual(links);
    // The first restore also starts the server's file worker thread: seconds on a busy machine.
  }, 30_000);

  it('a table without sealed links says to rotate them, and has them once rotated', async () => {
    const old = await createTable(server.url);
    remember(old.links.gm, old.links.player, old.links.spectator);
    forgetSealedLinks(old.id);
    const missing = await linksOf(old.id, old.tokens.gm);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('links-not-kept');
    expect(missing.body.message).toMatch(/Replace the links/);
    // A player on the old link is not told anything new: the route is the GM's.
    expect((await linksOf(old.id, old.tokens.player)).status).toBe(403);
    const fresh = await rotate(old.id, old.tokens.gm);
    remember(fresh.player, fresh.spectator);
    expect((await linksOf(old.id, old.tokens.gm)).body.links).toEqual({
      gm: old.links.gm,
      ...fresh,
    });
  });

  it('sealed links moved to another table do not open there', async () => {
    const a = await createTable(server.url);
    const b = await createTable(server.url);
    remember(a.links.gm, a.links.player, a.links.spectator);
    remember(b.links.gm, b.links.player, b.links.spectator);
    forgetSealedLinks(b.id, a.id);
    expect((await linksOf(b.id, b.tokens.gm)).body.code).toBe('links-not-kept');
    expect((await linksOf(a.id, a.tokens.gm)).body.links).toEqual(a.links);
  });

  it('the data directory holds none of those tokens in clear, nor their raw bytes', () => {
    // Every GM, player, spectator and seat token this file made, rotated ones included.
    expect(everyToken.length).toBeGreaterThanOrEqual(23);
    const bytes = storedBytes();
    // The scan reads what the server wrote: each token's hash is there.
    for (const token of everyToken) expect(bytes.includes(hashToken(token)), token).toBe(true);
    for (const token of everyToken) {
      expect(bytes.includes(token), token).toBe(false);
      expect(bytes.includes(Buffer.from(token, 'base64url')), token).toBe(false);
    }
  });
});
