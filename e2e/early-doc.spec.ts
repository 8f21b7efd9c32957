/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { PHONE, createTable, openOverlay, shot } from './helpers';

// A table's link opens its public document's connection as the page starts (early-start.js)
// and the client's provider adopts it (src/lib/early-doc.ts): one connection for the
// document, the whole document asked for once, live updates over it, and a reconnection
// that opens a fresh one.

/** The page's y-websocket connections, each with the sync step 1 messages it sent. */
function recordDocSockets(page: Page): { url: string; asks: string[]; closed: boolean }[] {
  const sockets: { url: string; asks: string[]; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/yjs/')) return;
    const socket = { url: ws.url(), asks: [] as string[], closed: false };
    sockets.push(socket);
    ws.on('framesent', ({ payload }) => {
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
  await page.goto(links.spectator);
  await expect(page.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
  await page.getByRole('tab', { name: 'Scene' }).click();
  await expect(page.getByText('No aspects on the table yet.')).toBeVisible();
  expect(sockets.map((s) => path(s.url))).toEqual([`/yjs/table/${tableId}`]);
  expect(sockets[0]!.asks).toEqual(['0 0 1 0']);

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

  // The stream overlay opens no early connection: only its own, as the overlay.
  let overlaySockets: ReturnType<typeof recordDocSockets> = [];
  const overlay = await openOverlay(browser, links.spectator, 'early-doc', (p) => {
    overlaySockets = recordDocSockets(p);
  });
  contexts.push(overlay.context);
  await expect.poll(() => overlaySockets.length).toBe(1);
  expect(new URL(overlaySockets[0]!.url).searchParams.get('view')).toBe('overlay');

  for (const c of contexts) await c.close();
});
