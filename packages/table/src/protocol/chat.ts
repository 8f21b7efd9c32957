import * as v from 'valibot';
import { exhaustive } from '@fateboard/rules';
import { userText } from '../commands/text';
import { joinFirst, spectatorRefusal } from '../commands/context';

// The table chat on the wire (docs/PROTOCOL.md "Chat"). Chat is not document state: the
// documents go to every spectator, and a whisper must reach only its two ends. The server keeps
// the messages (its storage) and sends each one only to the sockets allowed to read it.

/** Longest message, in UTF-16 units, after trimming. */
export const CHAT_MAX_CHARS = 500;
/** Most messages one history page answers (`chat.history`'s `limit`), and its default. */
export const CHAT_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 50;

const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/**
 * Who a message is for: the whole table, the GM alone (a player's whisper), or one seat (the
 * GM's whisper to that player, or a player's whisper to another player). Who reads a whisper
 * is `whisperReaders`'.
 */
export const ChatTargetSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('table') }),
  v.strictObject({ kind: v.literal('gm') }),
  v.strictObject({ kind: v.literal('seat'), seatId: Id }),
]);
export type ChatTarget = v.InferOutput<typeof ChatTargetSchema>;

/**
 * A message's text: trimmed, 1..CHAT_MAX_CHARS, one line, no control characters or bidi
 * overrides (refused, not stripped: the sender sees why, as for every text, guarantee 7).
 * Anything else (`<script>`, emoji, accents) is stored as is and shown as text.
 */
export const ChatText = userText('name', CHAT_MAX_CHARS, 'message');

/**
 * `chat.send` (client → server, with an acknowledgement): one message. `id`, chosen by the
 * client (1–64 characters, unique per sender), makes a retry recognisable: the server stores a
 * sender's id once and answers a retry with the stored message, as it does a command's.
 */
export const ChatSendSchema = v.strictObject({
  id: v.optional(Id),
  to: ChatTargetSchema,
  text: ChatText,
});
export type ChatSend = v.InferOutput<typeof ChatSendSchema>;

/** `chat.history` (client → server, with an acknowledgement): a page of older messages. */
export const ChatHistorySchema = v.strictObject({
  /** Messages numbered below this one; the newest when absent. */
  before: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CHAT_PAGE_MAX))),
});
export type ChatHistory = v.InferOutput<typeof ChatHistorySchema>;

/** Who wrote a message: the GM, or a seat (with the seat's name when it was sent). */
export const ChatAuthorSchema = v.variant('role', [
  v.object({ role: v.literal('gm') }),
  v.object({ role: v.literal('player'), seatId: v.string(), name: v.string() }),
]);
export type ChatAuthor = v.InferOutput<typeof ChatAuthorSchema>;

/**
 * One stored message: `n` counts the table's messages from 1 (paging), `at` is ms. `gmReads`,
 * on a whisper between two players only: whether the GM reads it too (the table's switch,
 * `chat.whispers`, when it was sent; turning it on later shows the GM nothing said before).
 */
export const ChatMessageSchema = v.object({
  n: v.number(),
  at: v.number(),
  from: ChatAuthorSchema,
  to: ChatTargetSchema,
  text: v.string(),
  gmReads: v.optional(v.boolean()),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/** A refusal of a chat event; `retryInMs` when waiting will help (`rate-limited`). */
const ChatRefusal = v.object({
  ok: v.literal(false),
  code: v.string(),
  message: v.string(),
  retryInMs: v.optional(v.number()),
});

/** The acknowledgement of `chat.send`: the stored message, or a refusal. */
export const ChatSentSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), message: ChatMessageSchema }),
  ChatRefusal,
]);
export type ChatSent = v.InferOutput<typeof ChatSentSchema>;

/** The acknowledgement of `chat.history`: messages oldest first, and whether older exist. */
export const ChatPageSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), messages: v.array(ChatMessageSchema), more: v.boolean() }),
  ChatRefusal,
]);
export type ChatPage = v.InferOutput<typeof ChatPageSchema>;

