import * as v from 'valibot';
import {
  CHAT_PAGE_DEFAULT,
  ChatMessageSchema,
  ChatPageSchema,
  ChatSentSchema,
} from '@fateboard/table';
import type { ChatMessage, ChatSent, ChatTarget } from '@fateboard/table';
import { i18n } from '../../lib/i18n';
import type { LazySocket } from '../../lib/socket';

// The table chat in the browser (docs/PROTOCOL.md "Chat"): what the server sent this person,
// merged by message number, the unread count, paging back. Small and loaded up front, so the
// unread badge counts before the (lazy) panel is ever opened. Every answer is parsed: the
// network is untrusted.

export const messages = i18n('lib/chat', {
  tab: 'Chat',
  unread: 'unread',
  offline: 'Not connected: the message was not sent.',
  badAnswer: 'The server gave an answer this page does not understand.',
});

/** What the chat needs of a socket.io connection; the real socket in the app, a fake in tests. */
export interface ChatTransport {
  readonly connected: boolean;
  request(event: 'chat.send' | 'chat.history', payload: unknown): Promise<unknown>;
  /** Calls back with every `chat` event; returns an unsubscribe function. */
  onMessage(callback: (payload: unknown) => void): () => void;
  /** Calls back on every (re)connection; returns an unsubscribe function. */
  onConnect(callback: () => void): () => void;
}

export function socketChatTransport(socket: LazySocket): ChatTransport {
  return {
    get connected() {
      return socket.connected;
    },
    request: async (event, payload) => {
      const current = socket.current;
      if (!current) throw new Error('Not connected');
      return (await current.timeout(10_000).emitWithAck(event, payload)) as unknown;
    },
    onMessage: (callback) => socket.listen('chat', callback),
    onConnect: (callback) => socket.listen('connect', callback),
  };
}

/** `a` and `b` as one list ordered by number, each message once (a retry or a reload repeats). */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byN = new Map<number, ChatMessage>();
  for (const m of a) byN.set(m.n, m);
  for (const m of b) byN.set(m.n, m);
  return [...byN.values()].sort((x, y) => x.n - y.n);
}

/** Who is reading: the chat marks whispers from this person's side. */
export interface ChatMe {
  role: 'gm' | 'player' | 'spectator';
  seatId: string | null;
}

/**
 * How a message reads for `me`: public, or a whisper seen from one of its readers (the server
 * sends a whisper to no one else, whisperReaders in @fateboard/table).
 */
export type ChatKind =
  | { kind: 'public' }
  | { kind: 'whisper-to-gm' } // a player's whisper: its sender's own, or one the GM received
  | { kind: 'whisper-to-player'; seatId: string } // the GM's whisper: to this player, or the GM's own
  // between two players: read by those two, and by the GM when the table let it (`gmReads`)
  | { kind: 'whisper-between'; fromSeat: string; toSeat: string; gmReads: boolean };

export function chatKind(message: ChatMessage): ChatKind {
  const to = message.to;
  switch (to.kind) {
    case 'table':
      return { kind: 'public' };
    case 'gm':
      return { kind: 'whisper-to-gm' };
    case 'seat':
      return message.from.role === 'player'
        ? {
            kind: 'whisper-between',
            fromSeat: message.from.seatId,
            toSeat: to.seatId,
            gmReads: message.gmReads === true,
          }
        : { kind: 'whisper-to-player', seatId: to.seatId };
  }
}

/** Whether `me` wrote the message (no unread count for one's own words). */
export function isMine(message: ChatMessage, me: ChatMe): boolean {
  if (message.from.role === 'gm') return me.role === 'gm';
  return me.role === 'player' && message.from.seatId === me.seatId;
}

/** A `chat.send` without an acknowledgement yet, and the caller waiting for one. */
interface Unanswered {
  payload: { id: string; to: ChatTarget; text: string };
  resolve: (sent: ChatSent) => void;
}

export class ChatClient {
  /** What this person may read, oldest first. */
  messages = $state<ChatMessage[]>([]);
  /** Older messages exist on the server. */
  more = $state(false);
  loadingOlder = $state(false);
  /** Messages that arrived while the panel was not on screen. */
  unread = $state(0);
  /** The server refused the history (`chat-off` for a spectator while the GM keeps it closed). */
  refused = $state<string | null>(null);
  #visible = false;
  #off: (() => void)[] = [];
  /** Sends not answered yet, by their id: sent again, with that id, on every reconnection. */
  #unanswered = new Map<string, Unanswered>();

