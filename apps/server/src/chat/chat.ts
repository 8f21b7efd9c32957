import * as v from 'valibot';
import {
  CHAT_PAGE_DEFAULT,
  ChatHistorySchema,
  ChatSendSchema,
  chatRefusal,
  chatVisible,
  gmReadsWhispers,
  joinFirst,
  spectatorChatOn,
  spectatorRefusal,
} from '@fateboard/table';
import type {
  ChatAuthor,
  ChatMessage,
  ChatPage,
  ChatReader,
  ChatSent,
  ChatWriter,
  Role,
} from '@fateboard/table';
import type { Verdict } from '../limits/budgets';
import type { Connections, LiveConnection } from '../socketio/connections';
import type { GroupCommit } from '../room/group-commit';
import type { TableRoom } from '../room/room';
import { STORAGE_FULL } from '../room/room';
import type { ChatScope, NewChatMessage, Storage } from '../storage';
import type { Log } from '../ops/logger';

// The table chat (docs/PROTOCOL.md "Chat"): transport-free, as the room is. socketio.ts hands
// it the sender and the raw payload; it validates, stores through the group commit (the same
// transaction and fsync as the commands of that turn), and writes each message only to the
// connections allowed to read it (chatVisible), never to a room broadcast filtered later: a
// whisper's bytes reach the sockets of its readers and nobody else's.

/** What delivering a stored message needs. */
export interface DeliverDeps {
  connections: Connections;
  log: Log;
}

export interface ChatDeps extends DeliverDeps {
  storage: Storage;
  commits: GroupCommit;
  clock: () => number;
  /** A table's chat keeps its newest this many messages (Limits.chatKeep). */
  keep: number;
  /** Cluster mode: hands a stored message to the other nodes, which deliver it to theirs. */
  spread?: (tableId: string, message: ChatMessage) => void;
}

/** Who sends or reads, as the connection knows it now (a join seats a player link later). */
export interface ChatSender {
  tableId: string;
  role: Role;
  seatId?: string;
}

type Refusal = Extract<ChatSent, { ok: false }>;
const refuse = (code: string, message: string, retryInMs?: number): Refusal =>
  retryInMs === undefined ? { ok: false, code, message } : { ok: false, code, message, retryInMs };

/** What a reader may see, with the GM's spectator switch read from the live document now. */
function readerOf(who: ChatSender, room: TableRoom): ChatReader {
  switch (who.role) {
    case 'gm':
      return { role: 'gm' };
    case 'player':
      return who.seatId === undefined ? { role: 'player' } : { role: 'player', seatId: who.seatId };
    case 'spectator':
      return { role: 'spectator', allowed: spectatorChatOn(room.doc('pub')) };
  }
}

function scopeOf(reader: ChatReader): ChatScope {
  if (reader.role === 'gm') return { kind: 'gm' };
  if (reader.role === 'spectator') return { kind: 'spectator' };
  if (reader.seatId !== undefined) return { kind: 'seat', seatId: reader.seatId };
  return { kind: 'public' };
}

function seatName(room: TableRoom, seatId: string): string | undefined {
  const seat = room.doc('pub').getMap('seats').get(seatId) as
    { get(key: string): unknown } | undefined;
  const name = seat?.get('name');
  return typeof name === 'string' ? name : undefined;
}

function writerOf(sender: ChatSender): ChatWriter {
  if (sender.role === 'player') {
    return sender.seatId === undefined
      ? { role: 'player' }
      : { role: 'player', seatId: sender.seatId };
  }
  return { role: sender.role };
}

/**
 * `chat.send`: checks, stores and delivers one message; answers the acknowledgement once it is
 * committed. `pay` takes the message from the sender's chat budget (budgets.ts), only for a
 * message that would be stored: a typo's refusal or a retry costs nothing.
 */
