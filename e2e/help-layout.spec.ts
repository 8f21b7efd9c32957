import { test, expect, type Locator, type Page } from '@playwright/test';
import { PHONE, createTable, expectAccessible, joinAndCreate, shot } from './helpers';

// Help at the table, where it sits: the rules reference covers a phone's whole screen and
// scrolls inside itself, in light and dark.

const reference = (page: Page) => page.getByRole('dialog', { name: /^Rules: / });

/** The sheet's box is the phone's screen, edge to edge. */
async function expectFullScreen(sheet: Locator): Promise<void> {
  expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
}

test('the rules reference covers a phone’s screen, top to bottom, and scrolls inside itself', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { links, context } = await createTable(browser, 'Help on the phone', 'fate-core');
  const player = await joinAndCreate(
    browser,
    links.player,
    'Cleo',
    { name: 'Mara', highConcept: 'Smuggler captain', trouble: 'A price on my head' },
    PHONE,
  );
  const page = player.page;
  await page.getByRole('tab', { name: 'Dice' }).click();
  await page.getByRole('button', { name: 'Rules: the actions and their outcomes' }).click();
  const sheet = reference(page);
  await expect(sheet.getByRole('heading', { name: 'The four actions' })).toBeFocused();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The whole screen: from its top edge to its bottom one, its full width.
    await page.evaluate(() => document.querySelector('dialog[open]')?.scrollTo({ top: 0 }));
    await expectFullScreen(sheet);
    // As the screen shows it (a full-page capture would add the page's own length below).
    await shot(page, `help-reference-phone-top-${scheme}`, { fullPage: false });

    // Scrolled to its end, the sheet still reaches the bottom edge; the page behind stays put.
    await page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]');
      dialog?.scrollTo({ top: dialog.scrollHeight });
    });
    await expect(sheet.getByRole('heading', { name: 'Characters', exact: true })).toBeInViewport();
    await expectFullScreen(sheet);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page, `rules reference on a phone, ${scheme}`);
    await shot(page, `help-reference-phone-end-${scheme}`, { fullPage: false });
  }

  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await player.context.close();
  await context.close();
});