  constructor(
    private readonly transport: ChatTransport,
    private readonly me: () => ChatMe,
    private readonly options: { newId?: () => string } = {},
  ) {
    this.#off.push(transport.onMessage((payload) => this.#receive(payload)));
    // After every (re)connection: what was said meanwhile, and the sends still unanswered.
    this.#off.push(
      transport.onConnect(() => {
        void this.loadLatest();
        for (const send of this.#unanswered.values()) this.#emit(send);
      }),
    );
    if (transport.connected) void this.loadLatest();
  }

  /** The panel is (not) on screen; on screen, everything is read. */
  setVisible(visible: boolean): void {
    this.#visible = visible;
    if (visible) this.unread = 0;
  }

  #receive(payload: unknown): void {
    const parsed = v.safeParse(ChatMessageSchema, payload);
    if (!parsed.success) return;
    const message = parsed.output;
    const known = this.messages.some((m) => m.n === message.n);
    this.messages = mergeMessages(this.messages, [message]);
    this.refused = null;
    if (!known && !this.#visible && !isMine(message, this.me())) this.unread++;
  }

  async #page(before: number | undefined): Promise<void> {
    let answer: unknown;
    try {
      answer = await this.transport.request('chat.history', {
        ...(before === undefined ? {} : { before }),
        limit: CHAT_PAGE_DEFAULT,
      });
    } catch {
      return; // no answer (dropped): the next connection loads again
    }
    const parsed = v.safeParse(ChatPageSchema, answer);
    if (!parsed.success) return;
    const page = parsed.output;
    if (!page.ok) {
      this.refused = page.code;
      return;
    }
    this.refused = null;
    const empty = this.messages.length === 0;
    this.messages = mergeMessages(this.messages, page.messages);
    // A page further back, or the first one, says whether older ones exist; reloading the
    // newest page after a reconnection leaves what "Load older" already fetched as it was.
    if (before !== undefined || empty) this.more = page.more;
  }

  loadLatest(): Promise<void> {
    return this.#page(undefined);
  }

  async loadOlder(): Promise<void> {
    const oldest = this.messages[0]?.n;
    if (oldest === undefined || this.loadingOlder) return;
    this.loadingOlder = true;
    try {
      await this.#page(oldest);
    } finally {
      this.loadingOlder = false;
    }
  }

  /**
   * Sends one message; answers the server's acknowledgement (or a local refusal). The message
   * carries an id of its own: when no acknowledgement comes (a lost connection), it is sent
   * again with that id once connected, and the server answers a retry with the message it
   * stored, so a message is never posted twice.
   */
  send(to: ChatTarget, text: string): Promise<ChatSent> {
    if (!this.transport.connected) {
      return Promise.resolve({ ok: false, code: 'offline', message: messages.get().offline });
    }
    const id = (this.options.newId ?? (() => crypto.randomUUID()))();
    return new Promise<ChatSent>((resolve) => {
      const send: Unanswered = { payload: { id, to, text }, resolve };
      this.#unanswered.set(id, send);
      this.#emit(send);
    });
  }

  #emit(send: Unanswered): void {
    this.transport.request('chat.send', send.payload).then(
      (answer) => this.#answered(send, answer),
      // No answer in time: asked again now if still connected, else on reconnection.
      () => {
        if (this.#unanswered.get(send.payload.id) === send && this.transport.connected) {
          this.#emit(send);
        }
      },
    );
  }

  #answered(send: Unanswered, answer: unknown): void {
    if (this.#unanswered.get(send.payload.id) !== send) return; // an earlier attempt answered
    this.#unanswered.delete(send.payload.id);
    const parsed = v.safeParse(ChatSentSchema, answer);
    if (!parsed.success) {
      send.resolve({ ok: false, code: 'bad-answer', message: messages.get().badAnswer });
      return;
    }
    if (parsed.output.ok) this.messages = mergeMessages(this.messages, [parsed.output.message]);
    send.resolve(parsed.output);
  }

  /** Stops; sends still unanswered are answered as not sent. */
  destroy(): void {
    for (const off of this.#off) off();
    this.#off = [];
    for (const send of this.#unanswered.values()) {
      send.resolve({ ok: false, code: 'offline', message: messages.get().offline });
    }
    this.#unanswered.clear();
  }
}
