import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import {
  TestServer,
  api,
  connectSocket,
  createTable,
  storedDocs,
  tokenOfLink,
} from '../test/harness';
import { newClaim as claimFor, restoredTable } from '../test/restored-table';
import type { RestoredTable } from '../test/restored-table';

/**
 * A restored seat goes back to its player only, over real sockets and a real SQLite file: the
 * GM hands out a claim link per waiting seat; a join takes the seat back only with that seat's
 * good code, once; the GM replaces or revokes a link; nobody else gets anything.
 */

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start({
    limits: { eventRate: 1000, eventBurst: 1000, createTablePerMinute: 600, createTableBurst: 100 },
  });
});
afterAll(async () => {
  await server.stop();
});

type Restored = RestoredTable;
const restored = () => restoredTable(server.url);

async function newClaim(t: Restored, seatId: string): Promise<{ link: string; code: string }> {
  const made = await claimFor(server.url, t, seatId);
  expect(made.status).toBe(200);
  return made;
}

async function joinWith(t: Restored, seatId: string, claim?: string, name = 'Someone') {
  const p = await connectSocket(server.url, t.player, name);
  try {
    return await p.send({ type: 'join', name, seatId, ...(claim ? { claim } : {}) });
  } finally {
    p.close();
  }
}

const seatsOf = (t: Restored) => readTable(storedDocs(server.dataDir, t.id).pub).seats;

