import { io } from 'socket.io-client';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { Ack, ChatSent, TableUsage } from '@fateboard/table';
import { DEFAULT_LIMITS } from '../limits/limits';
import { api, createTable } from '../test/harness';
import type { Participant } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { TO_TABLE, history, say } from '../test/chat-support';

// Guarantees 19 and 20 (docs/GUARANTEES.md): what one person may cost is counted per person, not per
// connection. Commands, chat messages and connection attempts are paid by the principal (the
// GM, a seat, a shared link) and by the client address across all their connections; open
// connections are capped; a table's chat keeps its newest messages and its disk use has a
// ceiling the GM sees. Each attack below is one that froze or filled a server of before.

const t = serverPerTest();
const L = DEFAULT_LIMITS;

/** A second loopback address, so that an attacker's address budget is not the test's own. */
const ATTACKER = '127.0.0.2';

async function seatOf(token: string, name: string) {
  const p = await t.connect(token, name);
  const joined = await p.ok({ type: 'join', name });
  const result = joined.result as { seatId: string; seatToken: string };
  return { p, seatId: result.seatId, seatToken: result.seatToken };
}

/** Opens `count` socket.io connections with one token (all at once) and waits for them. */
function connections(token: string, count: number): Promise<Participant[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => t.connect(token, `c${i}`)));
}

/** One socket.io connection attempt from `localAddress`: its refusal's code, or 'connected'. */
function attempt(url: string, token: string, localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      localAddress,
    } as Parameters<typeof io>[1]);
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
      socket.close();
      resolve(error.data?.code ?? error.message);
    });
  });
}

