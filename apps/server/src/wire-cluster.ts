import type { Cluster, TableEvent } from './cluster/cluster';
import type { ClusterRooms } from './cluster/cluster-rooms';
import { deliverChat } from './chat/chat';
import type { Log } from './ops/logger';
import type { Rooms } from './room/rooms';
import type { Connections } from './socketio/connections';
import type { SocketIoServer } from './socketio/socketio';
import type { YjsServer } from './yjs/connection';

/** What a node's parts are, for the cluster's messages to reach them. */
export interface ClusterWiring {
  cluster: Cluster;
  clusterRooms: ClusterRooms;
  rooms: Rooms;
  connections: Connections;
  log: Log;
  socketIo: Pick<SocketIoServer, 'heardPresence' | 'sharePresence'>;
  yjs: Pick<YjsServer, 'heardAwareness' | 'shareAwareness'>;
}

/**
 * Cluster mode: what the other nodes send reaches this node's parts (forwarded commands, the
 * writer's updates, revocations, chat, presence, awareness), and this node's revocations
 * reach them.
 */
export function wireCluster(w: ClusterWiring): void {
  const { cluster, clusterRooms, rooms, connections } = w;
  connections.spread = (tableId, close) => cluster.publish(tableId, close);
  cluster.serveForwarded(async (tableId, sender, input, deadline) => {
    const part = clusterRooms.of(await rooms.get(tableId));
    if (part) return part.handleForwarded(sender, input, deadline);
    return { ack: { ok: false, code: 'not-found', message: 'No such table.' } };
  });
  cluster.onTableEvent((tableId, event) => onClusterEvent(w, tableId, event));
  // Events sent while this node could not hear them are lost: every followed table checks
  // storage for what it missed.
  cluster.onReconnect(() => {
    for (const tableId of rooms.loadedIds()) clusterRooms.of(rooms.loaded(tableId))?.resync();
  });
}

function onClusterEvent(w: ClusterWiring, tableId: string, event: TableEvent): void {
  const { connections, rooms } = w;
  switch (event.kind) {
    case 'updates':
    case 'rebuilt':
    case 'head':
      w.clusterRooms.of(rooms.loaded(tableId))?.follow(event);
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
      if (room) deliverChat({ connections, log: w.log }, room, event.message);
      return;
    }
    case 'presence':
      w.socketIo.heardPresence(tableId, event.node, event.share);
      return;
    case 'awareness':
      w.yjs.heardAwareness(tableId, event.doc, event.update);
      return;
    case 'hello':
      if (event.doc) w.yjs.shareAwareness(tableId, event.doc);
      else w.socketIo.sharePresence(tableId);
      return;
  }
}
