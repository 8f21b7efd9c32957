import * as Y from 'yjs';
import type { WebsocketProvider } from 'y-websocket';
import { CommandClient, socketTransport } from './commands.svelte';
import { LazySocket, loadSocketIo, tableSocket } from './socket';
import { GmState, TableState } from './table-state.svelte';
import type { Toasts } from '../components/shell/toasts.svelte';
import { PROTOCOL_VERSION, controls, playedBy } from '@fateboard/table';
import { docParams, docProvider, reconnectDocs } from './doc-provider';
import { wireTableSocket, type LinkStatus } from './session-socket';
import { LinkState, watchBrowserNetwork } from './link-status.svelte';
import { watchAwareness } from './awareness-read';
import { nextTask } from './next-task';
import type { Actor, CommandOf, CommandType } from '@fateboard/table';
import type { Presence, Role } from './api';
import { i18n } from './i18n';

export const messages = i18n('lib/session', {
  rotated: 'This link no longer works: the GM may have rotated it.',
  backOnline: 'Back online. The table is up to date.',
  spectatorsWatch: 'Spectators watch only: there is nothing to send.',
});

/** A command's fields as the client writes them: the id and type are added on sending. */
export type CommandPayload<T extends CommandType> = Omit<CommandOf<T>, 'id' | 'type'>;

/**
 * One open table: the public document (and the GM's, for the GM) synced read-only over
 * y-websocket, and, for GM and players, a socket.io connection for commands and presence.
 * Both reconnect by themselves; y-websocket's sync step 1 on reconnection fetches exactly
 * the updates missed while away, so the table catches up without a reload. What the banner
 * makes of their statuses is link-status's.
 */
export class TableSession {
  /** The public document has synced at least once. */
  loaded = $state(false);
  /** A reason we cannot go on (token refused or rotated); shown instead of the table. */
  fatal = $state<string | null>(null);
  presence = $state<Presence>({ participants: [], spectators: 0, overlays: 0 });
  /** The seat this connection plays (players), once known. */
  seatId = $state<string | null>(null);
  /**
   * Tokens others are dragging on the scene board right now (their awareness' `drag`):
   * character id → the board point under the pointer, in grid cells. Ephemeral: the move
   * itself is one command on the drop.
   */
  drags = $state<Record<string, { x: number; y: number }>>({});

  pubDoc = new Y.Doc();
  gmDoc: Y.Doc | null;
  readonly table: TableState;
  readonly gm: GmState | null;
  readonly commands: CommandClient | null;

  #providers: WebsocketProvider[] = [];
  /** GM and players: their socket.io connection, once its chunk has loaded (lib/socket). */
  #socket: LazySocket | null = null;
  #destroyed = false;
  readonly #link: LinkState;
  #cleanup: (() => void)[] = [];
  #awarenessCleanup: (() => void)[] = [];

  constructor(
    readonly tableId: string,
    public token: string,
    readonly role: Role,
    private readonly toasts: Toasts,
    seatId: string | null = null,
    /** A stream overlay's session: the server counts it apart from the people watching. */
    private readonly overlay = false,
  ) {
    this.seatId = seatId;
    this.#link = new LinkState(
      () => this.loaded,
      () => toasts.push('success', messages.get().backOnline),
    );
    this.gmDoc = role === 'gm' ? new Y.Doc() : null;
    // The documents' sockets first: their handshake and sync take round trips, and reading
    // the (still empty) table below is tens of milliseconds on a phone that need not delay
    // them. No message can arrive before this constructor has returned.
    this.#openDocs();
    this.table = new TableState(this.pubDoc);
    this.gm = this.gmDoc ? new GmState(this.gmDoc) : null;

    if (role === 'spectator') {
      // Spectators hold no socket.io connection: read-only documents only.
      this.commands = null;
      this.#link.set({ socket: 'online' });
    } else {
      this.#socket = new LazySocket();
      this.commands = new CommandClient(socketTransport(this.#socket), toasts);
      this.#openSocket(this.#socket);
    }

    this.#cleanup.push(
      watchBrowserNetwork(
        () => this.#goOffline(),
        () => this.#goOnline(),
      ),
    );
  }

  /** Worst of the live connections: what the banner shows. */
  get status(): LinkStatus {
    return this.#link.status;
  }

  /** Was online before, so a drop is a "reconnecting" rather than a first "connecting". */
  get wasOnline(): boolean {
    return this.#link.wasOnline;
  }

