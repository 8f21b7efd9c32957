import { worstStatus, type LinkStatus } from './session-socket';

// What the connection banner shows for one open table: the worst of its live connections (the
// documents' and the commands' socket), whether it was online before (a drop then reads
// "reconnecting" rather than a first "connecting"), and a reconnection made on purpose (a new
// seat token) that is no drop. The session feeds it each connection's status.

/** How long a deliberate reconnection (a new seat token) may take before it counts as a drop. */
const SWITCH_GRACE_MS = 5000;

export class LinkState {
  /** Worst of the live connections: what the banner shows. */
  status = $state<LinkStatus>('connecting');
  /** Was online before, so a drop is a "reconnecting" rather than a first "connecting". */
  wasOnline = $state(false);
  #socket = $state<LinkStatus>('connecting');
  #docs = $state<LinkStatus>('connecting');
  /** While a deliberate reconnection runs: see update. */
  #switching: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** Whether the public document has synced at least once. */
    private readonly loaded: () => boolean,
    /** Said when the table comes back after a drop. */
    private readonly backOnline: () => void,
  ) {}

  /** Records the documents' and/or the commands' socket's status, then updates the banner's. */
  set(change: { docs?: LinkStatus; socket?: LinkStatus }): void {
    if (change.docs !== undefined) this.#docs = change.docs;
    if (change.socket !== undefined) this.#socket = change.socket;
    this.update();
  }

  update(): void {
    const next = worstStatus([this.#docs, this.#socket]);
    // A reconnection made on purpose (switching) is no drop: the table stays online for the
    // person, with no banner and no "back online", unless it takes past SWITCH_GRACE_MS.
    if (this.#switching !== undefined) {
      if (next !== 'online') return;
      clearTimeout(this.#switching);
      this.#switching = undefined;
    }
    if (next === 'online' && this.loaded()) this.wasOnline = true;
    if (this.status !== next) {
      if (next === 'online' && this.status === 'offline' && this.wasOnline) this.backOnline();
      this.status = next;
    }
  }

  /** Reconnections made on purpose start now: quiet until online, or SWITCH_GRACE_MS. */
  switching(): void {
    clearTimeout(this.#switching);
    this.#switching = setTimeout(() => {
      this.#switching = undefined;
      this.update();
    }, SWITCH_GRACE_MS);
  }

  destroy(): void {
    clearTimeout(this.#switching);
  }
}

/** The browser knows about a lost network before the sockets time out; answers the unwatch. */
export function watchBrowserNetwork(offline: () => void, online: () => void): () => void {
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
