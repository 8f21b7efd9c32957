import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@fateboard/table';
import { ChatClient, chatKind, isMine, mergeMessages, type ChatTransport } from './chat.svelte';

const msg = (n: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  n,
  at: 1_000 * n,
  from: { role: 'player', seatId: 'ann', name: 'Ann' },
  to: { kind: 'table' },
  text: `message ${n}`,
  ...fields,
});

/** A socket that answers requests from a script and lets the test push `chat` events. */
class FakeTransport implements ChatTransport {
  connected = true;
  requests: { event: string; payload: unknown }[] = [];
  answers: unknown[] = [];
  /** Requests to leave unanswered (a connection lost before the acknowledgement came). */
  lose = 0;
  #message: ((p: unknown) => void)[] = [];
  #connect: (() => void)[] = [];
  request(event: 'chat.send' | 'chat.history', payload: unknown): Promise<unknown> {
    this.requests.push({ event, payload });
    if (this.lose > 0) {
      this.lose--;
      return Promise.reject(new Error('operation has timed out'));
    }
    return Promise.resolve(this.answers.shift());
  }
  onMessage(cb: (p: unknown) => void) {
    this.#message.push(cb);
    return () => (this.#message = this.#message.filter((l) => l !== cb));
  }
  onConnect(cb: () => void) {
    this.#connect.push(cb);
    return () => (this.#connect = this.#connect.filter((l) => l !== cb));
  }
  push(payload: unknown) {
    for (const l of this.#message) l(payload);
  }
  reconnect() {
    for (const l of this.#connect) l();
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('mergeMessages', () => {
  it('orders by number and keeps each message once', () => {
    const merged = mergeMessages([msg(3), msg(1)], [msg(2), msg(3, { text: 'again' })]);
    expect(merged.map((m) => [m.n, m.text])).toEqual([
      [1, 'message 1'],
      [2, 'message 2'],
      [3, 'again'],
    ]);
  });
});

describe('chatKind and isMine', () => {
  it('marks whispers and tells one’s own words', () => {
    expect(chatKind(msg(1))).toEqual({ kind: 'public' });
    expect(chatKind(msg(1, { to: { kind: 'gm' } }))).toEqual({ kind: 'whisper-to-gm' });
    expect(chatKind(msg(1, { from: { role: 'gm' }, to: { kind: 'seat', seatId: 'bo' } }))).toEqual({
      kind: 'whisper-to-player',
      seatId: 'bo',
    });
    // A player's whisper to another player, and whether the GM reads it.
    expect(chatKind(msg(1, { to: { kind: 'seat', seatId: 'bo' }, gmReads: true }))).toEqual({
      kind: 'whisper-between',
      fromSeat: 'ann',
      toSeat: 'bo',
      gmReads: true,
    });
    expect(chatKind(msg(1, { to: { kind: 'seat', seatId: 'bo' } }))).toMatchObject({
      gmReads: false,
    });
    expect(isMine(msg(1), { role: 'player', seatId: 'ann' })).toBe(true);
    expect(isMine(msg(1), { role: 'player', seatId: 'bo' })).toBe(false);
    expect(isMine(msg(1), { role: 'gm', seatId: null })).toBe(false);
    expect(isMine(msg(1, { from: { role: 'gm' } }), { role: 'gm', seatId: null })).toBe(true);
  });
});

describe('ChatClient', () => {
  function setup(me = { role: 'player' as const, seatId: 'bo' }) {
    const transport = new FakeTransport();
    transport.answers.push({ ok: true, messages: [msg(4), msg(5)], more: true });
    let ids = 0;
    const client = new ChatClient(transport, () => me, { newId: () => `id-${++ids}` });
    return { transport, client };
  }

  it('loads the newest page, then older pages with `before`', async () => {
    const { transport, client } = setup();
    await flush();
    expect(transport.requests[0]).toEqual({ event: 'chat.history', payload: { limit: 50 } });
    expect(client.messages.map((m) => m.n)).toEqual([4, 5]);
    expect(client.more).toBe(true);
    transport.answers.push({ ok: true, messages: [msg(2), msg(3)], more: false });
    await client.loadOlder();
    expect(transport.requests[1]).toEqual({
      event: 'chat.history',
      payload: { before: 4, limit: 50 },
    });
    expect(client.messages.map((m) => m.n)).toEqual([2, 3, 4, 5]);
    expect(client.more).toBe(false);
    // A reconnection reloads the newest page and keeps what was paged back.
    transport.answers.push({ ok: true, messages: [msg(5), msg(6)], more: true });
    transport.reconnect();
    await flush();
    expect(client.messages.map((m) => m.n)).toEqual([2, 3, 4, 5, 6]);
    expect(client.more).toBe(false);
  });

  it('counts unread messages while hidden, not one’s own, and clears them when shown', async () => {
    const { transport, client } = setup();
    await flush();
    transport.push(msg(6));
    transport.push(msg(6)); // the same message twice counts once
    transport.push(msg(7, { from: { role: 'player', seatId: 'bo', name: 'Bo' } }));
    expect(client.unread).toBe(1);
    client.setVisible(true);
    expect(client.unread).toBe(0);
    transport.push(msg(8));
    expect(client.unread).toBe(0);
    expect(client.messages.map((m) => m.n)).toEqual([4, 5, 6, 7, 8]);
  });

  it('ignores what does not parse, and keeps the refusal of the history', async () => {
    const transport = new FakeTransport();
    transport.answers.push({ ok: false, code: 'chat-off', message: 'off' });
    const client = new ChatClient(transport, () => ({ role: 'spectator', seatId: null }));
    await flush();
    expect(client.refused).toBe('chat-off');
    transport.push({ n: 'x', text: '<b>' });
    transport.push(null);
    expect(client.messages).toEqual([]);
    expect(client.unread).toBe(0);
  });

  it('sends, adds the stored message, and passes refusals on', async () => {
    const { transport, client } = setup();
    await flush();
    const stored = msg(6, {
      from: { role: 'player', seatId: 'bo', name: 'Bo' },
      to: { kind: 'gm' },
    });
    transport.answers.push({ ok: true, message: stored });
    expect(await client.send({ kind: 'gm' }, 'psst')).toEqual({ ok: true, message: stored });
    expect(transport.requests.at(-1)).toEqual({
      event: 'chat.send',
      payload: { id: 'id-1', to: { kind: 'gm' }, text: 'psst' },
    });
    expect(client.messages.at(-1)).toEqual(stored);
    expect(client.unread).toBe(0);
    transport.answers.push({ ok: false, code: 'rate-limited', message: 'slow', retryInMs: 1500 });
    expect(await client.send({ kind: 'table' }, 'again')).toMatchObject({
      code: 'rate-limited',
      retryInMs: 1500,
    });
    transport.answers.push({ nonsense: true });
    expect(await client.send({ kind: 'table' }, 'x')).toMatchObject({ code: 'bad-answer' });
    transport.connected = false;
    expect(await client.send({ kind: 'table' }, 'x')).toMatchObject({ code: 'offline' });
  });

  it('sends an unanswered message again on reconnection, with the same id', async () => {
    const { transport, client } = setup();
    await flush();
    const stored = msg(6, { from: { role: 'player', seatId: 'bo', name: 'Bo' }, text: 'once' });
    // The connection drops before the acknowledgement: the send waits for the next one.
    transport.lose = 1;
    let answer: unknown;
    void client.send({ kind: 'table' }, 'once').then((a) => (answer = a));
    transport.connected = false;
    await flush();
    expect(answer).toBeUndefined();
    transport.connected = true;
    transport.answers.push({ ok: true, messages: [msg(4), msg(5)], more: true });
    transport.answers.push({ ok: true, message: stored });
    transport.reconnect();
    await flush();
    expect(answer).toEqual({ ok: true, message: stored });
    const sends = transport.requests.filter((r) => r.event === 'chat.send');
    expect(sends.map((r) => r.payload)).toEqual([
      { id: 'id-1', to: { kind: 'table' }, text: 'once' },
      { id: 'id-1', to: { kind: 'table' }, text: 'once' },
    ]);
    expect(client.messages.filter((m) => m.text === 'once')).toHaveLength(1);
    // Answered: another reconnection sends nothing more.
    transport.answers.push({ ok: true, messages: [], more: false });
    transport.reconnect();
    await flush();
    expect(transport.requests.filter((r) => r.event === 'chat.send')).toHaveLength(2);
  });

  it('asks again at once when a live connection gave no answer, and gives up when closed', async () => {
    const { transport, client } = setup();
    await flush();
    transport.lose = 1;
    transport.answers.push({ ok: true, message: msg(6, { text: 'late' }) });
    expect(await client.send({ kind: 'table' }, 'late')).toMatchObject({ ok: true });
    expect(transport.requests.filter((r) => r.event === 'chat.send')).toHaveLength(2);
    transport.lose = 1;
    transport.connected = false;
    const pending = client.send({ kind: 'table' }, 'never');
    expect(await pending).toMatchObject({ code: 'offline' }); // not connected: not sent at all
    transport.connected = true;
    const waiting = client.send({ kind: 'table' }, 'cut');
    transport.connected = false;
    transport.lose = 0;
    client.destroy();
    expect(await waiting).toMatchObject({ code: 'offline' });
  });
});