  #openDocs(): void {
    const params = docParams(this.token, this.overlay);
    const room = `table/${this.tableId}`;
    const primary = docProvider(
      room,
      this.pubDoc,
      params,
      {
        status: (status) => this.#link.set({ docs: status }),
        synced: () => {
          // The table is drawn in a task of its own, not in the one that applied the
          // document's first sync: on a phone the two together made one long freeze.
          if (this.loaded) {
            this.#link.update();
            return;
          }
          void nextTask().then(() => {
            if (this.#destroyed) return;
            this.loaded = true;
            this.#link.update();
          });
        },
        rebuilt: () => this.#reloadDocs(),
        // The first reason wins: socket.io's `closed` notice may have said it better already.
        closed: (reason) => (this.fatal ??= reason),
      },
      true,
    );
    this.#providers.push(primary);
    this.#watchAwareness(primary);
    if (this.gmDoc) {
      const closed = (reason: string) => (this.fatal ??= reason);
      const quiet = { status: () => {}, synced: () => {}, rebuilt: () => this.#reloadDocs() };
      this.#providers.push(docProvider(`${room}/gm`, this.gmDoc, params, { ...quiet, closed }));
    }
  }

  /**
   * The server rebuilt the documents from their content (compaction): our replicas hold a
   * history the new documents cannot extend, so load fresh ones. The views keep showing the
   * old state until the new one has synced, then reconcile to it.
   */
  #reloadDocs(): void {
    for (const p of this.#providers) p.destroy();
    this.#providers = [];
    for (const fn of this.#awarenessCleanup) fn();
    this.#awarenessCleanup = [];
    this.pubDoc = new Y.Doc();
    this.table.rebind(this.pubDoc);
    if (this.gm) {
      this.gmDoc = new Y.Doc();
      this.gm.rebind(this.gmDoc);
    }
    this.#openDocs();
  }

  #watchAwareness(provider: WebsocketProvider): void {
    this.#awarenessCleanup.push(
      watchAwareness(provider.awareness, this, {
        participants: (participants) => (this.presence = { ...this.presence, participants }),
        drags: (drags) => (this.drags = drags),
      }),
    );
  }

  /** Shows the others a token being dragged (null: the drag ended); spectators send nothing. */
  setDrag(drag: { characterId: string; x: number; y: number } | null): void {
    if (this.role === 'spectator') return;
    this.#providers[0]?.awareness.setLocalStateField('drag', drag);
  }

  /**
   * Loads socket.io-client (while the documents sync) and connects with the token of the
   * moment; a failed load is tried again while the page is open.
   */
  #openSocket(lazy: LazySocket): void {
    loadSocketIo().then(
      (socketIo) => {
        if (this.#destroyed) return;
        const socket = tableSocket(socketIo, this.token);
        wireTableSocket(socket, {
          status: (status) => this.#link.set({ socket: status }),
          fatal: (message) => (this.fatal = message),
          rotated: () => (this.fatal ??= messages.get().rotated),
          presence: (presence) => (this.presence = presence),
          destroyed: () => this.#destroyed,
        });
        lazy.set(socket);
      },
      () => {
        if (this.#destroyed) return;
        this.#link.set({ socket: 'offline' });
        setTimeout(() => this.#openSocket(lazy), 2000);
      },
    );
  }

  #goOffline(): void {
    for (const p of this.#providers) p.disconnect();
    this.#socket?.current?.disconnect();
    this.#link.set({ docs: 'offline', socket: this.#socket ? 'offline' : 'online' });
  }

  #goOnline(): void {
    for (const p of this.#providers) p.connect();
    this.#socket?.current?.connect();
  }

  /** This person as the table's rules name who acts: a role, and a player's seat. */
  get actor(): Actor {
    return { role: this.role, ...(this.seatId ? { seatId: this.seatId } : {}) };
  }

  /** Whether this person acts for the character: the GM for every one, a player for their own. */
  controls(character: { owner?: string | undefined } | undefined): boolean {
    if (!character) return false;
    return controls(this.actor, character);
  }

  /** Whether this person's seat plays the character (the table's `playedBy`; never the GM). */
  plays(character: { owner?: string | undefined } | undefined): boolean {
    return character !== undefined && playedBy(this.seatId, character);
  }

  /** The GM's and players' socket.io connection (null for spectators): the chat rides on it. */
  get socket(): LazySocket | null {
    return this.#socket;
  }

  /** Switches to a new token (a player's personal seat token) for future reconnections. */
  adoptToken(token: string, seatId: string | null): void {
    this.token = token;
    if (seatId) this.seatId = seatId;
    // A player who just took a seat was never offline: the reconnections below are quiet.
    this.#link.switching();
    reconnectDocs(this.#providers, token, () => ({ role: this.role, seatId: this.seatId }));
    // The commands' connection too: opened with the shared player link, it would be dropped
    // when the GM replaces that link, although this person now has a seat of their own.
    // Commands sent meanwhile wait in the command client and go once it is back.
    const socket = this.#socket?.current;
    if (socket) {
      socket.auth = { token, protocol: PROTOCOL_VERSION };
      socket.disconnect().connect();
    }
  }

  /**
   * Sends a command as a user action, its fields checked against the table's command schemas
   * at compile time (the server checks them again); spectators have none.
   */
  send<T extends CommandType>(
    type: T,
    payload: CommandPayload<T>,
    options: { key?: string; quiet?: boolean } = {},
  ) {
    if (!this.commands) {
      this.toasts.push('error', messages.get().spectatorsWatch);
      return Promise.resolve({ ok: false as const, code: 'forbidden', message: 'Spectator' });
    }
    return this.commands.send(type, payload, options);
  }

  pending(key: string): boolean {
    return this.commands?.isPending(key) ?? false;
  }

  destroy(): void {
    for (const fn of this.#cleanup) fn();
    for (const fn of this.#awarenessCleanup) fn();
    this.#destroyed = true;
    this.#link.destroy();
    this.commands?.destroy();
    this.#socket?.current?.disconnect();
    for (const p of this.#providers) p.destroy();
    this.table.destroy();
    this.gm?.destroy();
  }
}
