export type SavedRole = 'gm' | 'player' | 'spectator';

/** A table this browser created or joined, kept so the landing page can offer a way back. */
export interface SavedTable {
  id: string;
  name: string;
  ruleset: string;
  role: SavedRole;
  /** The token to come back with: the GM link's, the player's own seat token, or the spectator link's. */
  token: string;
  /** The invite links, for the GM only. */
  links?: { gm: string; player: string; spectator: string };
  /** ms since epoch; newest first on the landing page. */
  lastOpened: number;
}

const KEY = 'fateboard.tables.v1';
const MAX = 50;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function isSaved(value: unknown): value is SavedTable {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.token === 'string' &&
    (v.role === 'gm' || v.role === 'player' || v.role === 'spectator') &&
    typeof v.lastOpened === 'number'
  );
}

/** Reads and writes the list in localStorage; a corrupt entry is dropped, never thrown. */
export class SavedTables {
  constructor(private readonly storage: StorageLike | null) {}

  list(): SavedTable[] {
    if (!this.storage) return [];
    let raw: unknown;
    try {
      raw = JSON.parse(this.storage.getItem(KEY) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.filter(isSaved).sort((a, b) => b.lastOpened - a.lastOpened);
  }

  find(id: string): SavedTable[] {
    return this.list().filter((t) => t.id === id);
  }

  /** Adds or refreshes an entry; one entry per table and role. */
  save(entry: SavedTable): void {
    if (!this.storage) return;
    const rest = this.list().filter((t) => !(t.id === entry.id && t.role === entry.role));
    const next = [entry, ...rest].slice(0, MAX);
    try {
      this.storage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private mode): the list is a convenience, not state.
    }
  }

  remove(id: string, role: SavedRole): void {
    if (!this.storage) return;
    const next = this.list().filter((t) => !(t.id === id && t.role === role));
    try {
      this.storage.setItem(KEY, JSON.stringify(next));
    } catch {
      // see save()
    }
  }
}

export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
