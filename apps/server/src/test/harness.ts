import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { onTestFailed } from 'vitest';
import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import { readGm, readTable } from '@fateboard/table';
import { createLogger } from '../ops/logger';
import type { Limits } from '../limits/limits';
import { createServer } from '../server';
import type { RunningServer, ServerOptions } from '../server';
import { NotStoredError, openSqliteFile, openSqliteStorage } from '../storage';
import type { Storage } from '../storage';
import type { Ack } from '@fateboard/table';
import type { Presence } from '@fateboard/table';

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

/** A socket.io participant that records presence, `closed` and `links-rotated` notices. */
export class Participant {
  presence: Presence | undefined;
  closed: { code: string; message: string } | undefined;
  /** The arguments of each `links-rotated` notice heard. */
  linksRotated: unknown[][] = [];
  private ids = 0;
  constructor(
    readonly socket: Socket,
    readonly name: string,
  ) {
    socket.on('presence', (p: Presence) => {
      this.presence = p;
    });
    socket.on('closed', (n: { code: string; message: string }) => {
      this.closed = n;
    });
    socket.on('links-rotated', (...args: unknown[]) => {
      this.linksRotated.push(args);
    });
  }

  nextId(): string {
    return `${this.name}-${++this.ids}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Sends a command (an id is added when missing) and waits for its acknowledgement. */
  async send(command: Record<string, unknown>): Promise<Ack> {
    const withId = 'id' in command ? command : { id: this.nextId(), ...command };
    return (await this.socket.timeout(5000).emitWithAck('command', withId)) as Ack;
  }

  /**
   * Sends until acknowledged, under one id, as a client does on `storage`, `unknown-outcome` or
   * no answer (a lease moving, a database away); fails the test on any other refusal, or after
   * `withinMs`.
   */
  async untilOk(
    command: Record<string, unknown>,
    withinMs = 10_000,
  ): Promise<Extract<Ack, { ok: true }>> {
    const withId = 'id' in command ? command : { id: this.nextId(), ...command };
    const start = Date.now();
    for (;;) {
      const ack = await this.send(withId).catch(() => undefined);
      if (ack?.ok) return ack;
      if (ack && !['storage', 'unknown-outcome'].includes(ack.code)) {
        throw new Error(`${String(command.type)} refused: ${ack.code} ${ack.message}`);
      }
      if (Date.now() - start > withinMs) {
        throw new Error(`${String(command.type)} not acknowledged in ${withinMs} ms`);
      }
      await sleep(50);
    }
  }

  /** Like send, but fails the test unless the command was accepted. */
  async ok(command: Record<string, unknown>): Promise<Extract<Ack, { ok: true }>> {
    const ack = await this.send(command);
    if (!ack.ok) throw new Error(`${String(command.type)} refused: ${ack.code} ${ack.message}`);
    return ack;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export function connectSocket(url: string, token: string, name = 'p'): Promise<Participant> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(new Participant(socket, name)));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The socket.io refusal message for a token, or undefined if it connected. */
export async function connectError(url: string, token: unknown): Promise<Error | undefined> {
  try {
    const p = await connectSocket(url, token as string);
    p.close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** A socket.io client that reconnects on its own, soon, as the app's does (websocket only). */
export function reconnectingSocket(url: string, token: string): Socket {
  return io(url, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
}

/** A y-websocket replica of one document, read-only like every client of ours. */
export class Replica {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  closeEvents: { code: number; reason: string }[] = [];

  /** `params`: more of the URL's query (a stream overlay's `view: 'overlay'`). */
  constructor(url: string, name: string, token: string, params: Record<string, string> = {}) {
    this.provider = new WebsocketProvider(`${url.replace(/^http/, 'ws')}/yjs`, name, this.doc, {
      params: { ...params, token },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      maxBackoffTime: 200,
    });
    this.provider.on('connection-close', (event: unknown) => {
      const e = event as { code: number; reason: string } | null;
      if (e) this.closeEvents.push({ code: e.code, reason: e.reason });
    });
  }

  synced(timeoutMs = 5000): Promise<void> {
    if (this.provider.synced) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('replica did not sync')), timeoutMs);
      this.provider.once('sync', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  destroy(): void {
    this.provider.destroy();
    this.doc.destroy();
  }
}

/** A replica, synced within `timeoutMs` (or destroyed and the wait rejected). */
export async function openReplica(
  url: string,
  name: string,
  token: string,
  timeoutMs?: number,
  params?: Record<string, string>,
): Promise<Replica> {
  const replica = new Replica(url, name, token, params);
  try {
    await replica.synced(timeoutMs);
  } catch (error) {
    replica.destroy();
    throw error;
  }
  return replica;
}

/** The table's documents as SQLite holds them (a second connection to the same file). */
export function storedDocs(
  dataDir: string,
  tableId: string,
): { pub: Y.Doc; gm: Y.Doc; seq: number } {
  const storage = openSqliteFile(dataDir);
  try {
    const stored = storage.loadDocuments(tableId);
    const load = (key: 'pub' | 'gm') => {
      const doc = new Y.Doc();
      const { snapshot, updates } = stored.docs[key];
      for (const u of snapshot ? [snapshot, ...updates] : updates) Y.applyUpdate(doc, u);
      return doc;
    };
    return { pub: load('pub'), gm: load('gm'), seq: stored.seq };
  } finally {
    storage.close();
  }
}

/** Two public documents are identical when their state vectors and their contents are. */
export function samePub(a: Y.Doc, b: Y.Doc): boolean {
  return (
    Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b))) &&
    JSON.stringify(readTable(a)) === JSON.stringify(readTable(b))
  );
}

export function sameGm(a: Y.Doc, b: Y.Doc): boolean {
  return (
    Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b))) &&
    JSON.stringify(readGm(a)) === JSON.stringify(readGm(b))
  );
}

export async function waitFor(
  check: () => boolean,
  what = 'condition',
  timeoutMs = 5000,
): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** A raw y-websocket connection that records every frame it receives. */
export class RawYjs {
  readonly frames: Uint8Array[] = [];
  closed: { code: number; reason: string } | undefined;
  private barriers = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.frames.push(new Uint8Array(data)));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static open(url: string, docName: string, token: string): Promise<RawYjs> {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/yjs/${docName}?token=${encodeURIComponent(token)}`,
    );
    const raw = new RawYjs(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(raw));
      ws.once('error', reject);
    });
  }

  send(bytes: Uint8Array): void {
    this.ws.send(bytes);
  }

  /**
   * Resolves once the server has handled every frame this connection sent before, and every
   * frame it had written to this connection by then has arrived: a ping, which the server's
   * ws answers when it reads it, after running the handlers of the frames before it, and
   * whose pong follows on the same socket whatever the server sent before. Unlike an
   * awareness query it is not rate-limited (a test may have spent the connection's limit) and
   * adds no frame. Use it instead of a sleep before asserting that something did not arrive.
   * A connection that is or gets closed passes the barrier too: nothing more can arrive.
   */
  barrier(timeoutMs = 5000): Promise<void> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const payload = Buffer.from(`barrier-${++this.barriers}`);
      const done = () => {
        clearTimeout(timer);
        this.ws.off('pong', onPong);
        this.ws.off('close', onClose);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no answer to the barrier'));
      }, timeoutMs);
      const onPong = (data: Buffer) => {
        if (!data.equals(payload)) return;
        done();
        resolve();
      };
      const onClose = () => {
        done();
        resolve();
      };
      this.ws.on('pong', onPong);
      this.ws.on('close', onClose);
      this.ws.ping(payload);
    });
  }

  bytesReceived(): number {
    return this.frames.reduce((n, f) => n + f.length, 0);
  }

  close(): void {
    this.ws.close();
  }
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
