import { DOC_KEYS } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import { restoreCommand, rollPage, rollsOf } from './storage';
import type { ChatAuthor, ChatMessage } from '@fateboard/table';
import type {
  ChatScope,
  CommandRolls,
  NewCommand,
  Storage,
  StoredCommand,
  StoredDocuments,
  SealedLinks,
  TableRecord,
  TokenRecord,
} from './storage';

interface Bytes {
  seq: number;
  bytes: Uint8Array;
}

interface TableData {
  record: TableRecord;
  sealedLinks?: SealedLinks;
  /** Commands by id, and their ids in seq order (seq = index + 1 + the compacted offset). */
  commands: Map<string, StoredCommand>;
  bySeq: StoredCommand[];
  snapshots: Record<DocKey, Bytes>;
  updates: Record<DocKey, Bytes[]>;
  /** Chat messages in number order (n = index + 1), with what NewChatMessage adds. */
  chat: KeptChat[];
}

type KeptChat = ChatMessage & { spectators: boolean; id?: string };

/** Whether a kept message is `from`'s with client id `id` (sqlite-chat.ts's retry index). */
const sameRetry = (message: KeptChat, from: ChatAuthor, id: string): boolean =>
  message.id === id &&
  (message.from.role === 'player' ? message.from.seatId : '') ===
    (from.role === 'player' ? from.seatId : '');

/** A kept message as readers get it: without what only the storage reads. */
function shown(message: KeptChat): ChatMessage {
  const { spectators: _, id: _id, ...rest } = message;
  return clone(rest);
}

/** Whether a chat message is in a reader's scope (the SQL of sqlite-chat.ts, in code). */
function inScope(message: KeptChat, scope: ChatScope): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'spectator') return message.to.kind === 'table' && message.spectators;
  if (message.to.kind === 'table') return true;
  if (scope.kind === 'public') return false;
  const fromSeat = message.from.role === 'player' ? message.from.seatId : undefined;
  const toSeat = message.to.kind === 'seat' ? message.to.seatId : undefined;
  return fromSeat === scope.seatId || toSeat === scope.seatId;
}

const copy = (bytes: Uint8Array) => new Uint8Array(bytes);
const clone = <T>(value: T): T => structuredClone(value);

/**
 * Everything in this process's memory, gone when it exits: for tests and throwaway servers,
 * and the second adapter that keeps the Storage contract honest (contract.test.ts runs the
 * same cases against it and SQLite). Every write is all-or-nothing like one SQL transaction:
 * it checks first and changes after; a `batch` keeps an undo list and runs it if its work
 * throws.
 */
