import { afterAll, afterEach, beforeAll } from 'vitest';
import type * as Y from 'yjs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadDoc, openPostgresStorage } from '../storage';
import type { Storage } from '../storage';
import type { ServerOptions } from '../server';
import { TestServer, connectSocket, createTable } from './harness';
import type { Participant } from './harness';
import { postgresUnavailable, startPostgres } from './postgres-server';
import type { PostgresServer } from './postgres-server';
import { redisServerSkipReason, startRedisServer } from './redis-server';
import type { TestRedis } from './redis-server';
import { TcpProxy } from './tcp-proxy';
import { startClusterNodes } from './cluster-nodes';
import type { ClusterNodes } from './cluster-nodes';

// Cluster mode in this process, on a real PostgreSQL and a real Redis (cluster-*.test.ts,
// scene.test.ts): in-process nodes, each with its own pool and Redis connections, as separate
// machines would have. cluster-nodes.ts runs nodes as processes instead.

/**
 * What a TCP proxy in front of Redis sees at the start of a batch's update frame
 * (cluster/update-frame.ts) in a node's PUBLISH: the end of the bulk string's length, the
 * frame's tag (0x01), then the writer's name's length (15: `node-N#` and 8 hex digits) and the
 * start of its name. `proxy.dropNext(UPDATE_FRAME_WIRE)` loses the next batch's publish.
 */
export const UPDATE_FRAME_WIRE = '\r\n\u0001\u000fnode-';

/** Why clusters cannot run here (no PostgreSQL or no Redis), or undefined when they can. */
export function clusterUnavailable(): string | undefined {
  return postgresUnavailable() ?? redisServerSkipReason();
}

export interface Cluster {
  nodes: TestServer[];
  /** A pool of its own on the cluster's database, to read what the nodes stored. */
  reader: Storage;
  /** The cluster's database, for a test that reaches into it (locks a row, moves a fence). */
  databaseUrl: string;
  /** Stops every node and closes every pool. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** 3 by default. */
  count?: number;
  /** The leases' TTL, 1500 ms by default (renewed every quarter of it). */
  leaseMs?: number;
  /**
   * More options for every node (an `rng` given here is one object shared by the nodes: in one
   * process, the dice run in one sequence whichever node writes).
   */
  server?: Partial<ServerOptions>;
  /** The database URL node `n` (1, 2…) uses, from the cluster's: e.g. through a proxy. */
  databaseUrlOf?: (node: number, url: string) => string;
  /** The Redis URL node `n` uses, from the cluster's. */
  redisUrlOf?: (node: number, url: string) => string;
}

/**
 * A PostgreSQL and a Redis for the clusters of the tests of the file or describe this is
 * called in: started before them (not when `unavailable`), stopped after them.
 */
export function clusterServices(unavailable: string | undefined) {
  let pg: PostgresServer | undefined;
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    if (unavailable) return;
    [pg, redis] = await Promise.all([startPostgres(), startRedisServer()]);
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
    await pg?.stop();
  });
  const started = () => {
    if (!pg || !redis) throw new Error(`PostgreSQL and Redis are not running: ${unavailable}`);
    return { pg, redis };
  };
  return {
    get redis(): TestRedis {
      return started().redis;
    },
    get pg(): PostgresServer {
      return started().pg;
    },
    /** Nodes on one fresh database and a flushed Redis; `close` them after the test. */
    startCluster: (options: ClusterOptions = {}) => {
      const { pg, redis } = started();
      return startCluster(pg, redis, options);
    },
    /**
     * `count` node processes (cluster-nodes.ts) on a fresh database that every one of them
     * reaches through a TCP proxy the test controls; `close` closes the proxy too.
     */
    startProxiedProcesses: async (
      count: number,
      env?: Record<string, string>,
    ): Promise<{
      cluster: ClusterNodes;
      proxy: TcpProxy;
      databaseUrl: string;
      close: () => Promise<void>;
    }> => {
      const { pg, redis } = started();
      const proxy = await TcpProxy.start(Number(new URL(pg.url).port));
      const databaseUrl = await pg.createDatabase();
      let cluster: ClusterNodes;
      try {
        cluster = await startClusterNodes({
          count,
          databaseUrl: proxy.url(databaseUrl),
          redisUrl: redis.url,
          ...(env ? { env } : {}),
        });
      } catch (error) {
        await proxy.close();
        throw error;
      }
      const close = async () => {
        await cluster.close();
        await proxy.close();
      };
      return { cluster, proxy, databaseUrl, close };
    },
    /**
     * `startCluster`, node 1 (or `every` node) reaching its PostgreSQL or its Redis through a
     * TCP proxy the test controls (test/tcp-proxy.ts); `close` closes the proxy too.
     */
    startProxied: async (
      service: 'postgres' | 'redis',
      options: ClusterOptions & { every?: boolean } = {},
    ): Promise<Cluster & { proxy: TcpProxy }> => {
      const { pg, redis } = started();
      const proxy = await TcpProxy.start(
        service === 'redis' ? redis.port : Number(new URL(pg.url).port),
      );
      const through = (n: number, url: string) => (n === 1 || options.every ? proxy.url(url) : url);
      let cluster: Cluster;
      try {
        cluster = await startCluster(pg, redis, {
          ...options,
          ...(service === 'redis' ? { redisUrlOf: through } : { databaseUrlOf: through }),
        });
      } catch (error) {
        await proxy.close();
        throw error;
      }
      return {
        ...cluster,
        proxy,
        close: async () => {
          await cluster.close();
          await proxy.close();
        },
      };
    },
  };
}

