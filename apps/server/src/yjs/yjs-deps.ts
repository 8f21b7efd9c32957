import type { DocKey } from '@fateboard/table';
import type { TableRoom } from '../room/room';
import type { GroupCommit } from '../room/group-commit';
import type { TransportDeps } from '../transport-deps';

/** What the y-websocket server needs of the node (server.ts wires it). */
export interface YjsServerDeps extends TransportDeps {
  /** The group commit: sync answers wait while a batch is being stored. */
  commits: Pick<GroupCommit, 'settled' | 'read'>;
  /** Cluster mode: awareness changes go to the other nodes too (DocChannelLimits). */
  relayAwareness?: (tableId: string, key: DocKey, update: Uint8Array) => void;
  /** Cluster mode: how a room catches up with storage for a replica ahead of it. */
  catchUp?: (room: TableRoom) => Promise<void>;
  /** Cluster mode: a document's channel opened here; the other nodes send their awareness. */
  channelOpened?: (tableId: string, key: DocKey) => void;
}
