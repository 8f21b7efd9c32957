import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { Ack, Presence } from '@fateboard/table';
import { sleep } from './waiting';

// socket.io clients of the test server, as the web client connects (harness.ts re-exports them).

/** A socket.io participant that records presence, `closed` and `links-rotated` notices. */
export class Participant {
  presence: Presence | undefined;
  closed: { code: string; message: string } | undefined;
  /** The arguments of each `links-rotated` notice heard. */
  linksRotated: unknown[][] = [];
  private ids = 0;
  constructor(
    readonly socket: Socket,
    readonly name: string,
  ) {
    socket.on('presence', (p: Presence) => {
      this.presence = p;
    });
    socket.on('closed', (n: { code: string; message: string }) => {
      this.closed = n;
    });
    socket.on('links-rotated', (...args: unknown[]) => {
      this.linksRotated.push(args);
    });
  }

  nextId(): string {
    return `${this.name}-${++this.ids}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Sends a command (an id is added when missing) and waits for its acknowledgement. */
  async send(command: Record<string, unknown>): Promise<Ack> {
    const withId = 'id' in command ? command : { id: this.nextId(), ...command };
    return (await this.socket.timeout(5000).emitWithAck('command', withId)) as Ack;
  }

  /**
   * Sends until acknowledged, under one id, as a client does on `storage`, `unknown-outcome` or
   * no answer (a lease moving, a database away); fails the test on any other refusal, or after
   * `withinMs`.
   */
  async untilOk(
    command: Record<string, unknown>,
    withinMs = 10_000,
  ): Promise<Extract<Ack, { ok: true }>> {
    const withId = 'id' in command ? command : { id: this.nextId(), ...command };
    const start = Date.now();
    for (;;) {
      const ack = await this.send(withId).catch(() => undefined);
      if (ack?.ok) return ack;
      if (ack && !['storage', 'unknown-outcome'].includes(ack.code)) {
        throw new Error(`${String(command.type)} refused: ${ack.code} ${ack.message}`);
      }
      if (Date.now() - start > withinMs) {
        throw new Error(`${String(command.type)} not acknowledged in ${withinMs} ms`);
      }
      await sleep(50);
    }
  }

  /** Like send, but fails the test unless the command was accepted. */
  async ok(command: Record<string, unknown>): Promise<Extract<Ack, { ok: true }>> {
    const ack = await this.send(command);
    if (!ack.ok) throw new Error(`${String(command.type)} refused: ${ack.code} ${ack.message}`);
    return ack;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export function connectSocket(url: string, token: string, name = 'p'): Promise<Participant> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(new Participant(socket, name)));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The socket.io refusal message for a token, or undefined if it connected. */
export async function connectError(url: string, token: unknown): Promise<Error | undefined> {
  try {
    const p = await connectSocket(url, token as string);
    p.close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** A socket.io client that reconnects on its own, soon, as the app's does (websocket only). */
export function reconnectingSocket(url: string, token: string): Socket {
  return io(url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
}
