import { TableRoom } from './room';
import type { RoomDeps } from './room';

/**
 * Cluster mode's part in a table's life on this node (cluster/cluster.ts's Cluster): it hears
 * the table's events while the table is loaded here, and gives its lease up once it is not.
 */
export interface RoomsCluster {
  watch: (tableId: string) => Promise<void>;
  unwatch: (tableId: string) => void;
  release: (tableId: string) => Promise<void>;
}

interface Entry {
  room: TableRoom;
  users: number;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * The loaded tables of one server. A table loads on first use (once, however many ask for it
 * while it loads) and unloads once nobody has held it for `idleMs`. Connections `retain` the
 * room they serve and `release` it on close.
 */
export class Rooms {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry | undefined>>();
  private readonly brokenListeners = new Set<(tableId: string) => void>();

  constructor(
    private readonly deps: RoomDeps,
    private readonly idleMs: number,
    private readonly cluster?: RoomsCluster,
  ) {}

  /** The loaded room of a table, loading it if the table exists. */
  async get(tableId: string): Promise<TableRoom | undefined> {
    const entry = await this.entry(tableId);
    if (entry && entry.users === 0) this.scheduleUnload(tableId, entry);
    return entry?.room;
  }

  /**
   * `reader`'s answer from the table's room (loaded as `get` does), read once its documents
   * hold only what is stored (GroupCommit.read); undefined when there is no such table.
   */
  async read<T>(tableId: string, reader: (room: TableRoom) => T): Promise<T | undefined> {
    const room = await this.get(tableId);
    if (!room) return undefined;
    return this.deps.commits.read(() => reader(room));
  }

  /** The room, if it is loaded now; nothing is loaded for it. */
  loaded(tableId: string): TableRoom | undefined {
    return this.entries.get(tableId)?.room;
  }

  /**
   * Holds a loaded room (`get` loads it) until `release`; undefined if it is not loaded, e.g.
   * unloaded since. Synchronous, so that a connection registers its handlers in the same turn
   * it is let in.
   */
  retain(tableId: string): TableRoom | undefined {
    const entry = this.entries.get(tableId);
    if (!entry) return undefined;
    entry.users++;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = undefined;
    return entry.room;
  }

  /** Releases a room retained earlier; a room dropped since (broken) is already gone. */
  release(tableId: string, room?: TableRoom): void {
    const entry = this.entries.get(tableId);
    if (!entry || (room !== undefined && entry.room !== room)) return;
    entry.users = Math.max(0, entry.users - 1);
    if (entry.users === 0) this.scheduleUnload(tableId, entry);
  }

  /** Called when a room broke (see TableRoom.broken) and was dropped; its connections must go. */
  onBroken(listener: (tableId: string) => void): () => void {
    this.brokenListeners.add(listener);
    return () => this.brokenListeners.delete(listener);
  }

  /** How many tables are loaded now. */
  loadedCount(): number {
    return this.entries.size;
  }

  /** The ids of the tables loaded now. */
  loadedIds(): string[] {
    return [...this.entries.keys()];
  }

  isLoaded(tableId: string): boolean {
    return this.entries.has(tableId);
  }

  /** Unloads every table (compacting as needed); used on shutdown. */
  async close(): Promise<void> {
    await Promise.allSettled(this.loading.values());
    const unloads: Promise<void>[] = [];
    for (const [tableId, entry] of this.entries) {
      clearTimeout(entry.idleTimer);
      unloads.push(this.unload(tableId, entry));
      this.entries.delete(tableId);
    }
    await Promise.all(unloads);
  }

  private entry(tableId: string): Promise<Entry | undefined> {
    const existing = this.entries.get(tableId);
    if (existing) return Promise.resolve(existing);
    let loading = this.loading.get(tableId);
    if (!loading) {
      loading = this.load(tableId).finally(() => this.loading.delete(tableId));
      this.loading.set(tableId, loading);
    }
    return loading;
  }

  private async load(tableId: string): Promise<Entry | undefined> {
    const table = await this.deps.storage.getTable(tableId);
    if (!table) return undefined;
    // Cluster mode: listening before loading, so that no update committed meanwhile is missed
    // (one that came before the load is in what it loaded, and ignored).
    await this.cluster?.watch(tableId);
    let room;
    try {
      room = await TableRoom.open(table, this.deps);
    } catch (error) {
      this.cluster?.unwatch(tableId);
      throw error;
    }
    const entry: Entry = { room, users: 0, idleTimer: undefined };
    entry.room.onBroken(() => {
      if (this.entries.get(tableId) !== entry) return;
      clearTimeout(entry.idleTimer);
      this.entries.delete(tableId);
      void this.unload(tableId, entry);
      for (const listener of [...this.brokenListeners]) listener(tableId);
    });
    this.entries.set(tableId, entry);
    return entry;
  }

  /** Disposes of a room taken out of `entries`; in cluster mode, gives its lease up after. */
  private async unload(tableId: string, entry: Entry): Promise<void> {
    const { cluster } = this;
    // Another room of the table may have loaded meanwhile: it keeps listening.
    if (cluster && !this.entries.has(tableId) && !this.loading.has(tableId)) {
      cluster.unwatch(tableId);
    }
    await entry.room.dispose();
    if (cluster && !this.entries.has(tableId)) await cluster.release(tableId);
  }

  private scheduleUnload(tableId: string, entry: Entry): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.users > 0 || this.entries.get(tableId) !== entry) return;
      this.entries.delete(tableId);
      void this.unload(tableId, entry);
    }, this.idleMs);
    entry.idleTimer.unref();
  }
}
