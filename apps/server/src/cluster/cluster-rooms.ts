import type { Log } from '../ops/logger';
import type { GatedRoom, RoomGate } from '../room/room';
import { ClusterRoom, HEAD_EVERY_MS } from './cluster-room';
import type { RoomCluster } from './cluster-room';

/** The cluster parts of the tables loaded on this node, each beside its room. */
export class ClusterRooms {
  private readonly byRoom = new Map<GatedRoom, ClusterRoom>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly cluster: RoomCluster,
    private readonly log: Log,
  ) {
    this.heartbeat = setInterval(() => {
      const now = performance.now();
      for (const part of this.byRoom.values()) part.beat(now);
    }, HEAD_EVERY_MS);
    this.heartbeat.unref();
  }

  /** RoomDeps.gate: a room's cluster part, made as the room opens. */
  readonly gate = (room: GatedRoom): RoomGate => {
    const part = new ClusterRoom(room, this.cluster, this.log, () => this.byRoom.delete(room));
    this.byRoom.set(room, part);
    return part;
  };

  /** The cluster part of a loaded room. */
  of(room: GatedRoom | undefined): ClusterRoom | undefined {
    return room && this.byRoom.get(room);
  }

  close(): void {
    clearInterval(this.heartbeat);
  }
}
