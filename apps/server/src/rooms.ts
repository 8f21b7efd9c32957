import { TableRoom } from './room';
import type { RoomDeps } from './room';

interface Entry {
  room: TableRoom;
  users: number;
  idleTimer: NodeJS.Timeout | undefined;
}

/**
 * The loaded tables of one server. A table loads on first use and unloads once nobody has
 * held it for `idleMs`. Connections `retain` the room they serve and `release` it on close.
 */
export class Rooms {
  private readonly entries = new Map<string, Entry>();
  private readonly brokenListeners = new Set<(tableId: string) => void>();

  constructor(
    private readonly deps: RoomDeps,
    private readonly idleMs: number,
  ) {}

  /** The loaded room of a table, loading it if the table exists. */
  get(tableId: string): TableRoom | undefined {
    const entry = this.entry(tableId);
    if (entry && entry.users === 0) this.scheduleUnload(tableId, entry);
    return entry?.room;
  }

  retain(tableId: string): TableRoom | undefined {
    const entry = this.entry(tableId);
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

  isLoaded(tableId: string): boolean {
    return this.entries.has(tableId);
  }

  /** Unloads every table (compacting as needed); used on shutdown. */
  close(): void {
    for (const [tableId, entry] of this.entries) {
      clearTimeout(entry.idleTimer);
      entry.room.dispose();
      this.entries.delete(tableId);
    }
  }

  private entry(tableId: string): Entry | undefined {
    const existing = this.entries.get(tableId);
    if (existing) return existing;
    const table = this.deps.storage.getTable(tableId);
    if (!table) return undefined;
    const entry: Entry = { room: new TableRoom(table, this.deps), users: 0, idleTimer: undefined };
    entry.room.onBroken(() => {
      if (this.entries.get(tableId) !== entry) return;
      clearTimeout(entry.idleTimer);
      this.entries.delete(tableId);
      entry.room.dispose();
      for (const listener of [...this.brokenListeners]) listener(tableId);
    });
    this.entries.set(tableId, entry);
    return entry;
  }

  private scheduleUnload(tableId: string, entry: Entry): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.users > 0 || this.entries.get(tableId) !== entry) return;
      this.entries.delete(tableId);
      entry.room.dispose();
    }, this.idleMs);
    entry.idleTimer.unref();
  }
}
