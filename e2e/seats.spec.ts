/// <reference lib="dom" />
import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import {
  KAI,
  SCREENSHOTS,
  VEX,
  characterCard,
  createTable,
  fillTemplate,
  joinAndCreate,
  shot,
} from './helpers';

// The GM removes a seat from the table: the removed player (on a phone) is told and cut off,
// their character stays, unclaimed, and someone new on the player link claims it.
test('the GM removes a seat; that player is told; a new player claims the character', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Seat shuffle', 'fate-core');
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, { width: 390, height: 844 });
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  const presence = gm.getByTestId('presence');
  await expect(presence).toContainText('Kim');
  await expect(characterCard(gm, 'Kai')).toContainText('Kim');
  // A first click only asks; Keep takes it back.
  await gm.getByRole('button', { name: 'Remove Kim' }).click();
  const confirm = gm.getByRole('group', { name: 'Remove Kim?' });
  await expect(confirm).toContainText('Remove Kim from the table?');
  // The viewport only: a full-page shot resizes the page, which lays the columns out afresh
  // (and forgets a question half asked).
  await confirm.scrollIntoViewIfNeeded();
  await gm.screenshot({ path: join(SCREENSHOTS, 'seat-remove-confirm.png') });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(presence).toContainText('Kim');

  await gm.getByRole('button', { name: 'Remove Kim' }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();

  // Kim's phone says so, and shows nothing of the table any more.
  const notice = kim.page.getByRole('alert');
  await expect(notice).toContainText('The GM removed you from the table.');
  await expect(kim.page.getByTestId('table-name')).toHaveCount(0);
  await shot(kim.page, 'seat-removed-phone');

  // Everyone else: Kim's seat is gone, Kai stays, unclaimed, and the log says it in words.
  const line = 'The GM removed Kim from the table. Kai is free for another player to claim.';
  for (const page of [gm, dee.page]) {
    await expect(page.getByTestId('presence')).not.toContainText('Kim');
    await expect(characterCard(page, 'Kai')).toContainText('Unclaimed');
    await expect(page.getByTestId('log')).toContainText(line);
  }
  await shot(gm, 'seat-removed-gm');

  // Someone new on the player link claims Kai and plays it.
  const lu = await browser.newContext();
  const page = await lu.newPage();
  await page.goto(links.player);
  await page.getByLabel('Your name').fill('Lu');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await page.getByRole('button', { name: 'Claim an existing one' }).click();
  await page.getByRole('button', { name: 'Play Kai' }).click();
  await expect(page.getByTestId('table-name')).toHaveText('Seat shuffle');
  await expect(characterCard(page, 'Kai')).toBeVisible();
  await expect(presence).toContainText('Lu');
  await expect(characterCard(gm, 'Kai')).toContainText('Lu');
  await shot(page, 'seat-claimed-by-new-player');

  for (const c of [context, dee.context, kim.context, lu]) await c.close();
});

// Taking a seat moves the player's connections to their own seat token, a reconnection made on
// purpose: they were never offline, and nothing may tell them they were.
test('a player who takes a seat is never told the table went offline', async ({ browser }) => {
  const { gm, links, context } = await createTable(browser, 'Quiet join', 'fate-core');
  const kimContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await kimContext.newPage();
  // Everything the page ever showed of a lost connection, from its first paint on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __offlineSeen: string[] }).__offlineSeen = seen;
    new MutationObserver(() => {
      const banner = document.querySelector('[data-testid="connection-banner"]');
      if (banner) seen.push(`banner: ${banner.textContent ?? ''}`);
      for (const toast of Array.from(document.querySelectorAll('.toast'))) {
        if (/online|offline|reconnect/i.test(toast.textContent ?? '')) {
          seen.push(`toast: ${toast.textContent ?? ''}`);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(links.player);
  await page.getByLabel('Your name').fill('Kim');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await page.getByLabel('Character name').fill(KAI.name);
  await fillTemplate(page, KAI);
  await page.getByRole('button', { name: 'Create character' }).click();
  await expect(page.getByTestId('table-name')).toBeVisible();
  // The GM sees Kim by her seat: her connections came back on the seat token.
  await expect(gm.getByTestId('presence')).toContainText('Kim');
  await expect(characterCard(gm, 'Kai')).toContainText('Kim');
  // A command goes through on the new connection.
  await page.getByRole('tab', { name: /^Characters/ }).click();
  await expect(characterCard(page, 'Kai')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(
    await page.evaluate(() => (window as unknown as { __offlineSeen: string[] }).__offlineSeen),
  ).toEqual([]);
  await shot(page, 'seat-quiet-join-phone');
  await kimContext.close();
  await context.close();
});
