/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, openGroup, shot, usualGroup } from './helpers';

// Countdowns, part of the table's feel: "The GM creates a countdown (name, boxes, what happens when
// it fills), public or hidden, ticks it, and every screen and the overlay show it; it can be
// tied to exchanges of a conflict." Shown by a countdown filled on the overlay.

const OPEN = 'Reinforcements arrive';
const TRIGGER = 'Marines storm the docks';
const SECRET = 'Cult ritual completes';
const SECRET_TRIGGER = 'The bridge collapses';

/** A countdown's meter on a screen's strip (the GM's panel has its own copy) or the overlay. */
const meter = (page: Page, name: string) =>
  page
    .locator('[data-testid="countdowns"], [data-testid="overlay-countdowns"]')
    .getByRole('meter', { name });
/** What a screen reads out for a countdown's boxes, e.g. "Reinforcements arrive: 3 of 4". */
const expectCount = (page: Page, name: string, filled: number, boxes: number) =>
  expect(meter(page, name)).toHaveAttribute('aria-valuetext', `${name}: ${filled} of ${boxes}`);
/** Not one character of the hidden countdown in the page, shown or not. */
async function expectNoSecret(page: Page): Promise<void> {
  const html = await page.content();
  expect(html).not.toContain(SECRET);
  expect(html).not.toContain(SECRET_TRIGGER);
}

test('countdowns: public and hidden, ticked and filled by exchanges, on every screen and the overlay', async ({
  browser,
}) => {
  // Five browsers on two shared cores: the default three minutes is too tight.
  test.setTimeout(900_000);
  const group = await openGroup(
    browser,
    usualGroup('Docks at dusk', { overlay: { shots: 'countdowns' } }),
  );
  const { gm, spectator: watcher, overlay } = group;
  const [dee, kim] = group.players;
  await expect(overlay.getByRole('main', { name: 'Docks at dusk: stream overlay' })).toBeVisible();
  const others = [dee, kim, watcher, overlay];

  // 1. The GM makes a public countdown of four boxes tied to exchanges, and a hidden one.
  const panel = gm.getByTestId('gm-countdowns');
  const form = panel.getByRole('form', { name: 'New countdown' });
  await form.getByLabel('Name').fill(OPEN);
  await form.getByLabel('Boxes').fill('4');
  await form.getByLabel('When it fills').fill(TRIGGER);
  await form.getByLabel('Ticks each exchange of a conflict').check();
  await form.getByRole('button', { name: 'Add countdown' }).click();
  await expectCount(gm, OPEN, 0, 4);
  await form.getByLabel('Name').fill(SECRET);
  await form.getByLabel('Boxes').fill('3');
  await form.getByLabel('When it fills').fill(SECRET_TRIGGER);
  await form.getByLabel('Hidden from the players').check();
  await form.getByRole('button', { name: 'Add countdown' }).click();

  // The GM sees the hidden one marked as hidden, in words.
  const secretOnStrip = gm
    .getByTestId('countdowns')
    .getByTestId('countdown')
    .filter({ hasText: SECRET });
  await expect(secretOnStrip.getByTestId('countdown-hidden')).toHaveText('Hidden');
  await expectCount(gm, SECRET, 0, 3);

  // 2. Every other screen shows the public one, and never a byte of the hidden one.
  for (const page of others) await expectCount(page, OPEN, 0, 4);
  for (const page of others) await expectNoSecret(page);
  await expect(meter(kim, OPEN)).toBeVisible();
  await shot(kim, 'countdowns-phone');

  // 3. The GM ticks it by hand: one box, then a slip taken back, then one again.
  const tick = (by: 'one box' | 'back one box') =>
    panel.getByRole('button', { name: `Tick ${OPEN} ${by}` }).click();
  await tick('one box');
  await expectCount(dee, OPEN, 1, 4);
  await tick('one box');
  await expectCount(gm, OPEN, 2, 4);
  await tick('back one box');
  for (const page of others) await expectCount(page, OPEN, 1, 4);

  // 4. A conflict's exchanges fill the rest: Vex and Kai act, the order wraps, a box a time.
  const conflict = gm.getByTestId('conflict');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  await expect(conflict.getByText('Exchange 1')).toBeVisible();
  for (const exchange of [2, 3, 4]) {
    await conflict.getByRole('button', { name: 'Next turn' }).click();
    await expect(conflict.getByTestId('turn').nth(1)).toHaveAttribute('aria-current', 'step');
    await conflict.getByRole('button', { name: 'Next turn' }).click();
    await expect(conflict.getByText(`Exchange ${exchange}`)).toBeVisible();
    await expectCount(gm, OPEN, exchange, 4);
  }

  // 5. Filled: every screen says what happens, the overlay too; the hidden one never showed.
  for (const page of [gm, dee, kim, watcher]) {
    await expectCount(page, OPEN, 4, 4);
    await expect(page.getByTestId('countdowns').getByTestId('countdown-trigger')).toHaveText(
      `Filled: ${TRIGGER}`,
    );
  }
  await expectCount(overlay, OPEN, 4, 4);
  await expect(
    overlay.getByTestId('overlay-countdowns').getByTestId('countdown-trigger'),
  ).toHaveText(`Filled: ${TRIGGER}`);
  // The log says it once, with its trigger.
  await expect(
    dee.getByTestId('log').getByText(`Countdown "${OPEN}" filled: ${TRIGGER}`, { exact: true }),
  ).toHaveCount(1);
  for (const page of others) await expectNoSecret(page);
  await shot(overlay, 'countdowns-overlay-filled');
  await shot(kim, 'countdowns-phone-filled');

  // 6. The hidden one, tied to no exchange, did not move.
  await expectCount(gm, SECRET, 0, 3);

  // 7. Removing asks first; then it is gone from every screen.
  await panel.getByRole('button', { name: `Remove ${SECRET}` }).click();
  await panel
    .getByRole('group', { name: `Remove ${SECRET}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(meter(gm, SECRET)).toHaveCount(0);

  await expectAccessible(gm, 'GM with countdowns');
  await expectAccessible(kim, 'phone with countdowns');
  await group.close();
});
