// `pnpm cluster`: cluster mode on one machine (docs/SCALING.md). Builds the client once, starts
// a throwaway PostgreSQL and Redis in a temporary directory, then three nodes on PORT, PORT+1
// and PORT+2 (PORT default 3000) sharing them, their log lines prefixed with their names.
// Ctrl-C stops the nodes (SIGTERM, SIGKILL after 10 s), then Redis and PostgreSQL, and deletes
// the directory. Needs redis-server and PostgreSQL's binaries (apt-get install redis-server
// postgresql); as root, PostgreSQL runs as the postgres user.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { postgresUnavailable, startPostgres } from '../src/test/postgres-server';
import type { PostgresServer } from '../src/test/postgres-server';
import { findRedisServer } from '../src/test/local-binaries';
import { exited, guard, portTaken, signalGroup, sleep, startRedis } from './cluster-processes';

const NODES = 3;
const STOP_GRACE_MS = 10_000;
const READY_TIMEOUT_MS = 60_000;

const serverDir = resolve(import.meta.dirname, '..');
const root = resolve(serverDir, '../..');
const basePort = Number(process.env.PORT ?? 3000);
const host = process.env.HOST?.trim() || undefined;
/**
 * Where this script reaches the nodes: the address they listen on (HOST), or localhost when
 * they listen on every address (unset, 0.0.0.0, ::). An IPv6 address goes in brackets.
 */
const reachAt = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
const urlHost = reachAt.includes(':') ? `[${reachAt}]` : reachAt;
const names = Array.from({ length: NODES }, (_, i) => `node-${i + 1}`);
const width = Math.max('cluster'.length, ...names.map((n) => n.length));

function say(line: string, from = 'cluster'): void {
  process.stdout.write(`${from.padEnd(width)} | ${line}\n`);
}

// ── The run ──────────────────────────────────────────────────────────────────────────────

interface ClusterNode {
  name: string;
  port: number;
  child: ChildProcess;
  ready: boolean;
}

let dir: string | undefined;
let postgres: PostgresServer | undefined;
let redis: ChildProcess | undefined;
let watchdog: ChildProcess | undefined;
let build: ChildProcess | undefined;
const nodes: ClusterNode[] = [];
let stopping: Promise<void> | undefined;
/** Set by a shutdown: the start gives up at its next step. */
let aborting = false;
/** The start (main), which a shutdown lets finish its step first, so that it knows what is up. */
let startup: Promise<void> = Promise.resolve();
let killNow: (() => void) | undefined;

/** What the watchdog kills if this process dies without cleaning up: groups of the nodes. */
function notePids(): void {
  if (!dir) return;
  const pids = nodes.map((n) => `-${n.child.pid}`);
  if (redis?.pid) pids.push(`-${redis.pid}`);
  writeFileSync(join(dir, 'pids'), pids.join(' '));
}

/** Stops whatever has started, in order: the nodes, Redis, PostgreSQL, then the directory. */
function stop(): Promise<void> {
  stopping ??= (async () => {
    aborting = true;
    build?.kill('SIGTERM');
    await startup.catch(() => {});
    const running = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    if (running.length > 0) {
      say(`stopping ${running.map((n) => n.name).join(', ')} (SIGTERM; SIGKILL after 10 s)`);
    }
    const kill = () => {
      for (const n of running) signalGroup(n.child, 'SIGKILL');
    };
    killNow = kill;
    const killer = setTimeout(() => {
      say('a node is still running after 10 s: SIGKILL');
      kill();
    }, STOP_GRACE_MS);
    for (const n of running) signalGroup(n.child, 'SIGTERM');
    await Promise.all(running.map((n) => exited(n.child)));
    clearTimeout(killer);
    if (redis) {
      say('stopping Redis');
      const child = redis;
      signalGroup(child, 'SIGTERM');
      const redisKiller = setTimeout(() => signalGroup(child, 'SIGKILL'), 5000);
      await exited(child);
      clearTimeout(redisKiller);
    }
    if (postgres) {
      say('stopping PostgreSQL');
      await postgres.stop();
    }
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
      say(`removed ${dir}`);
    }
    watchdog?.kill();
  })();
  return stopping;
}

let firstSignal = 0;
function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    // One Ctrl-C can come twice (to the whole process group, and relayed by a parent): only a
    // second one a moment later means no more waiting for the nodes.
    if (performance.now() - firstSignal < 1000) return;
    say(`${signal} again: killing the nodes now`);
    killNow?.();
    return;
  }
  firstSignal = performance.now();
  process.stdout.write('\n');
  say(`${signal}: shutting down`);
  void stop().then(() => process.exit(0));
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

