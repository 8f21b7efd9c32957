import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TestServer } from '../test/harness';

// The table-creation limit per address over real HTTP, from many loopback addresses: one
// address stays limited however many others are seen, and the table of addresses forgets
// the least recently used one first.

/**
 * POST /api/tables from one loopback address (Linux routes all of 127.0.0.0/8 to lo), on a
 * connection of its own, written by hand (thousands of them stay cheap); answers the status.
 */
function createFrom(url: string, localAddress: string, body: unknown): Promise<number> {
  const { host, port } = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
      if (status) resolve(Number(status[1]));
      else reject(new Error(`no HTTP answer: ${answer.slice(0, 80)}`));
    });
    socket.end(
      `POST /api/tables HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  });
}

let server: TestServer;
afterEach(async () => {
  await server?.stop();
});

describe('REST', () => {
  it("keeps one address's table limit while 10,001 other addresses are seen", async () => {
    // A clock that stands still: no bucket refills during the test.
    server = await TestServer.start({
      clock: () => 1_000_000,
      limits: { createTableBurst: 2, createTablePerMinute: 1 },
    });
    const table = { name: 'Flood', ruleset: 'fate-core' };
    const flooder = '127.0.0.2';
    expect(await createFrom(server.url, flooder, table)).toBe(201);
    expect(await createFrom(server.url, flooder, table)).toBe(201);
    expect(await createFrom(server.url, flooder, table)).toBe(429);
    // 10,001 other addresses (127.1.0.0 …), each taking a token with a body that is then
    // refused (400), so that no table is written; the flooder keeps knocking meanwhile.
    const others = 10_001;
    const parallel = 16;
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < others) {
        const i = next++;
        const status = await createFrom(server.url, `127.1.${i >> 8}.${i & 0xff}`, {});
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (i % 1_000 === 999) expect(await createFrom(server.url, flooder, table)).toBe(429);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    expect(Object.fromEntries(statuses)).toEqual({ 400: others });
    expect(await createFrom(server.url, flooder, table)).toBe(429);
  }, 120_000);

  it('forgets the least recently used address past createTableAddresses, no other', async () => {
    server = await TestServer.start({
      clock: () => 1_000_000,
      limits: { createTableBurst: 1, createTablePerMinute: 1, createTableAddresses: 3 },
    });
    const table = { name: 'Small', ruleset: 'fate-core' };
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      expect(await createFrom(server.url, address, table), address).toBe(201);
    }
    expect(await createFrom(server.url, '127.0.0.2', table)).toBe(429); // .2 is now the newest
    expect(await createFrom(server.url, '127.0.0.5', table)).toBe(201); // .3 forgotten
    expect(await createFrom(server.url, '127.0.0.2', table)).toBe(429);
    expect(await createFrom(server.url, '127.0.0.4', table)).toBe(429);
    expect(await createFrom(server.url, '127.0.0.3', table)).toBe(201); // a fresh bucket
  });
});
