import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Rng } from '@fateboard/rules';
import { originAllowed } from './access/auth';
import { Connections } from './socketio/connections';
import { createHttpApp } from './http/http';
import { FileWorkers } from './file-work/pool';
import type { Limits } from './limits/limits';
import { DEFAULT_LIMITS } from './limits/limits';
import { GroupCommit } from './room/group-commit';
import type { Logger } from './ops/logger';
import { createLogger, errorLog, nodeName } from './ops/logger';
import { Metrics } from './ops/metrics';
import { Rooms } from './room/rooms';
import { attachSocketIo } from './socketio/socketio';
import type { Storage } from './storage';
import { openSqliteStorage } from './storage';
import { cryptoRng } from './access/tokens';
import { Cluster } from './cluster/cluster';
import type { TableEvent } from './cluster/cluster';
import type { LeaseTimings } from './cluster/leases';
import { ClusterRooms } from './cluster/cluster-rooms';
import { deliverChat } from './chat/chat';
import { Budgets } from './limits/budgets';
import { YjsServer } from './yjs/connection';
import { Readiness } from './ops/readiness';
import type { Check } from './ops/readiness';

export interface ServerOptions {
  /**
   * Start the file workers (restores, Fari scenes) with the server rather than on the first
   * file, which then waits for no thread to start (`main.ts` does; tests start them on use).
   */
  warmFileWorkers?: boolean;
  /** Where the SQLite file lives (ignored when `storage` is given). */
  dataDir: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  storage?: Storage;
  /** ms since the epoch. */
  clock?: () => number;
  /** Dice; a cryptographic source unless a test injects a seeded one. */
  rng?: Rng;
  /** Ids of seats, characters, aspects, rolls…; random unless a test injects its own. */
  newId?: () => string;
  limits?: Partial<Limits>;
  /** The origin links point to; defaults to `http://localhost:<port>`. */
  publicUrl?: string;
  /** Extra origins browsers may connect from (the server's own origin always may). */
  allowedOrigins?: string[];
  /** The built client; defaults to apps/client/dist. */
  clientDir?: string;
  /** CSP frame-ancestors; defaults to `'none'`. */
  frameAncestors?: string[];
  /** Where the server's JSON log lines go; pino on stdout at LOG_LEVEL (default info). */
  logger?: Logger;
  /** The name every log line and metric carries; NODE_ID, else `<host>:<port>`. */
  node?: string;
  /** The bearer token `/metrics` asks for; METRICS_TOKEN, else none (open). */
  metricsToken?: string;
  /**
   * Cluster mode (docs/SCALING.md): the Redis that holds the tables' write leases and carries
   * updates, forwarded commands and revocations between the nodes; REDIS_URL. The nodes share
   * one `storage` (PostgreSQL), and each needs its own `node` name.
   */
  redisUrl?: string;
  /**
   * Cluster mode: the leases' TTL, after which a dead writer's tables move, and how often they
   * are renewed (LEASE_TTL_MS, LEASE_RENEW_MS; cluster/leases.ts's LEASE_TIMINGS by default).
   */
  lease?: Partial<LeaseTimings>;
  /** Cluster mode: how long a forwarded command waits for its writer (FORWARD_TIMEOUT_MS). */
  forwardTimeoutMs?: number;
  /**
   * How long a command waits for its answer (GroupCommit's `answerWithinMs`, 1500 ms by
   * default): past it, refused when nothing of it was applied, `unknown-outcome` when its
   * commit is under way. COMMAND_TIMEOUT_MS.
   */
  commandTimeoutMs?: number;
  /**
   * Under load, how long a group commit waits for more commands before it starts
   * (GroupCommit's `gatherMs`); none by default. Measured in cluster mode without a clear gain
   * on one loaded machine (BENCHMARKS.md, "The cluster's CPU per command"): for a comparison
   * on separate machines, where a busy node's batches are larger.
   */
  commitGatherMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Group commits so far: how many, the commands they stored, the largest batch; with
   * `recent`, the milliseconds each of the last `recent` batches spent applying and committing.
   */
  commitStats(recent?: number): {
    batches: number;
    commands: number;
    largest: number;
    applyMs?: number[];
    commitMs?: number[];
  };
  /** This server's logger, with its node on every line. */
  logger: Logger;
  close(): Promise<void>;
}

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
  if (cluster && clusterRooms) {
    connections.spread = (tableId, close) => cluster.publish(tableId, close);
    cluster.serveForwarded(async (tableId, sender, input, deadline) => {
      const part = clusterRooms.of(await rooms.get(tableId));
      if (part) return part.handleForwarded(sender, input, deadline);
      return { ack: { ok: false, code: 'not-found', message: 'No such table.' } };
    });
    cluster.onTableEvent((tableId, event) => onClusterEvent(tableId, event));
    // Events sent while this node could not hear them are lost: every followed table checks
    // storage for what it missed.
    cluster.onReconnect(() => {
      for (const tableId of rooms.loadedIds()) clusterRooms.of(rooms.loaded(tableId))?.resync();
    });
  }
  const onClusterEvent = (tableId: string, event: TableEvent): void => {
    switch (event.kind) {
      case 'updates':
      case 'rebuilt':
      case 'head':
        clusterRooms?.of(rooms.loaded(tableId))?.follow(event);
        return;
      case 'close-tokens':
        connections.closeTokens(tableId, event.hashes, event.message, true);
        return;
      case 'close-seat':
        connections.closeSeat(tableId, event.seatId, true);
        return;
      case 'links-rotated':
        connections.linksRotated(tableId, true);
        return;
      case 'chat': {
        const room = rooms.loaded(tableId);
        if (room) deliverChat({ connections, log }, room, event.message);
        return;
      }
      case 'presence':
        socketIo.heardPresence(tableId, event.node, event.share);
        return;
      case 'awareness':
        yjs.heardAwareness(tableId, event.doc, event.update);
        return;
      case 'hello':
        if (event.doc) yjs.shareAwareness(tableId, event.doc);
        else socketIo.sharePresence(tableId);
        return;
    }
  };
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
  const yjs = new YjsServer({
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
    ...(cluster
      ? {
          spread: (tableId, message) => cluster.publish(tableId, { kind: 'chat', message }),
          websocketOnly: true,
          sharePresence: (tableId, share) =>
            cluster.publish(tableId, { kind: 'presence', node: cluster.node, share }),
        }
      : {}),
  });
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
