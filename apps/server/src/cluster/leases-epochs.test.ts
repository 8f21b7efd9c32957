import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readFence } from '../storage';
import type { LeaseStore } from '../storage';
import { postgresUnavailable } from '../test/postgres-server';
import { STORED } from '../storage/contract-support';
import { leaseTests } from '../test/lease-nodes';

// Table write leases in PostgreSQL (storage/postgres-leases.ts) and the keeper that holds them
// on one node (leases.ts): one holder at a time, epochs only growing and stored as the fence as
// they are taken, and many leases renewed at once. leases-renewal.test.ts has the nodes that
// cannot renew.

describe.skipIf(postgresUnavailable() !== undefined)('table write leases in PostgreSQL', () => {
  const leases = leaseTests();
  const { node } = leases;

  it('gives a table to one node; the other sees it as owner', async () => {
    const a = node('A', { ttlMs: 3000 });
    const b = node('B', { ttlMs: 3000 });

    expect(await a.keeper.acquire('t')).toEqual({ owner: 'self', epoch: 1, fresh: true });
    expect(a.keeper.holds('t')).toEqual({ epoch: 1 });
    expect(await b.keeper.acquire('t')).toEqual({ owner: 'other', holder: 'A', epoch: 1 });
    expect(b.keeper.holds('t')).toBeUndefined();
    expect(await b.keeper.owner('t')).toEqual({ nodeId: 'A', epoch: 1 });
    expect(await b.keeper.owner('elsewhere')).toBeUndefined();

    // Acquiring again extends the same lease under the same epoch.
    expect(await a.keeper.acquire('t')).toEqual({ owner: 'self', epoch: 1, fresh: false });
    expect(a.events.map(({ type, tableId, epoch }) => ({ type, tableId, epoch }))).toEqual([
      { type: 'acquired', tableId: 't', epoch: 1 },
    ]);
    expect(b.events).toEqual([]);
  });

  it('hands a released table over under strictly increasing epochs, each stored as the fence', async () => {
    const a = node('A', { ttlMs: 3000 });
    const b = node('B', { ttlMs: 3000 });
    const sql = new pg.Client({ connectionString: leases.url });
    await sql.connect();
    leases.closing.push(() => sql.end());
    const epochs: number[] = [];
    for (let round = 0; round < 6; round++) {
      const [holder, other] = round % 2 === 0 ? [a, b] : [b, a];
      const got = await holder.keeper.acquire('t');
      expect(got.owner).toBe('self');
      epochs.push(got.epoch);
      expect(await readFence(sql, 't')).toBe(got.epoch);
      expect(await other.keeper.acquire('t')).toMatchObject({ owner: 'other', epoch: got.epoch });
      // A stale epoch can neither renew nor release the current holder's lease.
      const id = holder === a ? 'A' : 'B';
      if (got.epoch > 1) {
        expect(
          await holder.store.renew([{ tableId: 't', epoch: got.epoch - 1 }], id, 3000),
        ).toEqual([false]);
        expect(await holder.store.release('t', id, got.epoch - 1)).toBe(false);
      }
      expect(await holder.keeper.release('t')).toBe(true);
      expect(holder.keeper.holds('t')).toBeUndefined();
    }
    expect(epochs).toEqual([1, 2, 3, 4, 5, 6]);

    // close() gives up what a keeper holds, so the other node need not wait for a TTL.
    expect((await a.keeper.acquire('t')).epoch).toBe(7);
    await a.keeper.close();
    expect(await b.keeper.acquire('t')).toEqual({ owner: 'self', epoch: 8, fresh: true });
  });

  it("a new holder's epoch starts above the table's fence, and fences the earlier holder out at once", async () => {
    const write = (seq: number, id: string) => ({
      kind: 'command' as const,
      command: {
        tableId: 'T1',
        commandId: id,
        seq,
        actor: { role: 'gm' as const },
        tokenHash: null,
        type: 'aspect.add',
        payload: {},
        result: null,
        created: 0,
        updates: [],
      },
    });
    await leases.storage.createTable(
      { id: 'T1', name: 'T', ruleset: 'fate-core', created: 0 },
      { pub: new Uint8Array([0, 0]), gm: new Uint8Array([0, 0]) },
      [],
    );
    // Commits under epoch 41 (an older lease, say one a Redis of an earlier version gave).
    expect(
      await leases.storage.commit([{ tableId: 'T1', fence: 41, writes: [write(1, 'old-1')] }]),
    ).toEqual([STORED]);
    const a = node('A', { ttlMs: 3000 });
    expect(await a.keeper.acquire('T1')).toEqual({ owner: 'self', epoch: 42, fresh: true });
    // Before the new holder wrote anything, the earlier one is refused already.
    expect(
      await leases.storage.commit([{ tableId: 'T1', fence: 41, writes: [write(2, 'old-2')] }]),
    ).toMatchObject([{ ok: false, fenced: true }]);
    expect(
      await leases.storage.commit([{ tableId: 'T1', fence: 42, writes: [write(2, 'new-2')] }]),
    ).toEqual([STORED]);
  });

  it('renews 500 leases in one statement', async () => {
    // A TTL long enough that no background renewal runs during the measurement.
    const calls: number[] = [];
    const a = node('A', { ttlMs: 30_000, renewMs: 20_000 });
    const store: LeaseStore = a.store;
    const renew = store.renew.bind(store);
    store.renew = (leases, holder, ttlMs) => {
      calls.push(leases.length);
      return renew(leases, holder, ttlMs);
    };
    const tables = Array.from({ length: 500 }, (_, i) => `table-${i}`);
    for (const id of tables) expect((await a.keeper.acquire(id)).owner).toBe('self');
    const sql = new pg.Client({ connectionString: leases.url });
    await sql.connect();
    leases.closing.push(() => sql.end());
    const expiry = async () =>
      Number(
        (
          await sql.query<{ ms: string }>(
            `SELECT extract(epoch FROM min(expires_at)) * 1000 AS ms FROM leases`,
          )
        ).rows[0]!.ms,
      );
    const before = await expiry();

    const started = performance.now();
    await a.keeper.renewAll();
    const took = performance.now() - started;
    expect(calls).toEqual([500]);
    expect(await expiry()).toBeGreaterThan(before);
    expect(a.keeper.tables()).toHaveLength(500);
    console.info(`renewing 500 leases took ${took.toFixed(1)} ms`);
  }, 20_000);
});
