/**
 * A map of at most `capacity` entries that, when full, forgets the least recently used one
 * (read by `get` or written by `set`), never all of them. Both are O(1): a Map iterates in
 * insertion order, so re-inserting an entry on use keeps the oldest first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`capacity must be a whole number of at least 1, not ${capacity}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Whether the key is held, without using it. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores the value as the most recently used, forgetting the least recently used if full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
