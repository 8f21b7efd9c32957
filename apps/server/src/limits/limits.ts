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
  /**
   * One awareness state: characters of its JSON, nesting, and keys plus items. Ours is
   * `{"who":{"role":"player","seatId":"…"}}`; anything past these is refused (4400).
   */
  awarenessStateChars: number;
  awarenessStateDepth: number;
  awarenessStateEntries: number;
  /**
   * What one table's sync answers may send, bytes a second and the burst saved up; requests
   * past it wait their turn, so one table's readers cannot starve the others.
   */
  readBytesPerSecond: number;
  readBurstBytes: number;
  /** Tables created per minute per client address, and the burst. */
  createTablePerMinute: number;
  createTableBurst: number;
  /**
   * Client addresses whose table-creation buckets are remembered (an IPv4 address, or an IPv6
   * /64). Past it the least recently used address is forgotten (it starts again with a full
   * burst), never all of them.
   */
  createTableAddresses: number;
  /** A table with no connection unloads after this long. */
  idleUnloadMs: number;
  /** Stored updates past which a table's history is merged into one snapshot on load/unload. */
  compactAfter: number;
  /**
   * Commands between two checks of whether a table's history outgrew its content (more than
   * `rebuildRatio` times a rebuild's size); outgrown documents are rebuilt and replicas told to
   * reload (4410). Also checked on load and unload.
   */
  rebuildCheckEvery: number;
  /**
   * How far a table's encoded documents may outgrow a rebuild from their content before they
   * are rebuilt: what a newcomer downloads stays within it (plus what `rebuildCheckEvery`
   * commands add). Lower costs connected replicas a reload (4410) more often.
   */
  rebuildRatio: number;
  /** y-websocket ping interval; a connection that missed a pong is dropped. */
  pingIntervalMs: number;
  /** A y-websocket connection with more unsent bytes than this is too slow and is dropped. */
  maxBufferedBytes: number;
  /** Presence broadcasts are coalesced over this window. */
  presenceDelayMs: number;
  /**
   * Budgets per principal (budgets.ts): a seat, the GM, a shared link (the player link before a
   * seat, the spectator link), and a client address (an IPv4 address, or an IPv6 /64), each
   * across all its connections, socket.io and y-websocket alike, and in cluster mode across
   * every node. Past one, the request is refused with `rate-limited` and `retryInMs`.
   *
   * Commands a second per principal, and the burst saved up.
   */
  commandRate: number;
  commandBurst: number;
  /** Commands a second per address, and the burst (a household or a club behind one NAT). */
  addressCommandRate: number;
  addressCommandBurst: number;
  /**
   * Chat messages a principal may send per `chatWindowMs` (a bucket refilled evenly over the
   * window), and an address per window.
   */
  chatMessages: number;
  chatWindowMs: number;
  /**
   * Uploaded files (restores, Fari scenes) read in worker threads (file-work/pool.ts): the
   * threads, the requests admitted beyond them, per client address, and a job's longest run.
   */
  fileWorkers: number;
  fileQueue: number;
  filesPerAddress: number;
  fileJobTimeoutMs: number;
  /** Fari scenes one table may take a minute, and the burst (a scene is up to 40 commands). */
  fariScenesPerMinute: number;
  fariSceneBurst: number;
  /**
   * Pages of log history (`GET /api/tables/:id/log`) one table serves a second, and the burst:
   * a page is a few milliseconds of the event loop, whoever of the table's readers asks.
   */
  logPagesPerSecond: number;
  logPageBurst: number;
  addressChatMessages: number;
  /**
   * Connection attempts (socket.io or y-websocket) a second, and the burst, of the GM or a
   * seat: a page load opens two or three, a join as many again.
   */
  connectRate: number;
  connectBurst: number;
  /**
   * The same for a shared link, whose crowd (a stream's spectators after a restart) comes back
   * at once.
   */
  linkConnectRate: number;
  linkConnectBurst: number;
  /** The same for an address, checked before the token is read. */
  addressConnectRate: number;
  addressConnectBurst: number;
  /**
   * Connections open at once: of the GM or a seat (each device holds two or three), of a
   * shared link, and of an address. Per node: what they cost is the node's memory.
   */
  connectionsPerPrincipal: number;
  connectionsPerLink: number;
  connectionsPerAddress: number;
  /**
   * Principals and addresses whose buckets are remembered; past it the least recently used is
   * forgotten (it starts again with a full burst), never all of them.
   */
  budgetEntries: number;
  /**
   * A table's chat keeps its newest this many messages; older ones are deleted as new ones
   * are stored (docs/PROTOCOL.md "Chat").
   */
  chatKeep: number;
  /**
   * What a table may hold on disk (storage/table-bytes.ts: its commands, document updates and
   * snapshots, chat and restored log), bytes. At it, commands and chat messages are refused
   * with `storage-full`; the GM sees the figure in the GM's tools.
   */
  tableBytes: number;
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
  awarenessStateChars: 2048,
  awarenessStateDepth: 8,
  awarenessStateEntries: 64,
  readBytesPerSecond: 8 * 1024 * 1024,
  readBurstBytes: 16 * 1024 * 1024,
  createTablePerMinute: 10,
  createTableBurst: 20,
  createTableAddresses: 10_000,
  idleUnloadMs: 60_000,
  compactAfter: 500,
  // A campaign's history adds about 15 bytes a command to 20–40 KB of content: rebuilt past
  // 1.2×, checked every 50 commands, a newcomer downloads at most about 1.25× the content; the
  // connected replicas reload about once every 300 commands (about once a session).
  rebuildCheckEvery: 50,
  rebuildRatio: 1.2,
  pingIntervalMs: 30_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  presenceDelayMs: 100,
  commandRate: 20,
  commandBurst: 40,
  addressCommandRate: 40,
  addressCommandBurst: 80,
  chatMessages: 5,
  chatWindowMs: 10_000,
  // One thread: the machine's other cores serve the tables. A largest file takes it about two
  // seconds (BENCHMARKS.md), so four admitted requests wait at most a few seconds each.
  fileWorkers: 1,
  fileQueue: 3,
  filesPerAddress: 2,
  fileJobTimeoutMs: 60_000,
  fariScenesPerMinute: 6,
  fariSceneBurst: 3,
  logPagesPerSecond: 20,
  logPageBurst: 40,
  addressChatMessages: 15,
  connectRate: 2,
  connectBurst: 30,
  linkConnectRate: 20,
  linkConnectBurst: 200,
  addressConnectRate: 10,
  addressConnectBurst: 60,
  connectionsPerPrincipal: 24,
  connectionsPerLink: 2_000,
  connectionsPerAddress: 256,
  budgetEntries: 50_000,
  chatKeep: 10_000,
  tableBytes: 64 * 1024 * 1024,
};
