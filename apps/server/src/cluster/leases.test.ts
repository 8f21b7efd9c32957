import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisServerSkipReason, startRedisServer } from '../test/redis-server';
import type { TestRedis } from '../test/redis-server';
import { createLeaseClient, LeaseKeeper } from './leases';
import type { LeaseEvent } from './leases';

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

async function ready(client: Redis): Promise<void> {
  if (client.status !== 'ready') await once(client, 'ready');
}

/** `INFO commandstats` as calls per command. */
async function commandCalls(admin: Redis): Promise<Map<string, number>> {
  const info = await admin.info('commandstats');
  const calls = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    calls.set(match[1]!, Number(match[2]));
  }
  return calls;
}

type Recorded = LeaseEvent & { at: number };

describe.skipIf(redisServerSkipReason() !== undefined)('table write leases on Redis', () => {
  let redis: TestRedis;
  let admin: Redis;
  const keepers: LeaseKeeper[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    redis = await startRedisServer();
    admin = new Redis(redis.url);
    // It reconnects across the restarts; its connection errors are not the test's subject.
    admin.on('error', () => {});
    process.on('unhandledRejection', onUnhandled);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    admin.disconnect();
    await redis.stop();
  });

  beforeEach(async () => {
    await admin.flushall();
  });

  afterEach(async () => {
    await Promise.all(keepers.splice(0).map((keeper) => keeper.close()));
    expect(unhandled).toEqual([]);
  });

  /** A keeper on its own connection, with its events recorded and timestamped. */
  async function node(nodeId: string, ttlMs: number, marginMs = ttlMs / 4) {
    const client = createLeaseClient(redis.url, ttlMs);
    await ready(client);
    const reports: string[] = [];
    const keeper = new LeaseKeeper({
      redis: client,
      nodeId,
      ttlMs,
      marginMs,
      report: (message) => reports.push(message),
    });
    keepers.push(keeper);
    const events: Recorded[] = [];
    keeper.on((event) => events.push({ ...event, at: performance.now() }));
    return { keeper, client, events, reports };
  }

  /**
   * Acquires until this node gets it (a try that fails, as while the client reconnects, is
   * tried again); answers the epoch and when the winning try was sent.
   */
  async function acquireWhenFree(keeper: LeaseKeeper, tableId: string, floor = 0) {
    return eventually(async () => {
      const sent = performance.now();
      const result = await keeper.acquire(tableId, floor).catch(() => undefined);
      return result?.owner === 'self' && { epoch: result.epoch, sent };
    });
  }

  it('gives a table to one node; the other sees it as owner', async () => {
    const a = await node('A', 3000);
    const b = await node('B', 3000);

    expect(await a.keeper.acquire('t', 0)).toEqual({ owner: 'self', epoch: 1, fresh: true });
    expect(a.keeper.holds('t')).toEqual({ epoch: 1 });
    expect(await b.keeper.acquire('t', 0)).toEqual({ owner: 'other', nodeId: 'A', epoch: 1 });
    expect(b.keeper.holds('t')).toBeUndefined();
    expect(await b.keeper.owner('t')).toEqual({ nodeId: 'A', epoch: 1 });
    expect(await b.keeper.owner('elsewhere')).toBeUndefined();

    // Acquiring again extends the same lease under the same epoch.
    expect(await a.keeper.acquire('t', 0)).toEqual({ owner: 'self', epoch: 1, fresh: false });
    expect(a.events.map(({ type, tableId, epoch }) => ({ type, tableId, epoch }))).toEqual([
      { type: 'acquired', tableId: 't', epoch: 1 },
    ]);
    expect(b.events).toEqual([]);
  });

  it('hands a released table over under strictly increasing epochs', async () => {
    const a = await node('A', 3000);
    const b = await node('B', 3000);
    const epochs: number[] = [];
    for (let round = 0; round < 6; round++) {
      const [holder, other] = round % 2 === 0 ? [a, b] : [b, a];
      const got = await holder.keeper.acquire('t', 0);
      expect(got.owner).toBe('self');
      epochs.push(got.epoch);
      expect(await other.keeper.acquire('t', 0)).toMatchObject({
        owner: 'other',
        epoch: got.epoch,
      });
      // A stale epoch can neither renew nor release the current holder's lease.
      if (got.epoch > 1) {
        expect(await holder.keeper.store.renew('t', got.epoch - 1)).toBe(false);
        expect(await holder.keeper.store.release('t', got.epoch - 1)).toBe(false);
      }
      expect(await holder.keeper.release('t')).toBe(true);
      expect(holder.keeper.holds('t')).toBeUndefined();
    }
    expect(epochs).toEqual([1, 2, 3, 4, 5, 6]);

    // close() gives up what a keeper holds, so the other node need not wait for a TTL.
    expect((await a.keeper.acquire('t', 0)).epoch).toBe(7);
    await a.keeper.close();
    expect(await b.keeper.acquire('t', 0)).toEqual({ owner: 'self', epoch: 8, fresh: true });
  });

  it('keeps a lease over renewals, and a node cut off from Redis gives it up before the other gets it', async () => {
    const ttl = 400;
    const margin = 100;
    const a = await node('A', ttl, margin);
    const b = await node('B', ttl, margin);
    expect((await a.keeper.acquire('t', 0)).epoch).toBe(1);

    let aLastHeld = 0;
    const sampler = setInterval(() => {
      if (a.keeper.holds('t')) aLastHeld = performance.now();
    }, 1);
    try {
      // Longer than the TTL: only renewals keep it.
      await sleep(ttl * 2);
      expect(a.keeper.holds('t')).toEqual({ epoch: 1 });
      expect(await b.keeper.acquire('t', 0)).toMatchObject({ owner: 'other', nodeId: 'A' });

      const cutAt = performance.now();
      a.client.disconnect(); // abrupt, and no reconnection: A's renewals now fail
      const got = await acquireWhenFree(b.keeper, 't');
      expect(got.epoch).toBe(2);
      const lost = a.events.find((event) => event.type === 'lost');
      expect(lost).toMatchObject({ type: 'lost', tableId: 't', epoch: 1, reason: 'expired' });
      // A stopped believing before B's winning request even left.
      expect(aLastHeld).toBeLessThan(got.sent);
      expect(lost!.at).toBeLessThan(got.sent);
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
    const margin = 100;
    const a = await node('A', ttl, margin);
    const b = await node('B', ttl, margin);
    expect((await a.keeper.acquire('t', 0)).epoch).toBe(1);

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

  it('a slow answer counts from when the request was sent, not when it came back', async () => {
    const ttl = 2000;
    const margin = 200;
    const a = await node('A', ttl, margin);

    redis.pause();
    const sent = performance.now();
    const acquiring = a.keeper.acquire('t', 0);
    await sleep(1000);
    redis.resume();
    expect(await acquiring).toMatchObject({ owner: 'self', epoch: 1 });
    const answered = performance.now();
    expect(a.keeper.holds('t')).toEqual({ epoch: 1 });

    // Stall (no timer, no renewal) until just past sent + ttl - margin: counted from the
    // answer the lease would still look safe for another second.
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

  it('epochs stay above the PostgreSQL floor across a Redis that lost its data', async () => {
    const a = await node('A', 3000);
    const b = await node('B', 3000);

    // A floor above Redis's own count wins, and is kept as the epoch key.
    expect(await a.keeper.acquire('fresh', 41)).toMatchObject({ owner: 'self', epoch: 42 });
    await a.keeper.release('fresh');
    expect(await a.keeper.acquire('fresh', 0)).toMatchObject({ owner: 'self', epoch: 43 });

    for (let i = 0; i < 5; i++) {
      await a.keeper.acquire('t', 0);
      await a.keeper.release('t');
    }
    const before = await a.keeper.acquire('t', 0);
    expect(before).toMatchObject({ owner: 'self', epoch: 6 });
    const committed = before.epoch; // what A last committed in "PostgreSQL"

    await redis.restart(); // no persistence: leases and epochs are gone
    await Promise.all([ready(a.client), ready(b.client), ready(admin)]);
    expect(await admin.dbsize()).toBe(0);

    // A's lease is gone from Redis: its next renewal says so.
    await a.keeper.renewAll();
    expect(a.events.at(-1)).toMatchObject({ type: 'lost', tableId: 't', reason: 'refused' });
    expect(a.keeper.holds('t')).toBeUndefined();

    // Without the floor Redis would start again at 1; with it the epoch still goes up.
    expect(await b.keeper.acquire('t', committed)).toEqual({
      owner: 'self',
      epoch: committed + 1,
      fresh: true,
    });
    expect(await b.keeper.acquire('other', 0)).toMatchObject({ owner: 'self', epoch: 1 });
  });

  it('Redis down: the keeper reports the loss within a TTL, throws nothing, and acquires again when Redis is back', async () => {
    const ttl = 500;
    const margin = 150;
    const a = await node('A', ttl, margin);
    await a.keeper.acquire('t1', 0);
    await a.keeper.acquire('t2', 0);
    await sleep(ttl / 2);

    const downAt = performance.now();
    const restarting = redis.restart({ downMs: ttl * 2 });
    await eventually(() => a.events.filter((event) => event.type === 'lost').length === 2);
    const losses = a.events.filter((event) => event.type === 'lost');
    expect(losses.map((event) => [event.tableId, event.type === 'lost' && event.reason])).toEqual(
      expect.arrayContaining([
        ['t1', 'expired'],
        ['t2', 'expired'],
      ]),
    );
    for (const loss of losses) expect(loss.at - downAt).toBeLessThan(ttl);
    expect(a.keeper.holds('t1')).toBeUndefined();
    expect(a.keeper.holds('t2')).toBeUndefined();
    expect(a.keeper.tables()).toEqual([]);
    // While Redis is down an acquire rejects at once, rather than hanging.
    const failedAt = performance.now();
    await expect(a.keeper.acquire('t1', 1)).rejects.toThrow();
    expect(performance.now() - failedAt).toBeLessThan(ttl);

    await restarting;
    const backAt = performance.now();
    const got = await acquireWhenFree(a.keeper, 't1', 1);
    expect(got.epoch).toBe(2);
    expect(a.keeper.holds('t1')).toEqual({ epoch: 2 });
    console.info(
      `Redis down: losses ${losses.map((loss) => (loss.at - downAt).toFixed(0)).join(', ')} ms ` +
        `after the stop; acquired again ${(performance.now() - backAt).toFixed(0)} ms after it returned`,
    );
  });

  it('renews 500 leases in one command (INFO commandstats)', async () => {
    // A TTL long enough that no background renewal runs during the measurement.
    const a = await node('A', 30_000);
    const tables = Array.from({ length: 500 }, (_, i) => `table-${i}`);
    const results = await Promise.all(tables.map((id) => a.keeper.acquire(id, 0)));
    expect(results.every((result) => result.owner === 'self')).toBe(true);
    const ttlBefore = await admin.pttl('fateboard:lease:table-499');

    const before = await commandCalls(admin);
    const started = performance.now();
    await a.keeper.renewAll();
    const took = performance.now() - started;
    const after = await commandCalls(admin);
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);

    // One script call from the client; its 500 GETs and PEXPIREs ran inside Redis.
    expect(delta('eval') + delta('evalsha')).toBe(1);
    expect(delta('pexpire')).toBe(500);
    expect(delta('get')).toBe(500);
    expect(await admin.pttl('fateboard:lease:table-499')).toBeGreaterThanOrEqual(ttlBefore);
    expect(a.keeper.tables()).toHaveLength(500);
    console.info(`renewing 500 leases took ${took.toFixed(1)} ms`);
  });

  it('Redis paused (SIGSTOP) past the TTL: the keeper reports the loss and never holds past its window', async () => {
    const ttl = 400;
    const margin = 100;
    const a = await node('A', ttl, margin);
    const b = await node('B', ttl, margin);
    expect((await a.keeper.acquire('t', 0)).epoch).toBe(1);
    await sleep(ttl / 2);

    let aLastHeld = 0;
    const sampler = setInterval(() => {
      if (a.keeper.holds('t')) aLastHeld = performance.now();
    }, 1);
    const pausedAt = performance.now();
    redis.pause();
    try {
      await eventually(() => a.events.some((event) => event.type === 'lost'));
      const lost = a.events.find((event) => event.type === 'lost')!;
      expect(lost).toMatchObject({ tableId: 't', epoch: 1, reason: 'expired' });
      expect(lost.at - pausedAt).toBeLessThan(ttl);
      // Every renewal that succeeded was sent before the pause, so no window reaches past this.
      expect(aLastHeld).toBeLessThan(pausedAt + ttl - margin);
      await sleep(ttl);
    } finally {
      redis.resume();
    }
    // Unanswered renewals from the pause are answered now, or time out: neither brings it back.
    const got = await acquireWhenFree(b.keeper, 't');
    expect(got.epoch).toBe(2);
    await sleep(ttl / 2);
    clearInterval(sampler);
    expect(a.keeper.holds('t')).toBeUndefined();
    expect(aLastHeld).toBeLessThan(pausedAt + ttl - margin);
    expect(a.events.filter((event) => event.type === 'lost')).toHaveLength(1);
  });
});
