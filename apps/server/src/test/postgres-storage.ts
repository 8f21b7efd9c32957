import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import pg from 'pg';
import type { Storage } from '../storage';
import { openPostgresStorage } from '../storage';
import { docWith, token } from '../storage/contract-support';
import { postgresUnavailable, startPostgres } from './postgres-server';
import type { PostgresServer } from './postgres-server';

// What the PostgreSQL storage tests (storage/postgres-*.test.ts) share: a PostgreSQL for the
// file, a fresh database per case with the table T1 in it, and other pools on it.

/**
 * Registers the file's hooks (call it inside the describe): each case skips when PostgreSQL
 * cannot run here, and otherwise gets a fresh database (`url`) opened as `storage`.
 */
export function postgresStorageTests() {
  const unavailable = postgresUnavailable();
  let server: PostgresServer;
  let url: string;
  let storage: Storage;
  /** Pools and clients a case opened besides `storage`, ended after it. */
  let extra: { end: () => Promise<void> }[] = [];

  beforeAll(async () => {
    if (!unavailable) server = await startPostgres();
  });
  afterAll(async () => {
    if (!unavailable) await server.stop();
  });
  beforeEach(async ({ skip }) => {
    if (unavailable) return skip(unavailable);
    url = await server.createDatabase();
    storage = await openPostgresStorage(url);
    await storage.createTable(
      { id: 'T1', name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token('gm-link', { role: 'gm' })],
    );
  });
  afterEach(async () => {
    await storage?.close();
    for (const other of extra) await other.end();
    extra = [];
  });
  const another = async () => {
    const opened = await openPostgresStorage(url);
    extra.push({ end: () => opened.close() });
    return opened;
  };
  /** A plain pool on the case's database. */
  const plainPool = () => {
    const pool = new pg.Pool({ connectionString: url });
    pool.on('error', () => {});
    extra.push(pool);
    return pool;
  };

  return {
    get server() {
      return server;
    },
    get url() {
      return url;
    },
    get storage() {
      return storage;
    },
    /** Pools and clients a case opened besides `storage`, ended after it. */
    get extra() {
      return extra;
    },
    another,
    plainPool,
  };
}
