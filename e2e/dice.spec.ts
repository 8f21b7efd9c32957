/// <reference lib="dom" />
import { test, expect as baseExpect, type Page } from '@playwright/test';
import {
  PHONE,
  KAI,
  VEX_SKILLS,
  createTable,
  joinAndCreate,
  openAs,
  shot,
  takeSeat,
} from './helpers';

// Dice you can watch. A roll new to a page lands die by die (four dice ~140 ms apart: all four
// are in the page at once, each tumbling in on its turn, so the page changes twice, not once a
// die), then the total, its ladder name and the outcome show; Skip (or a click on the dice)
// shows them at once; under reduced motion, or with the new card off the screen, there is no
// landing at all. playwright.config.ts reduces motion for every page; the pages here that
// watch the landing turn it back on.

// Four browsers and a server on two shared cores.
const expect = baseExpect.configure({ timeout: 30_000 });

const motion = (page: Page) => page.emulateMedia({ reducedMotion: 'no-preference' });

/**
 * From now on, notes each state the newest roll card passes through: its number of dice,
 * `T` once its total is shown (drawn with the dice, it stays hidden until they land), `L`
 * while it is landing. A state is noted once when it changes,
 * so a landing reads `4L 4T` and a roll shown at once just `4T`. While a card lands, also notes
 * once how each die comes in: how long it stays hidden and how long its animation runs
 * (`140/640`: hidden for 140 ms of a 640 ms landing, then tumbling in), and `together` when
 * every die's animation started at the same moment (staggered starts cost a phone a restyle
 * at every frame).
 */
async function recordNewestCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { diceLog: string[]; lastState?: string };
    w.diceLog = [];
    w.lastState = undefined;
    const note = () => {
      const card = document.querySelector('[data-testid="roll-card"]');
      if (!card) return;
      const dice = Array.from(card.querySelectorAll('[data-testid="die"]'));
      const totalEl = card.querySelector('[data-testid="roll-total"]');
      const total = totalEl && getComputedStyle(totalEl).visibility === 'visible' ? 'T' : '';
      const landing = card.querySelector('[data-landing]') ? 'L' : '';
      const state = `${dice.length}${total}${landing}`;
      if (w.lastState === state) return;
      w.lastState = state;
      w.diceLog.push(state);
      if (!landing) return;
      const animations = dice.flatMap((d) => d.getAnimations());
      const entries = animations.map((a) => {
        const duration = Number(a.effect?.getTiming().duration);
        const hidden = (a.effect as KeyframeEffect)
          .getKeyframes()
          .filter((k) => Number(k.opacity) === 0);
        const until = Math.max(...hidden.map((k) => k.computedOffset));
        return `${String(Math.round(until * duration))}/${String(duration)}`;
      });
      const starts = new Set(
        animations.map((a) => `${String(a.startTime)} ${String(a.currentTime)}`),
      );
      w.diceLog.push(`in ${entries.join(' ')}${starts.size === 1 ? ' together' : ''}`);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
    });
  });
}

/**
 * From now on, notes each change of the roll feed: its number of rows, whether the newest card
 * was landing its dice then (`L`) or showing its total (`T`), and whether the newest row's
 * outcome could be seen (`+`) or not (`-`). A new roll's row comes with the card, its result
 * hidden until the card's dice are down: the list never gives the result away first.
 */
async function recordFeed(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { feedLog: string[] };
    w.feedLog = [];
    const state = () => {
      const rows = document.querySelectorAll('[data-testid="feed-roll"]');
      const landing = document.querySelector('[data-testid="roll-card"] [data-landing]');
      const outcome = rows[0]?.querySelector('[data-testid="feed-outcome"]');
      const seen = outcome && getComputedStyle(outcome).visibility === 'visible' ? '+' : '-';
      return `${String(rows.length)}${landing ? 'L' : 'T'}${rows.length > 0 ? seen : ''}`;
    };
    let last = state();
    new MutationObserver(() => {
      const now = state();
      if (now === last) return;
      last = now;
      w.feedLog.push(now);
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

const diceLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { diceLog: string[] }).diceLog);

const feedLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { feedLog: string[] }).feedLog);

/**
 * The newest card landed its four dice one after the other (each hidden until its turn, 140 ms
 * after the one before), and only then showed its total.
 */
