/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { PHONE, createTable, openOverlay, shot } from './helpers';

// A table's link opens its public document's connection and its command connection as the
// page starts (early-start.js), and the client adopts them (src/lib/early-doc.ts, the
// socket.io chunk's transport): one connection each, the whole document asked for once, live
// updates and commands over them, a reconnection that opens fresh ones.

interface Recorded {
  url: string;
  /** The y-websocket sync step 1 messages it sent. */
  asks: string[];
  /** The socket.io CONNECT packets (`40…`, with the token) it sent. */
  connects: number;
  closed: boolean;
}

/** The page's y-websocket connections, each with the sync step 1 messages it sent. */
function recordDocSockets(page: Page): Recorded[] {
  return recordSockets(page, '/yjs/');
}

/** The page's connections under `prefix`, each with the sync step 1 messages it sent. */
function recordSockets(page: Page, prefix: string): Recorded[] {
  const sockets: Recorded[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith(prefix)) return;
    const socket: Recorded = { url: ws.url(), asks: [], connects: 0, closed: false };
    sockets.push(socket);
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('40')) socket.connects++;
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
      // messageSync (0), sync step 1 (0): what the server answers with a document's diff.
      if (bytes[0] === 0 && bytes[1] === 0) socket.asks.push([...bytes].join(' '));
    });
    ws.on('close', () => (socket.closed = true));
  });
  return sockets;
}

const path = (url: string) => new URL(url).pathname;

test('a table link’s document connection opens early and is the client’s own', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Early Socket', 'fate-core');
  const contexts = [context];
  const tableId = path(links.spectator).split('/')[2]!;

  // A spectator on a phone: one connection to the public document, asked once for all of it.
  const spectator = await browser.newContext({ viewport: PHONE });
  contexts.push(spectator);
  const page = await spectator.newPage();
  const sockets = recordDocSockets(page);
  const spectatorCommands = recordSockets(page, '/socket.io/');
  await page.goto(links.spectator);
  await expect(page.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
  await page.getByRole('tab', { name: 'Scene' }).click();
  await expect(page.getByText('No aspects on the table yet.')).toBeVisible();
  expect(sockets.map((s) => path(s.url))).toEqual([`/yjs/table/${tableId}`]);
  expect(sockets[0]!.asks).toEqual(['0 0 1 0']);
  // A spectator sends no commands but reads the chat (open to spectators by default): the
  // chat's connection is the early one.
  await expect
    .poll(() => spectatorCommands.map((c) => `${String(c.connects)} ${String(c.closed)}`))
    .toEqual(['1 false']);

  // What happens at the table comes over that connection.
  await gm.getByLabel('New aspect').fill('Rain hammers the skylight');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await expect(
    page.getByTestId('aspect-card').filter({ hasText: 'Rain hammers the skylight' }),
  ).toBeVisible();
  await shot(page, 'early-doc-spectator-phone', { fullPage: false });

  // Offline and back: the provider opens a new connection of its own and catches up.
  await spectator.setOffline(true);
  await expect(page.getByTestId('connection-banner')).toBeVisible();
  await gm.getByLabel('New aspect').fill('The lights go out');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await spectator.setOffline(false);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect(
    page.getByTestId('aspect-card').filter({ hasText: 'The lights go out' }),
  ).toBeVisible();
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  expect(sockets[0]!.closed).toBe(true);
  // The fresh connection asks with what the replica holds, not for everything again.
  expect(sockets.at(-1)!.asks[0]).not.toBe('0 0 1 0');

  // The GM on a second device: the public document early, the GM's own as the client opens
  // it; one connection each.
  const second = await browser.newContext();
  contexts.push(second);
  const gmPage = await second.newPage();
  const gmSockets = recordDocSockets(gmPage);
  const gmCommands = recordSockets(gmPage, '/socket.io/');
  await gmPage.goto(links.gm);
  await expect(gmPage.getByTestId('gm-tools')).toBeVisible();
  await expect(
    gmPage.getByTestId('aspect-card').filter({ hasText: 'The lights go out' }),
  ).toBeVisible();
  expect(gmSockets.map((s) => path(s.url)).sort()).toEqual([
    `/yjs/table/${tableId}`,
    `/yjs/table/${tableId}/gm`,
  ]);
  expect(gmSockets.every((s) => !s.closed)).toBe(true);
  // One command connection, the early one, and commands go over it.
  await gmPage.getByLabel('New aspect').fill('Sirens in the distance');
  await gmPage.getByRole('button', { name: 'Add aspect' }).click();
  await expect(
    page.getByTestId('aspect-card').filter({ hasText: 'Sirens in the distance' }),
  ).toBeVisible();
  expect(gmCommands.map((c) => `${String(c.connects)} ${String(c.closed)}`)).toEqual(['1 false']);

  // A player on a phone opens the player link and joins: the early command connection
  // carries the join (with the link's token), then the seat's own token opens a new one.
  const player = await browser.newContext({ viewport: PHONE });
  contexts.push(player);
  const playerPage = await player.newPage();
  const playerCommands = recordSockets(playerPage, '/socket.io/');
  await playerPage.goto(links.player);
  await playerPage.getByLabel('Your name').fill('Noor');
  await playerPage.getByRole('button', { name: 'Join the table' }).click();
  await expect(playerPage.getByLabel('Character name')).toBeVisible();
  await expect
    .poll(() => playerCommands.map((c) => `${String(c.connects)} ${String(c.closed)}`))
    .toEqual(['1 true', '1 false']);

  // The stream overlay opens no early connection: only its own, as the overlay.
  let overlaySockets: Recorded[] = [];
  const overlay = await openOverlay(browser, links.spectator, 'early-doc', (p) => {
    overlaySockets = recordDocSockets(p);
  });
  contexts.push(overlay.context);
  await expect.poll(() => overlaySockets.length).toBe(1);
  expect(new URL(overlaySockets[0]!.url).searchParams.get('view')).toBe('overlay');

  for (const c of contexts) await c.close();
});
