import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from './client-files';
import { TestServer } from '../test/harness';

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built client, compressed', () => {
  let server: TestServer;
  let root: string;
  let clientDir: string;
  // A script the size of the client's largest chunk, as repetitive as minified code is not:
  // what matters is that it shrinks and comes back byte for byte.
  const script = Buffer.from(
    Array.from({ length: 6000 }, (_, i) => `export const v${i} = ${String(i * 7919)};\n`).join(''),
  );

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fateboard-client-'));
    clientDir = join(root, 'dist');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Fateboard</title>');
    writeFileSync(join(clientDir, 'assets', 'index-Ab12_x.js'), script);
    writeFileSync(join(clientDir, 'assets', 'index-Ab12_x.css'), 'body { margin: 0 }\n');
    writeFileSync(join(root, 'secret.js'), 'not an asset');
    server = await TestServer.start({ clientDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends brotli where accepted, else gzip, else the file as it is', async () => {
    const url = `${server.url}/assets/index-Ab12_x.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);

    // What Chromium offers over plain http.
    const gz = await get(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body).equals(script)).toBe(true);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(url, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(plain.status, accept).toBe(200);
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.body.equals(script), accept).toBe(true);
    }

    const css = await get(`${server.url}/assets/index-Ab12_x.css`, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(css.body).toString()).toBe('body { margin: 0 }\n');

    const head = await get(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
  });

  it('serves nothing outside the client, and a missing asset is a 404', async () => {
    const gz = { 'accept-encoding': 'gzip, br' };
    for (const path of [
      '/assets/..%2F..%2Fsecret.js',
      '/assets/%2e%2e/%2e%2e/secret.js',
      '/assets/../../secret.js',
      '/assets/..%5C..%5Csecret.js',
      '/assets/nope-123.js',
      '/assets/.hidden.js',
    ]) {
      const res = await get(`${server.url}${path}`, gz);
      expect(res.body.toString(), path).not.toContain('not an asset');
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
    expect((await get(`${server.url}/assets/nope-123.js`, gz)).status).toBe(404);
    // The same missing name twice at once, then the real file: nothing stale is kept.
    const [a, b] = await Promise.all([
      get(`${server.url}/assets/gone-1.js`, gz),
      get(`${server.url}/assets/gone-1.js`, gz),
    ]);
    expect([a.status, b.status]).toEqual([404, 404]);
    writeFileSync(join(clientDir, 'assets', 'gone-1.js'), 'export {};\n');
    const later = await get(`${server.url}/assets/gone-1.js`, gz);
    expect(later.status).toBe(200);
    expect(brotliDecompressSync(later.body).toString()).toBe('export {};\n');
    // index.html still comes from express.static and the SPA fallback.
    expect((await get(`${server.url}/t/abc`, gz)).body.toString()).toContain('<title>');
  });

  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('GZIP;Q=1')).toBe('gzip');
  });
});
