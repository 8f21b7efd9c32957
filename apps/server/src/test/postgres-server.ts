import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBinaries, freePort } from './local-binaries';

// A throwaway PostgreSQL for the tests (the storage contract, postgres-*.test.ts): its own
// cluster in a temporary directory, on a free loopback port, trusted without a password, gone
// when stopped. One per test file; a fresh database per test.

export interface PostgresServer {
  /** The cluster's `postgres` database, as the superuser `postgres`. */
  url: string;
  /** A new empty database (a schema of the cluster's, see below), and its URL. */
  createDatabase: () => Promise<string>;
  /** Stops the server at once, keeping its data: to clients, the database went down. */
  halt: () => Promise<void>;
  /** Starts a halted server again, on the same port and data. */
  resume: () => Promise<void>;
  /** Stops the server and deletes its directory. */
  stop: () => Promise<void>;
}

const binaries = findPostgresBinaries();

/**
 * Why the PostgreSQL tests cannot run here (their binaries are missing), or undefined when
 * they can. In CI a missing PostgreSQL is an error, never a silent skip.
 */
export function postgresUnavailable(): string | undefined {
  if (binaries !== undefined) return undefined;
  const why =
    'PostgreSQL not found (no initdb, pg_ctl and postgres in /usr/lib/postgresql/*/bin or ' +
    'next to a pg_ctl on PATH): the PostgreSQL storage tests are skipped. ' +
    'Install it (apt-get install postgresql) to run them.';
  if (process.env.CI) throw new Error(`${why.split(':')[0]}, and CI must run them.`);
  return why;
}

/**
 * PostgreSQL refuses to run as root: then every one of its programs runs as the `postgres` OS
 * user (Debian's package makes it), which owns the cluster's directory.
 */
const asRoot = process.getuid?.() === 0;
function command(program: string, args: string[]): [string, string[]] {
  const path = join(binaries!, program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function run(program: string, args: string[], cwd: string): Promise<void> {
  const [file, argv] = command(program, args);
  return new Promise((resolve, reject) => {
    // stdin ignored: pg_ctl's postgres goes on in the background, and must hold no pipe of ours.
    const child = spawn(file, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} ${args[0]} failed (${code}): ${output}`)),
    );
  });
}

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * A test process that ends without stopping its server (a failed hook, vitest ending its
 * worker with a signal, where no 'exit' handler runs) would leave it running: a detached shell
 * watches this process and, once it is gone, stops the server and deletes its directory.
 * `stop` kills the watchdog first.
 */
function guard(dir: string, data: string): ChildProcess {
  const [file, argv] = command('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
    `${[file, ...argv].map(quote).join(' ')} >/dev/null 2>&1; rm -rf ${quote(dir)}`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog;
}

/** Starts a new cluster. Throws when PostgreSQL is missing: check postgresUnavailable first. */
export async function startPostgres(): Promise<PostgresServer> {
  if (binaries === undefined) throw new Error(postgresUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const uid = Number(user.stdout.trim());
    if (user.status !== 0 || !Number.isInteger(uid)) {
      throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
    }
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  // -N: no fsync while creating; a test cluster need not survive a power cut.
  await run(
    'initdb',
    ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-locale', '-E', 'UTF8', '-N'],
    dir,
  );

  let port = 0;
  const start = async () => {
    // Durability off (fsync, full pages): a test needs the database to keep what it committed
    // across a stop of the server, not of the machine, and runs much faster without.
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c shared_buffers=32MB',
    ].join(' ');
    await run('pg_ctl', ['start', '-D', data, '-l', join(dir, 'log'), '-w', '-o', options], dir);
  };
  // The port is free when picked, but another process may take it before the server binds it.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  const watchdog = guard(dir, data);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    // A schema of its own, which the URL puts first on the search path: to the storage as
    // empty as a new database, and made in about 1 ms where CREATE DATABASE takes 80.
    createDatabase: async () => {
      const name = `fateboard_${++databases}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA ${name}`);
      } finally {
        await admin.end();
      }
      return `${url}?options=${encodeURIComponent(`-c search_path=${name}`)}`;
    },
    halt: () => run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w'], dir),
    resume: start,
    stop: async () => {
      watchdog.kill();
      await run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w'], dir).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