/** Who reads: the GM, a player (with a seat once joined), or a spectator. */
export type ChatReader =
  { role: 'gm' } | { role: 'player'; seatId?: string } | { role: 'spectator'; allowed: boolean };

/** What the visibility rules read of a message. */
export type ChatEnvelope = Pick<ChatMessage, 'from' | 'to' | 'gmReads'>;

/**
 * Who reads a whisper: the seats at its two ends (the sender's and the recipient's, whichever
 * are seats), and whether the GM does: always when the GM is an end, and for a whisper between
 * two players only when the table let the GM read those when it was sent (`gmReads`).
 */
export function whisperReaders(message: ChatEnvelope): { gm: boolean; seats: string[] } {
  const fromSeat = message.from.role === 'player' ? [message.from.seatId] : [];
  const to = message.to;
  switch (to.kind) {
    case 'table':
      return { gm: true, seats: [] };
    case 'gm':
      return { gm: true, seats: fromSeat };
    case 'seat':
      return {
        gm: message.from.role === 'gm' || message.gmReads === true,
        seats: [...fromSeat, to.seatId],
      };
    default:
      return exhaustive(to);
  }
}

/**
 * Whether `reader` may read `message`. The one rule for live delivery, the stored history's
 * scopes and the client alike: public messages to everyone (spectators only while the GM
 * allows), a whisper to its readers only (`whisperReaders`).
 */
export function chatVisible(message: ChatEnvelope, reader: ChatReader): boolean {
  if (message.to.kind === 'table') return reader.role !== 'spectator' || reader.allowed;
  const readers = whisperReaders(message);
  if (reader.role === 'gm') return readers.gm;
  if (reader.role !== 'player' || reader.seatId === undefined) return false;
  return readers.seats.includes(reader.seatId);
}

/** Who sends: the GM, a player (with a seat once joined), or a spectator. */
export type ChatWriter =
  { role: 'gm' } | { role: 'player'; seatId?: string } | { role: 'spectator' };

/** Why a message may not go where it is sent: the code and the sentence of the refusal. */
export interface ChatRefusal {
  code: 'forbidden' | 'bad-chat' | 'not-found';
  message: string;
}

/**
 * Whether `writer` may send to `to`, at a table whose seats `seatExists` knows: undefined when
 * it may, else why not. The server refuses with it; the client offers only the targets it
 * allows (`chatTargets`). A player whispers to the GM or to another player's seat, the GM to
 * any seat; nobody whispers to themselves.
 */
export function chatRefusal(
  writer: ChatWriter,
  to: ChatTarget,
  seatExists: (seatId: string) => boolean,
): ChatRefusal | undefined {
  const barred =
    spectatorRefusal(writer) ??
    (writer.role === 'player' && writer.seatId === undefined ? joinFirst() : undefined);
  if (barred) return { code: 'forbidden', message: barred.message };
  switch (to.kind) {
    case 'table':
      return undefined;
    case 'gm':
      return writer.role === 'gm'
        ? { code: 'bad-chat', message: 'The GM whispers to a player, not to the GM.' }
        : undefined;
    case 'seat':
      if (!seatExists(to.seatId))
        return { code: 'not-found', message: 'No such player at this table.' };
      if (writer.role === 'player' && writer.seatId === to.seatId) {
        return { code: 'bad-chat', message: 'Whisper to someone else than yourself.' };
      }
      return undefined;
    default:
      return exhaustive(to);
  }
}

/** The targets `writer` may pick at a table with these seats, the table first (chatRefusal). */
export function chatTargets(writer: ChatWriter, seatIds: readonly string[]): ChatTarget[] {
  const seats = new Set(seatIds);
  const candidates: ChatTarget[] = [
    { kind: 'table' },
    { kind: 'gm' },
    ...seatIds.map((seatId): ChatTarget => ({ kind: 'seat', seatId })),
  ];
  return candidates.filter((to) => chatRefusal(writer, to, (id) => seats.has(id)) === undefined);
}