async function startCluster(
  pg: PostgresServer,
  redis: TestRedis,
  { count = 3, leaseMs = 1500, server = {}, databaseUrlOf, redisUrlOf }: ClusterOptions,
): Promise<Cluster> {
  const url = await pg.createDatabase();
  // A fresh Redis too: leases, epochs and the shared limits of the case before are gone.
  const flush = new Redis(redis.url);
  await flush.flushall();
  flush.disconnect();
  const nodes: TestServer[] = [];
  const closing: (() => Promise<void>)[] = [];
  const close = async () => {
    while (closing.length > 0) await closing.pop()!();
  };
  try {
    for (let i = 1; i <= count; i++) {
      const storage = await openPostgresStorage(databaseUrlOf?.(i, url) ?? url);
      closing.push(() => storage.close());
      const node = await TestServer.start({
        ...server,
        storage,
        redisUrl: redisUrlOf?.(i, redis.url) ?? redis.url,
        node: `node-${i}`,
        lease: { ttlMs: leaseMs, renewMs: leaseMs / 4 },
      });
      closing.push(() => node.stop().catch(() => {}));
      nodes.push(node);
    }
    const reader = await openPostgresStorage(url);
    closing.push(() => reader.close());
    return { nodes, reader, databaseUrl: url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A counter's value on a node's /metrics, summed over its series whose labels hold `label`. */
export async function counter(url: string, name: string, label: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}{`) && line.includes(label)) sum += Number(line.split(' ').pop());
  }
  return sum;
}

/**
 * What a cluster test file shares: the services (skipped when `unavailable`), `cleanup` for
 * what a test leaves to close after it, and `track`, which closes a client after the test.
 */
export function clusterTests() {
  const unavailable = clusterUnavailable();
  const services = clusterServices(unavailable);
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    while (cleanup.length > 0) await cleanup.pop()!();
  });
  const track = <T extends { close: () => unknown } | { destroy: () => unknown }>(x: T): T => {
    cleanup.push(() => ('destroy' in x ? x.destroy() : x.close()));
    return x;
  };
  return { unavailable, services, cleanup, track };
}

/** The public document as a storage holds it. */
export async function storedPub(storage: Storage, tableId: string): Promise<Y.Doc> {
  return loadDoc((await storage.loadDocuments(tableId)).docs.pub);
}

/** A table made on node 1 of `cluster`, and its GM on node 1 and on node 2 (`track`ed). */
export async function tableWithGms(
  cluster: Cluster,
  track: <T extends Participant>(p: T) => T,
): Promise<{
  one: TestServer;
  two: TestServer;
  table: Awaited<ReturnType<typeof createTable>>;
  gmOne: Participant;
  gmTwo: Participant;
}> {
  const [one, two] = cluster.nodes as [TestServer, TestServer];
  const table = await createTable(one.url);
  const gmOne = track(await connectSocket(one.url, table.tokens.gm, 'gm1'));
  const gmTwo = track(await connectSocket(two.url, table.tokens.gm, 'gm2'));
  return { one, two, table, gmOne, gmTwo };
}

/** One statement on `databaseUrl`, on a connection of its own. */
async function sql<R extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Who holds the table's lease (its node's NODE_ID, without the process's suffix) and under
 * which epoch, as PostgreSQL says; undefined when nobody does.
 */
export async function leaseOf(
  databaseUrl: string,
  tableId: string,
): Promise<{ node: string; epoch: number } | undefined> {
  const [row] = await sql<{ holder: string; epoch: string }>(
    databaseUrl,
    'SELECT holder, epoch FROM leases WHERE table_id = $1 AND expires_at > clock_timestamp()',
    [tableId],
  );
  return row && { node: row.holder.split('#')[0]!, epoch: Number(row.epoch) };
}

/** Ends the table's lease where it is kept, as if its holder had stalled past it. */
export async function expireLease(databaseUrl: string, tableId: string): Promise<void> {
  await sql(databaseUrl, `UPDATE leases SET expires_at = '-infinity' WHERE table_id = $1`, [
    tableId,
  ]);
}