async function expectLanded(page: Page, before: string[]): Promise<void> {
  await expect(page.getByTestId('roll-card').first().getByTestId('roll-outcome')).toBeVisible();
  const log = (await diceLog(page)).slice(before.length);
  expect(log, log.join(', ')).toEqual(['4L', 'in 0/640 140/640 280/640 420/640 together', '4T']);
}

test('dice: a new roll lands die by die, Skip shows it at once, and the dice animation skipped under reduced motion', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const { gm, links, context } = await createTable(browser, 'The Dice Tower', 'fate-core');
  const contexts = [context];

  // Dee writes a real character: a full pyramid and her own aspects.
  const dee = await takeSeat(browser, links.player, 'Dee');
  contexts.push(dee.context);
  const editor = dee.page.getByTestId('editor');
  await editor.getByLabel('Character name').fill('Vex');
  await editor.locator('input[name^="aspect-high-concept"]').fill('Street-Smart Fixer');
  await editor.locator('input[name^="aspect-trouble"]').fill('Too Many Favours Owed');
  const others = editor.locator('input[name^="aspect-other"]');
  for (let i = 0; i < (await others.count()); i++) await others.nth(i).fill(`Old debt #${i + 1}`);
  for (const [id, rating] of Object.entries(VEX_SKILLS)) {
    await editor.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
  }
  await expect(dee.page.getByTestId('sheet-problems')).toHaveCount(0);
  await dee.page.getByRole('button', { name: 'Create character' }).click();
  await expect(dee.page.getByTestId('table-name')).toBeVisible();

  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, PHONE);
  contexts.push(kim.context);
  await kim.page.getByRole('tab', { name: /^Dice/ }).click();
  const watcher = await openAs(browser, links.spectator);
  contexts.push(watcher.context);

  // The dice sound: off by default, and remembered once turned on.
  const sound = dee.page.getByRole('checkbox', { name: 'Dice sound' });
  await expect(sound).not.toBeChecked();
  await sound.check();

  // ── Motion on for Dee, the GM and Kim; the spectator keeps the config's reduced motion.
  for (const page of [dee.page, gm, kim.page]) await motion(page);
  for (const page of [dee.page, gm, watcher.page]) await recordNewestCard(page);
  await gm.getByRole('button', { name: 'All rolls this session' }).click();
  await expect(gm.getByTestId('roll-feed').getByText('No rolls this session yet.')).toBeVisible();
  await recordFeed(gm);

  // Dee rolls Fight (Great +4) against Fair (+2).
  const tray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="skill"]').selectOption('fight');
  await tray.locator('select[name="action"]').selectOption('overcome');
  await tray.locator('select[name="difficulty"]').selectOption('2');
  await tray.getByRole('button', { name: /^Roll 4dF \+4 vs Fair \(\+2\)/ }).click();

  for (const page of [dee.page, gm]) await expectLanded(page, []);
  // The GM's roll feed had Dee's row with her card, its result hidden while her dice landed
  // and shown with the card's total, never before it.
  await expect(gm.getByTestId('feed-roll')).toHaveCount(1);
  expect(await feedLog(gm)).toEqual(['1L-', '1T+']);
  const card = dee.page.getByTestId('roll-card').first();
  await expect(card.getByTestId('die')).toHaveCount(4);
  await expect(card.getByTestId('roll-total')).toHaveText(/^[+-]\d$/);
  await expect(card.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await shot(dee.page, 'dice-1-dee-landed');
  await shot(gm, 'dice-1-gm-landed');

  // The spectator, motion reduced: the result at once, never a partial row of dice.
  await expect(
    watcher.page.getByTestId('roll-card').first().getByTestId('roll-outcome'),
  ).toBeVisible();
  expect((await diceLog(watcher.page)).filter((s) => s !== '')).toEqual(['4T']);
  await shot(watcher.page, 'dice-1-spectator-reduced-motion');

  // ── Kim, on her phone, rolls and skips her own landing with the Skip button.
  // Her page's clock is held still while she rolls, so that the landing waits for her Skip
  // however slow the machine (half a second of landing is shorter than a loaded CI's click).
  // Her roll feed open under the cards: her row comes with the card, its result hidden.
  const kimTray = kim.page.getByRole('form', { name: 'Roll the dice' });
  await kim.page.getByRole('button', { name: 'All rolls this session' }).click();
  await expect(kim.page.getByTestId('feed-roll')).toHaveCount(1);
  await kimTray.locator('select[name="difficulty"]').selectOption('2');
  await kim.page.clock.install();
  await kim.page.clock.pauseAt(Date.now() + 1_000);
  await kimTray.getByRole('button', { name: /^Roll 4dF/ }).click();
  const kimCard = kim.page.getByTestId('roll-card').first();
  await expect(kimCard.locator('[data-landing]')).toHaveCount(1);
  const kimRow = kim.page.getByTestId('feed-roll').first();
  await expect(kim.page.getByTestId('feed-roll')).toHaveCount(2);
  await expect(kimRow).toContainText('Kai');
  await expect(kimRow.getByTestId('feed-outcome')).toBeHidden();
  await expect(kimCard.getByTestId('roll-outcome')).toBeHidden();
  await kimCard.scrollIntoViewIfNeeded();
  await shot(kim.page, 'dice-2-kim-phone-landing', { fullPage: false });
  await kimRow.scrollIntoViewIfNeeded();
  await shot(kim.page, 'dice-2-kim-phone-feed-landing', { fullPage: false });
  await kimCard.getByRole('button', { name: 'Skip' }).click();
  await expect(kimCard.getByRole('button', { name: 'Skip' })).toHaveCount(0, { timeout: 1_000 });
  await expect(kimCard.getByTestId('die')).toHaveCount(4, { timeout: 1_000 });
  await expect(kimCard.getByTestId('roll-outcome')).toBeVisible({ timeout: 1_000 });
  await expect(kimRow.getByTestId('feed-outcome')).toBeVisible({ timeout: 1_000 });
  await shot(kim.page, 'dice-2-kim-phone-skipped');
  await kim.page.clock.resume();

  // The spectator saw Kim's roll at once too.
  const kimOnWatcher = watcher.page.getByTestId('roll-card').first();
  await expect(kimOnWatcher).toHaveAttribute('aria-label', /^Kai rolled/);
  await expect(kimOnWatcher.getByTestId('roll-outcome')).toBeVisible();
  expect((await diceLog(watcher.page)).every((s) => !s.includes('L'))).toBe(true);

  // ── Kim reads her roll feed, her cards above the screen: Dee's next roll shows at once on
  // her phone (no dice land where nobody sees them) and its feed row gives the outcome with it.
  // Scrolled back up to her cards, the roll after that lands for her again.
  // Three more of Dee's rolls first, so that Kim's page is long enough to scroll its cards off.
  // (kimCard and kimRow are her newest card and row, whichever roll they hold.)
  const kimRows = kim.page.getByTestId('feed-roll');
  const deeRoll = tray.getByRole('button', { name: /^Roll 4dF/ });
  for (const rows of [3, 4, 5]) {
    await deeRoll.click();
    await expect(kimRows).toHaveCount(rows);
  }
  await expect(kim.page.locator('[data-landing]')).toHaveCount(0);
  await kim.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(() => kimCard.evaluate((card) => card.getBoundingClientRect().bottom))
    .toBeLessThan(0);
  await recordNewestCard(kim.page);
  await recordFeed(kim.page);
  await deeRoll.click();
  await expect(kimRows).toHaveCount(6);
  await expect(kimRow).toContainText('Vex');
  await expect(kimRow.getByTestId('feed-outcome')).toBeVisible();
  // Never landing: the newest card's state was "four dice, total shown" throughout.
  await expect(kimCard).toHaveAttribute('aria-label', /^Vex rolled/);
  await expect(kimCard.getByTestId('roll-outcome')).toBeVisible();
  expect(await diceLog(kim.page)).toEqual(['4T']);
  expect(await feedLog(kim.page)).toEqual(['6T+']);
  await shot(kim.page, 'dice-4-kim-phone-feed-at-once', { fullPage: false });
  await kimCard.evaluate((card) => card.scrollIntoView({ block: 'center' }));
  const beforeLanding = await diceLog(kim.page);
  await deeRoll.click();
  await expect(kimRows).toHaveCount(7);
  await expectLanded(kim.page, beforeLanding);
  await shot(kim.page, 'dice-5-kim-phone-cards-landed', { fullPage: false });

  // ── Dee reloads, motion still on: the rolls already on the table are history, not news.
  await dee.page.reload();
  await expect(dee.page.getByTestId('roll-card')).toHaveCount(6);
  await expect(dee.page.locator('[data-landing]')).toHaveCount(0);
  await expect(dee.page.getByTestId('roll-outcome')).toHaveCount(6);
  await expect(dee.page.getByRole('checkbox', { name: 'Dice sound' })).toBeChecked();
  await shot(dee.page, 'dice-3-dee-reloaded');

  for (const c of contexts) await c.close();
});
