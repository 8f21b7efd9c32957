import type { Role } from '@fateboard/table';
import type { ChatMessage, ClosedNotice, DocKey } from '@fateboard/table';

/** Why the server closes a connection (the `closed` notice's code). */
export type CloseReason = ClosedNotice['code'];

/**
 * A revocation other nodes must apply to their connections too, or the news of new invite
 * links their GM connections must hear (cluster/cluster.ts).
 */
export type SpreadClose =
  | { kind: 'close-tokens'; hashes: string[]; message: string }
  | { kind: 'close-seat'; seatId: string }
  | { kind: 'links-rotated' };

/** A live socket.io or y-websocket connection, as the rest of the server sees it. */
export interface LiveConnection {
  tableId: string;
  tokenHash: string;
  role: Role;
  /** Changes when a seatless player joins. */
  seatId?: string;
  transport: 'socket.io' | 'yjs';
  doc?: DocKey;
  /**
   * A stream overlay's replica (y-websocket `view=overlay`): the table on a stream, not a
   * person watching, so presence counts it apart from the spectators.
   */
  overlay?: boolean;
  /**
   * Delivers one chat message to this connection (socket.io connections only); chat.ts decides
   * who gets which, so a whisper is written to the sockets of its two ends and no other.
   */
  chat?: (message: ChatMessage) => void;
  /**
   * Tells this connection that the invite links were replaced (the GM's socket.io connections
   * only): the GM's other devices fetch the new ones at once, rather than showing dead links.
   */
  linksRotated?: () => void;
  /** Closes the connection for a reason the client can show. */
  close(code: CloseReason, message: string): void;
}

/** Every live connection of a server by table, so links can be revoked and presence counted. */
export class Connections {
  private readonly byTable = new Map<string, Set<LiveConnection>>();
  private readonly listeners = new Set<(tableId: string) => void>();

  add(connection: LiveConnection): () => void {
    let set = this.byTable.get(connection.tableId);
    if (!set) {
      set = new Set();
      this.byTable.set(connection.tableId, set);
    }
    set.add(connection);
    this.changed(connection.tableId);
    return () => {
      const current = this.byTable.get(connection.tableId);
      if (!current?.delete(connection)) return;
      if (current.size === 0) this.byTable.delete(connection.tableId);
      this.changed(connection.tableId);
    };
  }

  /** Every live connection of the server, for the metrics' gauges. */
  *all(): Iterable<LiveConnection> {
    for (const set of this.byTable.values()) yield* set;
  }

  ofTable(tableId: string): LiveConnection[] {
    return [...(this.byTable.get(tableId) ?? [])];
  }

  /**
   * Cluster mode: tells the other nodes to close theirs too (a revocation holds on every node).
   * Not called for a close that came from another node.
   */
  spread: ((tableId: string, close: SpreadClose) => void) | undefined;

  /** Closes every connection opened with one of these tokens; answers how many (here). */
  closeTokens(
    tableId: string,
    tokenHashes: readonly string[],
    message: string,
    fromElsewhere = false,
  ): number {
    const hashes = new Set(tokenHashes);
    const doomed = this.ofTable(tableId).filter((c) => hashes.has(c.tokenHash));
    for (const connection of doomed) connection.close('revoked-token', message);
    if (!fromElsewhere)
      this.spread?.(tableId, { kind: 'close-tokens', hashes: [...hashes], message });
    return doomed.length;
  }

  /**
   * Closes every connection acting for a seat the GM removed: those opened with its seat token
   * and the player-link socket that joined it. Their tokens are revoked, so they stay out.
   */
  closeSeat(tableId: string, seatId: string, fromElsewhere = false): number {
    const doomed = this.ofTable(tableId).filter((c) => c.seatId === seatId);
    for (const connection of doomed) {
      connection.close('revoked-token', 'The GM removed you from the table.');
    }
    if (!fromElsewhere) this.spread?.(tableId, { kind: 'close-seat', seatId });
    return doomed.length;
  }

  /**
   * The table's invite links were replaced: every GM connection hears it (the notice carries no
   * link; each device fetches them with its own GM token). Answers how many heard it here.
   */
  linksRotated(tableId: string, fromElsewhere = false): number {
    const told = this.ofTable(tableId).filter((c) => c.role === 'gm' && c.linksRotated);
    for (const connection of told) connection.linksRotated?.();
    if (!fromElsewhere) this.spread?.(tableId, { kind: 'links-rotated' });
    return told.length;
  }

  /** Closes every connection of a table with a reason the client retries on. */
  closeTable(tableId: string, message: string): void {
    for (const connection of this.ofTable(tableId)) connection.close('unavailable', message);
  }

  closeAll(message: string): void {
    for (const set of [...this.byTable.values()]) {
      for (const connection of [...set]) connection.close('shutdown', message);
    }
  }

  /** Called whenever a table's connections change (presence). */
  onChange(listener: (tableId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Someone's seat changed; presence needs to say so. */
  changed(tableId: string): void {
    for (const listener of this.listeners) listener(tableId);
  }
}
