import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRedisServer, freePort } from './local-binaries';

/** A throwaway redis-server for one test file, on a loopback port of its own. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Stops it for good and removes its directory. */
  stop(): Promise<void>;
  /**
   * Stops it and starts it again on the same port, after `downMs` without it. Its data is lost
   * unless it was started `persistent`, as after a crash of a Redis without persistence.
   */
  restart(options?: { downMs?: number }): Promise<void>;
  /** SIGSTOP: connections stay open and nothing is answered, as in a long pause of the host. */
  pause(): void;
  /** SIGCONT after `pause()`. */
  resume(): void;
}

const MISSING =
  'redis-server not found (set REDIS_SERVER or install it: apt-get install redis-server)';

const binary = findRedisServer();

/**
 * Why the Redis tests cannot run here, or undefined when they can. In CI a missing
 * redis-server is an error, not a skip: a green run must not hide that the tests never ran.
 */
export function redisServerSkipReason(): string | undefined {
  if (binary) return undefined;
  if (process.env.CI) throw new Error(`${MISSING}; CI must install it`);
  console.warn(`Skipping the Redis tests: ${MISSING}.`);
  return MISSING;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One PING over a raw socket, so that the harness does not depend on the client under test. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // -LOADING while an append-only file is read back: not ready yet.
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

// Children still running when the test process exits would outlive it (and hold ports).
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function launch(port: number, dir: string, persistent: boolean): Promise<ChildProcess> {
  if (!binary) throw new Error(MISSING);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
  args.push(
    ...(persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
  );
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => running.delete(child));

  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited on start (port ${port}):\n${output}`);
    }
    if (await ping(port)) return child;
    await sleep(20);
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer PING on port ${port}:\n${output}`);
}

async function terminate(child: ChildProcess): Promise<void> {
  // A stopped process does not act on SIGTERM until it is continued.
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited(child);
  clearTimeout(killer);
}

/** Starts a redis-server on a free loopback port in a temporary directory. */
export async function startRedisServer(options: { persistent?: boolean } = {}): Promise<TestRedis> {
  const persistent = options.persistent ?? false;
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-redis-'));
  let port = 0;
  let child: ChildProcess | undefined;
  // The free port can be taken between the probe and redis-server's bind: try a few.
  for (let attempt = 0; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir, persistent);
    } catch (error) {
      if (attempt >= 2) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  let current: ChildProcess | undefined = child;

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (current) await terminate(current);
      current = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
    async restart({ downMs = 0 } = {}) {
      if (current) await terminate(current);
      current = undefined;
      if (downMs > 0) await sleep(downMs);
      current = await launch(port, dir, persistent);
    },
    pause() {
      current?.kill('SIGSTOP');
    },
    resume() {
      current?.kill('SIGCONT');
    },
  };
}