export function openMemoryStorage(): Storage {
  const tables = new Map<string, TableData>();
  const tokens = new Map<string, TokenRecord>();
  let undo: (() => void)[] | null = null;
  let closed = false;

  const live = () => {
    if (closed) throw new Error('the storage is closed');
  };
  const table = (id: string): TableData => {
    const found = tables.get(id);
    if (!found) throw new Error(`no table ${id}`);
    return found;
  };
  const checkTokens = (fresh: readonly TokenRecord[]) => {
    const seen = new Set<string>();
    for (const token of fresh) {
      if (tokens.has(token.hash) || seen.has(token.hash)) {
        throw new Error('UNIQUE constraint failed: tokens.hash');
      }
      if (!tables.has(token.tableId)) throw new Error(`no table ${token.tableId}`);
      seen.add(token.hash);
    }
  };
  const putToken = (token: TokenRecord) => {
    tokens.set(token.hash, { ...token });
    undo?.push(() => tokens.delete(token.hash));
  };
  const revoke = (token: TokenRecord) => {
    if (token.revoked) return;
    token.revoked = true;
    undo?.push(() => (token.revoked = false));
  };

  const append = (command: NewCommand): number => {
    live();
    const data = table(command.tableId);
    if (data.commands.has(command.commandId)) {
      throw new Error('UNIQUE constraint failed: commands.table_id, commands.command_id');
    }
    checkTokens(command.tokens ?? []);
    const seq = (data.bySeq.at(-1)?.seq ?? 0) + 1;
    const { updates, tokens: minted, revokeSeat, ...row } = command;
    const stored: StoredCommand = clone({
      ...row,
      secretHash: command.secretHash ?? null,
      result: command.result === undefined ? null : command.result,
      seq,
    });
    data.commands.set(command.commandId, stored);
    data.bySeq.push(stored);
    for (const update of updates) data.updates[update.doc].push({ seq, bytes: copy(update.bytes) });
    undo?.push(() => {
      data.commands.delete(command.commandId);
      data.bySeq.pop();
      for (const key of DOC_KEYS)
        data.updates[key] = data.updates[key].filter((u) => u.seq !== seq);
    });
    for (const token of minted ?? []) putToken(token);
    if (revokeSeat !== undefined) {
      for (const token of tokens.values()) {
        if (
          token.tableId === command.tableId &&
          token.kind === 'seat' &&
          token.seatId === revokeSeat
        ) {
          revoke(token);
        }
      }
    }
    return seq;
  };

  return {
    createTable: (record, docs, fresh, history, sealedLinks) => {
      live();
      if (tables.has(record.id)) throw new Error('UNIQUE constraint failed: tables.id');
      tables.set(record.id, {
        record: { ...record },
        commands: new Map(),
        bySeq: [],
        snapshots: { pub: { seq: 0, bytes: copy(docs.pub) }, gm: { seq: 0, bytes: copy(docs.gm) } },
        updates: { pub: [], gm: [] },
        chat: [],
        ...(sealedLinks === undefined ? {} : { sealedLinks: copy(sealedLinks) }),
      });
      try {
        checkTokens(fresh);
      } catch (error) {
        tables.delete(record.id);
        throw error;
      }
      undo?.push(() => tables.delete(record.id));
      for (const token of fresh) putToken(token);
      if (history !== undefined) append(restoreCommand(record, history));
    },
    getTable: (id) => {
      live();
      const found = tables.get(id);
      return found ? { ...found.record } : undefined;
    },
    findToken: (hash) => {
      live();
      const found = tokens.get(hash);
      return found ? { ...found } : undefined;
    },
    addToken: (token) => {
      live();
      checkTokens([token]);
      putToken(token);
    },
    rotateLinks: (tableId, fresh, sealedLinks) => {
      live();
      checkTokens(fresh);
      const old = [...tokens.values()].filter(
        (t) =>
          t.tableId === tableId &&
          t.kind === 'link' &&
          !t.revoked &&
          (t.role === 'player' || t.role === 'spectator'),
      );
      for (const token of old) revoke(token);
      for (const token of fresh) putToken(token);
      // Like SQL's UPDATE, a table that does not exist is no error and gets nothing.
      const data = tables.get(tableId);
      if (data) {
        const before = data.sealedLinks;
        data.sealedLinks = copy(sealedLinks);
        undo?.push(() => (data.sealedLinks = before));
      }
      return old.map((t) => t.hash);
    },
    sealedLinks: (tableId) => {
      live();
      const found = tables.get(tableId)?.sealedLinks;
      return found ? copy(found) : undefined;
    },
    findCommand: (tableId, commandId) => {
      live();
      const found = tables.get(tableId)?.commands.get(commandId);
      return found ? clone(found) : undefined;
    },
    appendCommand: (command) => append(command),
    batch: <T>(work: () => T): T => {
      live();
      if (undo) return work();
      const mine: (() => void)[] = [];
      undo = mine;
      try {
        return work();
      } catch (error) {
        for (const step of mine.reverse()) step();
        throw error;
      } finally {
        undo = null;
      }
    },
    loadDocuments: (tableId): StoredDocuments => {
      live();
      const data = tables.get(tableId);
      const docs: StoredDocuments['docs'] = {
        pub: { snapshot: null, updates: [] },
        gm: { snapshot: null, updates: [] },
      };
      if (!data) return { seq: 0, docs };
      for (const key of DOC_KEYS) {
        const snapshot = data.snapshots[key];
        docs[key].snapshot = copy(snapshot.bytes);
        docs[key].updates = data.updates[key]
          .filter((u) => u.seq > snapshot.seq)
          .map((u) => copy(u.bytes));
      }
      return { seq: data.bySeq.at(-1)?.seq ?? 0, docs };
    },
    compact: (tableId, seq, docs) => {
      live();
      const data = table(tableId);
      const before = { snapshots: data.snapshots, updates: data.updates };
      data.snapshots = { pub: { seq, bytes: copy(docs.pub) }, gm: { seq, bytes: copy(docs.gm) } };
      data.updates = {
        pub: data.updates.pub.filter((u) => u.seq > seq),
        gm: data.updates.gm.filter((u) => u.seq > seq),
      };
      undo?.push(() => Object.assign(data, before));
    },
    readLog: (tableId, before, limit) => {
      live();
      const data = tables.get(tableId);
      const bound = before ?? Number.MAX_SAFE_INTEGER;
      const entries: unknown[] = [];
      // Newest first, as the SQL walks it, then turned back to oldest first.
      for (let i = (data?.bySeq.length ?? 0) - 1; i >= 0 && entries.length < limit; i--) {
        const log = (data!.bySeq[i]!.result as { log?: unknown } | null)?.log;
        if (!Array.isArray(log)) continue;
        for (let j = log.length - 1; j >= 0 && entries.length < limit; j--) {
          const n = (log[j] as { n?: unknown } | null)?.n;
          if (typeof n === 'number' && n < bound) entries.push(clone(log[j]));
        }
      }
      return entries.reverse();
    },
    readRolls: (tableId, query) => {
      live();
      const rows = tables.get(tableId)?.bySeq ?? [];
      // Newest first, back to the session's start, as the SQL reads them.
      function* session(): Generator<CommandRolls> {
        for (let i = rows.length - 1; i >= 0 && rows[i]!.type !== 'session.start'; i--) {
          yield { seq: rows[i]!.seq, rolls: rollsOf(rows[i]!.result) };
        }
      }
      const page = rollPage(session(), query);
      return { ...page, rolls: page.rolls.map((r) => ({ seq: r.seq, roll: clone(r.roll) })) };
    },
    appendChat: (tableId, message) => {
      live();
      const data = table(tableId);
      const id = message.id;
      if (id !== undefined && data.chat.some((m) => sameRetry(m, message.from, id))) {
        throw new Error('UNIQUE constraint failed: index chat_retry');
      }
      const kept: KeptChat = { n: data.chat.length + 1, ...clone(message) };
      data.chat.push(kept);
      undo?.push(() => data.chat.pop());
      return shown(kept);
    },
    findChat: (tableId, from, id) => {
      live();
      const found = tables.get(tableId)?.chat.find((m) => sameRetry(m, from, id));
      return found ? shown(found) : undefined;
    },
    readChat: (tableId, scope, before, limit) => {
      live();
      const out: ChatMessage[] = [];
      const chat = tables.get(tableId)?.chat ?? [];
      const bound = before ?? Number.MAX_SAFE_INTEGER;
      for (let i = chat.length - 1; i >= 0 && out.length < limit; i--) {
        const message = chat[i]!;
        if (message.n >= bound || !inScope(message, scope)) continue;
        out.push(shown(message));
      }
      return out.reverse();
    },
    close: () => {
      closed = true;
    },
  };
}
