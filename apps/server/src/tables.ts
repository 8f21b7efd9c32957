import * as Y from 'yjs';
import type { RulesetId } from '@fateboard/rules';
import type { TableFile } from '@fateboard/interop';
import { createTableDocs, docsFromContent, markSeatsRestored } from '@fateboard/table';
import type { Role, TableContent, TableDocs } from '@fateboard/table';
import type { RestoredHistory, Storage, TableRecord, TokenKind, TokenRecord } from './storage';
import { sealLinks } from './sealed-links';
import { hashToken, newTableId, newToken } from './tokens';

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
  return storeTable(
    storage,
    { id, name: init.name, ruleset: init.ruleset, created },
    docs,
    created,
  );
}

/**
 * A new table from a checked table file (`readTableFile`): its documents built from the file's
 * content under a new id, its seats waiting for their players, its log as history, its
 * creation time kept, fresh invite links.
 * One transaction: nothing is stored if anything fails.
 */
export function restoreTable(
  storage: Storage,
  file: TableFile,
  content: TableContent,
  now: number,
): Promise<{ id: string; tokens: Record<Role, string> }> {
  const id = newTableId();
  const { name, ruleset, created } = file.table;
  const docs = docsFromContent(content, id);
  // The old server's seat tokens stay behind: each seat waits for its player to take it back.
  markSeatsRestored(docs.pub);
  return storeTable(storage, { id, name, ruleset, created }, docs, now, { log: file.log });
}

async function storeTable(
  storage: Storage,
  table: TableRecord,
  docs: TableDocs,
  now: number,
  history?: RestoredHistory,
): Promise<{ id: string; tokens: Record<Role, string> }> {
  const { tokens, records } = linkTokens(table.id, ['gm', 'player', 'spectator'], now);
  const bytes = { pub: Y.encodeStateAsUpdate(docs.pub), gm: Y.encodeStateAsUpdate(docs.gm) };
  docs.pub.destroy();
  docs.gm.destroy();
  await storage.createTable(table, bytes, records, history, sealLinks(tokens.gm, table.id, tokens));
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
