import { test, expect } from '@playwright/test';
import { KAI, PHONE, VEX, createTable, joinAndCreate, openAs, shot } from './helpers';

// The log's, the roll feed's and the chat's rows say when they happened: the time for today's,
// the day and the time for an earlier day's (what "Load older" brings back from past
// sessions), and the year too for an earlier year's. Days are the reader's own: here, pages
// whose clock is set days or a year ahead read today's entries as old ones.

const DAY = 24 * 3600 * 1000;
const month = (at: Date) => new Intl.DateTimeFormat('en-US', { month: 'short' }).format(at);

test('days: rows from an earlier day say the day, today’s only the time', async ({ browser }) => {
  test.setTimeout(300_000);
  const today = new Date();
  const { gm, links, context } = await createTable(browser, 'The Long Road', 'fate-core');
  const contexts = [context];

  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  contexts.push(dee.context);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, PHONE);
  contexts.push(kim.context);

  // Kim rolls her second skill (not the first) against Great, on her phone.
  await kim.page.getByRole('tab', { name: /^Dice/ }).click();
  const tray = kim.page.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="skill"]').selectOption({ index: 1 });
  await tray.locator('select[name="action"]').selectOption('overcome');
  await tray.locator('select[name="difficulty"]').selectOption('4');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  await expect(kim.page.getByTestId('roll-card').first()).toBeVisible();

  // The GM, today: every row of the log only a time.
  const gmLog = gm.getByTestId('log');
  await expect(gmLog.locator('li').first()).toContainText(/Kai|Kim|Vex/);
  const gmTimes = await gmLog.locator('li time').allTextContents();
  expect(gmTimes.length).toBeGreaterThan(2);
  for (const t of gmTimes) expect(t).not.toContain(month(today));
  await shot(gm, 'days-1-gm-today');

  // Kim's phone three days later: the same rows say the day they happened.
  await kim.page.clock.setFixedTime(new Date(today.getTime() + 3 * DAY));
  await kim.page.reload();
  await kim.page.getByRole('tab', { name: /^Log/ }).click();
  const kimLog = kim.page.getByTestId('log');
  await expect(kimLog.locator('li time').first()).toContainText(month(today));
  for (const t of await kimLog.locator('li time').allTextContents()) {
    expect(t).toContain(month(today));
    expect(t).toContain(String(today.getDate()));
    expect(t).not.toContain(String(today.getFullYear()));
  }
  await shot(kim.page, 'days-2-kim-phone-log-later');
  await kim.page.getByRole('tab', { name: /^Dice/ }).click();
  await kim.page.getByRole('button', { name: 'All rolls this session' }).click();
  const feedTime = kim.page.getByTestId('feed-roll').first().locator('time');
  await expect(feedTime).toContainText(month(today));
  await shot(kim.page, 'days-3-kim-phone-feed-later');

  // A spectator a year and more later: the year too.
  const watcher = await openAs(browser, links.spectator);
  contexts.push(watcher.context);
  await watcher.page.clock.setFixedTime(new Date(today.getTime() + 400 * DAY));
  await watcher.page.reload();
  const watcherLog = watcher.page.getByTestId('log');
  await expect(watcherLog.locator('li time').first()).toContainText(String(today.getFullYear()));
  await shot(watcher.page, 'days-4-spectator-next-year');

  for (const c of contexts) await c.close();
});
