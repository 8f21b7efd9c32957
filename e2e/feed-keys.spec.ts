import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, expectActive, openGroup, shot, usualGroup } from './helpers';

// The table's feel: the session's full roll feed (every roll, newest first, paged
// past the document's recent window, filtered by character) and the keyboard shortcuts with
// their help sheet. A GM, Dee (Vex) on a desktop, Kim (Kai) on a phone, a spectator.

/** The document keeps the newest 20 rolls (packages/table ROLL_LIMIT); the feed reads 20 a page. */
const ROLLS_PAST_WINDOW = 23;

const tray = (page: Page) => page.getByRole('form', { name: 'Roll the dice' });
const feed = (page: Page) => page.getByTestId('roll-feed');
const feedRows = (page: Page) => feed(page).getByTestId('feed-roll');

/** Rolls with the given skill (a second option, not the first) and waits for its card. */
async function roll(page: Page, skill: string, reason: string): Promise<void> {
  const form = tray(page);
  await form.locator('select[name="skill"]').selectOption(skill);
  await form.locator('select[name="action"]').selectOption('overcome');
  await form.getByLabel('What for (optional)').fill(reason);
  await form.getByRole('button', { name: /^Roll \d?dF/ }).click();
  await expect(page.getByTestId('roll-card').first().getByText(`“${reason}”`)).toBeVisible();
}

async function openFeed(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'All rolls this session' }).click();
  await expect(feed(page)).toBeVisible();
}

