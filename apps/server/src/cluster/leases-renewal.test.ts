import { describe, expect, it } from 'vitest';
import { postgresUnavailable } from '../test/postgres-server';
import { sleep } from '../test/waiting';
import { eventually, leaseTests } from '../test/lease-nodes';

// Table write leases (storage/postgres-leases.ts, leases.ts) when a node cannot renew: the
// database away, paused or slow, or the node itself stalled. It stops believing in its lease
// before anyone else can take it; a 1 s stall with the default timings moves nothing.

describe.skipIf(postgresUnavailable() !== undefined)('table write leases in PostgreSQL', () => {
  const leases = leaseTests();
  const { node, proxied, acquireWhenFree } = leases;

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
});
