// What the cluster case runs its nodes on: a throwaway PostgreSQL and Redis in one temporary
// directory, pinned to the servers' core when the bench pins. Not the test harness's
// startPostgres (apps/server/src/test/postgres-server.ts): that one runs with fsync off, and
// the bench compares the cluster's durable commit with SQLite's synchronous = FULL, so this
// one keeps PostgreSQL's defaults (fsync on, synchronous_commit on, full page writes). Redis
// is started here too, so that both are pinned and their pids known to the watchdog.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from './stats';
import {
  findPostgresBinaries,
  findRedisServer,
  freePort,
  postgresLeases,
} from '@fateboard/server/testing';

export interface ClusterServices {
  /** The cluster's database, as the superuser `postgres`. */
  databaseUrl: string;
  redisUrl: string;
  /** A directory for the nodes' own files, removed by `stop`. */
  dir: string;
  /** Who holds the table's write lease (its holder id, `<name>#<hex>`), or undefined. */
  leaseHolder(tableId: string): Promise<string | undefined>;
  /** Stops Redis and PostgreSQL and deletes the directory. */
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Why the cluster case cannot run here (PostgreSQL or Redis missing), or undefined. */
export function clusterUnavailable(): string | undefined {
  const missing: string[] = [];
  if (!findPostgresBinaries()) missing.push('PostgreSQL (initdb, pg_ctl, postgres)');
  if (!findRedisServer()) missing.push('redis-server');
  if (missing.length === 0 && asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    missing.push('a postgres user to run PostgreSQL as (running as root)');
  }
  if (missing.length === 0) return undefined;
  return `${missing.join(' and ')} not found (apt-get install postgresql redis-server)`;
}

/** `argv` as the postgres user when running as root (PostgreSQL refuses root). */
function asPostgres(path: string, args: string[], core: number | undefined): [string, string[]] {
  const argv = asRoot ? ['runuser', '-u', 'postgres', '--', path, ...args] : [path, ...args];
  const pinned = core === undefined ? argv : ['taskset', '-c', String(core), ...argv];
  return [pinned[0]!, pinned.slice(1)];
}

function run(file: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // stdin ignored and no pipe kept: pg_ctl's postgres goes on in the background.
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} failed (${code}): ${output}`)),
    );
  });
}

/** One RESP command over a raw socket (the bench has no Redis client): the raw reply. */
function resp(port: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(1000, () => {
      socket.destroy();
      reject(new Error('redis: no answer'));
    });
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      const complete = answer.startsWith('$')
        ? answer.startsWith('$-1\r\n') ||
          answer.length >=
            answer.indexOf('\r\n') + 2 + Number(answer.slice(1, answer.indexOf('\r\n'))) + 2
        : answer.includes('\r\n');
      if (complete) {
        socket.destroy();
        resolve(answer);
      }
    });
  });
}

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * Starts PostgreSQL (durable) and Redis (no persistence: the cluster keeps only leases and
 * messages there) on free loopback ports, both on `core` when given. A detached watchdog
 * stops both and deletes the directory if this process dies without `stop`.
 */
export async function startClusterServices(core: number | undefined): Promise<ClusterServices> {
  const bin = findPostgresBinaries();
  const redisBinary = findRedisServer();
  if (!bin || !redisBinary) throw new Error(clusterUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-bench-cluster-'));
  const pgDir = join(dir, 'pg');
  const data = join(pgDir, 'data');
  mkdirSync(pgDir, { mode: 0o700 });
  const nodesDir = join(dir, 'nodes');
  mkdirSync(nodesDir);
  if (asRoot) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chmodSync(dir, 0o755);
    chownSync(pgDir, id('-u'), id('-g'));
  }
  let redis: ChildProcess | undefined;
  let pgStarted = false;
  let watchdog: ChildProcess | undefined;
  const pgStop = asPostgres(
    join(bin, 'pg_ctl'),
    ['stop', '-D', data, '-m', 'fast', '-w'],
    undefined,
  );

  const stop = async () => {
    watchdog?.kill();
    if (redis && redis.exitCode === null && redis.signalCode === null) {
      const child = redis;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    if (pgStarted) await run(...pgStop).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // -N: no fsync while creating the cluster; the server itself runs with fsync on.
    await run(
      ...asPostgres(
        join(bin, 'initdb'),
        ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-locale', '-E', 'UTF8', '-N'],
        undefined,
      ),
    );
    let pgPort = 0;
    for (let attempt = 1; ; attempt++) {
      pgPort = await freePort();
      const options = [
        `-p ${pgPort}`,
        `-k ${pgDir}`,
        '-c listen_addresses=127.0.0.1',
        '-c shared_buffers=64MB',
        '-c max_connections=200',
      ].join(' ');
      try {
        await run(
          ...asPostgres(
            join(bin, 'pg_ctl'),
            ['start', '-D', data, '-l', join(pgDir, 'log'), '-w', '-o', options],
            core,
          ),
        );
        pgStarted = true;
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    // The cluster's tables go in the `postgres` database: the storage makes its schema there.
    const databaseUrl = `postgresql://postgres@127.0.0.1:${pgPort}/postgres`;

    let redisPort = 0;
    for (let attempt = 1; !redis; attempt++) {
      redisPort = await freePort();
      const args = ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir];
      args.push('--save', '', '--appendonly', 'no', '--logfile', join(dir, 'redis.log'));
      const [file, argv] =
        core === undefined
          ? [redisBinary, args]
          : ['taskset', ['-c', String(core), redisBinary, ...args]];
      const child = spawn(file, argv, { stdio: 'ignore' });
      const deadline = performance.now() + 10_000;
      let up = false;
      while (!up && performance.now() < deadline && child.exitCode === null) {
        up = await resp(redisPort, ['PING']).then(
          (answer) => answer.startsWith('+PONG'),
          () => false,
        );
        if (!up) await sleep(20);
      }
      if (up) {
        redis = child;
      } else {
        child.kill('SIGKILL');
        if (attempt >= 3) throw new Error(`redis-server did not start on port ${redisPort}`);
      }
    }

    const script =
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
      `kill -9 ${redis.pid} 2>/dev/null; ${[pgStop[0], ...pgStop[1]].map(quote).join(' ')} >/dev/null 2>&1; ` +
      `rm -rf ${quote(dir)}`;
    watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
    watchdog.unref();

    return {
      databaseUrl,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      dir: nodesDir,
      leaseHolder: async (tableId) => {
        const leases = postgresLeases(databaseUrl, {
          connectMs: 5000,
          answerMs: 5000,
          lockMs: 5000,
        });
        try {
          return (await leases.owner(tableId))?.holder;
        } finally {
          await leases.close();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
