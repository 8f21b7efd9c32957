import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import {
  RawYjs,
  Replica,
  api,
  connectError,
  createTable,
  sleep,
  tokenOfLink,
} from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { until as waitFor } from './support';

// Guarantee 10: once the GM rotates the links, everyone on an old player or spectator link
// is cut off at once and cannot come back with it: not by reconnecting, not over another
// transport, not by resuming the old engine.io session.

const t = serverPerTest();

/** A socket.io client that reconnects by itself, on one transport. */
function autoSocket(token: string, transport: 'websocket' | 'polling'): Promise<Socket> {
  const socket = io(t.server.url, {
    auth: { token },
    transports: [transport],
    forceNew: true,
    reconnectionDelay: 20,
    reconnectionDelayMax: 50,
  });
  t.later(() => socket.disconnect());
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function rotate(tableId: string, gmToken: string) {
  const rotated = await api(t.server.url, `/api/tables/${tableId}/rotate-links`, {
    method: 'POST',
    token: gmToken,
  });
  expect(rotated.status).toBe(200);
  const links = rotated.body.links as { player: string; spectator: string };
  return { player: tokenOfLink(links.player), spectator: tokenOfLink(links.spectator) };
}

describe('link rotation', () => {
  it('cuts off old-link spectators and players on every transport; no way back with the old token', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const old = table.tokens;

    const replicas = [
      new Replica(server.url, name, old.spectator),
      new Replica(server.url, name, old.player),
    ];
    t.later(() => replicas.forEach((r) => r.destroy()));
    await Promise.all(replicas.map((r) => r.synced(20_000)));
    const sockets = await Promise.all([
      autoSocket(old.spectator, 'websocket'),
      autoSocket(old.spectator, 'polling'),
      autoSocket(old.player, 'websocket'),
      autoSocket(old.player, 'polling'),
    ]);
    const sessions = sockets.map((s) => s.io.engine.id);
    let reconnected = 0;
    for (const s of sockets) s.on('connect', () => reconnected++);
    const notices: unknown[] = [];
    for (const s of sockets) s.on('closed', (n: unknown) => notices.push(n));

    const fresh = await rotate(table.id, old.gm);
    await waitFor(() => sockets.every((s) => !s.connected), 'old sockets to drop', 20_000);
    await waitFor(
      () => replicas.every((r) => r.closeEvents.some((e) => e.code === 4401)),
      'replicas to close',
      20_000,
    );
    expect(notices).toHaveLength(4);
    expect(notices.every((n) => (n as { code: string }).code === 'revoked-token')).toBe(true);

    // Given time to retry, nothing comes back: the provider stops on 44xx, socket.io was
    // disconnected by the server (no automatic reconnection) and a manual one is refused.
    await sleep(1000);
    expect(reconnected).toBe(0);
    expect(replicas.every((r) => !r.provider.wsconnected)).toBe(true);
    for (const s of sockets) {
      const refused = new Promise<Error>((resolve) => s.once('connect_error', resolve));
      s.connect();
      expect((await refused).message).toMatch(/replaced by the GM/);
    }
    // The old engine.io sessions are gone: no resuming them over polling or websocket.
    for (const sid of sessions) {
      const poll = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
      expect(poll.status).toBe(400);
      const ws = new WebSocket(
        `${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket&sid=${sid}`,
      );
      const outcome = await new Promise<string>((resolve) => {
        ws.on('open', () => resolve('open'));
        ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
        ws.on('error', () => resolve('refused'));
      });
      if (outcome === 'open') {
        // Some stacks accept the upgrade and then close it: nothing may arrive but a close.
        const got = await new Promise<string>((resolve) => {
          ws.on('message', (m: Buffer) => resolve(m.toString()));
          ws.on('close', () => resolve('closed'));
        });
        expect(got).toBe('closed');
      } else {
        expect(outcome).toMatch(/status 400|refused/);
      }
      ws.terminate();
    }
    // y-websocket, REST and socket.io all refuse the old tokens.
    for (const token of [old.player, old.spectator]) {
      const raw = await RawYjs.open(server.url, name, token);
      await waitFor(() => raw.closed !== undefined, 'the refusal');
      expect(raw.closed).toEqual({ code: 4401, reason: 'revoked-token' });
      expect(raw.bytesReceived()).toBe(0);
      expect((await api(server.url, `/api/tables/${table.id}`, { token })).body.code).toBe(
        'revoked-token',
      );
      expect((await connectError(server.url, token))?.message).toMatch(/replaced by the GM/);
    }

    // Rotating again kills the links of the first rotation too; the newest work.
    const newest = await rotate(table.id, old.gm);
    for (const token of [fresh.player, fresh.spectator]) {
      expect((await connectError(server.url, token))?.message).toMatch(/replaced by the GM/);
    }
    const ok = new Replica(server.url, name, newest.spectator);
    t.later(() => ok.destroy());
    await ok.synced(20_000);
    expect(await connectError(server.url, newest.player)).toBeUndefined();
  }, 60_000);
});
