import type { IncomingMessage } from 'node:http';
import type { Budgets } from './limits/budgets';
import type { Limits } from './limits/limits';
import type { Rooms } from './room/rooms';
import type { Connections } from './socketio/connections';
import type { Storage } from './storage';
import type { Log } from './ops/logger';
import type { Metrics } from './ops/metrics';

/**
 * What both transports, y-websocket (yjs/) and socket.io (socketio/), need of the node; each
 * adds its own view of the group commit and its cluster hooks. server.ts wires one of these.
 */
export interface TransportDeps {
  storage: Storage;
  rooms: Rooms;
  connections: Connections;
  limits: Limits;
  /** What each principal and address may cost (budgets.ts), across all their connections. */
  budgets: Budgets;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
}
