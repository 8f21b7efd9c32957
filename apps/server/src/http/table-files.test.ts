import { describe, expect, it } from 'vitest';
import { GM_ROOTS, PUB_ROOTS, readGm, readTable } from '@fateboard/table';
import { api, connectSocket, createTable, storedDocs, tokenOfLink } from '../test/harness';
import { claimCode } from '../test/restored-table';
import { tableFileServer } from '../test/table-file-server';

/**
 * Whole-table export and restore over real HTTP, on a real SQLite file: the file holds every
 * root of both documents and the full log, and a restore makes a new table with fresh links
 * and the same content. Bad files: table-file-refusals.test.ts.
 */

const fx = tableFileServer();

/** A table file without what a restore changes: when it was written, the seats' marks. */
function comparable(text: string): unknown {
  const { exportedAt: _at, ...rest } = JSON.parse(text) as {
    exportedAt: number;
    documents: { pub: { seats: { map: Record<string, { map: Record<string, unknown> }> } } };
  };
  for (const seat of Object.values(rest.documents.pub.seats.map)) delete seat.map.restored;
  return rest;
}

describe('GET /api/tables/:id/export and POST /api/tables/restore', () => {
  it('export → restore → export gives the same file, under a new id and new links', async () => {
    const { table, gm } = await fx.playedTable();
    try {
      const first = await fx.exportOf(table.id, table.tokens.gm);
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
      const stored = readTable(storedDocs(fx.server.dataDir, table.id).pub);
      expect(stored.log.length).toBeLessThan(151);
      expect(file.log.length).toBeGreaterThan(165);
      expect(file.log.map((e) => e.n)).toEqual(file.log.map((_e, i) => i + 1));
      expect(first.text).not.toContain(table.tokens.gm);
      expect(first.text).not.toContain(table.id);

      const tablesBefore = fx.countRows('tables');
      const restored = await fx.restore(first.text);
      expect(restored.status).toBe(201);
      expect(fx.countRows('tables')).toBe(tablesBefore + 1);
      const id = restored.body.id as string;
      expect(id).not.toBe(table.id);
      const links = restored.body.links as Record<'gm' | 'player' | 'spectator', string>;
      const gmToken = tokenOfLink(links.gm);
      expect(gmToken).not.toBe(table.tokens.gm);

      const second = await fx.exportOf(id, gmToken);
      expect(comparable(second.text)).toEqual(comparable(first.text));

      // What every screen reads: the same views (each seat waiting for its player), the same
      // log pages.
      const before = storedDocs(fx.server.dataDir, table.id);
      const after = storedDocs(fx.server.dataDir, id);
      const seats = readTable(before.pub).seats;
      expect(readTable(after.pub)).toEqual({
        ...readTable(before.pub),
        id,
        seats: seats.map((seat) => ({ ...seat, restored: true })),
      });
      expect(readGm(after.gm)).toEqual(readGm(before.gm));
      const page = (tableId: string, token: string) =>
        api(fx.server.url, `/api/tables/${tableId}/log?limit=200&before=100`, { token });
      expect((await page(id, gmToken)).body).toEqual((await page(table.id, table.tokens.gm)).body);
      const summary = await api(fx.server.url, `/api/tables/${id}`, { token: gmToken });
      expect(summary.body).toMatchObject({ name: 'Ashes of Kell', ruleset: 'fate-core' });

      // The new table plays on: its log continues from the restored one.
      const newGm = await connectSocket(fx.server.url, gmToken, 'gm2');
      try {
        const ack = await newGm.ok({ type: 'aspect.add', kind: 'situation', text: 'Smoke' });
        const entries = (ack.result as { log: { n: number }[] }).log;
        expect(entries[0]?.n).toBe(file.log.length + 1);
      } finally {
        newGm.close();
      }
      // Ann comes back with the claim link the GM hands her and takes her seat, and Zira, back.
      const seatId = seats[0]!.id;
      const claim = await api(fx.server.url, `/api/tables/${id}/claims`, {
        token: gmToken,
        body: { seatId },
      });
      const code = claimCode(claim.body.link as string);
      const ann = await connectSocket(fx.server.url, tokenOfLink(links.player), 'ann2');
      try {
        expect(
          (await ann.ok({ type: 'join', name: 'Ann', seatId, claim: code })).result,
        ).toMatchObject({ seatId });
        expect(readTable(storedDocs(fx.server.dataDir, id).pub).seats).toEqual(seats);
      } finally {
        ann.close();
      }
      // The old links are not the new table's.
      const old = await api(fx.server.url, `/api/tables/${id}/export`, { token: table.tokens.gm });
      expect(old).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    } finally {
      gm.close();
    }
  }, 60_000);

  it('only the GM exports: no token, a player or spectator link, another table', async () => {
    const table = await createTable(fx.server.url, 'pirates', 'Secrets');
    const other = await createTable(fx.server.url, 'pirates', 'Other');
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'invalid-token'],
      ['not-a-token', 401, 'invalid-token'],
      [table.tokens.player, 403, 'forbidden'],
      [table.tokens.spectator, 403, 'forbidden'],
      [other.tokens.gm, 403, 'forbidden'],
    ];
    for (const [token, status, code] of cases) {
      const res = await api(fx.server.url, `/api/tables/${table.id}/export`, {
        ...(token === undefined ? {} : { token }),
      });
      expect(res, String(token)).toMatchObject({ status, body: { code } });
    }
  });
});
