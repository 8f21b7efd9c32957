import { afterEach } from 'vitest';
import { RawYjs, TestServer, connectSocket, openReplica } from './harness';
import type { Participant, Replica } from './harness';
import type { ServerOptions } from '../server';

/**
 * A test server per test and what the test opened on it, closed and stopped after each test,
 * so that a test file need not spell out the same afterEach.
 */
export function serverPerTest() {
  let current: TestServer | undefined;
  const cleanup: (() => void)[] = [];
  afterEach(async () => {
    while (cleanup.length > 0) cleanup.pop()!();
    await current?.stop();
    current = undefined;
  });
  return {
    async start(options: Partial<ServerOptions> = {}): Promise<TestServer> {
      current = await TestServer.start(options);
      return current;
    },
    get server(): TestServer {
      if (!current) throw new Error('start the server first');
      return current;
    },
    /** Runs `close` after the test. */
    later(close: () => void): void {
      cleanup.push(close);
    },
    /** A socket.io participant, closed after the test. */
    async connect(token: string, name: string): Promise<Participant> {
      const p = await connectSocket(this.server.url, token, name);
      cleanup.push(() => p.close());
      return p;
    },
    /** A y-websocket replica of document `name`, synced, destroyed after the test. */
    async replica(name: string, token: string): Promise<Replica> {
      const r = await openReplica(this.server.url, name, token);
      cleanup.push(() => r.destroy());
      return r;
    },
    /** A raw y-websocket connection to document `name`, closed after the test. */
    async raw(name: string, token: string): Promise<RawYjs> {
      const r = await RawYjs.open(this.server.url, name, token);
      cleanup.push(() => r.close());
      return r;
    },
  };
}
