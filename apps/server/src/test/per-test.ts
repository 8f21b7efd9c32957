import { afterEach } from 'vitest';
import { TestServer, connectSocket } from './harness';
import type { Participant } from './harness';
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
  };
}