/** One y-websocket connection attempt from `localAddress`: 'open', a close code, or 'http'. */
function yjsAttempt(url: string, doc: string, token: string, localAddress: string) {
  return new Promise<string>((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/yjs/${doc}?token=${token}`, {
      localAddress,
    });
    let opened = false;
    ws.on('open', () => (opened = true));
    ws.on('message', () => {
      // The server's sync step 1: admitted.
      ws.terminate();
      resolve('open');
    });
    ws.on('close', (code) => resolve(opened ? String(code) : 'http'));
    ws.on('unexpected-response', (_req, res) => {
      ws.terminate();
      resolve(String(res.statusCode));
    });
    ws.on('error', () => resolve('http'));
  });
}

describe('budgets per person', () => {
  it('one seat over 20 connections sends its chat allowance once, not once a connection', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const { seatToken } = await seatOf(table.tokens.player, 'Flood');
    const sockets = await connections(seatToken, 20);
    // Every connection spends what one connection could before, all at once.
    const answers = await Promise.all(
      sockets.flatMap((p, i) =>
        Array.from({ length: L.chatMessages }, (_, j) => say(p, TO_TABLE, `flood ${i}.${j}`)),
      ),
    );
    const stored = answers.filter((a) => a.ok);
    const refused = answers.filter((a): a is Extract<ChatSent, { ok: false }> => !a.ok);
    expect(stored.length).toBeGreaterThanOrEqual(L.chatMessages);
    expect(stored.length).toBeLessThanOrEqual(L.chatMessages + 1);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set(['rate-limited']));
    for (const r of refused) expect(r.retryInMs).toBeGreaterThan(0);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const page = await history(gm, { limit: 100 });
    expect(page.ok && page.messages.length).toBe(stored.length);
  });

  it('stores chat in the group commit with the commands, and keeps the newest chatKeep', async () => {
    const server = await t.start({
      limits: { chatKeep: 10, chatMessages: 100, addressChatMessages: 100 },
    });
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const players = await Promise.all(
      ['Ann', 'Bo', 'Cy'].map((name) => seatOf(table.tokens.player, name)),
    );
    const before = server.server.commitStats().batches;
    // Fifteen messages said at once by four people: a few transactions, not fifteen.
    const said = await Promise.all(
      Array.from({ length: 15 }, (_, i) => {
        const who = i % 4 === 0 ? gm : players[i % 3]!.p;
        return say(who, TO_TABLE, `line ${i}`);
      }),
    );
    expect(said.every((s) => s.ok)).toBe(true);
    const batches = server.server.commitStats().batches - before;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThan(15);
    // The oldest five went: the numbers go on, the history holds the newest ten.
    const page = await history(gm, { limit: 100 });
    expect(page.ok && page.messages.map((m) => m.n)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 6),
    );
    expect(page.ok && page.more).toBe(false);
  });

  it('one seat over 20 connections gets one allowance of commands, not twenty', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const { seatToken } = await seatOf(table.tokens.player, 'Flood');
    const sockets = await connections(seatToken, 20);
    const spend = { type: 'fate-point.spend', characterId: 'nobody-here' };
    // The burst of each connection at once: only one burst reaches the table.
    const acks: Ack[] = await Promise.all(
      sockets.flatMap((p) => Array.from({ length: L.commandBurst }, () => p.send(spend))),
    );
    const reached = acks.filter((a) => a.ok || a.code !== 'rate-limited');
    expect(reached.length).toBeGreaterThanOrEqual(L.commandBurst);
    expect(reached.length).toBeLessThanOrEqual(L.commandBurst + 2 * L.commandRate);
    const limited = acks.filter((a) => !a.ok && a.code === 'rate-limited');
    expect(limited.length).toBeGreaterThan(0);
    for (const a of limited) expect(!a.ok && a.retryInMs).toBeGreaterThan(0);
    // The GM, another principal at the same address, is still served.
    const gm = await t.connect(table.tokens.gm, 'gm');
    await gm.ok({ type: 'gm.note', text: 'Still here.' });
  });

  it('caps a seat’s open connections and an address’s churn on a spectator link', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const { seatToken } = await seatOf(table.tokens.player, 'Many');
    // One seat: past connectionsPerPrincipal, the next is refused until one closes.
    const open = await connections(seatToken, L.connectionsPerPrincipal);
    expect(await attempt(server.url, seatToken, '127.0.0.1')).toBe('rate-limited');
    open[0]!.close();
    await expect.poll(() => attempt(server.url, seatToken, '127.0.0.1')).toBe('connected');

    // Churn from one address on the spectator link: past the address's budget of attempts,
    // refused, on socket.io and y-websocket alike, while another address is served at once.
    const results: string[] = [];
    const began = performance.now();
    for (let i = 0; i < L.addressConnectBurst + 40; i++) {
      results.push(
        i % 2 === 0
          ? await attempt(server.url, table.tokens.spectator, ATTACKER)
          : await yjsAttempt(server.url, `table/${table.id}`, table.tokens.spectator, ATTACKER),
      );
    }
    const seconds = (performance.now() - began) / 1000;
    const admitted = results.filter((r) => r === 'connected' || r === 'open').length;
    expect(admitted).toBeLessThanOrEqual(
      L.addressConnectBurst + L.addressConnectRate * seconds + 1,
    );
    expect(results.filter((r) => r === '429' || r === 'http').length).toBeGreaterThan(0);
    expect(await attempt(server.url, table.tokens.spectator, '127.0.0.1')).toBe('connected');
    expect(
      await yjsAttempt(server.url, `table/${table.id}`, table.tokens.spectator, '127.0.0.1'),
    ).toBe('open');
  });
});

describe('a table on disk', () => {
  it('has a ceiling: past it commands and chat are refused, and the GM sees the figure', async () => {
    const ceiling = 60_000;
    const server = await t.start({
      limits: {
        tableBytes: ceiling,
        commandRate: 1000,
        commandBurst: 1000,
        addressCommandRate: 1000,
        addressCommandBurst: 1000,
        eventRate: 1000,
        eventBurst: 1000,
      },
    });
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const usage = async (token: string) =>
      api(server.url, `/api/tables/${table.id}/usage`, { token });
    const start = (await usage(table.tokens.gm)).body as unknown as TableUsage;
    expect(start.ceiling).toBe(ceiling);
    expect(start.bytes).toBeGreaterThan(0);
    expect(start.bytes).toBeLessThan(ceiling);

    let last: Ack | undefined;
    let accepted = 0;
    for (let i = 0; i < 400; i++) {
      last = await gm.send({
        type: 'gm.note',
        text: `Note ${i}: ${'the harbour burns '.repeat(20)}`,
      });
      if (!last.ok) break;
      accepted++;
    }
    expect(last).toMatchObject({ ok: false, code: 'storage-full' });
    expect(accepted).toBeGreaterThan(10);
    const full = (await usage(table.tokens.gm)).body as unknown as TableUsage;
    expect(full.bytes).toBeGreaterThanOrEqual(ceiling);
    // It stays there: every write that would grow it is refused, chat too.
    expect(await gm.send({ type: 'gm.note', text: 'One more.' })).toMatchObject({
      code: 'storage-full',
    });
    expect(await say(gm, TO_TABLE, 'Can you hear me?')).toMatchObject({
      ok: false,
      code: 'storage-full',
    });
    expect(((await usage(table.tokens.gm)).body as unknown as TableUsage).bytes).toBe(full.bytes);
    // Only the GM sees it.
    expect((await usage(table.tokens.player)).status).toBe(403);
    expect((await usage(table.tokens.spectator)).status).toBe(403);
  });
});
