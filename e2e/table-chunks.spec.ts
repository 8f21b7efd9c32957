/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { PHONE, createTable, openAs, openOverlay } from './helpers';

// A table's link starts downloading the chunks the table opens with (the view's parts, the
// player's tools, the command socket) while the client's own script downloads: the build names
// them in index.html and early-start.js asks for them. The client's loader then takes them
// from the cache: each is fetched once. The landing page does not ask for the table's own.

/** The chunks the build named, the preload links the page made, and each asset's requests. */
async function hints(page: Page, requests: Map<string, number>) {
  const named = await page.evaluate(
    () =>
      document
        .querySelector('meta[name="fateboard-table-chunks"]')
        ?.getAttribute('content')
        ?.split(' ') ?? [],
  );
  const links = await page.evaluate(() =>
    Array.from(document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')).map(
      (l) => `${l.getAttribute('rel') ?? ''} ${new URL((l as HTMLLinkElement).href).pathname}`,
    ),
  );
  return { named, links, fetched: (path: string) => requests.get(path) ?? 0 };
}

/**
 * The page did not preload the table's own chunks (view parts, tools, socket, and the file of
 * what only they import), nor fetch any counted. What a table shares with other pages
 * (`table-shared`, apps/client/chunk-groups.ts) it may fetch.
 */
function expectNoTablePreloads(seen: Awaited<ReturnType<typeof hints>>): void {
  expect(seen.named.length).toBeGreaterThan(0);
  for (const name of seen.named.filter((n) =>
    /\/(table-parts|player-tools|socket-io-chunk|table-opening)-/.test(n),
  )) {
    expect(
      seen.links.some((l) => l.endsWith(` ${name}`)),
      name,
    ).toBe(false);
    expect(seen.fetched(name), name).toBe(0);
  }
}

const countRequests = (page: Page, into: Map<string, number>) =>
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) into.set(path, (into.get(path) ?? 0) + 1);
  });

test('a table link fetches the table’s chunks early, once each; the landing page none', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Early Chunks', 'fate-core');
  const contexts = [context];

  // A player on a phone: the join screen has asked for them already; joining fetches none twice.
  const playerRequests = new Map<string, number>();
  const player = await browser.newContext({ viewport: PHONE });
  contexts.push(player);
  const page = await player.newPage();
  countRequests(page, playerRequests);
  await page.goto(links.player);
  await expect(page.getByRole('button', { name: 'Join the table' })).toBeVisible();
  const seen = await hints(page, playerRequests);
  // The view's parts, the player's tools and the socket client, with their styles, in a few
  // files: a phone fetches six at a time, a round trip each (they were 21 files, fetched in
  // four waves after the client's own script).
  expect(seen.named.some((n) => /\/table-parts-[\w-]+\.js$/.test(n))).toBe(true);
  expect(seen.named.some((n) => /\/table-opening-[\w-]+\.js$/.test(n))).toBe(true);
  expect(seen.named.length).toBeLessThanOrEqual(8);
  expect(seen.named.some((n) => /\/player-tools-[\w-]+\.js$/.test(n))).toBe(true);
  expect(seen.named.some((n) => n.endsWith('.css'))).toBe(true);
  for (const name of seen.named) {
    expect(seen.links).toContain(`${name.endsWith('.css') ? 'preload' : 'modulepreload'} ${name}`);
  }
  await page.getByLabel('Your name').fill('Nadia');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByLabel('Character name')).toBeVisible();
  for (const name of seen.named) expect(seen.fetched(name), name).toBeLessThanOrEqual(1);

  // A spectator's phone draws the table with them, each fetched once, not again by the
  // client's loader.
  const requests = new Map<string, number>();
  const spectator = await openAs(browser, links.spectator, PHONE, (p) =>
    countRequests(p, requests),
  );
  contexts.push(spectator.context);
  const watched = await hints(spectator.page, requests);
  await expect(spectator.page.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
  for (const name of watched.named.filter((n) => /\/(table-parts|socket-io-chunk)-/.test(n))) {
    await expect.poll(() => watched.fetched(name), { message: name }).toBe(1);
  }
  for (const name of watched.named) expect(watched.fetched(name), name).toBeLessThanOrEqual(1);

  // The stream overlay (the spectator link with ?overlay=1) draws none of them: no preloads.
  // Nor does its loader fetch the file of what only the table's own chunks import.
  const overlayRequests = new Map<string, number>();
  const overlay = await openOverlay(browser, links.spectator, 'table-chunks', (p) =>
    countRequests(p, overlayRequests),
  );
  contexts.push(overlay.context);
  expectNoTablePreloads(await hints(overlay.page, overlayRequests));

  // The landing page (a GM making a table) downloads none of them.
  const landingRequests = new Map<string, number>();
  const landing = await gm.context().newPage();
  countRequests(landing, landingRequests);
  await landing.goto('/');
  await expect(landing.getByLabel('Table name')).toBeVisible();
  expectNoTablePreloads(await hints(landing, landingRequests));

  for (const c of contexts) await c.close();
});
