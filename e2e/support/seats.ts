import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createTheCharacter, fillTemplate, type SheetPicks } from './sheets';

export interface Links {
  gm: string;
  player: string;
  spectator: string;
}

/** A browser window's size in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** The phone every spec plays on: an iPhone 12–15's CSS viewport. */
export const PHONE = { width: 390, height: 844 };

/** A phone's touch screen too (`hasTouch`, `isMobile`): no hover, a coarse pointer. */
export const TOUCH = { hasTouch: true, isMobile: true };

/** The GM creates a table through the landing page and reads its three links. */
export async function createTable(
  browser: Browser,
  name: string,
  ruleset: string,
  viewport?: Viewport,
): Promise<{ gm: Page; links: Links; context: BrowserContext }> {
  const context = await browser.newContext({
    ...(viewport ? { viewport } : {}),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const gm = await context.newPage();
  await gm.goto('/');
  await gm.getByLabel('Table name').fill(name);
  await gm.locator(`input[name="ruleset"][value="${ruleset}"]`).check();
  await gm.getByRole('button', { name: 'Create table' }).click();
  await expect(gm.getByTestId('table-name')).toHaveText(name);
  return { gm, links: await inviteLinks(gm), context };
}

/** The invite links a new table's GM sees at once. */
export async function inviteLinks(gm: Page): Promise<Links> {
  const invites = gm.getByTestId('invites');
  await expect(invites).toBeVisible();
  return {
    gm: await invites.getByLabel('GM link').inputValue(),
    player: await invites.getByLabel('Player link').inputValue(),
    spectator: await invites.getByLabel('Spectator link').inputValue(),
  };
}

/**
 * A person opens a player link and takes a seat under `name`; resolves once the seat is taken
 * (the editor or a prepared character to claim is next).
 */
export async function takeSeat(
  browser: Browser,
  link: string,
  name: string,
  viewport?: Viewport,
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...(viewport ? { viewport } : {}), ...device });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByRole('button', { name: 'Join the table' })).toHaveCount(0);
  return { page, context };
}

/** A player opens the player link, takes a seat and creates a character from the template. */
export async function joinAndCreate(
  browser: Browser,
  link: string,
  player: string,
  character: SheetPicks & { name: string },
  viewport?: Viewport,
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await takeSeat(browser, link, player, viewport, device);
  await page.getByLabel('Character name').fill(character.name);
  await fillTemplate(page, character);
  await createTheCharacter(page);
  return { page, context };
}

/**
 * Opens a link (a spectator's, a GM's on a second device) in a browser of its own, once it
 * shows the table. `beforeLoad` runs on the page before it loads (to record its frames).
 */
export async function openAs(
  browser: Browser,
  link: string,
  viewport?: Viewport,
  beforeLoad?: (page: Page) => void,
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  beforeLoad?.(page);
  await page.goto(link);
  await expect(page.getByTestId('table-name')).toBeVisible();
  return { page, context };
}
