import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import type { NewCommand, Storage, TokenRecord } from './storage';
import { openMemoryStorage } from './memory';
import { openSqliteStorage } from './sqlite';

// The adapters the storage contract runs against (contract*.test.ts), and the small records
// its cases are made of. A new adapter (PostgreSQL) joins the list below.

export interface Adapter {
  name: string;
  open: () => { storage: Storage; reopen?: () => Storage; cleanup: () => void };
}

export const adapters: Adapter[] = [
  {
    name: 'SQLite',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'fateboard-contract-'));
      return {
        storage: openSqliteStorage(dir),
        reopen: () => openSqliteStorage(dir),
        cleanup: () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  { name: 'memory', open: () => ({ storage: openMemoryStorage(), cleanup: () => {} }) },
];

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
