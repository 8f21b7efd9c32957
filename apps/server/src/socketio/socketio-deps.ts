import type { IncomingMessage } from 'node:http';
import type { ChatMessage } from '@fateboard/table';
import type { Budgets } from '../limits/budgets';
import type { Limits } from '../limits/limits';
import type { GroupCommit } from '../room/group-commit';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { Connections } from './connections';
import type { PresenceShare } from './presence';

/** What socket.io's side of the server needs of the node (server.ts wires it). */
export interface SocketIoDeps {
  storage: Storage;
  rooms: Rooms;
  commits: GroupCommit;
  connections: Connections;
  limits: Limits;
  /** What each principal and address may cost (budgets.ts), across all their connections. */
  budgets: Budgets;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** Cluster mode: chat messages go to the other nodes too (ChatDeps.spread). */
  spread?: (tableId: string, message: ChatMessage) => void;
  /**
   * Cluster mode: websocket only, so that a load balancer needs no sticky sessions (a long
   * poll's requests must all reach one node).
   */
  websocketOnly?: boolean;
  /** Cluster mode: this node's part of a table's presence goes to the other nodes. */
  sharePresence?: (tableId: string, share: PresenceShare) => void;
}