export async function sendChat(
  deps: ChatDeps,
  room: TableRoom,
  sender: ChatSender,
  pay: () => Promise<Verdict>,
  input: unknown,
): Promise<ChatSent> {
  const writer = writerOf(sender);
  const spectator = spectatorRefusal(writer);
  if (spectator) return spectator;
  const parsed = v.safeParse(ChatSendSchema, input);
  if (!parsed.success) return refuse('bad-chat', v.summarize(parsed.issues));
  const { id, to, text } = parsed.output;

  let from: ChatAuthor;
  if (writer.role === 'gm') {
    from = { role: 'gm' };
  } else {
    const seatId = writer.role === 'player' ? writer.seatId : undefined;
    const name = seatId === undefined ? undefined : seatName(room, seatId);
    if (seatId === undefined || name === undefined) return joinFirst();
    from = { role: 'player', seatId, name };
  }
  // A retry (an id this author already stored) answers the stored message, whatever it says
  // now: nothing is stored, delivered again or counted against the budget.
  if (id !== undefined) {
    let stored;
    try {
      stored = await deps.storage.findChat(sender.tableId, from, id);
    } catch (error) {
      deps.log('reading a chat message failed', error, sender.tableId);
      return refuse('storage', 'The message could not be saved; send it again.');
    }
    if (stored) return { ok: true, message: stored };
  }
  const refusal = chatRefusal(writer, to, (seatId) => seatName(room, seatId) !== undefined);
  if (refusal) return refuse(refusal.code, refusal.message);
  if (room.full) return refuse(STORAGE_FULL.code, STORAGE_FULL.message);
  const paid = await pay();
  if (!paid.ok) {
    return refuse(
      'rate-limited',
      'Too many messages; wait a moment and send again.',
      paid.retryInMs,
    );
  }

  const pub = room.doc('pub');
  const message: NewChatMessage = {
    at: deps.clock(),
    from,
    to,
    text,
    spectators: to.kind === 'table' && spectatorChatOn(pub),
    ...(from.role === 'player' && to.kind === 'seat' ? { gmReads: gmReadsWhispers(pub) } : {}),
    ...(id === undefined ? {} : { id }),
  };
  const committed = await deps.commits.submitChat(room, message, deps.keep);
  if (!committed.ok) return refuse('storage', 'The message could not be saved; send it again.');
  const { stored } = committed;
  // Stored by a copy of this very send a moment before (a retry in the same batch): answered,
  // not delivered twice.
  if (stored.fresh) {
    deliverChat(deps, room, stored.message);
    deps.spread?.(sender.tableId, stored.message);
  }
  return { ok: true, message: stored.message };
}

/** Writes a stored message to every connection of its table allowed to read it, and only those. */
export function deliverChat(deps: DeliverDeps, room: TableRoom, message: ChatMessage): void {
  for (const connection of deps.connections.ofTable(room.id)) {
    if (!connection.chat) continue;
    if (!chatVisible(message, readerOf(connectionSender(connection), room))) continue;
    try {
      connection.chat(message);
    } catch (error) {
      deps.log('delivering a chat message failed', error, room.id);
    }
  }
}

/** The connection's sender as it stands now: a join may have seated it since it opened. */
export function connectionSender(c: LiveConnection): ChatSender {
  return c.seatId === undefined
    ? { tableId: c.tableId, role: c.role }
    : { tableId: c.tableId, role: c.role, seatId: c.seatId };
}

/** `chat.history`: one page of what this reader may see, newest first by `before`. */
export async function chatHistory(
  deps: ChatDeps,
  room: TableRoom,
  reader: ChatSender,
  input: unknown,
): Promise<ChatPage> {
  const parsed = v.safeParse(ChatHistorySchema, input ?? {});
  if (!parsed.success) return refuse('bad-chat', v.summarize(parsed.issues));
  const who = readerOf(reader, room);
  if (who.role === 'spectator' && !who.allowed) {
    return refuse('chat-off', 'The GM turned the chat off for spectators.');
  }
  const limit = parsed.output.limit ?? CHAT_PAGE_DEFAULT;
  let messages;
  try {
    // One more than asked tells whether an older page exists.
    messages = await deps.storage.readChat(
      reader.tableId,
      scopeOf(who),
      parsed.output.before,
      limit + 1,
    );
  } catch (error) {
    deps.log('reading the chat failed', error, reader.tableId);
    return refuse('storage', 'The chat could not be read; try again.');
  }
  const more = messages.length > limit;
  return { ok: true, messages: more ? messages.slice(1) : messages, more };
}
