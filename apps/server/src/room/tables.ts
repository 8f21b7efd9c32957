import * as Y from 'yjs';
import type { RulesetId } from '@fateboard/rules';
import { createTableDocs } from '@fateboard/table';
import type { DocKey, Role } from '@fateboard/table';
import type { PreparedRestore } from '../file-work/jobs';
import { unpackChunks } from '../file-work/jobs';
import type { RestoredHistory, Storage, TableRecord, TokenKind, TokenRecord } from '../storage';
import { sealLinks } from '../access/sealed-links';
import { hashToken, newTableId, newToken } from '../access/tokens';

/** What a token is for; its record is the only place it is kept, and only as a hash. */
export interface TokenGrant {
  tableId: string;
  role: Role;
  kind: TokenKind;
  seatId?: string;
}

/** The stored record of `token`: its hash, never the token. */
export function tokenRecord(token: string, grant: TokenGrant, created: number): TokenRecord {
  return {
    hash: hashToken(token),
    tableId: grant.tableId,
    role: grant.role,
    seatId: grant.seatId ?? null,
    kind: grant.kind,
    revoked: false,
    created,
  };
}

/** Fresh invite link tokens for `roles`, with the records that store them. */
export function linkTokens<R extends Role>(
  tableId: string,
  roles: readonly R[],
  created: number,
): { tokens: Record<R, string>; records: TokenRecord[] } {
  const tokens = {} as Record<R, string>;
  const records = roles.map((role) => {
    tokens[role] = newToken();
    return tokenRecord(tokens[role], { tableId, role, kind: 'link' }, created);
  });
  return { tokens, records };
}

export interface NewTable {
  name: string;
  ruleset: RulesetId;
  /** A chosen id (tests); a random one otherwise. */
  id?: string;
}

/**
 * Creates a table: its two documents with the schema written in and its three invite links,
 * stored in one transaction. Returns the id and the link tokens, which exist nowhere else in
 * clear: the server keeps their hashes, and the player and spectator ones sealed under the GM
 * token (sealed-links.ts) so that the GM link can show them again on any device.
 */
export function createTable(
  storage: Storage,
  init: NewTable,
  created: number,
): Promise<{ id: string; tokens: Record<Role, string> }> {
  const id = init.id ?? newTableId();
  const docs = createTableDocs({ id, name: init.name, ruleset: init.ruleset });
  const bytes = { pub: Y.encodeStateAsUpdate(docs.pub), gm: Y.encodeStateAsUpdate(docs.gm) };
  docs.pub.destroy();
  docs.gm.destroy();
  return storeTable(
    storage,
    { id, name: init.name, ruleset: init.ruleset, created },
    bytes,
    created,
  );
}

/**
 * A new table from a table file a file worker read and checked (file-work/jobs.ts): its
 * documents built from the file's content under its new id, its seats waiting for their
 * players, its log as history in chunks, its creation time kept, fresh invite links.
 * One transaction as far as anyone can see: the table exists with all of it, or not at all.
 */
export function restoreTable(
  storage: Storage,
  prepared: PreparedRestore,
  now: number,
): Promise<{ id: string; tokens: Record<Role, string> }> {
  const { name, ruleset, created } = prepared.table;
  return storeTable(storage, { id: prepared.tableId, name, ruleset, created }, prepared.docs, now, {
    chunks: unpackChunks(prepared.chunks),
  });
}

async function storeTable(
  storage: Storage,
  table: TableRecord,
  docs: Record<DocKey, Uint8Array>,
  now: number,
  history?: RestoredHistory,
): Promise<{ id: string; tokens: Record<Role, string> }> {
  const { tokens, records } = linkTokens(table.id, ['gm', 'player', 'spectator'], now);
  await storage.createTable(table, docs, records, history, sealLinks(tokens.gm, table.id, tokens));
  return { id: table.id, tokens };
}

/**
 * New player and spectator links for the GM whose token is `gmToken`: the old ones revoked,
 * the new ones stored and sealed under the GM token, in one transaction. Answers the new
 * tokens and the revoked tokens' hashes (their connections are to be closed).
 */
export async function rotateLinks(
  storage: Storage,
  tableId: string,
  gmToken: string,
  now: number,
): Promise<{ tokens: Record<'player' | 'spectator', string>; revoked: string[] }> {
  const { tokens, records } = linkTokens(tableId, ['player', 'spectator'], now);
  const revoked = await storage.rotateLinks(tableId, records, sealLinks(gmToken, tableId, tokens));
  return { tokens, revoked };
}
