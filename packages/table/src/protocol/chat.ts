import * as v from 'valibot';
import { exhaustive } from '@fateboard/rules';
import { userText } from '../commands/text';

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
 * GM's whisper to that player). Whispers are only ever between a player and the GM.
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

/** One stored message: `n` counts the table's messages from 1 (paging), `at` is ms. */
export const ChatMessageSchema = v.object({
  n: v.number(),
  at: v.number(),
  from: ChatAuthorSchema,
  to: ChatTargetSchema,
  text: v.string(),
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

/**
 * Whether `reader` may read `message`. The one rule for live delivery and history alike:
 * public messages to everyone (spectators only while the GM allows), a whisper to its two ends
 * only: the GM, and the one seat that sent or receives it.
 */
export function chatVisible(
  message: { from: ChatAuthor; to: ChatTarget },
  reader: ChatReader,
): boolean {
  const to = message.to;
  switch (to.kind) {
    case 'table':
      return reader.role !== 'spectator' || reader.allowed;
    case 'gm':
    case 'seat': {
      if (reader.role === 'gm') return true;
      if (reader.role !== 'player' || reader.seatId === undefined) return false;
      const fromSeat = message.from.role === 'player' ? message.from.seatId : undefined;
      const toSeat = to.kind === 'seat' ? to.seatId : undefined;
      return reader.seatId === fromSeat || reader.seatId === toSeat;
    }
    default:
      return exhaustive(to);
  }
}
