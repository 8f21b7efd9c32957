import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import { createLogger } from '../ops/logger';
import type { Limits } from '../limits/limits';
import { createServer } from '../server';
import type { RunningServer, ServerOptions } from '../server';
import { NotStoredError, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';

export { Participant, connectError, connectSocket, reconnectingSocket } from './participants';
export { RawYjs, Replica, openReplica, sameGm, samePub, storedDocs, yjsMessage } from './replicas';
export { sleep, waitFor } from './waiting';

/** Quiet unless DEBUG_SERVER is set: a test's failures are its assertions, not log lines. */
const testLogger = () => createLogger({ level: process.env.DEBUG_SERVER ? 'info' : 'silent' });

/**
 * Limits that let a test's own setup send `rate` commands a second from one connection, one
 * principal and one address (the loopback every test connects from): for tests about
 * something else than the budgets, which the budgets' own tests keep at their defaults.
 */
export function unlimitedCommands(rate: number): Partial<Limits> {
  return {
    eventRate: rate,
    eventBurst: rate,
    commandRate: rate,
    commandBurst: rate,
    addressCommandRate: rate,
    addressCommandBurst: rate,
  };
}

/** A server on port 0 with its own temporary DATA_DIR, restartable on the same directory. */
export class TestServer {
  private constructor(
    readonly dataDir: string,
    public server: RunningServer,
    private readonly options: Partial<ServerOptions>,
  ) {}

  static async start(options: Partial<ServerOptions> = {}): Promise<TestServer> {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fateboard-'));
    const server = await createServer({
      logger: testLogger(),
      ...options,
      dataDir,
      port: 0,
    });
    return new TestServer(dataDir, server, options);
  }

  get url(): string {
    return this.server.url;
  }

  /** Stops the server and starts a new one on the same DATA_DIR (and a new port). */
  async restart(): Promise<void> {
    await this.server.close();
    this.server = await createServer({
      logger: testLogger(),
      ...this.options,
      dataDir: this.dataDir,
      port: 0,
    });
  }

  async stop(): Promise<void> {
    await this.server.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface CreatedTable {
  id: string;
  links: { gm: string; player: string; spectator: string };
  tokens: { gm: string; player: string; spectator: string };
}

export function tokenOfLink(link: string): string {
  const token = new URL(link).hash.replace(/^#token=/, '');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export async function api(
  url: string,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string;
    raw?: string;
    /** Extra headers (they win over the JSON content type). */
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined || init.raw !== undefined)
    headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  Object.assign(headers, init.headers);
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

export async function createTable(
  url: string,
  ruleset: RulesetId = 'fate-core',
  name = 'Friday night',
): Promise<CreatedTable> {
  const { status, body } = await api(url, '/api/tables', { body: { name, ruleset } });
  if (status !== 201) throw new Error(`create table: ${status} ${JSON.stringify(body)}`);
  const links = body.links as CreatedTable['links'];
  return {
    id: body.id as string,
    links,
    tokens: {
      gm: tokenOfLink(links.gm),
      player: tokenOfLink(links.player),
      spectator: tokenOfLink(links.spectator),
    },
  };
}

/**
 * A test's random choices, from a seed: `FATEBOARD_SEED` when set, else a fresh one, printed
 * when the test fails so that its choices can be replayed. Call it inside the test. `random`
 * is in [0, 1) like Math.random; `seed` also seeds fast-check (`fc.sample(arb, { seed })`).
 */
export function testRandom(label: string): { seed: number; random: () => number } {
  const fixed = process.env.FATEBOARD_SEED;
  const seed = fixed === undefined || fixed === '' ? randomInt(2 ** 31) : Number(fixed);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FATEBOARD_SEED is not a whole number: ${fixed}`);
  onTestFailed(() => {
    console.error(`${label}: seed ${seed}; replay with FATEBOARD_SEED=${seed}`);
  });
  return { seed, random: seededRng(seed) };
}

/**
 * A SQLite storage on `dataDir` whose disk can fill: while `full` is set, every group commit
 * fails as SQLite's does on a full disk (the transaction rolled back, nothing stored).
 */
export function fillingStorage(dataDir: string): {
  storage: Storage;
  setFull: (full: boolean) => void;
  close: () => Promise<void>;
} {
  const real = openSqliteStorage(dataDir);
  let full = false;
  const storage: Storage = {
    ...real,
    commit: async (batches) => {
      if (full) throw new NotStoredError(new Error('SQLITE_FULL: database or disk is full'));
      return real.commit(batches);
    },
  };
  return { storage, setFull: (value) => (full = value), close: () => real.close() };
}
