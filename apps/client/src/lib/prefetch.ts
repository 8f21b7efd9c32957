import { whenIdle } from './lazy';

/**
 * The next page of a history, asked for ahead of the click that wants it. "Load older" was
 * one HTTP round trip after the click (on a phone, 150 ms of latency before any of it was
 * drawn); with the page read while the page was idle, the click only draws it. A page is
 * asked for under a key (what it starts before, which filter): a click under another key,
 * or after a failure, asks again. Older pages of a history do not change once written, so a
 * page read a while ago is still the page.
 */
export class Prefetch<T> {
  #key: string | undefined;
  #page: Promise<T> | undefined;
  #cancel: (() => void) | undefined;

  /** Reads the page under `key` when the page is next idle, unless it is already read. */
  ahead(key: string, read: () => Promise<T>): void {
    if (this.#key === key) return;
    this.clear();
    this.#key = key;
    this.#cancel = whenIdle(() => {
      this.#cancel = undefined;
      if (this.#key !== key) return;
      const page = read();
      this.#page = page;
      // A failed read is forgotten, so the click reads again (and says why it failed).
      page.catch(() => {
        if (this.#page === page) this.clear();
      });
    });
  }

  /** The page under `key`: the one read ahead, else read now. Either way, it is taken. */
  take(key: string, read: () => Promise<T>): Promise<T> {
    const page = this.#key === key ? this.#page : undefined;
    this.clear();
    return page ?? read();
  }

  /** Forgets the page read ahead (the filter changed, the list was read again). */
  clear(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#key = undefined;
    this.#page = undefined;
  }
}
