import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import * as Y from 'yjs';
import type {
  CommandWrite,
  NewCommand,
  Storage,
  TableBatch,
  TableWrite,
  TokenRecord,
} from './storage';
import { openPostgresStorage } from './postgres';
import { openSqliteStorage } from './sqlite';
import { postgresUnavailable, startPostgres } from '../test/postgres-server';
import type { PostgresServer } from '../test/postgres-server';

// The adapters the storage contract runs against (contract*.test.ts), and the small records
// its cases are made of. A new adapter joins the list below.

export interface Opened {
  storage: Storage;
  /** A new storage on what `storage` kept (durable adapters). */
  reopen?: () => Promise<Storage>;
  cleanup: () => Promise<void> | void;
}

export interface Adapter {
  name: string;
  /** Why the adapter cannot run here, so that its cases skip; undefined when it can. */
  unavailable?: string;
  /** Once per test file before its first case (beforeAll), and after its last (afterAll). */
  setup?: () => Promise<void>;
  teardown?: () => Promise<void>;
  open: () => Promise<Opened>;
}

/**
 * PostgreSQL: one throwaway server per test file (test/postgres-server.ts), a fresh database
 * per case; a reopen is a new pool on the same database.
 */
function postgresAdapter(): Adapter {
  let server: PostgresServer | undefined;
  return {
    name: 'PostgreSQL',
    unavailable: postgresUnavailable(),
    setup: async () => {
      server = await startPostgres();
    },
    teardown: async () => {
      await server?.stop();
      server = undefined;
    },
    open: async () => {
      if (!server) throw new Error('the PostgreSQL server is not started (setup)');
      const url = await server.createDatabase();
      return {
        storage: await openPostgresStorage(url),
        reopen: () => openPostgresStorage(url),
        cleanup: () => {},
      };
    },
  };
}

export const adapters: Adapter[] = [
  {
    name: 'SQLite',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'fateboard-contract-'));
      return Promise.resolve({
        storage: openSqliteStorage(dir),
        reopen: () => Promise.resolve(openSqliteStorage(dir)),
        cleanup: () => rmSync(dir, { recursive: true, force: true }),
      });
    },
  },
  postgresAdapter(),
];

/**
 * Each case's storage, opened before it and closed after it, and the adapter's server around
 * the file's cases: the hooks every contract file registers inside its `describe.each`. An
 * unavailable adapter's cases skip, saying why. `storage` is the open one; `reopen()` closes
 * it and opens a new one on the same data (durable adapters only, see `durable`).
 */
export function openPerCase(adapter: Adapter) {
  let opened: Opened | undefined;
  let storage: Storage | undefined;
  beforeAll(async () => {
    if (!adapter.unavailable) await adapter.setup?.();
  });
  afterAll(async () => {
    await adapter.teardown?.();
  });
  beforeEach(async (context) => {
    if (adapter.unavailable) context.skip(adapter.unavailable);
    opened = await adapter.open();
    storage = opened.storage;
  });
  afterEach(async () => {
    await storage?.close();
    await opened?.cleanup();
    opened = storage = undefined;
  });
  return {
    get storage(): Storage {
      if (!storage) throw new Error('no storage open');
      return storage;
    },
    get durable(): boolean {
      return opened?.reopen !== undefined;
    },
    reopen: async (): Promise<Storage> => {
      if (!opened?.reopen) throw new Error('this adapter keeps nothing past its process');
      await storage?.close();
      storage = undefined;
      storage = await opened.reopen();
      return storage;
    },
  };
}

/** Tables named `ids` ('Harbour', Fate Core), each with a snapshot per document and its GM link. */
export async function createTables(storage: Storage, ...ids: string[]): Promise<void> {
  for (const id of ids) {
    await storage.createTable(
      { id, name: 'Harbour', ruleset: 'fate-core', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [token(`gm-${id}`, { role: 'gm', tableId: id })],
    );
  }
}

/**
 * An update that adds the key `text` to the `meta` map. Each comes from its own Y.Doc, so two
 * of them never compete for one key: what a document holds tells which updates it got.
 */
export function docWith(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('meta').set(text, true);
  return Y.encodeStateAsUpdate(doc);
}

/** The keys of a document rebuilt from what the storage returned, sorted. */
export function notesOf(stored: { snapshot: Uint8Array | null; updates: Uint8Array[] }): string[] {
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const update of stored.updates) Y.applyUpdate(doc, update);
  return [...doc.getMap('meta').keys()].sort();
}

export function token(hash: string, fields: Partial<TokenRecord> = {}): TokenRecord {
  return {
    hash,
    tableId: 'T1',
    role: 'player',
    seatId: null,
    kind: 'link',
    revoked: false,
    created: 1,
    ...fields,
  };
}

export function command(commandId: string, fields: Partial<NewCommand> = {}): NewCommand {
  return {
    tableId: 'T1',
    commandId,
    actor: { role: 'gm' },
    tokenHash: null,
    type: 'scene.start',
    payload: { name: commandId },
    result: null,
    created: 2,
    updates: [],
    ...fields,
  };
}

/** A command write numbered `seq` (the writer numbers its commands). */
export function write(
  seq: number,
  commandId: string,
  fields: Partial<NewCommand> = {},
): TableWrite & { kind: 'command' } {
  const numbered: CommandWrite = { ...command(commandId, fields), seq };
  return { kind: 'command', command: numbered };
}

/** A table's part of a batch: its writes, fenced when `fence` is given. */
export function part(tableId: string, writes: TableWrite[], fence?: number): TableBatch {
  return fence === undefined ? { tableId, writes } : { tableId, fence, writes };
}

/**
 * Commits the writes as one part of table T1 (or of the commands' table) and throws unless
 * they were stored: the cases that only need a few commands in place.
 */
export async function commitCommands(storage: Storage, ...writes: TableWrite[]): Promise<void> {
  const first = writes[0];
  const tableId =
    first?.kind === 'command'
      ? first.command.tableId
      : first?.kind === 'token'
        ? first.token.tableId
        : 'T1';
  const [outcome] = await storage.commit([part(tableId, writes)]);
  if (!outcome?.ok) throw new Error(`the commit failed: ${String(outcome?.error)}`);
}

/** A stored part's outcome, whatever it measured (BatchOutcome). */
export const STORED = expect.objectContaining({ ok: true }) as unknown;

/**
 * openPerCase, with the table T1 ('Harbour', pirates: a snapshot per document, its GM, player
 * and spectator links) made before each case: what the main contract cases start from.
 */
export function openWithHarbour(adapter: Adapter) {
  const opened = openPerCase(adapter);
  beforeEach(async () => {
    await opened.storage.createTable(
      { id: 'T1', name: 'Harbour', ruleset: 'pirates', created: 1 },
      { pub: docWith('pub 0'), gm: docWith('gm 0') },
      [
        token('gm-link', { role: 'gm' }),
        token('player-link'),
        token('spectator-link', { role: 'spectator' }),
      ],
    );
  });
  return opened;
}
