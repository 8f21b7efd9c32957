// One node of the bench's cluster, in its own process: createServer on port 0 in cluster mode
// (PostgreSQL storage, Redis leases and bus, a node name), as apps/server/src/main.ts starts
// one with DATABASE_URL, REDIS_URL and NODE_ID, but with the bench's limits (rate limits
// raised, 1 s idle unload: limits.ts) and a silent logger, as server-process.ts. The lease
// TTL is the server's default. Answers IPC: stats (ipc.ts) and commit-timings.
// argv: databaseUrl redisUrl nodeId dataDir
import { mkdirSync, rmSync } from 'node:fs';
import { createLogger, createServer, openPostgresStorage } from '@fateboard/server';
import { serveIpc } from './ipc';
import { BENCH_LIMITS } from './limits';

const [databaseUrl, redisUrl, node, dataDir] = process.argv.slice(2);
if (!databaseUrl || !redisUrl || !node || !dataDir) {
  throw new Error('usage: cluster-node-process.ts <databaseUrl> <redisUrl> <nodeId> <dataDir>');
}
mkdirSync(dataDir, { recursive: true });
const storage = await openPostgresStorage(databaseUrl);
const server = await createServer({
  dataDir,
  port: 0,
  host: '127.0.0.1',
  storage,
  redisUrl,
  node,
  limits: BENCH_LIMITS,
  logger: createLogger({ level: process.env.BENCH_DEBUG ? 'error' : 'silent' }),
  // BENCH_COMMIT_GATHER_MS: the group commit's gathering under load (0: none), to compare.
  ...(process.env.BENCH_COMMIT_GATHER_MS === undefined
    ? {}
    : { commitGatherMs: Number(process.env.BENCH_COMMIT_GATHER_MS) }),
});

serveIpc(
  (request) => {
    switch (request.type) {
      case 'commit-timings':
        return server.commitStats(Number(request.count ?? 0));
      default:
        throw new Error(`unknown request ${request.type}`);
    }
  },
  async () => {
    await server.close();
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
);

process.send?.({ type: 'ready', port: server.port, pid: process.pid });
