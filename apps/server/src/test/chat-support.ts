import type { ChatMessage, ChatPage, ChatSent, ChatTarget } from '@fateboard/table';
import type { ChatScope } from '../storage';
import type { Participant } from './harness';

// What the chat tests share: sending, paging, and what one socket was sent.

/**
 * The indexes each reader's chat page is read by, the same in SQLite and PostgreSQL: the
 * storage tests check that each page's query plan uses them rather than a scan.
 */
export const CHAT_PAGE_INDEXES: Record<ChatScope['kind'], string[]> = {
  gm: ['chat_gm'],
  public: ['chat_public'],
  spectator: ['chat_spectators'],
  seat: ['chat_public', 'chat_from_seat', 'chat_to_seat'],
};

export const TO_TABLE: ChatTarget = { kind: 'table' };
export const TO_GM: ChatTarget = { kind: 'gm' };
export const toSeat = (seatId: string): ChatTarget => ({ kind: 'seat', seatId });

export async function say(p: Participant, to: ChatTarget, text: unknown): Promise<ChatSent> {
  return (await p.socket.timeout(5000).emitWithAck('chat.send', { to, text })) as ChatSent;
}

export async function sayOk(p: Participant, to: ChatTarget, text: string): Promise<ChatMessage> {
  const sent = await say(p, to, text);
  if (!sent.ok) throw new Error(`chat refused: ${sent.code} ${sent.message}`);
  return sent.message;
}

export async function history(p: Participant, query: unknown = {}): Promise<ChatPage> {
  return (await p.socket.timeout(5000).emitWithAck('chat.history', query)) as ChatPage;
}

/** The texts of one page of history, or the refusal's code. */
export async function historyTexts(
  p: Participant,
  query: unknown = {},
): Promise<string[] | string> {
  const page = await history(p, query);
  return page.ok ? page.messages.map((m) => m.text) : page.code;
}

/** Every `chat` event one participant got, and every raw engine.io frame, as text. */
export class ChatRecorder {
  readonly messages: ChatMessage[] = [];
  private readonly frames: string[] = [];
  constructor(readonly p: Participant) {
    p.socket.on('chat', (m: ChatMessage) => this.messages.push(m));
    // Below socket.io's parser: events, acknowledgements, anything the server wrote.
    p.socket.io.engine.on('data', (data: unknown) =>
      this.frames.push(
        typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8'),
      ),
    );
  }

  texts(): string[] {
    return this.messages.map((m) => m.text);
  }

  wire(): string {
    return this.frames.join('\n');
  }

  /**
   * Everything the server wrote to this socket before now has arrived: the server handles a
   * socket's events in order, and delivers a message before it acknowledges its sender, so an
   * answered request sent after it comes after anything that message wrote here.
   */
  async barrier(): Promise<void> {
    if (!this.p.socket.connected) return;
    await this.p.socket.timeout(5000).emitWithAck('chat.history', { limit: 1 });
  }
}
