/// <reference lib="dom" />
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { PHONE, createTable, expectAccessible, inviteLinks, joinAndCreate, shot } from './helpers';

// The GM on any device. The GM of "Harbour Lights" makes the table on her laptop,
// then opens the GM link on her phone (a second browser context, holding nothing but the link):
// the phone shows the same invite links, fetched from the server, which keeps them sealed under
// the GM token. Ann joins with the player link copied on the phone. Replacing the links is a
// separate control behind a confirmation that says what it does; cancelled once, then
// confirmed: the phone shows the new links, the laptop too, the old player link is refused and
// the new one seats Bo.

/**
 * The invite panel, opened if it is not. The button says whether it is open: the panel itself
 * loads lazily, so a look at it may find nothing yet while it is opening, and a click then
 * would close it.
 */
async function openInvites(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Invite links', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByTestId('invites')).toBeVisible();
}

test('the GM link on a second device shows the invite links, and rotates them behind a confirmation', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const created = await createTable(browser, 'Harbour Lights', 'fate-core');
  contexts.push(created.context);
  const { links } = created;

  // The phone: a fresh context with only the GM link, and a clipboard to copy from.
  const phone = await browser.newContext({
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(phone);
  const gm2 = await phone.newPage();
  await gm2.goto(links.gm);
  await expect(gm2.getByTestId('table-name')).toHaveText('Harbour Lights');
  await openInvites(gm2);
  expect(await inviteLinks(gm2)).toEqual(links);
  await shot(gm2, 'gm-second-device-1-phone-links');
  await expectAccessible(gm2, 'gm second device links');

  // Ann joins with the player link copied on the phone.
  await gm2.getByTestId('invite-player').getByRole('button', { name: 'Copy' }).click();
  await expect(gm2.getByText('Player link copied.')).toBeVisible();
  const copied = await gm2.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(links.player);
  const ann = await joinAndCreate(
    browser,
    copied,
    'Ann',
    {
      name: 'Mara Quill',
      highConcept: 'Harbour Pilot Who Owes the Guild',
      trouble: 'Never Turns Down a Dare',
    },
    PHONE,
  );
  contexts.push(ann.context);
  await expect(ann.page.getByTestId('table-name')).toHaveText('Harbour Lights');

  // Replacing the links: its own control, not in the links' panel.
  const invites = gm2.getByTestId('invites');
  await expect(invites.getByRole('button', { name: /Replace|Rotate/ })).toHaveCount(0);
  const replace = gm2
    .getByTestId('rotate-links')
    .getByRole('button', { name: 'Replace player and spectator links…' });
  const dialog = gm2.getByRole('dialog', { name: 'Replace the player and spectator links?' });

  // Cancelled once: nothing changes.
  await replace.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Every player and spectator link stops working');
  await expect(dialog).toContainText('are dropped');
  await expect(dialog).toContainText('Players who already joined stay at the table');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(gm2, 'gm-second-device-2-confirm');
  await expectAccessible(gm2, 'gm second device confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(replace).toBeFocused();
  expect(await inviteLinks(gm2)).toEqual(links);

  // Escape cancels too.
  await replace.click();
  await expect(dialog).toBeVisible();
  await gm2.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await inviteLinks(gm2)).toEqual(links);

  // Confirmed: the panel shows new player and spectator links; the GM link stays.
  await replace.click();
  await dialog.getByRole('button', { name: 'Replace the links' }).click();
  await expect(dialog).toBeHidden();
  await expect(invites.getByLabel('Player link')).not.toHaveValue(links.player);
  const fresh = await inviteLinks(gm2);
  expect(fresh.gm).toBe(links.gm);
  expect(fresh.spectator).not.toBe(links.spectator);
  await shot(gm2, 'gm-second-device-3-new-links');

  // Ann, seated through the old link, stays at the table on her phone (her page went over to
  // her seat's own token when she joined) and sees what the GM does next.
  await expect(ann.page.getByText(/no longer works|replaced by the GM/)).toHaveCount(0);
  await created.gm.getByPlaceholder('Thick fog rolls in').fill('Storm Lanterns Swinging');
  await created.gm.getByRole('button', { name: 'Add aspect' }).click();
  await ann.page.getByRole('tab', { name: 'Scene' }).click();
  await expect(
    ann.page.getByTestId('aspect-card').filter({ hasText: 'Storm Lanterns Swinging' }),
  ).toBeVisible();
  await expect(ann.page.getByText(/no longer works|replaced by the GM/)).toHaveCount(0);
  await shot(ann.page, 'gm-second-device-5-ann-stays');

  // The laptop, reopening its panel, shows the new links too: they come from the server.
  const laptop = created.gm;
  await laptop.getByRole('button', { name: 'Close invite links' }).click();
  await openInvites(laptop);
  await expect(laptop.getByTestId('invites').getByLabel('Player link')).toHaveValue(fresh.player);
  expect(await inviteLinks(laptop)).toEqual(fresh);

  // The old player link is refused; the new one seats Bo.
  const late = await browser.newContext({ viewport: PHONE });
  contexts.push(late);
  const latePage = await late.newPage();
  await latePage.goto(links.player);
  await expect(latePage.getByText(/replaced by the GM/)).toBeVisible();
  await shot(latePage, 'gm-second-device-4-old-link');
  const bo = await joinAndCreate(browser, fresh.player, 'Bo', {
    name: 'Teodor Vance',
    highConcept: 'Retired Customs Inspector',
    trouble: 'Sees Smugglers Everywhere',
  });
  contexts.push(bo.context);
  await expect(bo.page.getByTestId('table-name')).toHaveText('Harbour Lights');

  for (const c of contexts) await c.close();
});
