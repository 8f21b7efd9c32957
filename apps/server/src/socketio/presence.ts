import { readTable } from '@fateboard/table';
import type { Presence } from '@fateboard/table';
import type { Connections } from './connections';
import type { Rooms } from '../room/rooms';

/**
 * One node's part of a table's presence: who is connected to it, without names (the seats'
 * names are read from the table where the presence is sent). Cluster mode: every node sends
 * its own to the others, which add it to theirs.
 */
export interface PresenceShare {
  participants: {
    role: Presence['participants'][number]['role'];
    seatId?: string;
    connections: number;
  }[];
  spectators: number;
  /** Stream overlays (absent from older nodes: none). */
  overlays?: number;
}

export interface PresenceDeps {
  connections: Connections;
  rooms: Rooms;
  limits: { presenceDelayMs: number };
  clock: () => number;
}

/** How often a node sends its shares again, and how long another node's share counts. */
export const SHARE_EVERY_MS = 10_000;
const SHARE_KEPT_MS = 3 * SHARE_EVERY_MS;

/**
 * Coalesces presence changes per table and broadcasts them to the table's socket.io room. In
 * cluster mode it also hands this node's share to the others (`share`) whenever it changed,
 * and again every SHARE_EVERY_MS so that a node that died drops out of everyone's count.
 */
export class PresenceBroadcaster {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly stop: () => void;
  /** Other nodes' shares, by table and node. */
  private readonly heardFrom = new Map<string, Map<string, { share: PresenceShare; at: number }>>();
  /** What this node last shared of each table, to share only changes. */
  private readonly shared = new Map<string, string>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: PresenceDeps,
    private readonly emit: (tableId: string, presence: Presence) => void,
    private readonly share?: (tableId: string, share: PresenceShare) => void,
  ) {
    this.stop = deps.connections.onChange((tableId) => this.schedule(tableId));
    if (share) {
      this.timer = setInterval(() => this.shareAll(), SHARE_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Another node's share of a table (cluster mode): it replaces that node's last one. */
  heard(tableId: string, node: string, share: PresenceShare): void {
    let nodes = this.heardFrom.get(tableId);
    if (!nodes) {
      nodes = new Map();
      this.heardFrom.set(tableId, nodes);
    }
    nodes.set(node, { share, at: this.deps.clock() });
    this.schedule(tableId);
  }

  /** Another node began hearing the table (cluster mode): this node's share goes out now. */
  shareNow(tableId: string): void {
    if (!this.share) return;
    const local = this.local(tableId);
    if (local.participants.length === 0 && local.spectators === 0 && !local.overlays) return;
    this.shared.set(tableId, JSON.stringify(local));
    this.share(tableId, local);
  }

  close(): void {
    this.stop();
    clearInterval(this.timer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private schedule(tableId: string): void {
    if (this.pending.has(tableId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(tableId);
      this.send(tableId);
    }, this.deps.limits.presenceDelayMs);
    timer.unref();
    this.pending.set(tableId, timer);
  }

  /** This node's share of the table: its socket.io participants and its spectators' replicas. */
  private local(tableId: string): PresenceShare {
    const connections = this.deps.connections.ofTable(tableId);
    const byKey = new Map<string, PresenceShare['participants'][number]>();
    for (const c of connections) {
      if (c.transport !== 'socket.io' || c.role === 'spectator') continue;
      const key = `${c.role}/${c.seatId ?? ''}`;
      const existing = byKey.get(key);
      if (existing) existing.connections++;
      else
        byKey.set(key, { role: c.role, connections: 1, ...(c.seatId ? { seatId: c.seatId } : {}) });
    }
    const watching = connections.filter(
      (c) => c.role === 'spectator' && c.transport === 'yjs' && c.doc === 'pub',
    );
    const overlays = watching.filter((c) => c.overlay).length;
    return { participants: [...byKey.values()], spectators: watching.length - overlays, overlays };
  }

  private send(tableId: string): void {
    const local = this.local(tableId);
    if (this.share) {
      const text = JSON.stringify(local);
      if (this.shared.get(tableId) !== text) {
        this.shared.set(tableId, text);
        this.share(tableId, local);
      }
      if (local.participants.length === 0 && local.spectators === 0 && !local.overlays) {
        this.shared.delete(tableId);
      }
    }
    const sockets = this.deps.connections
      .ofTable(tableId)
      .filter((c) => c.transport === 'socket.io');
    const room = this.deps.rooms.loaded(tableId);
    if (sockets.length === 0 || !room) return;
    const seats = new Map(readTable(room.doc('pub')).seats.map((s) => [s.id, s]));
    const byKey = new Map<string, Presence['participants'][number]>();
    let spectators = 0;
    let overlays = 0;
    for (const share of [local, ...this.others(tableId)]) {
      spectators += share.spectators;
      overlays += share.overlays ?? 0;
      for (const p of share.participants) {
        const key = `${p.role}/${p.seatId ?? ''}`;
        const existing = byKey.get(key);
        if (existing) {
          existing.connections += p.connections;
          continue;
        }
        const entry: Presence['participants'][number] = {
          role: p.role,
          connections: p.connections,
        };
        if (p.seatId !== undefined) {
          entry.seatId = p.seatId;
          const name = seats.get(p.seatId)?.name;
          if (name !== undefined) entry.name = name;
        }
        byKey.set(key, entry);
      }
    }
    this.emit(tableId, { tableId, participants: [...byKey.values()], spectators, overlays });
  }

  /** The other nodes' current shares of the table; those not renewed in time are dropped. */
  private others(tableId: string): PresenceShare[] {
    const nodes = this.heardFrom.get(tableId);
    if (!nodes) return [];
    const now = this.deps.clock();
    for (const [node, heard] of nodes) if (now - heard.at > SHARE_KEPT_MS) nodes.delete(node);
    if (nodes.size === 0) this.heardFrom.delete(tableId);
    return [...nodes.values()].map((heard) => heard.share);
  }

  /** The periodic share: every table this node has connections to, even if unchanged. */
  private shareAll(): void {
    for (const tableId of this.shared.keys()) this.share?.(tableId, this.local(tableId));
    // Other nodes' shares that stopped coming must also stop counting on screens here.
    for (const tableId of this.heardFrom.keys()) this.schedule(tableId);
  }
}
