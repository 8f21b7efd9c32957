import type { IncomingMessage } from 'node:http';
import type { DocKey } from '@fateboard/table';
import type { Budgets } from '../limits/budgets';
import type { Limits } from '../limits/limits';
import type { Connections } from '../socketio/connections';
import type { TableRoom } from '../room/room';
import type { Rooms } from '../room/rooms';
import type { GroupCommit } from '../room/group-commit';
import type { Storage } from '../storage';
import type { Log } from '../ops/logger';
import type { Metrics } from '../ops/metrics';

/** What the y-websocket server needs of the node (server.ts wires it). */
export interface YjsServerDeps {
  storage: Storage;
  rooms: Rooms;
  /** The group commit: sync answers wait while a batch is being stored. */
  commits: Pick<GroupCommit, 'settled' | 'read'>;
  connections: Connections;
  limits: Limits;
  /** What each principal and address may cost (budgets.ts): attempts and open connections. */
  budgets: Budgets;
  clock: () => number;
  originAllowed: (req: IncomingMessage) => boolean;
  log: Log;
  metrics: Metrics;
  /** Cluster mode: awareness changes go to the other nodes too (DocChannelLimits). */
  relayAwareness?: (tableId: string, key: DocKey, update: Uint8Array) => void;
  /** Cluster mode: how a room catches up with storage for a replica ahead of it. */
  catchUp?: (room: TableRoom) => Promise<void>;
  /** Cluster mode: a document's channel opened here; the other nodes send their awareness. */
  channelOpened?: (tableId: string, key: DocKey) => void;
}
