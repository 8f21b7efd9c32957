import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS } from './shots';
import { openAs } from './seats';

/** The stream overlay's screen: a 1080p broadcast canvas. */
export const HD = { width: 1920, height: 1080 };

/** The overlay composited over dark stream video (the page itself is see-through). */
const VIDEO = 'linear-gradient(120deg, #04040a 0%, #1d1a2e 50%, #0b1f17 100%)';

/** A spectator link as the stream overlay's address (`?overlay=1`). */
function overlayUrl(spectatorLink: string): string {
  const url = new URL(spectatorLink);
  url.searchParams.set('overlay', '1');
  return url.toString();
}

/**
 * A table's stream overlay (`?overlay=1` on the spectator link) at 1080p on its own clock, for
 * specs that check its brief moments: `hold()`, once the page has loaded, stops the clock so each
 * moment stays up for its checks and screenshots. It steps 1 s, never far: the socket provider
 * closes a socket silent for 30 s by this clock, and with the clock stopped it would not reconnect.
 */
export async function openHeldOverlay(
  browser: Browser,
  spectatorLink: string,
): Promise<{ page: Page; context: BrowserContext; hold: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: HD });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(overlayUrl(spectatorLink));
  return { page, context, hold: () => page.clock.pauseAt(Date.now() + 1_000) };
}

/**
 * Opens a spectator link as the stream overlay at 1080p, once it shows the table. `shot(name)`
 * takes it over dark video as `<prefix>-<name>-overlay.png`. `beforeLoad` runs on the page
 * before it loads (to record its connections).
 */
export async function openOverlay(
  browser: Browser,
  spectatorLink: string,
  prefix: string,
  beforeLoad?: (page: Page) => void,
): Promise<{ page: Page; context: BrowserContext; shot: (name: string) => Promise<void> }> {
  const context = await browser.newContext({ viewport: HD });
  const page = await context.newPage();
  beforeLoad?.(page);
  await page.goto(overlayUrl(spectatorLink));
  await expect(page.getByRole('main', { name: /: stream overlay$/ })).toBeVisible();
  return {
    page,
    context,
    shot: async (name) => {
      await page.evaluate(
        (bg) => document.documentElement.style.setProperty('background', bg),
        VIDEO,
      );
      await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}-overlay.png`) });
      await page.evaluate(() => document.documentElement.style.removeProperty('background'));
    },
  };
}

/**
 * A spectator at a desk and the stream overlay on its own clock (openHeldOverlay), both on the
 * spectator link; their contexts join `contexts`. The overlay is held once it shows `table`.
 */
export async function spectatorAndHeldOverlay(
  browser: Browser,
  spectatorLink: string,
  contexts: BrowserContext[],
  table: string,
): Promise<{ spectator: Page; overlay: Page }> {
  const watcher = await openAs(browser, spectatorLink);
  contexts.push(watcher.context);
  const held = await openHeldOverlay(browser, spectatorLink);
  contexts.push(held.context);
  await expect(held.page.getByRole('main', { name: `${table}: stream overlay` })).toBeVisible();
  await held.hold();
  return { spectator: watcher.page, overlay: held.page };
}

/** The overlay's moment of a kind ("out", "harm", "compel"): what it shows for a while. */
export const overlayMoment = (overlay: Page, kind: string) =>
  overlay.locator(`[data-testid="overlay-event"][data-kind="${kind}"]`);
