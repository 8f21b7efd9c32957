import { test, expect, type Page } from '@playwright/test';
import { characterIdOf, connectBot, dealHit } from './bot';
import {
  PHONE,
  cleoAlone,
  createTable,
  expectAccessible,
  openGroup,
  shot,
  tableWithTwoPlayers,
} from './helpers';

// Help at the table: the rules reference opens from where a rule matters (the dice
// tray, the hit panel) at that rule's section, as an accessible side sheet; game words such as
// "GM pool" explain themselves on hover and on keyboard focus.

/** The open reference: a modal dialog named after the game. */
const reference = (page: Page) => page.getByRole('dialog', { name: /^Rules: / });

test('pirates: a phone player opens the rules from the dice tray and reads the outcomes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const group = await openGroup(browser, cleoAlone('Help at sea', 'pirates', PHONE));
  const [page] = group.players;
  await page.getByRole('tab', { name: 'Dice' }).click();
  const opener = page.getByRole('button', { name: 'Rules: the actions and their outcomes' });
  await opener.click();

  const sheet = reference(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText('Rules: Pirates');
  // Opened at the actions: focus is on that section's heading, inside the dialog.
  const actions = sheet.getByRole('heading', { name: 'The four actions' });
  await expect(actions).toBeFocused();
  await expect(actions).toBeInViewport();
  await expect(sheet.getByTestId('rules-outcomes')).toContainText(
    'Success with style: 3 or more shifts',
  );
  for (const action of ['Overcome', 'Create an advantage', 'Attack', 'Defend']) {
    await expect(sheet.getByRole('heading', { name: action, exact: true })).toBeVisible();
  }
  await expect(sheet).toContainText('Tie: you succeed at a minor cost.');
  // Pirates' own numbers, read from the rules package.
  await expect(sheet.getByTestId('rules-stress')).toContainText('[1][2][3]');
  await expect(sheet.getByTestId('rules-ladder')).toContainText('Legendary');
  await expect(sheet).toContainText('Refusing the GM’s compel pays that point into the GM pool.');
  await expect(sheet).toContainText('in this scene');

  // Readable on the phone: the sheet fits the width, nothing scrolls sideways.
  const box = await sheet.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'help-phone-pirates-outcomes');

  // The contents jump to a section.
  await sheet
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Recovery' })
    .click();
  await expect(sheet.getByRole('heading', { name: 'Recovery', exact: true })).toBeFocused();

  // Escape closes it and focus returns to the opener.
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(opener).toBeFocused();

  await group.close();
});

test('fate-core: a player opens the rules from the hit panel, at stress and consequences', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Dee with Vex and Kim with Kai, both at desks.
  const table = await tableWithTwoPlayers(browser, 'Help in a fight', 'fate-core');
  const { links, p2: kim } = table;
  const bot = await connectBot(baseURL ?? '', links.gm);
  const kai = await characterIdOf(baseURL ?? '', links.gm, 'Kai');
  const vex = await characterIdOf(baseURL ?? '', links.gm, 'Vex');
  await bot.send({ type: 'scene.start', name: 'The docks', characterIds: [kai, vex] });
  await dealHit(
    bot,
    { characterId: vex, skillId: 'fight', opposition: { characterId: kai, skillId: 'will' } },
    /success(?: with style)? \(\d+ shifts?\)/,
  );

  const panel = kim.getByTestId('absorb-panel');
  await expect(panel).toBeVisible();
  const opener = panel.getByRole('button', { name: 'Rules: stress and consequences' });
  await opener.click();
  const sheet = reference(kim);
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText('Rules: Fate Core');
  const harm = sheet.getByRole('heading', { name: 'Stress and consequences' });
  await expect(harm).toBeFocused();
  // fate-core's tracks by skill and its extreme consequence, from the rules package.
  await expect(sheet.getByTestId('rules-stress')).toContainText('[1][2][3][4]');
  await expect(sheet.getByRole('heading', { name: 'Extreme consequence' })).toBeAttached();
  await expect(sheet.getByTestId('rules-recovery')).toContainText('Fantastic (+6)');
  await shot(kim, 'help-fate-core-hit-panel');

  // The close button closes it; focus goes back to the panel's opener.
  await sheet.getByRole('button', { name: 'Close the rules' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(opener).toBeFocused();
  // The hit is still there to absorb.
  await expect(panel).toBeVisible();

  bot.close();
  await table.close();
});

test('a GM hovers and focuses "GM pool" and reads what it is', async ({ browser }) => {
  test.setTimeout(180_000);
  const { gm, context } = await createTable(browser, 'Help for the GM', 'pirates');
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  const term = gm.getByRole('button', { name: 'GM pool', exact: true }).first();
  await expect(term).toBeVisible();
  const definition = /one per player in the scene/;
  // The definition is the word's accessible description, whether or not it shows.
  await expect(term).toHaveAccessibleDescription(definition);

  await term.hover();
  const tip = gm.getByRole('tooltip').filter({ hasText: definition });
  await expect(tip).toBeVisible();
  await shot(gm, 'help-gm-pool-hover');
  await gm.mouse.move(0, 0);
  await expect(tip).toBeHidden();

  // Keyboard focus shows it too, and Escape dismisses it without moving focus.
  await term.focus();
  await expect(tip).toBeVisible();
  await gm.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(term).toBeFocused();

  await context.close();
});

test('the open reference is accessible in light and dark, at 360 px and on a desk', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const small = { width: 360, height: 740 };
  const group = await openGroup(browser, cleoAlone('Help for all', 'edgerunner', small));
  const { gm } = group;
  const [player] = group.players;
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  for (const [page, label, phone] of [
    [player, '360 px', true],
    [gm, 'desktop', false],
  ] as const) {
    if (phone) await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByRole('button', { name: 'Rules: the actions and their outcomes' }).click();
    const sheet = reference(page);
    await expect(sheet.getByRole('heading', { name: 'The four actions' })).toBeFocused();
    // edgerunner's free invoke table, read from the rules package.
    await expect(sheet.getByTestId('rules-invoke-table')).toContainText('1–2');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `rules reference, ${label}, ${scheme}`);
      await shot(page, `help-reference-${phone ? 'phone' : 'desk'}-${scheme}`);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  }

  await group.close();
});
