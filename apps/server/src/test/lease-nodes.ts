import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openPostgresStorage, postgresLeases } from '../storage';
import type { Storage } from '../storage';
import { LeaseKeeper } from '../cluster/leases';
import type { LeaseEvent } from '../cluster/leases';
import { startPostgres } from './postgres-server';
import type { PostgresServer } from './postgres-server';
import { TcpProxy } from './tcp-proxy';
import { sleep } from './waiting';

// What the lease tests (cluster/leases-*.test.ts) share: a PostgreSQL for the file, a fresh
// database and storage per case, and lease keepers with stores of their own whose events are
// recorded, closed after each case.

/** Polls `check` until it answers something other than undefined/false. */
export async function eventually<T>(
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

/**
 * Registers the file's hooks (call it inside the describe); `url` and `storage` are the
 * current case's database, `closing` what the case leaves to close after it.
 */
export function leaseTests() {
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

  return {
    get url() {
      return url;
    },
    get storage() {
      return storage;
    },
    closing,
    node,
    proxied,
    acquireWhenFree,
  };
}
