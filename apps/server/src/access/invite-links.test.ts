import { describe, expect, it } from 'vitest';
import { api, createTable, sleep, tokenOfLink, waitFor } from '../test/harness';
import { serverPerTest } from '../test/per-test';

/**
 * Replacing the invite links on one of the GM's devices: every GM connection hears that they
 * changed (and nothing else: the notice carries no link), so the GM's other devices fetch the
 * new ones with their own GM token instead of showing dead links.
 */
describe('links-rotated', () => {
  const t = serverPerTest();

  const rotate = (url: string, tableId: string, token: string) =>
    api(url, `/api/tables/${tableId}/rotate-links`, { method: 'POST', token });

  it('tells every GM connection, and no one else, each time the links are replaced', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const laptop = await t.connect(table.tokens.gm, 'laptop');
    const phone = await t.connect(table.tokens.gm, 'phone');
    const ann = await t.connect(table.tokens.player, 'ann');
    const { seatToken } = (await ann.ok({ type: 'join', name: 'Ann' })).result as {
      seatToken: string;
    };
    const seated = await t.connect(seatToken, 'ann-seat');
    const watcher = await t.connect(table.tokens.spectator, 'watcher');
    const other = await createTable(server.url);
    const otherGm = await t.connect(other.tokens.gm, 'other-gm');

    // A player or a spectator may not rotate: nobody hears anything.
    for (const token of [seatToken, table.tokens.spectator]) {
      expect((await rotate(server.url, table.id, token)).status).toBe(403);
    }
    const rotated = await rotate(server.url, table.id, table.tokens.gm);
    expect(rotated.status).toBe(200);
    await waitFor(() => laptop.linksRotated.length === 1 && phone.linksRotated.length === 1);
    // The notice holds no token: a device asks for the links with its own.
    expect(phone.linksRotated).toEqual([[]]);
    const links = await api(server.url, `/api/tables/${table.id}/links`, {
      token: table.tokens.gm,
    });
    expect(links.body).toMatchObject({ links: (rotated.body as { links: object }).links });

    // The spectator's link was replaced: closed, never told of the new one.
    await waitFor(() => watcher.closed?.code === 'revoked-token');
    expect(watcher.linksRotated).toEqual([]);

    // Twice at once: both replace, every GM connection hears both, and the links shown after
    // are the live ones (the route never answers links the server would refuse).
    const both = await Promise.all([
      rotate(server.url, table.id, table.tokens.gm),
      rotate(server.url, table.id, table.tokens.gm),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await waitFor(() => laptop.linksRotated.length === 3 && phone.linksRotated.length === 3);
    const after = await api(server.url, `/api/tables/${table.id}/links`, {
      token: table.tokens.gm,
    });
    expect(after.status).toBe(200);
    const player = tokenOfLink((after.body as { links: { player: string } }).links.player);
    const newcomer = await t.connect(player, 'newcomer');
    expect(newcomer.socket.connected).toBe(true);

    // Another table's GM, and the seated player, heard none of it.
    await sleep(100);
    expect([seated.linksRotated, otherGm.linksRotated, ann.linksRotated]).toEqual([[], [], []]);
    expect(seated.closed).toBeUndefined();
  });
});
