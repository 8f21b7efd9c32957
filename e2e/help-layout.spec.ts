import { test, expect, type Locator, type Page } from '@playwright/test';
import { connectBot } from './bot';
import {
  PHONE,
  VEX,
  attackWithTray,
  characterCard,
  cleoAlone,
  createTable,
  expectAccessible,
  joinAndCreate,
  openGroup,
  shot,
} from './helpers';

// Help at the table, where it sits: the rules reference covers a phone's whole screen and
// scrolls inside itself, in light and dark; the words refresh, consequence and concede explain
// themselves where a player reads them, next to (never inside) the controls specs and screen
// readers know by name.

const reference = (page: Page) => page.getByRole('dialog', { name: /^Rules: / });

/** The sheet's box is the phone's screen, edge to edge. */
async function expectFullScreen(sheet: Locator): Promise<void> {
  expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
}

test('the rules reference covers a phone’s screen, top to bottom, and scrolls inside itself', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const group = await openGroup(browser, cleoAlone('Help on the phone', 'fate-core', PHONE));
  const [page] = group.players;
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
  await group.close();
});

test('refresh, consequence and concede explain themselves on hover and on focus', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { gm, links, context } = await createTable(browser, 'Words at the table', 'fate-core');
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  const bot = await connectBot(baseURL ?? '', links.gm);
  const created = await bot.send({
    type: 'character.create',
    npc: true,
    character: { name: 'Brute', skills: [{ id: 'fight', rating: 4 }] },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const page = dee.page;
  const vex = characterCard(page, 'Vex');

  // Refresh, by the fate points: its card still names them as before.
  await expect(vex.getByTestId('fate-points')).toHaveAttribute(
    'aria-label',
    /^\d+ fate points, refresh 3$/,
  );
  await expect(vex.getByTestId('fate-points')).toContainText('FP · refresh 3');
  const refresh = vex.getByRole('button', { name: 'refresh', exact: true });
  await expect(refresh).toHaveAccessibleDescription(/starts each session with/);
  await refresh.hover();
  const refreshTip = page.getByRole('tooltip').filter({ hasText: /starts each session with/ });
  await expect(refreshTip).toBeVisible();
  await shot(page, 'help-term-refresh-hover', { fullPage: false });
  await page.mouse.move(0, 0);
  await expect(refreshTip).toBeHidden();

  // Consequences, heading the card's consequence slots (the full sheet shows the free ones).
  const more = vex.getByRole('button', { name: 'Full sheet' });
  if (await more.isVisible()) await more.click();
  const consequences = vex.getByRole('button', { name: 'Consequences', exact: true });
  await expect(vex.getByRole('list', { name: 'Consequences' })).toBeVisible();
  await consequences.focus();
  const consequenceTip = page.getByRole('tooltip').filter({ hasText: /A lasting harm/ });
  await expect(consequenceTip).toBeVisible();
  await shot(page, 'help-term-consequence-focus', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(consequenceTip).toBeHidden();
  await expect(consequences).toBeFocused();

  // Concede, beside the Concede button of a defence in a conflict: the button keeps its name.
  await attackWithTray(gm, 'Brute', 'Vex');
  const prompt = page.getByTestId('defence');
  await expect(prompt).toContainText('Vex must defend against Brute');
  await expect(prompt.getByRole('button', { name: 'Concede' })).toHaveCount(1);
  const concede = prompt.getByRole('button', { name: 'What is conceding?' });
  await concede.focus();
  const concedeTip = page.getByRole('tooltip').filter({ hasText: /Give up the conflict/ });
  await expect(concedeTip).toBeVisible();
  await expectAccessible(page, 'concede term');
  await shot(page, 'help-term-concede-focus', { fullPage: false });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `terms on the card and the defence, ${scheme}`);
  }
  await shot(page, 'help-terms-dark');

  bot.close();
  for (const c of [context, dee.context]) await c.close();
});
