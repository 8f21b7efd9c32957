import { connect as connectTcp, createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import type { ClusterNode } from './cluster-nodes';

// The failover tests' load balancer (cluster/failover-*.test.ts): what the clients of a
// killed node reconnect through.

/**
 * A load balancer as simple as they come: TCP, round robin over the nodes whose process runs,
 * no stickiness, no health checks beyond that. What the clients of a dead node reconnect to.
 */
export async function balancer(
  nodes: ClusterNode[],
): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const open = new Set<TcpSocket>();
  const server = createTcpServer((client) => {
    const live = nodes.filter((n) => n.running);
    const node = live[next++ % Math.max(1, live.length)];
    if (!node) return client.destroy();
    const upstream = connectTcp(node.port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