test('the session’s roll feed, filtered and paged, and the keyboard shortcuts', async ({
  browser,
}) => {
  // Four browsers and two dozen rolls on shared cores.
  test.setTimeout(420_000);
  // Dee with Vex at a desk, Kim with Kai on the phone, a spectator.
  const group = await openGroup(browser, usualGroup('Long night at the docks'));
  const { gm, spectator } = group;
  const [p1, phone] = group.players;

  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();

  // Several rolls by different characters, each with a skill other than the tray's first.
  await roll(p1, 'athletics', 'Leap onto the barge');
  await phone.getByRole('tab', { name: 'Dice' }).click();
  await roll(phone, 'notice', 'Spot the lantern signal');
  await roll(p1, 'stealth', 'Slip past the guards');
  await roll(phone, 'athletics', 'Climb the crane');

  // Every screen sees all four in the feed, newest first; the spectator too.
  for (const page of [gm, p1, spectator]) {
    await openFeed(page);
    await expect(feedRows(page)).toHaveCount(4);
    await expect(feedRows(page).first()).toContainText('Kai');
    await expect(feedRows(page).first()).toContainText('Athletics');
    await expect(feedRows(page).first()).toContainText('Climb the crane');
    await expect(feedRows(page).first().getByTestId('feed-outcome')).toBeVisible();
    await expect(feedRows(page).last()).toContainText('Leap onto the barge');
  }
  await shot(p1, 'feed-all');
  await expectAccessible(p1, 'roll feed');

  // Filtering by one character shows only theirs; "All" brings the rest back.
  const filter = feed(p1).getByLabel('Character');
  await expect(filter.locator('option')).toHaveText(['All', 'Kai', 'Vex']);
  await filter.selectOption({ label: 'Vex' });
  await expect(feedRows(p1)).toHaveCount(2);
  for (const text of await feedRows(p1).allTextContents()) expect(text).toContain('Vex');
  await expect(feedRows(p1).first()).toContainText('Slip past the guards');
  await filter.selectOption({ label: 'All' });
  await expect(feedRows(p1)).toHaveCount(4);

  // Past the document's recent window: Dee rolls on until the first rolls have left it; the
  // feed still has every one, the oldest behind "Load older".
  for (let i = 4; i < ROLLS_PAST_WINDOW; i++) await roll(p1, 'notice', `Watch the quay ${i}`);
  await spectator.reload();
  await expect(spectator.getByTestId('table-name')).toBeVisible();
  await openFeed(spectator);
  await expect(feedRows(spectator)).toHaveCount(20);
  await expect(feedRows(spectator).first()).toContainText(
    `Watch the quay ${ROLLS_PAST_WINDOW - 1}`,
  );
  await feed(spectator).getByRole('button', { name: 'Load older' }).click();
  await expect(feedRows(spectator)).toHaveCount(ROLLS_PAST_WINDOW);
  await expect(feedRows(spectator).last()).toContainText('Leap onto the barge');
  await expect(feed(spectator).getByRole('button', { name: 'Load older' })).toHaveCount(0);
  // Filtered and paged together: all of Kai's rolls, though the document lost them.
  await feed(spectator).getByLabel('Character').selectOption({ label: 'Kai' });
  await expect(feedRows(spectator)).toHaveCount(2);
  await shot(spectator, 'feed-spectator-kai');

  // The shortcuts. Dee presses ? and sees the sheet listing every one; Escape closes it and
  // focus goes back where it was.
  const hide = p1.getByRole('button', { name: 'Hide all rolls' });
  await hide.focus();
  await p1.keyboard.press('?');
  const sheet = p1.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const text of [
    'Roll the dice as the tray is set',
    'Invoke an aspect on the latest roll',
    'Accept the compel offered to you',
    'Next turn (GM, in a conflict)',
    'Show this list',
  ]) {
    await expect(sheet).toContainText(text);
  }
  await expectAccessible(p1, 'shortcuts sheet');
  await shot(p1, 'shortcuts-sheet');
  await p1.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expectActive(hide);

  // R rolls, as its hint on the tray's roll button says: the tray as Dee set it.
  const rollButton = tray(p1).getByRole('button', { name: /^Roll 4dF/ });
  await expect(rollButton).toHaveAttribute('aria-keyshortcuts', 'R');
  await tray(p1).getByLabel('What for (optional)').fill('Read the harbour master');
  await p1.getByRole('heading', { name: 'Dice' }).click();
  await p1.keyboard.press('r');
  await expect(p1.getByTestId('roll-card').first()).toContainText('“Read the harbour master”');
  // Escape and R in one breath: the sheet's close event comes after R has been handled, and
  // R still rolls (the browser had already put the focus back on Hide).
  await tray(p1).getByLabel('What for (optional)').fill('Count the barges');
  await hide.focus();
  await p1.keyboard.press('?');
  await expect(sheet).toBeVisible();
  type Watched = Element & { closed?: Promise<void> };
  const sheetElement = p1.getByTestId('shortcuts-sheet');
  await sheetElement.evaluate((el: Watched) => {
    el.closed = new Promise((done) => el.addEventListener('close', () => done(), { once: true }));
  });
  await Promise.all([p1.keyboard.press('Escape'), p1.keyboard.press('r')]);
  await sheetElement.evaluate((el: Watched) => el.closed);
  await expect(p1.getByTestId('roll-card').first()).toContainText('“Count the barges”');
  // Keys typed in a field are text, not shortcuts.
  await tray(p1).getByLabel('What for (optional)').fill('');
  await tray(p1).getByLabel('What for (optional)').press('?');
  await expect(sheet).toBeHidden();
  await expect(tray(p1).getByLabel('What for (optional)')).toHaveValue('?');
  // (Ctrl, Alt and Meta are left to the browser: components/shell/shortcuts.test.ts; Ctrl+R would reload.)

  // I focuses the invoke control of the latest roll (Dee's own).
  await roll(p1, 'fight', 'Shove the smuggler');
  await p1.getByRole('heading', { name: 'Dice' }).click();
  await p1.keyboard.press('i');
  await expectActive(p1.getByTestId('roll-card').first().locator('select[name="invoke-aspect"]'));
  // Dee invokes with a fate point: the feed, still open, shows the invoke on that roll.
  const latest = p1.getByTestId('roll-card').first();
  await latest.locator('select[name="invoke-pay"]').selectOption('fate-point');
  await latest.getByRole('button', { name: '+2' }).click();
  await expect(feedRows(p1).first()).toContainText('Shove the smuggler');
  await expect(feedRows(p1).first()).toContainText('Invoked:');

  // A shortcut whose action is not there says why, politely: no compel waits for Dee.
  await p1.getByRole('heading', { name: 'Dice' }).click();
  await p1.keyboard.press('a');
  await expect(p1.getByRole('status').filter({ hasText: 'No compel is waiting' })).toBeVisible();

  // The GM compels Kai: Kim, on the phone, presses A and accepts it.
  const text = 'An old debt comes due';
  const gmForm = gm.getByRole('form', { name: 'Offer a compel' });
  await gmForm.getByLabel('Compel').selectOption({ label: 'Kai' });
  await gmForm.getByLabel('What happens').fill(text);
  await gmForm.getByRole('button', { name: 'Offer the compel' }).click();
  // The button sits in the Scene tab, which need not be the one in front.
  const accept = phone.getByRole('button', {
    name: 'Accept, gain a fate point',
    includeHidden: true,
  });
  await expect(accept).toHaveAttribute('aria-keyshortcuts', 'A');
  await phone.getByRole('tab', { name: 'Log' }).click();
  await phone.keyboard.press('a');
  await expect(phone.getByRole('tab', { name: 'Scene' })).toHaveAttribute('aria-selected', 'true');
  for (const page of [gm, p1, phone]) {
    await expect(page.getByTestId('compel').filter({ hasText: text })).toHaveCount(0);
  }

  // R on the phone brings the Dice tab and rolls there.
  await phone.getByRole('tab', { name: 'Dice' }).click();
  await tray(phone).getByLabel('What for (optional)').fill('Watch the gangplank');
  await phone.getByRole('tab', { name: 'Log' }).click();
  await phone.keyboard.press('r');
  await expect(phone.getByRole('tab', { name: 'Dice' })).toHaveAttribute('aria-selected', 'true');
  await expect(phone.getByTestId('roll-card').first()).toContainText('“Watch the gangplank”');

  // N: the GM moves the turn on in a conflict; a player's N only says it is the GM's.
  const conflict = gm.getByTestId('conflict');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  await expect(conflict.getByText('Exchange 1')).toBeVisible();
  await expect(conflict.getByRole('button', { name: 'Next turn' })).toHaveAttribute(
    'aria-keyshortcuts',
    'N',
  );
  await gm.getByRole('heading', { name: 'Dice' }).click();
  await gm.keyboard.press('n');
  await expect(conflict.getByTestId('turn').nth(1)).toHaveAttribute('aria-current', 'step');
  await p1.getByRole('heading', { name: 'Dice' }).click();
  await p1.keyboard.press('n');
  await expect(p1.getByRole('status').filter({ hasText: 'Only the GM' })).toBeVisible();

  // The spectator has no roll to make: R says so.
  await spectator.getByRole('heading', { name: 'Rolls', exact: true }).click();
  await spectator.keyboard.press('r');
  await expect(
    spectator.getByRole('status').filter({ hasText: 'no roll for you to make' }),
  ).toBeVisible();

  await group.close();
});