describe('claim links for a restored table’s seats', () => {
  it('a seat goes back with its own claim link, once; a wrong or reused code changes nothing', async () => {
    const t = await restored();
    const { link, code } = await newClaim(t, t.seats.dee);
    // The link is the player link with the seat's code beside the token.
    expect(tokenOfLink(link.replace(/&seat=.*$/, ''))).toBe(t.player);
    expect(link).toContain(`&seat=${encodeURIComponent(t.seats.dee)}&claim=`);
    expect(code).toHaveLength(43);

    const before = seatsOf(t);
    expect(await joinWith(t, t.seats.dee)).toMatchObject({ ok: false, code: 'claim-needed' });
    expect(await joinWith(t, t.seats.dee, 'x'.repeat(43))).toMatchObject({
      ok: false,
      code: 'bad-claim',
    });
    // Dee's code does not open Kim's seat.
    expect(await joinWith(t, t.seats.kim, code)).toMatchObject({ ok: false, code: 'bad-claim' });
    // Not even a malformed code reaches the reducer as one.
    expect(await joinWith(t, t.seats.dee, 'short')).toMatchObject({
      ok: false,
      code: 'bad-command',
    });
    expect(seatsOf(t)).toEqual(before);

    const dee = await connectSocket(server.url, t.player, 'dee');
    const back = await dee.ok({ type: 'join', name: 'Dee', seatId: t.seats.dee, claim: code });
    expect(back.result).toMatchObject({
      seatId: t.seats.dee,
      seatToken: expect.any(String) as string,
    });
    expect(seatsOf(t).find((s) => s.id === t.seats.dee)).not.toHaveProperty('restored');
    // The code is used up: again, even for a seat still waiting, it holds for nothing.
    expect(await joinWith(t, t.seats.dee, code)).toMatchObject({ ok: false, code: 'seat-taken' });
    expect(await joinWith(t, t.seats.kim, code)).toMatchObject({ ok: false, code: 'bad-claim' });
    // And it is gone from the GM's list; the join's row keeps no code.
    const list = await api(server.url, `/api/tables/${t.id}/claims`, { token: t.gm });
    expect(list).toMatchObject({ status: 200, body: { claims: [] } });
    dee.close();
  }, 60_000);

  it('two joins at once with one code: one seat taken, the other refused', async () => {
    const t = await restored();
    const { code } = await newClaim(t, t.seats.kim);
    const [a, b] = await Promise.all([
      connectSocket(server.url, t.player, 'a'),
      connectSocket(server.url, t.player, 'b'),
    ]);
    const answers = await Promise.all(
      [a, b].map((p) => p.send({ type: 'join', name: p.name, seatId: t.seats.kim, claim: code })),
    );
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    expect(answers.filter((x) => !x.ok)).toMatchObject([{ code: 'seat-taken' }]);
    a.close();
    b.close();
  }, 60_000);

  it('the GM replaces a link (the old one holds no more), revokes one, and rotates the links', async () => {
    const t = await restored();
    const first = await newClaim(t, t.seats.dee);
    const second = await newClaim(t, t.seats.dee);
    expect(second.code).not.toBe(first.code);
    expect(await joinWith(t, t.seats.dee, first.code)).toMatchObject({ code: 'bad-claim' });
    const list = await api(server.url, `/api/tables/${t.id}/claims`, { token: t.gm });
    expect(list.body).toEqual({ claims: [{ seatId: t.seats.dee, link: second.link }] });

    // Revoked: no link for the seat any more.
    const dropped = await fetch(`${server.url}/api/tables/${t.id}/claims/${t.seats.dee}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${t.gm}` },
    });
    expect(dropped.status).toBe(204);
    expect(await joinWith(t, t.seats.dee, second.code)).toMatchObject({ code: 'bad-claim' });

    // New invite links: the claim link the GM sees carries the new player link, and works.
    const kim = await newClaim(t, t.seats.kim);
    const rotated = await api(server.url, `/api/tables/${t.id}/rotate-links`, {
      token: t.gm,
      method: 'POST',
    });
    expect(rotated.status).toBe(200);
    const player = tokenOfLink((rotated.body.links as { player: string }).player);
    const now = await api(server.url, `/api/tables/${t.id}/claims`, { token: t.gm });
    const link = (now.body.claims as { link: string }[])[0]!.link;
    expect(link).toContain(`#token=${player}&seat=`);
    expect(link).toContain(`&claim=${kim.code}`);
    const p = await connectSocket(server.url, player, 'kim');
    await p.ok({ type: 'join', name: 'Kim', seatId: t.seats.kim, claim: kim.code });
    p.close();
  }, 60_000);

  it('only the GM sees, makes or revokes claim links; only for a seat that waits', async () => {
    const t = await restored();
    for (const token of [t.player, t.spectator]) {
      expect(await api(server.url, `/api/tables/${t.id}/claims`, { token })).toMatchObject({
        status: 403,
        body: { code: 'forbidden' },
      });
      expect(
        await api(server.url, `/api/tables/${t.id}/claims`, {
          token,
          body: { seatId: t.seats.dee },
        }),
      ).toMatchObject({ status: 403 });
    }
    const other = await createTable(server.url, 'fate-core', 'Elsewhere');
    expect(
      await api(server.url, `/api/tables/${t.id}/claims`, {
        token: other.tokens.gm,
        body: { seatId: t.seats.dee },
      }),
    ).toMatchObject({ status: 403 });
    for (const body of [{ seatId: 'nobody' }, { seatId: '' }, { seat: t.seats.dee }, 'x']) {
      const res = await api(server.url, `/api/tables/${t.id}/claims`, { token: t.gm, body });
      expect([400, 409], JSON.stringify(body)).toContain(res.status);
    }
    // A spectator sends no join at all, claim or not.
    const { code } = await newClaim(t, t.seats.dee);
    const watcher = await connectSocket(server.url, t.spectator, 'watcher');
    expect(
      await watcher.send({ type: 'join', name: 'Eve', seatId: t.seats.dee, claim: code }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    watcher.close();
    // Once taken back, a seat gets no new claim.
    await joinWith(t, t.seats.dee, code, 'Dee');
    expect(
      await api(server.url, `/api/tables/${t.id}/claims`, {
        token: t.gm,
        body: { seatId: t.seats.dee },
      }),
    ).toMatchObject({ status: 409, body: { code: 'not-waiting' } });
  }, 60_000);

  it('stores a code only as its hash and sealed, and drops it with its seat', async () => {
    const t = await restored();
    const { code } = await newClaim(t, t.seats.kim);
    const db = new Database(join(server.dataDir, 'fateboard.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM seat_claims WHERE table_id = ?').all(t.id);
      expect(rows).toHaveLength(1);
      const dump = JSON.stringify(
        rows.map((r) => ({ ...(r as object), sealed: String((r as { sealed: Buffer }).sealed) })),
      );
      expect(dump).not.toContain(code);
      const commands = db.prepare('SELECT payload FROM commands WHERE table_id = ?').all(t.id);
      expect(JSON.stringify(commands)).not.toContain(code);
    } finally {
      db.close();
    }
    const gm = await connectSocket(server.url, t.gm, 'gm');
    await gm.ok({ type: 'seat.remove', seatId: t.seats.kim });
    gm.close();
    expect(await joinWith(t, t.seats.kim, code)).toMatchObject({ code: 'not-found' });
    const list = await api(server.url, `/api/tables/${t.id}/claims`, { token: t.gm });
    expect(list.body).toEqual({ claims: [] });
  }, 60_000);
});
