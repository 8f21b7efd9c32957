import { describe, expect, it } from 'vitest';
import { CHAT_MAX_CHARS, spectatorRefusal } from '@fateboard/table';
import type { ChatSent } from '@fateboard/table';
import { api, connectSocket, createTable, tokenOfLink, waitFor } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import {
  ChatRecorder,
  TO_GM,
  TO_TABLE,
  history,
  historyTexts,
  say,
  sayOk,
  toSeat,
} from '../test/chat-support';

// The table chat over a real server, real sockets and a real SQLite file (docs/PROTOCOL.md
// "Chat"): bounds, refusals, the rate limit, durability, paging, link rotation. Whisper
// secrecy is guarantee 15 (guarantees/whispers.test.ts).

const t = serverPerTest();

async function seated(token: string, name: string) {
  const p = await t.connect(token, name.toLowerCase());
  const joined = await p.ok({ type: 'join', name });
  return { p, seatId: (joined.result as { seatId: string }).seatId };
}

describe('chat', () => {
  it('refuses bad messages with a clear code, stores nothing of them, and stays up', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const ann = await seated(table.tokens.player, 'Ann');
    const seatless = await t.connect(table.tokens.player, 'seatless');
    const spectator = await t.connect(table.tokens.spectator, 'spectator');

    const cases: [typeof gm, unknown, unknown, string][] = [
      [ann.p, TO_TABLE, '', 'bad-chat'],
      [ann.p, TO_TABLE, '   \u200b  ', 'bad-chat'],
      [ann.p, TO_TABLE, 'x'.repeat(CHAT_MAX_CHARS + 1), 'bad-chat'],
      [ann.p, TO_TABLE, 'bell\u0007', 'bad-chat'],
      [ann.p, TO_TABLE, 'two\nlines', 'bad-chat'],
      [ann.p, TO_TABLE, 'flip \u202e this', 'bad-chat'],
      [ann.p, TO_TABLE, 42, 'bad-chat'],
      [ann.p, { kind: 'everyone' }, 'hi', 'bad-chat'],
      [ann.p, undefined, 'hi', 'bad-chat'],
      [ann.p, toSeat(ann.seatId), 'a whisper to oneself', 'bad-chat'],
      [gm, TO_GM, 'to myself', 'bad-chat'],
      [gm, toSeat('no-such-seat'), 'hello?', 'not-found'],
      [seatless, TO_TABLE, 'I have no seat', 'forbidden'],
      [spectator, TO_TABLE, 'let me talk', 'forbidden'],
    ];
    for (const [p, to, text, code] of cases) {
      const answer = await say(p, to as never, text);
      expect(answer, JSON.stringify({ to, text })).toMatchObject({ ok: false, code });
      if (!answer.ok) expect(answer.message.length).toBeGreaterThan(0);
    }
    // Not an object at all, an extra field, a missing acknowledgement: refused or ignored.
    const raw = async (payload: unknown) =>
      (await ann.p.socket.timeout(5000).emitWithAck('chat.send', payload)) as { code?: string };
    expect((await raw('hello')).code).toBe('bad-chat');
    expect((await raw(null)).code).toBe('bad-chat');
    expect((await raw({ to: TO_TABLE, text: 'hi', extra: 1 })).code).toBe('bad-chat');
    ann.p.socket.emit('chat.send', { to: TO_TABLE, text: 'no ack wanted' });
    expect((await history(gm, { limit: 0 })) as { code?: string }).toMatchObject({
      code: 'bad-chat',
    });
    expect((await history(gm, { limit: 101 })) as { code?: string }).toMatchObject({
      code: 'bad-chat',
    });
    expect((await history(gm, { before: 'x' })) as { code?: string }).toMatchObject({
      code: 'bad-chat',
    });
    expect(await historyTexts(gm)).toEqual(['no ack wanted']);

    // Trimmed, and exactly the longest allowed; hostile text stored as it came.
    const longest = 'é'.repeat(CHAT_MAX_CHARS);
    expect((await sayOk(ann.p, TO_TABLE, `  ${longest}  `)).text).toBe(longest);
    const hostile = '<script>alert("pwned")</script> <img src=x onerror=alert(1)>';
    expect((await sayOk(gm, TO_TABLE, hostile)).text).toBe(hostile);
    expect(await historyTexts(ann.p)).toEqual(['no ack wanted', longest, hostile]);
    // Still up: a new connection is served.
    const later = await t.connect(table.tokens.spectator, 'later');
    expect(await historyTexts(later)).toHaveLength(3);
  });

  it('limits each person to a few messages per window over all their connections, retryably', async () => {
    let now = 1_000_000;
    const server = await t.start({ clock: () => now });
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    for (let i = 1; i <= 5; i++) await sayOk(gm, TO_TABLE, `message ${i}`);
    const refused = await say(gm, TO_TABLE, 'one too many');
    expect(refused).toMatchObject({ ok: false, code: 'rate-limited' });
    expect(!refused.ok && refused.retryInMs).toBeGreaterThan(0);
    expect(!refused.ok && refused.retryInMs).toBeLessThanOrEqual(2_000);
    // Another connection of the same GM draws on the same allowance; a refused message was
    // not stored.
    const other = await t.connect(table.tokens.gm, 'gm2');
    expect(await say(other, TO_TABLE, 'from the other tab')).toMatchObject({
      ok: false,
      code: 'rate-limited',
    });
    now += 2_000;
    await sayOk(other, TO_TABLE, 'from the other tab');
    now += 2_000;
    await sayOk(gm, TO_TABLE, 'after waiting');
    expect(await historyTexts(gm)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
      'from the other tab',
      'after waiting',
    ]);
  });

  it('keeps the chat across a restart on the same SQLite file, and pages it', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const bo = await seated(table.tokens.player, 'Bo');
    for (let i = 1; i <= 4; i++) await sayOk(gm, TO_TABLE, `public ${i}`);
    await sayOk(bo.p, TO_GM, 'secret plan');
    gm.close();
    bo.p.close();

    await server.restart();
    const gm2 = await t.connect(table.tokens.gm, 'gm-again');
    // Newest first by pages of 2, each page oldest first.
    const first = await history(gm2, { limit: 2 });
    expect(first).toMatchObject({ ok: true, more: true });
    expect(first.ok && first.messages.map((m) => [m.n, m.text])).toEqual([
      [4, 'public 4'],
      [5, 'secret plan'],
    ]);
    const second = await history(gm2, { limit: 2, before: 4 });
    expect(second.ok && second.messages.map((m) => m.n)).toEqual([2, 3]);
    expect(second.ok && second.more).toBe(true);
    const last = await history(gm2, { limit: 2, before: 2 });
    expect(last.ok && last.messages.map((m) => m.n)).toEqual([1]);
    expect(last.ok && last.more).toBe(false);
    // Numbering goes on after the restart.
    expect((await sayOk(gm2, TO_TABLE, 'after the restart')).n).toBe(6);
    const spectator = await t.connect(table.tokens.spectator, 'spectator');
    expect(await historyTexts(spectator, { limit: 100 })).toEqual([
      'public 1',
      'public 2',
      'public 3',
      'public 4',
      'after the restart',
    ]);
  });

  it('posts a retried message once: a retry with its id answers the stored message', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const reader = new ChatRecorder(await t.connect(table.tokens.spectator, 'reader'));
    const ann = await t.connect(table.tokens.player, 'ann');
    const joined = await ann.ok({ type: 'join', name: 'Ann' });
    const { seatId, seatToken } = joined.result as { seatId: string; seatToken: string };
    const send = async (p: typeof gm, payload: unknown) =>
      (await p.socket.timeout(5000).emitWithAck('chat.send', payload)) as ChatSent;

    // Ann's message is stored, but say its acknowledgement is lost with her connection.
    const first = await send(ann, { id: 'ann-msg-1', to: TO_TABLE, text: 'Once only' });
    expect(first).toMatchObject({ ok: true, message: { n: 1, text: 'Once only' } });
    ann.close();
    // She reconnects with her seat token and sends it again with the same id: the stored
    // message is the answer, whatever the retry says, and nothing is posted or delivered.
    const back = await t.connect(seatToken, 'ann-again');
    const retried = await send(back, { id: 'ann-msg-1', to: TO_GM, text: 'Once only?' });
    expect(retried).toEqual(first);
    expect(await send(back, { id: 'ann-msg-1', to: TO_TABLE, text: 'Once only' })).toEqual(first);
    // The same id from someone else is their own message; a new id is a new message.
    const gmSame = await send(gm, { id: 'ann-msg-1', to: toSeat(seatId), text: 'Mine' });
    expect(gmSame).toMatchObject({ ok: true, message: { n: 2, from: { role: 'gm' } } });
    expect(await send(back, { id: 'ann-msg-2', to: TO_TABLE, text: 'Once only' })).toMatchObject({
      ok: true,
      message: { n: 3 },
    });
    // A message without an id is posted each time, as before.
    await sayOk(back, TO_TABLE, 'no id');
    await sayOk(back, TO_TABLE, 'no id');
    await reader.barrier();
    expect(reader.texts()).toEqual(['Once only', 'Once only', 'no id', 'no id']);
    expect(await historyTexts(gm)).toEqual(['Once only', 'Mine', 'Once only', 'no id', 'no id']);
    // Retries cost nothing of the rate (5 a window): four sent, a retry, then the fifth.
    expect(await send(back, { id: 'ann-msg-1', to: TO_TABLE, text: 'x' })).toEqual(first);
    await sayOk(back, TO_TABLE, 'fifth');
    // An id is 1–64 characters.
    for (const id of ['', 'x'.repeat(65), 7]) {
      expect(await send(gm, { id, to: TO_TABLE, text: 'bad id' })).toMatchObject({
        ok: false,
        code: 'bad-chat',
      });
    }
  });

  it('a rotated link loses the chat with its connection', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const spectator = new ChatRecorder(await t.connect(table.tokens.spectator, 'spectator'));
    const seatless = new ChatRecorder(await t.connect(table.tokens.player, 'seatless'));
    await sayOk(gm, TO_TABLE, 'before the rotation');
    await waitFor(() => spectator.texts().length === 1 && seatless.texts().length === 1);

    const rotated = await api(server.url, `/api/tables/${table.id}/rotate-links`, {
      method: 'POST',
      token: table.tokens.gm,
    });
    expect(rotated.status).toBe(200);
    await waitFor(() => !spectator.p.socket.connected && !seatless.p.socket.connected);
    await sayOk(gm, TO_TABLE, 'AFTER-ROTATION-5d1e');
    // The old links cannot come back for it; the new one reads it.
    await expect(connectSocket(server.url, table.tokens.spectator)).rejects.toThrow();
    const links = rotated.body.links as { spectator: string };
    const fresh = await t.connect(tokenOfLink(links.spectator), 'fresh');
    expect(await historyTexts(fresh)).toEqual(['before the rotation', 'AFTER-ROTATION-5d1e']);
    for (const r of [spectator, seatless]) {
      expect(r.texts()).toEqual(['before the rotation']);
      expect(r.wire()).not.toContain('AFTER-ROTATION-5d1e');
    }
  });

  it('refuses a spectator in the same words at every door: a command, a chat message', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const spectator = await t.connect(table.tokens.spectator, 'spectator');
    const words = spectatorRefusal({ role: 'spectator' });
    expect(words).toMatchObject({ ok: false, code: 'forbidden' });
    const command = await spectator.send({ type: 'aspect.add', text: 'Fog' });
    const chat = await say(spectator, TO_TABLE, 'let me talk');
    expect(command).toMatchObject({ code: 'forbidden', message: words?.message });
    expect(chat).toMatchObject({ code: 'forbidden', message: words?.message });
  });
});
