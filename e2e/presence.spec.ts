/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { openAs, shot, watchedTableWithTwoPlayers } from './helpers';

/** The "Who is here" row of a seat, by the player's name. */
const seatRow = (page: Page, name: string) =>
  page.getByTestId('presence').locator('li').filter({ hasText: name });

// Presence shows who the server knows each connection to be (docs/GUARANTEES.md, 11): a
// player who joins through the shared link reopens the documents with their seat token, so
// spectators, who read presence from awareness alone, see the seat come online.
test('spectators see each seated player come online and go away', async ({ browser }) => {
  const table = await watchedTableWithTwoPlayers(browser, 'Harbour watch', 'fate-core');
  const phone = await openAs(browser, table.links.spectator, { width: 390, height: 844 });
  try {
    for (const name of ['Dee', 'Kim']) {
      await expect(seatRow(table.spectator, name)).toContainText('online');
      await expect(seatRow(table.gm, name)).toContainText('online');
    }
    await expect(seatRow(table.spectator, 'GM')).toContainText('online');
    await shot(table.spectator, 'presence-spectator-both-online');

    // On a phone "Who is here" sits on the Log tab.
    await phone.page.getByRole('tab', { name: 'Log' }).click();
    await expect(seatRow(phone.page, 'Kim')).toContainText('online');
    await shot(phone.page, 'presence-phone-spectator');

    // Kim closes her tab: she is away on every screen, Dee still online.
    await table.p2.close();
    await expect(seatRow(table.spectator, 'Kim')).toContainText('away');
    await expect(seatRow(table.gm, 'Kim')).toContainText('away');
    await expect(seatRow(table.spectator, 'Dee')).toContainText('online');
    await shot(table.spectator, 'presence-spectator-kim-away');
  } finally {
    await phone.context.close();
    await table.close();
  }
});
