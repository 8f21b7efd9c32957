import { ChatClient, socketChatTransport } from './chat.svelte';
import { LazySocket, loadSocketIo, tableSocket } from '../../lib/socket';
import type { TableSession } from '../../lib/session.svelte';

/**
 * The chat of an open table. The GM and players chat over the session's socket.io connection.
 * A spectator has none (it reads the documents only), so it opens one for the chat while the
 * GM lets spectators read it, and closes it when the GM turns that off: a crowd of spectators
 * holds no chat connection the GM has closed to them.
 */
export class TableChat {
  client = $state<ChatClient | null>(null);
  #ownSocket: LazySocket | null = null;

  constructor(private readonly session: TableSession) {
    const socket = session.socket;
    if (socket) this.client = new ChatClient(socketChatTransport(socket), () => this.#me());
  }

  #me() {
    return { role: this.session.role, seatId: this.session.seatId };
  }

  /** Follows the GM's switch (`view.spectatorChat`); only a spectator's chat depends on it. */
  spectatorsAllowed(allowed: boolean): void {
    if (this.session.role !== 'spectator') return;
    if (allowed && !this.#ownSocket) {
      const own = new LazySocket();
      this.#ownSocket = own;
      this.client = new ChatClient(socketChatTransport(own), () => this.#me());
      // Loaded only now: a spectator's page has no socket.io until the chat is open to it.
      void loadSocketIo().then(
        (socketIo) => {
          if (this.#ownSocket === own) own.set(tableSocket(socketIo, this.session.token));
        },
        () => {
          // No chat this time; the GM's next switch of the setting tries again.
          if (this.#ownSocket === own) this.#closeOwn();
        },
      );
    } else if (!allowed && this.#ownSocket) {
      this.#closeOwn();
    }
  }

  #closeOwn(): void {
    this.client?.destroy();
    this.client = null;
    this.#ownSocket?.current?.disconnect();
    this.#ownSocket = null;
  }

  destroy(): void {
    this.client?.destroy();
    this.client = null;
    this.#ownSocket?.current?.disconnect();
    this.#ownSocket = null;
  }
}
