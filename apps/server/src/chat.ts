import * as v from 'valibot';
import {
  CHAT_PAGE_DEFAULT,
  ChatHistorySchema,
  ChatSendSchema,
  chatVisible,
  spectatorChatOn,
} from '@fateboard/table';
import type {
  ChatAuthor,
  ChatMessage,
  ChatPage,
  ChatReader,
  ChatSent,
  Role,
} from '@fateboard/table';
import type { Connections, LiveConnection } from './connections';
import type { TokenBucket } from './rate-limit';
import type { TableRoom } from './room';
import type { ChatScope, Storage } from './storage';
import type { Log } from './logger';

// The table chat (docs/PROTOCOL.md "Chat"): transport-free, as the room is. socketio.ts hands
// it the sender and the raw payload; it validates, stores, and writes each message only to the
// connections allowed to read it (chatVisible), never to a room broadcast filtered later: a
// whisper's bytes reach the sockets of its two ends and nobody else's.

export interface ChatDeps {
  storage: Storage;
  connections: Connections;
  clock: () => number;
  log: Log;
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
  if (reader.role === 'gm') return { kind: 'all' };
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

/** `chat.send`: checks, stores and delivers one message; answers the acknowledgement. */
export async function sendChat(
  deps: ChatDeps,
  room: TableRoom,
  sender: ChatSender,
  bucket: TokenBucket,
  input: unknown,
): Promise<ChatSent> {
  if (sender.role === 'spectator') {
    return refuse('forbidden', 'Spectators read the chat; they cannot write in it.');
  }
  const parsed = v.safeParse(ChatSendSchema, input);
  if (!parsed.success) return refuse('bad-chat', v.summarize(parsed.issues));
  const { id, to, text } = parsed.output;

  let from: ChatAuthor;
  if (sender.role === 'gm') {
    from = { role: 'gm' };
  } else {
    const name = sender.seatId === undefined ? undefined : seatName(room, sender.seatId);
    if (sender.seatId === undefined || name === undefined) {
      return refuse('forbidden', 'Join the table first.');
    }
    from = { role: 'player', seatId: sender.seatId, name };
  }
  // A retry (an id this author already stored) answers the stored message, whatever it says
  // now: nothing is stored, delivered again or counted against the rate.
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
  if (sender.role === 'gm') {
    if (to.kind === 'gm') return refuse('bad-chat', 'The GM whispers to a player, not to the GM.');
    if (to.kind === 'seat' && seatName(room, to.seatId) === undefined) {
      return refuse('not-found', 'No such player at this table.');
    }
  } else if (to.kind === 'seat') {
    return refuse('forbidden', 'Players whisper to the GM only.');
  }
  // Counted only for a message that would be stored: a typo's refusal costs nothing.
  if (!bucket.take()) {
    return refuse(
      'rate-limited',
      'Too many messages; wait a moment and send again.',
      bucket.msUntilNext(),
    );
  }

  const spectators = to.kind === 'table' && spectatorChatOn(room.doc('pub'));
  const stored = inTurn(room, async () => {
    const message = await deps.storage.appendChat(sender.tableId, {
      at: deps.clock(),
      from,
      to,
      text,
      spectators,
      ...(id === undefined ? {} : { id }),
    });
    deliverChat(deps, room, message);
    deps.spread?.(sender.tableId, message);
    return message;
  });
  try {
    return { ok: true, message: await stored };
  } catch (error) {
    deps.log('storing a chat message failed', error, sender.tableId);
    return refuse('storage', 'The message could not be saved; send it again.');
  }
}

/** Each room's chat appends, one after the other (see inTurn). */
const appending = new WeakMap<TableRoom, Promise<unknown>>();

/**
 * Runs a table's chat appends one at a time: the storage numbers a message when it stores it,
 * and every screen must get the messages in that order, which concurrent appends to a
 * networked database would not keep.
 */
function inTurn<T>(room: TableRoom, append: () => Promise<T>): Promise<T> {
  const next = (appending.get(room) ?? Promise.resolve()).then(append, append);
  appending.set(
    room,
    next.catch(() => {}),
  );
  return next;
}

/** Writes a stored message to every connection of its table allowed to read it, and only those. */
export function deliverChat(deps: ChatDeps, room: TableRoom, message: ChatMessage): void {
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
