import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import {
  AckSchema,
  CLOSE,
  ClosedNoticeSchema,
  CreatedTableSchema,
  ErrorBodySchema,
  InviteLinksSchema,
  LogPageSchema,
  PROTOCOL_VERSION,
  PresenceSchema,
  RotatedLinksSchema,
  SceneAddedSchema,
  TableSummarySchema,
} from '@fateboard/table';
import { api, createTable, waitFor } from './test/harness';
import { serverPerTest } from './test/per-test';

// What the server sends is what the protocol module (packages/table/src/protocol/protocol.ts) says,
// checked with the very schemas the client parses with; and a client of another protocol
// version is told to reload, on socket.io and on y-websocket alike.
describe('the wire protocol', () => {
  const t = serverPerTest();

  it('REST bodies, acks, presence and the closed notice match the shared schemas', async () => {
    const server = await t.start();
    const created = await api(server.url, '/api/tables', {
      body: { name: 'Harbour', ruleset: 'pirates' },
    });
    expect(created.status).toBe(201);
    v.parse(CreatedTableSchema, created.body);
    const table = await createTable(server.url, 'fate-core');

    const gm = await t.connect(table.tokens.gm, 'gm');
    const player = await t.connect(table.tokens.player, 'ann');
    const joined = await player.send({ type: 'join', name: 'Ann' });
    v.parse(AckSchema, joined);
    const refused = await player.send({ type: 'scene.end' });
    expect(v.parse(AckSchema, refused)).toMatchObject({ ok: false, code: 'forbidden' });
    await waitFor(() => gm.presence?.participants.some((p) => p.name === 'Ann') === true);
    v.parse(PresenceSchema, gm.presence);

    const summary = await api(server.url, `/api/tables/${table.id}`, { token: table.tokens.gm });
    expect(v.parse(TableSummarySchema, summary.body).you.role).toBe('gm');
    await gm.ok({ type: 'scene.start', name: 'The docks', characterIds: [] });
    const log = await api(server.url, `/api/tables/${table.id}/log?limit=5`, {
      token: table.tokens.gm,
    });
    expect(v.parse(LogPageSchema, log.body).entries.length).toBeGreaterThan(0);
    const missing = await api(server.url, `/api/tables/${table.id}`, { token: 'x'.repeat(43) });
    expect(missing.status).toBe(401);
    v.parse(ErrorBodySchema, missing.body);

    const rotated = await api(server.url, `/api/tables/${table.id}/rotate-links`, {
      body: {},
      token: table.tokens.gm,
    });
    const links = await api(server.url, `/api/tables/${table.id}/links`, {
      token: table.tokens.gm,
    });
    expect(v.parse(InviteLinksSchema, links.body).links.player).toBe(
      v.parse(RotatedLinksSchema, rotated.body).links.player,
    );
    // Ann's socket came in on the old player link: it is told why, then closed.
    expect(v.parse(RotatedLinksSchema, rotated.body).closedConnections).toBe(1);
    await waitFor(() => player.closed !== undefined);
    expect(v.parse(ClosedNoticeSchema, player.closed).code).toBe('revoked-token');
  });

  it('the table file routes answer the shared schemas', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const exported = await fetch(`${server.url}/api/tables/${table.id}/export`, {
      headers: { authorization: `Bearer ${table.tokens.gm}` },
    });
    const restored = await api(server.url, '/api/tables/restore', { raw: await exported.text() });
    expect(restored.status).toBe(201);
    v.parse(CreatedTableSchema, restored.body);
    const scene = JSON.stringify({ fariType: 'scene', indexCards: { public: [{ title: 'Fog' }] } });
    const added = await api(server.url, `/api/tables/${table.id}/fari-scene`, {
      raw: scene,
      token: table.tokens.gm,
    });
    expect(v.parse(SceneAddedSchema, added.body).aspects).toHaveLength(1);
    const refused = await api(server.url, '/api/tables/restore', { raw: scene });
    expect(v.parse(ErrorBodySchema, refused.body).code).toBe('not-a-table');
  });

  it('refuses a socket.io client of another protocol version with outdated-client', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const connect = (protocol: unknown) =>
      new Promise<{ ok: true } | { ok: false; code: unknown; message: string }>((resolve) => {
        const socket = io(server.url, {
          auth: { token: table.tokens.gm, protocol },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        socket.once('connect', () => {
          socket.close();
          resolve({ ok: true });
        });
        socket.once('connect_error', (error: Error & { data?: { code?: unknown } }) => {
          socket.close();
          resolve({ ok: false, code: error.data?.code, message: error.message });
        });
      });
    expect(await connect(PROTOCOL_VERSION)).toEqual({ ok: true });
    expect(await connect(PROTOCOL_VERSION + 1)).toMatchObject({
      ok: false,
      code: 'outdated-client',
      message: expect.stringContaining('reload') as unknown,
    });
    expect(await connect('zero')).toMatchObject({ ok: false, code: 'outdated-client' });
    // A script that states no version is served as this one.
    expect(await connect(undefined)).toEqual({ ok: true });
  });

  it('closes a y-websocket reader of another protocol version with CLOSE.outdated', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const close = (protocol: string) =>
      new Promise<{ code: number; reason: string }>((resolve) => {
        const ws = new WebSocket(
          `${server.url.replace(/^http/, 'ws')}/yjs/table/${table.id}?token=${table.tokens.spectator}&protocol=${protocol}`,
        );
        ws.on('message', () => ws.close(1000, 'read'));
        ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      });
    expect(await close(String(PROTOCOL_VERSION + 1))).toEqual({
      code: CLOSE.outdated,
      reason: 'outdated-client',
    });
    // The same reader at the right version is served: the server speaks first (sync step 1).
    expect((await close(String(PROTOCOL_VERSION))).code).toBe(1000);
  });
});
