import type { ChatMessage } from '@fateboard/table';
import type { GroupCommit } from '../room/group-commit';
import type { TransportDeps } from '../transport-deps';
import type { PresenceShare } from './presence';

/** What socket.io's side of the server needs of the node (server.ts wires it). */
export interface SocketIoDeps extends TransportDeps {
  commits: GroupCommit;
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
