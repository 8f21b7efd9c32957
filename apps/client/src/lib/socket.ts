import type { Socket } from 'socket.io-client';
import type * as SocketIoChunk from './socket-io-chunk';
import { PROTOCOL_VERSION } from '@fateboard/table';

// socket.io-client is about a sixth of what the table view would load up front, and a
// spectator never uses it (it reads the documents over y-websocket) unless the GM opens the
// chat to spectators. So it is a chunk of its own, loaded once the page knows it plays: the
// GM's and players' pages load it while their documents sync, so the table shows no later.

/** What the chunk gives: `io`, to open a connection, and the transports it opens with. */
type SocketIo = typeof SocketIoChunk;

let loading: Promise<SocketIo> | undefined;

/** Loads socket.io-client once (a failed load is forgotten, so the next call tries again). */
export function loadSocketIo(): Promise<SocketIo> {
  loading ??= import('./socket-io-chunk').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** A table's socket.io connection for this token: commands, presence and the chat. */
export function tableSocket({ io, TRANSPORTS }: SocketIo, token: string): Socket {
  return io({
    path: '/socket.io',
    auth: { token, protocol: PROTOCOL_VERSION },
    transports: TRANSPORTS,
    reconnectionDelayMax: 4000,
  });
}

/**
 * A socket.io connection that exists once its chunk has loaded. The transports of the
 * commands and the chat are made from it at once and wired to the socket when it comes:
 * until then they are not connected, so a command waits in the command client and goes on
 * the first connection, as after any reconnection.
 */
export class LazySocket {
  #socket: Socket | null = null;
  #waiting = new Set<(socket: Socket) => void>();

  get current(): Socket | null {
    return this.#socket;
  }

  get connected(): boolean {
    return this.#socket?.connected ?? false;
  }

  /** The socket has come: everyone waiting for it is wired now. */
  set(socket: Socket): void {
    this.#socket = socket;
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const wire of waiting) wire(socket);
  }

  /** Calls `wire` with the socket, now or when it comes; returns a function that cancels. */
  whenReady(wire: (socket: Socket) => void): () => void {
    if (this.#socket) {
      wire(this.#socket);
      return () => {};
    }
    this.#waiting.add(wire);
    return () => this.#waiting.delete(wire);
  }

  /** Listens to `event` on the socket, once it has come; returns the unsubscribe function. */
  listen(event: string, callback: (...args: unknown[]) => void): () => void {
    let off = () => {};
    const cancel = this.whenReady((socket) => {
      socket.on(event, callback);
      off = () => socket.off(event, callback);
    });
    return () => {
      cancel();
      off();
    };
  }
}
