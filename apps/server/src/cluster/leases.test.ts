import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresStorage, postgresLeases, readFence } from '../storage';
import type { LeaseStore, Storage } from '../storage';
import { postgresUnavailable, startPostgres } from '../test/postgres-server';
import type { PostgresServer } from '../test/postgres-server';
import { TcpProxy } from '../test/tcp-proxy';
import { STORED } from '../storage/contract-support';
import { LeaseKeeper } from './leases';
import type { LeaseEvent } from './leases';

// Table write leases in PostgreSQL (storage/postgres-leases.ts) and the keeper that holds them
// on one node (leases.ts): one holder at a time, epochs only growing and stored as the fence as
// they are taken, and a node that cannot renew (the database away, paused, or the node itself
// stalled) stops believing in its lease before anyone else can take it.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers something other than undefined/false. */
async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error('condition not reached in time');
    await sleep(5);
  }
}

type Recorded = LeaseEvent & { at: number };

describe.skipIf(postgresUnavailable() !== undefined)('table write leases in PostgreSQL', () => {
  let server: PostgresServer;
  let url: string;
  let storage: Storage;
  const closing: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    url = await server.createDatabase();
    storage = await openPostgresStorage(url);
    closing.push(() => storage.close());
  });
  afterEach(async () => {
    while (closing.length > 0) await closing.pop()!();
  });

  /**
   * A keeper with a lease store of its own (through `proxy` when given), its events recorded
   * and timestamped.
   */
  function node(
    nodeId: string,
    timings: { ttlMs: number; renewMs?: number; marginMs?: number },
    proxy?: TcpProxy,
  ) {
    const store = postgresLeases(proxy ? proxy.url(url) : url, {
      connectMs: 500,
      answerMs: 500,
      lockMs: 500,
    });
    const reports: string[] = [];
    const keeper = new LeaseKeeper({
      store,
      nodeId,
      ttlMs: timings.ttlMs,
      renewMs: timings.renewMs ?? timings.ttlMs / 4,
      marginMs: timings.marginMs ?? timings.ttlMs / 4,
      report: (message) => reports.push(message),
    });
    closing.push(() => keeper.close());
    const events: Recorded[] = [];
    keeper.on((event) => events.push({ ...event, at: performance.now() }));
    return { keeper, store, events, reports };
  }

  async function proxied(): Promise<TcpProxy> {
    const proxy = await TcpProxy.start(Number(new URL(server.url).port));
    closing.push(() => proxy.close());
    return proxy;
  }

  /**
   * Acquires until this node gets it; answers the epoch, when the winning try was sent and when
   * its answer came.
   */
  async function acquireWhenFree(keeper: LeaseKeeper, tableId: string) {
    return eventually(async () => {
      const sent = performance.now();
      const result = await keeper.acquire(tableId).catch(() => undefined);
      return result?.owner === 'self' && { epoch: result.epoch, sent, answered: performance.now() };
    });
  }

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
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    closing.push(() => sql.end());
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
    await storage.createTable(
      { id: 'T1', name: 'T', ruleset: 'fate-core', created: 0 },
      { pub: new Uint8Array([0, 0]), gm: new Uint8Array([0, 0]) },
      [],
    );
    // Commits under epoch 41 (an older lease, say one a Redis of an earlier version gave).
    expect(
      await storage.commit([{ tableId: 'T1', fence: 41, writes: [write(1, 'old-1')] }]),
    ).toEqual([STORED]);
    const a = node('A', { ttlMs: 3000 });
    expect(await a.keeper.acquire('T1')).toEqual({ owner: 'self', epoch: 42, fresh: true });
    // Before the new holder wrote anything, the earlier one is refused already.
    expect(
      await storage.commit([{ tableId: 'T1', fence: 41, writes: [write(2, 'old-2')] }]),
    ).toMatchObject([{ ok: false, fenced: true }]);
    expect(
      await storage.commit([{ tableId: 'T1', fence: 42, writes: [write(2, 'new-2')] }]),
    ).toEqual([STORED]);
  });

  it('keeps a lease over renewals, and a node cut off from the database gives it up before the other gets it', async () => {
    const ttl = 400;
    const margin = 100;
    const proxy = await proxied();
    const a = node('A', { ttlMs: ttl, renewMs: 100, marginMs: margin }, proxy);
    const b = node('B', { ttlMs: ttl, renewMs: 100, marginMs: margin });
    expect((await a.keeper.acquire('t')).epoch).toBe(1);

    let aLastHeld = 0;
    const sampler = setInterval(() => {
      if (a.keeper.holds('t')) aLastHeld = performance.now();
    }, 1);
    try {
      // Longer than the TTL: only renewals keep it.
      await sleep(ttl * 2);
      expect(a.keeper.holds('t')).toEqual({ epoch: 1 });
      expect(await b.keeper.acquire('t')).toMatchObject({ owner: 'other', holder: 'A' });

      const cutAt = performance.now();
      // Abrupt, and nothing answers after: A's renewals now fail.
      proxy.hang();
      proxy.cutAll();
      const got = await acquireWhenFree(b.keeper, 't');
      expect(got.epoch).toBe(2);
      const lost = a.events.find((event) => event.type === 'lost');
      expect(lost).toMatchObject({ type: 'lost', tableId: 't', epoch: 1, reason: 'expired' });
      // A stopped believing before B got it. (B's statement may have waited for the row a
      // renewal of A's left locked when the cut came mid-statement, until the database saw
      // the connection gone: its request can leave before A's window ends.)
      expect(aLastHeld).toBeLessThan(got.answered);
      expect(lost!.at).toBeLessThan(got.answered);
      expect(a.keeper.holds('t')).toBeUndefined();
      expect(got.sent - cutAt).toBeLessThan(ttl + 250);
      console.info(
        `cut off: A gave up ${(lost!.at - cutAt).toFixed(0)} ms after the cut, ` +
          `B acquired ${(got.sent - cutAt).toFixed(0)} ms after it`,
      );
    } finally {
      clearInterval(sampler);
    }
  });

  it('a stalled node (event loop blocked past the window) does not hold on waking', async () => {
    const ttl = 400;
    const a = node('A', { ttlMs: ttl });
    const b = node('B', { ttlMs: ttl });
    expect((await a.keeper.acquire('t')).epoch).toBe(1);

    // As a long GC pause: no timer, no I/O, for longer than the TTL.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ttl + 100);
    // Before any timer or reply could run, the clock alone says no.
    expect(a.keeper.holds('t')).toBeUndefined();

    const got = await acquireWhenFree(b.keeper, 't');
    expect(got.epoch).toBe(2);
    await eventually(() => a.events.some((event) => event.type === 'lost'));
    expect(a.events.find((event) => event.type === 'lost')).toMatchObject({ reason: 'expired' });
    expect(a.keeper.holds('t')).toBeUndefined();
  });

  it('rides out a 1 s stall with the default timings: no other node gets the lease', async () => {
    const a = node('A', { ttlMs: 4000, renewMs: 1000, marginMs: 800 });
    const b = node('B', { ttlMs: 4000, renewMs: 1000, marginMs: 800 });
    expect((await a.keeper.acquire('t')).epoch).toBe(1);
    for (let i = 0; i < 3; i++) {
      // Just before a renewal is due, the worst moment.
      await sleep(900);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      expect(a.keeper.holds('t')).toEqual({ epoch: 1 });
      expect(await b.keeper.acquire('t')).toMatchObject({ owner: 'other', holder: 'A', epoch: 1 });
    }
    expect(a.events.filter((event) => event.type === 'lost')).toEqual([]);
  }, 20_000);

  it('a slow answer counts from when the request was sent, not when it came back', async () => {
    const ttl = 2000;
    const margin = 200;
    const proxy = await proxied();
    const a = node('A', { ttlMs: ttl, renewMs: 500, marginMs: margin }, proxy);
    // A connection first, so that what is held is the statement, not the connecting.
    expect(await a.keeper.owner('warm')).toBeUndefined();

    proxy.hang();
    const sent = performance.now();
    const acquiring = a.keeper.acquire('t');
    await sleep(400);
    proxy.heal();
    expect(await acquiring).toMatchObject({ owner: 'self', epoch: 1 });
    const answered = performance.now();
    expect(a.keeper.holds('t')).toEqual({ epoch: 1 });

    // Stall (no timer, no renewal) until just past sent + ttl - margin: counted from the
    // answer the lease would still look safe for another 400 ms.
    Atomics.wait(
      new Int32Array(new SharedArrayBuffer(4)),
      0,
      0,
      sent + ttl - margin + 20 - answered,
    );
    expect(performance.now() - answered).toBeLessThan(ttl - margin);
    expect(a.keeper.holds('t')).toBeUndefined();
    await eventually(() => a.events.some((event) => event.type === 'lost'));
    expect(a.events.at(-1)).toMatchObject({ type: 'lost', reason: 'expired' });
  });

  it('the database away: the keeper reports the loss within a TTL, throws nothing, and acquires again when it is back', async () => {
    const ttl = 500;
    const proxy = await proxied();
    const a = node('A', { ttlMs: ttl, renewMs: 125, marginMs: 150 }, proxy);
    await a.keeper.acquire('t1');
    await a.keeper.acquire('t2');
    await sleep(ttl / 2);

    const downAt = performance.now();
    proxy.hang();
    await eventually(() => a.events.filter((event) => event.type === 'lost').length === 2);
    const losses = a.events.filter((event) => event.type === 'lost');
    expect(losses.map((event) => [event.tableId, event.type === 'lost' && event.reason])).toEqual(
      expect.arrayContaining([
        ['t1', 'expired'],
        ['t2', 'expired'],
      ]),
    );
    for (const loss of losses) expect(loss.at - downAt).toBeLessThan(ttl);
    expect(a.keeper.tables()).toEqual([]);
    await eventually(() => a.reports.includes('lease renewals failing'));
    // While the database is away an acquire rejects after its timeout, rather than hanging.
    const failedAt = performance.now();
    await expect(a.keeper.acquire('t1')).rejects.toThrow();
    expect(performance.now() - failedAt).toBeLessThan(1500);

    proxy.cutAll();
    proxy.heal();
    const backAt = performance.now();
    const got = await acquireWhenFree(a.keeper, 't1');
    expect(got.epoch).toBe(2);
    expect(a.keeper.holds('t1')).toEqual({ epoch: 2 });
    console.info(
      `database away: losses ${losses.map((loss) => (loss.at - downAt).toFixed(0)).join(', ')} ms ` +
        `after it went; acquired again ${(performance.now() - backAt).toFixed(0)} ms after it returned`,
    );
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
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    closing.push(() => sql.end());
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
