/** Every size, rate and time limit of a server; tests shrink them. */
export interface Limits {
  /** Largest socket.io or y-websocket message, bytes. */
  maxMessageBytes: number;
  /** Largest JSON body of a REST call, bytes. */
  maxBodyBytes: number;
  /** socket.io events per second per connection, and the burst saved up. */
  eventRate: number;
  eventBurst: number;
  /** Rate-limited events in a row after which the connection is dropped. */
  floodDisconnectAfter: number;
  /** Awareness messages per second per y-websocket connection (more are dropped). */
  awarenessRate: number;
  awarenessBurst: number;
  /** Sync step 1 and awareness queries per second per y-websocket connection (more are dropped). */
  syncRequestRate: number;
  syncRequestBurst: number;
  /** Awareness client ids one y-websocket connection may speak for. */
  awarenessClientsPerConnection: number;
  /** Tables created per minute per client address, and the burst. */
  createTablePerMinute: number;
  createTableBurst: number;
  /** A table with no connection unloads after this long. */
  idleUnloadMs: number;
  /** Stored updates past which a table's history is merged into one snapshot on load/unload. */
  compactAfter: number;
  /**
   * Commands between two checks of whether a table's history outgrew its content (more than
   * twice a rebuild's size); outgrown documents are rebuilt and replicas told to reload (4410).
   * Also checked on load and unload.
   */
  rebuildCheckEvery: number;
  /** y-websocket ping interval; a connection that missed a pong is dropped. */
  pingIntervalMs: number;
  /** A y-websocket connection with more unsent bytes than this is too slow and is dropped. */
  maxBufferedBytes: number;
  /** Presence broadcasts are coalesced over this window. */
  presenceDelayMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxMessageBytes: 64 * 1024,
  maxBodyBytes: 16 * 1024,
  eventRate: 20,
  eventBurst: 40,
  floodDisconnectAfter: 40,
  awarenessRate: 10,
  awarenessBurst: 20,
  syncRequestRate: 5,
  syncRequestBurst: 20,
  awarenessClientsPerConnection: 4,
  createTablePerMinute: 10,
  createTableBurst: 20,
  idleUnloadMs: 60_000,
  compactAfter: 500,
  rebuildCheckEvery: 250,
  pingIntervalMs: 30_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  presenceDelayMs: 100,
};