/** Thrown by a step of the start that finds a shutdown already begun. */
class Stopped extends Error {}
function checkpoint(): void {
  if (aborting) throw new Stopped();
}

function forward(stream: NodeJS.ReadableStream | null, name: string): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => say(line, name));
}

function startNode(name: string, port: number, env: NodeJS.ProcessEnv): ClusterNode {
  // One process per node (tsx as a loader, not its CLI, which would run the node as a child of
  // its own); in a group of its own, so that Ctrl-C reaches only this script, which stops the
  // nodes before what they depend on.
  const loader = import.meta.resolve('tsx');
  const child = spawn(process.execPath, ['--import', loader, 'src/main.ts'], {
    cwd: serverDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: ClusterNode = { name, port, child, ready: false };
  forward(child.stdout, name);
  forward(child.stderr, name);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const left = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    if (left.length === 0) {
      say(`${name} ${how}, and no node is left: shutting down`);
      void stop().then(() => process.exit(1));
    } else {
      say(`${name} ${how}; ${left.map((n) => n.name).join(', ')} keep running`);
    }
  });
  return node;
}

/** Resolves once the node answers /healthz, false when it exits or takes over a minute. */
async function whenReady(node: ClusterNode): Promise<boolean> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (aborting || node.child.exitCode !== null || node.child.signalCode !== null) return false;
    try {
      const response = await fetch(`http://${urlHost}:${node.port}/healthz`);
      if (response.ok) return (node.ready = true);
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return false;
}

function run(command: string, args: string[]): Promise<number | null> {
  return new Promise((done, fail) => {
    build = spawn(command, args, { cwd: root, stdio: 'inherit' });
    build.once('error', fail);
    build.once('exit', (code) => done(code));
  });
}

async function main(): Promise<void> {
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + NODES - 1 > 65_535) {
    throw new Error(`PORT must be a port number (got ${process.env.PORT})`);
  }
  const redisServer = findRedisServer();
  if (!redisServer) {
    throw new Error('redis-server not found: apt-get install redis-server (or set REDIS_SERVER)');
  }
  const noPostgres = postgresUnavailable();
  if (noPostgres) throw new Error(noPostgres);
  const ports = names.map((_, i) => basePort + i);
  for (const port of ports) {
    if (await portTaken(port, host))
      throw new Error(`port ${port} is in use: set PORT to another base`);
  }

  say('building the client (pnpm build)');
  const built = await run('pnpm', ['build']);
  build = undefined;
  checkpoint();
  if (built !== 0) throw new Error(`pnpm build failed (${built})`);

  dir = mkdtempSync(join(tmpdir(), 'fateboard-cluster-'));
  // PostgreSQL's directory goes inside ours, where the postgres user (as root) must reach it.
  chmodSync(dir, 0o755);
  watchdog = guard(dir);
  say(`temporary directory ${dir}`);

  // The harness makes its directory in os.tmpdir(), which reads TMPDIR at each call.
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    postgres = await startPostgres();
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  checkpoint();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE fateboard');
  } finally {
    await admin.end();
  }
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/fateboard');
  say(`PostgreSQL ${databaseUrl}`);
  checkpoint();

  const started = await startRedis(redisServer, join(dir, 'redis'));
  redis = started.child;
  notePids();
  say(`Redis ${started.url}`);
  checkpoint();

  const { PUBLIC_URL: _publicUrl, ...env } = process.env;
  names.forEach((name, i) => {
    const port = ports[i]!;
    const dataDir = join(dir!, name);
    mkdirSync(dataDir);
    const node = startNode(name, port, {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: started.url,
      NODE_ID: name,
    });
    nodes.push(node);
  });
  notePids();

  const ready = await Promise.all(nodes.map(whenReady));
  checkpoint();
  const up = nodes.filter((_, i) => ready[i]);
  if (up.length === 0) throw new Error('no node started');
  const lines = [
    '',
    `Fateboard cluster: ${up.length} of ${NODES} nodes up, sharing PostgreSQL and Redis`,
    ...nodes.map(
      (n, i) => `  ${n.name}  http://${urlHost}:${n.port}${ready[i] ? '' : '  (did not start)'}`,
    ),
    'Any node serves any table: create one on one node, open its links on another.',
    'Ctrl-C stops the nodes, then Redis and PostgreSQL, and deletes the temporary directory.',
    '',
  ];
  for (const line of lines) say(line);
}

startup = main();
void startup.catch(async (error: unknown) => {
  if (!(error instanceof Stopped)) {
    say(`cannot start the cluster: ${error instanceof Error ? error.message : String(error)}`);
  }
  await stop();
  process.exit(error instanceof Stopped ? 0 : 1);
});
