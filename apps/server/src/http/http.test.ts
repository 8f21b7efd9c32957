import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestServer, api, createTable } from '../test/harness';

// The REST door over real HTTP: creating a table, errors as JSON, health, headers and the
// built client, and requests from another origin. How many tables one address may create
// among many: table-creation-limit.test.ts.

let server: TestServer;
afterEach(async () => {
  await server?.stop();
});

describe('REST', () => {
  it('creates a table and answers three links carrying tokens in the fragment', async () => {
    server = await TestServer.start({ publicUrl: 'https://fate.example.org/' });
    const { status, body } = await api(server.url, '/api/tables', {
      body: { name: '  Friday night  ', ruleset: 'pirates' },
    });
    expect(status).toBe(201);
    const id = body.id as string;
    const links = body.links as Record<string, string>;
    for (const role of ['gm', 'player', 'spectator']) {
      expect(links[role]).toMatch(
        new RegExp(`^https://fate\\.example\\.org/t/${id}#token=[A-Za-z0-9_-]{43}$`),
      );
    }
    const token = new URL(links.player!).hash.slice('#token='.length);
    const summary = await api(server.url, `/api/tables/${id}`, { token });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      id,
      name: 'Friday night',
      ruleset: 'pirates',
      you: { role: 'player' },
      seats: [],
      documents: { pub: `table/${id}` },
    });
    expect(summary.body.documents).not.toHaveProperty('gm');
    const byQuery = await api(server.url, `/api/tables/${id}?token=${token}`);
    expect(byQuery.status).toBe(200);
  });

  it('validates the body and answers every error as JSON { code, message }', async () => {
    server = await TestServer.start();
    const cases: [unknown, number, string][] = [
      [{ name: '', ruleset: 'fate-core' }, 400, 'bad-request'],
      [{ name: 'x'.repeat(81), ruleset: 'fate-core' }, 400, 'bad-request'],
      [{ name: 'Ok', ruleset: 'dnd' }, 400, 'bad-request'],
      [{ name: 42, ruleset: 'fate-core' }, 400, 'bad-request'],
      [[], 400, 'bad-request'],
    ];
    for (const [body, status, code] of cases) {
      const res = await api(server.url, '/api/tables', { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code, message: expect.any(String) as string });
    }
    expect(await api(server.url, '/api/tables', { raw: '{"name": ' })).toMatchObject({
      status: 400,
      body: { code: 'bad-json' },
    });
    expect(
      await api(server.url, '/api/tables', {
        raw: JSON.stringify({ name: 'x', ruleset: 'fate-core', pad: 'x'.repeat(17 * 1024) }),
      }),
    ).toMatchObject({ status: 413, body: { code: 'too-large' } });
    expect(await api(server.url, '/api/nothing')).toMatchObject({
      status: 404,
      body: { code: 'not-found' },
    });
    const table = await createTable(server.url);
    const other = await createTable(server.url);
    expect(await api(server.url, `/api/tables/${table.id}`)).toMatchObject({
      status: 401,
      body: { code: 'invalid-token' },
    });
    expect(
      await api(server.url, `/api/tables/${table.id}`, { token: other.tokens.gm }),
    ).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('serves health, security headers, and the built client with an SPA fallback', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'fateboard-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Fateboard</title>');
    writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');
    try {
      server = await TestServer.start({ clientDir });
      const health = await fetch(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ ok: true });
      const csp = health.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "connect-src 'self' ws: wss:",
        "script-src 'self'",
        "style-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(health.headers.get('referrer-policy')).toBe('no-referrer');
      expect(health.headers.get('x-powered-by')).toBeNull();

      const page = await fetch(`${server.url}/t/abc123`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Fateboard</title>');
      expect((await fetch(`${server.url}/app.js`)).status).toBe(200);
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('refuses a state-changing request from another origin, as JSON or as a form post', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const evil = { origin: 'http://evil.example' };
    const create = { name: 'Stolen', ruleset: 'fate-core' };
    const refused = { status: 403, body: { code: 'origin-not-allowed' } };
    expect(await api(server.url, '/api/tables', { body: create, headers: evil })).toMatchObject(
      refused,
    );
    // What a cross-site <form> sends, no preflight needed.
    const forms: [string, string][] = [
      ['application/x-www-form-urlencoded', 'name=Stolen&ruleset=fate-core'],
      ['text/plain', JSON.stringify(create)],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ];
    for (const [type, raw] of forms) {
      expect(
        await api(server.url, '/api/tables', { raw, headers: { ...evil, 'content-type': type } }),
        type,
      ).toMatchObject(refused);
    }
    // A sandboxed page sends Origin: null; a browser that sent no Origin still says cross-site.
    expect(
      await api(server.url, '/api/tables', { body: create, headers: { origin: 'null' } }),
    ).toMatchObject(refused);
    for (const site of ['cross-site', 'same-site']) {
      expect(
        await api(server.url, '/api/tables', {
          body: create,
          headers: { 'sec-fetch-site': site },
        }),
        site,
      ).toMatchObject(refused);
    }
    // Link rotation by the GM's token from another origin: refused, the links unchanged.
    expect(
      await api(server.url, `/api/tables/${table.id}/rotate-links`, {
        method: 'POST',
        token: table.tokens.gm,
        headers: evil,
      }),
    ).toMatchObject(refused);
    expect(
      await api(server.url, `/api/tables/${table.id}/rotate-links`, {
        body: {},
        token: table.tokens.gm,
        headers: { ...evil, 'content-type': 'text/plain' },
      }),
    ).toMatchObject(refused);
    expect(
      (await api(server.url, `/api/tables/${table.id}`, { token: table.tokens.player })).status,
    ).toBe(200);

    // The server's own origin, a same-origin fetch and a client with no Origin (curl, bots).
    const fine: Record<string, string>[] = [
      { origin: server.url },
      { origin: server.url, 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of fine) {
      expect(
        (await api(server.url, '/api/tables', { body: create, headers })).status,
        JSON.stringify(headers),
      ).toBe(201);
    }
    const rotated = await api(server.url, `/api/tables/${table.id}/rotate-links`, {
      body: {},
      token: table.tokens.gm,
      headers: { origin: server.url },
    });
    expect(rotated.status).toBe(200);
  });

  it('refuses a body that is not JSON on a JSON route (415), with or without an Origin', async () => {
    server = await TestServer.start();
    const table = await createTable(server.url);
    const create = JSON.stringify({ name: 'Form', ruleset: 'fate-core' });
    const unsupported = { status: 415, body: { code: 'unsupported-media-type' } };
    const forms: [string, string][] = [
      ['application/x-www-form-urlencoded', 'name=Form&ruleset=fate-core'],
      ['text/plain', create],
      ['text/plain;charset=UTF-8', create],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ];
    for (const [type, raw] of forms) {
      const origins: Record<string, string>[] = [{}, { origin: server.url }];
      for (const origin of origins) {
        expect(
          await api(server.url, '/api/tables', {
            raw,
            headers: { ...origin, 'content-type': type },
          }),
          `${type} ${JSON.stringify(origin)}`,
        ).toMatchObject(unsupported);
      }
    }
    // An empty text/plain form post to rotation, with the token in the query.
    expect(
      await api(server.url, `/api/tables/${table.id}/rotate-links?token=${table.tokens.gm}`, {
        raw: '',
        headers: { 'content-type': 'text/plain' },
      }),
    ).toMatchObject(unsupported);
    // JSON with a charset, and a rotation with no body at all, are fine.
    expect(
      (
        await api(server.url, '/api/tables', {
          raw: create,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api(server.url, `/api/tables/${table.id}/rotate-links`, {
          method: 'POST',
          token: table.tokens.gm,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses browsers from another origin', async () => {
    server = await TestServer.start();
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const same = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: server.url.replace('localhost', '127.0.0.1') },
    });
    // The Host header is localhost:port, so an Origin of 127.0.0.1 is another origin.
    expect(same.status).toBe(403);
  });
});
