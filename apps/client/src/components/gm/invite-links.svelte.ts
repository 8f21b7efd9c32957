import { fetchInviteLinks, rotateLinks } from '../../lib/api';
import type { Links } from '../../lib/api';
import type { SavedTable } from '../../lib/saved-tables';
import { i18n } from '../../lib/i18n';
import type { LazySocket } from '../../lib/socket';

export const messages = i18n('lib/invite-links', {
  fetchFailed: 'Could not fetch the invite links.',
});

/** Where a browser keeps its copy of the links (the saved-tables list), for an old table. */
export interface LocalLinks {
  read: () => SavedTable | undefined;
  write: (entry: SavedTable) => void;
}

export interface LinkCalls {
  fetch: typeof fetchInviteLinks;
  rotate: typeof rotateLinks;
}

/**
 * The GM's invite links, shared by the links' panel (Invites.svelte) and the separate control
 * that replaces them (RotateLinks.svelte). The server is the source: it keeps the links sealed
 * under the GM token, so every device the GM link is opened on gets the current ones, even
 * after a rotation made on another device. This browser's own copy (kept by the device that
 * made the table) shows at once, and stays the answer for a table made before the server
 * kept the links, until they are rotated.
 */
export class InviteLinks {
  links = $state<Links | null>(null);
  /** `loading` the first answer; `not-kept`: an old table, rotate to get links everywhere. */
  status = $state<'idle' | 'loading' | 'ready' | 'not-kept' | 'error'>('idle');
  /** Why the links are not shown (the server's sentence), when they are not. */
  message = $state('');
  rotating = $state(false);

  constructor(
    private readonly tableId: string,
    private readonly token: string,
    private readonly local: LocalLinks,
    private readonly calls: LinkCalls = { fetch: fetchInviteLinks, rotate: rotateLinks },
  ) {
    const saved = local.read()?.links;
    if (saved) this.links = saved;
  }

  /** Asks the server for the current links; keeps what is shown if it cannot answer. */
  async load(): Promise<void> {
    if (this.status !== 'ready') this.status = 'loading';
    try {
      const answer = await this.calls.fetch(this.tableId, this.token);
      if (answer.kept) {
        this.show(answer.links);
        this.status = 'ready';
      } else {
        this.message = answer.message;
        this.status = 'not-kept';
      }
    } catch (e) {
      this.message = e instanceof Error ? e.message : messages.get().fetchFailed;
      this.status = 'error';
    }
  }

  /**
   * Keeps the links shown current while the page is open: when they are replaced on another of
   * the GM's devices, the server tells every GM connection (`links-rotated`, which holds no
   * link) and this one fetches them; a reconnection fetches them too, in case a replacement
   * went by while it was away. Only once they have been asked for (the panel opened): a closed
   * panel fetches them when it opens. Returns the function that stops it.
   */
  follow(socket: Pick<LazySocket, 'listen'>): () => void {
    const refresh = () => {
      if (this.status !== 'idle') void this.load();
    };
    const stops = [socket.listen('links-rotated', refresh), socket.listen('connect', refresh)];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Replaces the player and spectator links; resolves to whether it did. */
  async rotate(): Promise<boolean> {
    if (this.rotating) return false;
    this.rotating = true;
    try {
      const fresh = await this.calls.rotate(this.tableId, this.token);
      this.show({ gm: this.links?.gm ?? this.gmLink(), ...fresh });
      this.status = 'ready';
      return true;
    } finally {
      this.rotating = false;
    }
  }

  private show(links: Links): void {
    this.links = links;
    const saved = this.local.read();
    if (saved) this.local.write({ ...saved, links });
  }

  /** The GM link, as this page was opened with it (the server answers it with the others). */
  private gmLink(): string {
    return `${location.origin}/t/${encodeURIComponent(this.tableId)}#token=${this.token}`;
  }
}
