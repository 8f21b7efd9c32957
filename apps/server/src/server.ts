import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { originAllowed } from './access/auth';
import { Connections } from './socketio/connections';
import { createHttpApp } from './http/http';
import { FileWorkers } from './file-work/pool';
import type { Limits } from './limits/limits';
import { DEFAULT_LIMITS } from './limits/limits';
import { GroupCommit } from './room/group-commit';
import type { TransportDeps } from './transport-deps';
import { createLogger, errorLog, nodeName } from './ops/logger';
import { Metrics } from './ops/metrics';
import { Rooms } from './room/rooms';
import { attachSocketIo } from './socketio/socketio';
import { openSqliteStorage } from './storage';
import { cryptoRng } from './access/tokens';
import { Cluster } from './cluster/cluster';
import { ClusterRooms } from './cluster/cluster-rooms';
import { Budgets } from './limits/budgets';
import { YjsServer } from './yjs/connection';
import { Readiness } from './ops/readiness';
import type { Check } from './ops/readiness';
import type { RunningServer, ServerOptions } from './server-options';
import { wireCluster } from './wire-cluster';

export type { RunningServer, ServerOptions } from './server-options';

const DEFAULT_CLIENT_DIR = resolve(import.meta.dirname, '../../client/dist');

/** Starts one server: HTTP, socket.io and y-websocket on one port. No module-level state. */
export async function createServer(options: ServerOptions): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const clock = options.clock ?? Date.now;
  const baseLogger = options.logger ?? createLogger();
  // The node's name holds its port, known once it listens (port 0 picks one).
  let logger = baseLogger.child({ node: options.node ?? nodeName(options.port ?? 0) });
  const log = errorLog(() => logger);
  const connections = new Connections();
  // The gauges read the rooms at each scrape, long after they exist.
  const metrics = new Metrics(
    {
      connections: () => connections.all(),
      loadedTables: (): number => rooms.loadedCount(),
      services: () => readiness.report().services,
    },
    clock,
  );
  const ownsStorage = options.storage === undefined;
  const storage = metrics.countErrors(options.storage ?? openSqliteStorage(options.dataDir, log));
  const commits = new GroupCommit(
    storage,
    log,
    metrics,
    options.commandTimeoutMs,
    options.commitGatherMs,
  );
  const files = new FileWorkers(
    {
      workers: limits.fileWorkers,
      queued: limits.fileQueue,
      perAddress: limits.filesPerAddress,
      jobTimeoutMs: limits.fileJobTimeoutMs,
    },
    log,
  );
  if (options.warmFileWorkers) files.warm();
  // Cluster mode: several nodes on one PostgreSQL, one writer per table (docs/SCALING.md).
  const cluster = options.redisUrl
    ? await Cluster.start({
        redisUrl: options.redisUrl,
        node: options.node ?? 'node',
        storage,
        log,
        metrics,
        note: (level, fields, message) => logger[level](fields, message),
        ...(options.lease ? { lease: options.lease } : {}),
        ...(options.forwardTimeoutMs === undefined
          ? {}
          : { forwardTimeoutMs: options.forwardTimeoutMs }),
      })
    : undefined;
  // What the node needs answering: PostgreSQL (a networked storage), Redis (cluster mode).
  const checks: Record<string, Check> = {};
  const ping = storage.ping;
  if (ping) checks.postgres = () => ping();
  if (cluster) checks.redis = () => cluster.redisReachable;
  const readiness = new Readiness(checks);
  // Each loaded table's cluster part: routing to its writer, following its updates.
  const clusterRooms = cluster ? new ClusterRooms(cluster, log) : undefined;
  // What each person may cost, across all their connections (and, in cluster mode, nodes).
  const budgets = new Budgets(
    limits,
    clock,
    cluster ? (key, allowance, windowMs) => cluster.allow(key, allowance, windowMs) : undefined,
  );
  const rooms = new Rooms(
    {
      storage,
      commits,
      ...(clusterRooms ? { gate: clusterRooms.gate } : {}),
      clock,
      rng: options.rng ?? cryptoRng,
      newId: options.newId ?? (() => randomBytes(9).toString('base64url')),
      compactAfter: limits.compactAfter,
      rebuildCheckEvery: limits.rebuildCheckEvery,
      rebuildRatio: limits.rebuildRatio,
      log,
      seatRemoved: (tableId, seatId) => connections.closeSeat(tableId, seatId),
      tableBytes: limits.tableBytes,
    },
    limits.idleUnloadMs,
    cluster,
  );
  // After the current command's refusal has gone out; a broken room answers nothing meanwhile.
  rooms.onBroken((tableId) =>
    setImmediate(() =>
      connections.closeTable(tableId, 'The table is reloading after a storage error.'),
    ),
  );
  let publicUrl = options.publicUrl?.replace(/(?<!\/)\/+$/, '');
  const allowed = [...(options.allowedOrigins ?? [])];
  const checkOrigin = (req: IncomingMessage) =>
    originAllowed(req.headers.origin, req.headers.host, [
      ...allowed,
      ...(publicUrl ? [new URL(publicUrl).origin] : []),
    ]);

  const app = createHttpApp({
    storage,
    rooms,
    files,
    budgets,
    connections,
    limits,
    clock,
    publicUrl: () => publicUrl ?? '',
    clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
    frameAncestors: options.frameAncestors ?? ["'none'"],
    originAllowed: checkOrigin,
    log,
    metrics,
    metricsToken: options.metricsToken ?? process.env.METRICS_TOKEN,
    readiness: () => readiness.report(),
    ...(cluster
      ? { shared: (key: string, perMinute: number) => cluster.allow(key, perMinute) }
      : {}),
  });
  const httpServer = createHttpServer(app);
  // What both transports (y-websocket and socket.io) need of the node, and the group commit.
  const transport: TransportDeps & { commits: GroupCommit } = {
    storage,
    rooms,
    commits,
    connections,
    limits,
    budgets,
    clock,
    originAllowed: checkOrigin,
    log,
    metrics,
  };
  const yjs = new YjsServer({
    ...transport,
    ...(cluster
      ? {
          relayAwareness: (tableId, doc, update) =>
            cluster.publish(tableId, { kind: 'awareness', doc, update }),
          channelOpened: (tableId, doc) => cluster.publish(tableId, { kind: 'hello', doc }),
          // A follower may lag storage: a replica the writer served may be ahead of it.
          catchUp: (room) => (room.broken || room.disposed ? Promise.resolve() : room.catchUp()),
        }
      : {}),
  });
  const socketIo = attachSocketIo(httpServer, {
    ...transport,
    ...(cluster
      ? {
          spread: (tableId, message) => cluster.publish(tableId, { kind: 'chat', message }),
          websocketOnly: true,
          sharePresence: (tableId, share) =>
            cluster.publish(tableId, { kind: 'presence', node: cluster.node, share }),
        }
      : {}),
  });
  if (cluster && clusterRooms) {
    wireCluster({ cluster, clusterRooms, rooms, connections, log, socketIo, yjs });
  }
  httpServer.on('upgrade', (req, socket, head) => {
    // An exception here would escape to the process: one request must not stop the server.
    try {
      if (yjs.handleUpgrade(req, socket, head)) return;
      // engine.io answers /socket.io/ upgrades; nobody else gets one.
      if ((req.url ?? '').startsWith('/socket.io/')) return;
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    } catch (error) {
      log('upgrade failed', error);
      socket.destroy();
    }
  });

  await new Promise<void>((resolveListen, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, options.host, () => {
      httpServer.off('error', reject);
      resolveListen();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  publicUrl ??= `http://localhost:${port}`;
  const node = options.node ?? nodeName(port);
  logger = baseLogger.child({ node });
  metrics.registry.setDefaultLabels({ node });

  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    get logger() {
      return logger;
    },
    commitStats: (recent) => ({
      ...commits.stats,
      ...(recent === undefined ? {} : commits.timings(recent)),
    }),
    close: () => {
      closing ??= (async () => {
        readiness.close();
        connections.closeAll('The server is shutting down.');
        socketIo.close();
        yjs.close();
        await new Promise<void>((done) => {
          httpServer.close(() => done());
          httpServer.closeAllConnections();
        });
        // Commands that arrived before the sockets closed are stored (and their acks dropped).
        await commits.drain();
        await files.close();
        await rooms.close();
        clusterRooms?.close();
        await cluster?.close();
        if (ownsStorage) await storage.close();
      })();
      return closing;
    },
  };
}
