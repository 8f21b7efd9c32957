import pg from 'pg';
import { connectSocket, createTable, openReplica } from './harness';
import type { Participant, Replica, TestServer } from './harness';
import { clusterTests } from './cluster-fixture';

// What the in-process cluster tests (cluster/cluster-*.test.ts) share: clusterTests(), and
// helpers that leave what they open to its cleanup.

/**
 * clusterTests() with `startCluster` (nodes on one fresh database, each with its own pool, as
 * separate machines would be), clients on any node (`connect`, `replica`), `sqlSession` and a
 * table written by node 1 of two.
 */
export function inProcessClusterTests() {
  const shared = clusterTests();
  const { services, cleanup, track } = shared;

  /** Three (or `count`) nodes with a `leaseMs` lease, closed after the test. */
  async function startCluster(count = 3, leaseMs = 1500) {
    const cluster = await services.startCluster({ count, leaseMs });
    cleanup.push(() => cluster.close());
    return cluster;
  }

  /** A socket.io participant on the node at `url`, closed after the test. */
  const connect = async (url: string, token: string, name: string): Promise<Participant> =>
    track(await connectSocket(url, token, name));

  /** A synced replica of document `name` on the node at `url`, destroyed after the test. */
  const replica = async (url: string, name: string, token: string): Promise<Replica> =>
    track(await openReplica(url, name, token));

  /** A session of its own on the cluster's database, ended after the test. */
  async function sqlSession(databaseUrl: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    cleanup.push(() => client.end());
    return client;
  }

  /** Two nodes, a table, its GM on each; node 1 writes the table (its first command). */
  async function twoNodesNodeOneWriting() {
    const { nodes, reader, databaseUrl } = await startCluster(2);
    const [one, two] = nodes as [TestServer, TestServer];
    const table = await createTable(one.url);
    const viaOne = await connect(one.url, table.tokens.gm, 'gm1');
    const viaTwo = await connect(two.url, table.tokens.gm, 'gm2');
    await viaOne.ok({ type: 'aspect.add', kind: 'situation', text: 'First' });
    return { reader, databaseUrl, table, viaOne, viaTwo };
  }

  return { ...shared, startCluster, connect, replica, sqlSession, twoNodesNodeOneWriting };
}
