import { accessSync, constants, existsSync, readdirSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

// What starting throwaway Redis, PostgreSQL and node processes on this machine needs, for
// the tests (redis-server.ts, postgres-server.ts, cluster-nodes.ts), `pnpm cluster` and the
// bench's cluster rows alike.

/** A loopback port that was free a moment ago (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** An executable redis-server: REDIS_SERVER, else on PATH, else Debian's places. */
export function findRedisServer(): string | undefined {
  const candidates = [
    process.env.REDIS_SERVER,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'redis-server')),
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
  ];
  return candidates.find((candidate): candidate is string => {
    if (!candidate) return false;
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const PG_BINARIES = ['initdb', 'pg_ctl', 'postgres'];

/** The directory holding initdb, pg_ctl and postgres (the newest Debian one first), or none. */
export function findPostgresBinaries(): string | undefined {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin'))
    : [];
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && existsSync(join(dir, 'pg_ctl')))
    // Debian's /usr/bin/pg_ctl is a wrapper script; the binaries sit next to what it links to.
    .map((dir) => dirname(realpathSync(join(dir, 'pg_ctl'))));
  return [...versions, ...onPath].find((dir) => PG_BINARIES.every((b) => existsSync(join(dir, b))));
}
