import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { LazySocket } from './socket';
import { CommandClient, socketTransport } from './commands.svelte';

/** Enough of a socket.io socket for the transports: events, `connected`, `emit`. */
function fakeSocket() {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const sent: unknown[] = [];
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    emit(_event: string, command: unknown, ack: (answer: unknown) => void) {
      sent.push(command);
      ack({ ok: true, seq: 1 });
      return socket;
    },
    fire(event: string) {
      for (const fn of handlers.get(event) ?? []) fn();
    },
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
  };
  return { socket, sent };
}

describe('LazySocket', () => {
  it('wires what listened before the socket came, and unsubscribes', () => {
    const lazy = new LazySocket();
    let calls = 0;
    const off = lazy.listen('connect', () => calls++);
    expect(lazy.connected).toBe(false);
    const { socket } = fakeSocket();
    lazy.set(socket as unknown as Socket);
    socket.fire('connect');
    expect(calls).toBe(1);
    off();
    socket.fire('connect');
    expect(calls).toBe(1);
    expect(socket.listeners('connect')).toBe(0);
  });

  it('a listener cancelled before the socket came is never wired', () => {
    const lazy = new LazySocket();
    const off = lazy.listen('chat', () => {});
    off();
    const { socket } = fakeSocket();
    lazy.set(socket as unknown as Socket);
    expect(socket.listeners('chat')).toBe(0);
  });

  it('a command sent before socket.io has loaded goes on the first connection', async () => {
    const lazy = new LazySocket();
    const client = new CommandClient(socketTransport(lazy), null, { retryAfterMs: 0 });
    const answer = client.send('roll', { n: 1 });
    const { socket, sent } = fakeSocket();
    lazy.set(socket as unknown as Socket);
    expect(sent).toHaveLength(0);
    socket.connected = true;
    socket.fire('connect');
    expect(sent).toHaveLength(1);
    expect(await answer).toEqual({ ok: true, seq: 1 });
    client.destroy();
  });
});
