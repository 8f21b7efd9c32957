import type { IncomingMessage } from 'node:http';
import type { Connections } from '../socketio/connections';
import type { Limits } from '../limits/limits';
import type { Budgets } from '../limits/budgets';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { FileWorkers } from '../file-work/pool';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { ReadinessReport } from '../ops/readiness';

/** What the REST side of the server needs of the node (server.ts wires it). */
export interface HttpDeps {
  storage: Storage;
  rooms: Rooms;
  /** Where uploaded files (restores, Fari scenes) are read, off the event loop. */
  files: FileWorkers;
  /** What each person may cost (budgets.ts): an uploaded picture is paid from it. */
  budgets: Budgets;
  connections: Connections;
  limits: Limits;
  clock: () => number;
  /** Where links point, e.g. `https://fate.example.org`; known once the server listens. */
  publicUrl: () => string;
  /** The built client (apps/client/dist); served when it exists. */
  clientDir: string;
  /** CSP frame-ancestors; `'none'` unless the deployment embeds the table in another site. */
  frameAncestors: string[];
  /** The sockets' origin rule (auth.ts `originAllowed` with this server's origins). */
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** The bearer token `/metrics` asks for (METRICS_TOKEN); open to all when unset. */
  metricsToken: string | undefined;
  /** Cluster mode: a limit all the nodes count together (Cluster.allow). */
  shared?: (key: string, perMinute: number) => Promise<boolean>;
  /** Whether the node can do its work now (`/readyz`). */
  readiness: () => ReadinessReport;
}
