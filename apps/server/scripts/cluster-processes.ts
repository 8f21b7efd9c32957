// The processes `pnpm cluster` (cluster.ts) starts and stops: a Redis of its own, a watchdog
// for when the script dies without cleaning up, signals to process groups.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../src/test/local-binaries';

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** Whether something already listens on the port the node would take. */
export function portTaken(port: number, host: string | undefined): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(true));
    probe.listen(port, host, () => probe.close(() => done(false)));
  });
}

// ── Redis ────────────────────────────────────────────────────────────────────────────────
// Not the test harness's startRedisServer: its redis-server shares our process group, so a
// Ctrl-C would stop it at once, under nodes still closing. This one has a group of its own
// and stops only after the nodes.

/** One PING over a raw socket: true once it answers PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const end = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(500, () => end(false));
    socket.once('error', () => end(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) end(answer.startsWith('+PONG'));
    });
  });
}

export async function startRedis(
  binary: string,
  dir: string,
): Promise<{ url: string; child: ChildProcess }> {
  mkdirSync(dir);
  const logfile = join(dir, 'redis.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir];
    args.push('--save', '', '--appendonly', 'no', '--logfile', logfile);
    const child = spawn(binary, args, { detached: true, stdio: 'ignore' });
    const deadline = performance.now() + 10_000;
    while (performance.now() < deadline && child.exitCode === null) {
      if (await ping(port)) return { url: `redis://127.0.0.1:${port}`, child };
      await sleep(20);
    }
    child.kill('SIGKILL');
    await exited(child);
    // The free port may have been taken before redis-server bound it: try another.
    if (attempt >= 3) {
      const log = existsSync(logfile) ? readFileSync(logfile, 'utf8').slice(-2000) : '';
      throw new Error(`redis-server did not start on port ${port}:\n${log}`);
    }
  }
}

/**
 * This process may die without cleaning up (SIGKILL): a detached shell watches it and then
 * stops the nodes and Redis and deletes the directory (the PostgreSQL harness has its own
 * watchdog, which stops PostgreSQL).
 */
export function guard(directory: string): ChildProcess {
  const pids = join(directory, 'pids');
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
    `p=$(cat '${pids}' 2>/dev/null); ` +
    `if [ -n "$p" ]; then kill -TERM $p 2>/dev/null; sleep 10; kill -KILL $p 2>/dev/null; fi; ` +
    `sleep 2; rm -rf '${directory}'`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
