/// <reference lib="dom" />
import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import {
  characterCard,
  createTable,
  shot,
  expectAccessible,
  type Links,
  defendWithLowest,
  adjust,
  commandByHand,
} from './helpers';
import {
  annOpensTheEditor,
  invokeForFree,
  makeTheHitCertain,
  NO_CHANCE,
  offerZirdACompel,
  seatZirdAndLandon,
} from './stories/sunken-abbey';

/**
 * One table, four browsers at once: a GM, two players and a spectator, against the real
 * server. The steps build on each other, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

let gm: Page;
let p1: Page;
let p2: Page;
let spectator: Page;
let links: Links;
const contexts: BrowserContext[] = [];
const everyone = () => [gm, p1, p2, spectator];

const card = characterCard;
const fatePoints = (page: Page, name: string) => card(page, name).getByTestId('fate-points');

test.beforeAll(async ({ browser }) => {
  const created = await createTable(browser, 'The Sunken Abbey', 'fate-core');
  gm = created.gm;
  links = created.links;
  contexts.push(created.context);
});

test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

test('the GM lands on the table with three invite links and copy buttons', async () => {
  await expect(gm.getByTestId('invite-gm')).toBeVisible();
  await expect(gm.getByTestId('invite-player').getByRole('button', { name: 'Copy' })).toBeVisible();
  await gm.getByTestId('invite-player').getByRole('button', { name: 'Copy' }).click();
  await expect(gm.getByText('Player link copied.')).toBeVisible();
  await shot(gm, 'gm-new-table');
  await expectAccessible(gm, 'gm new table');
});

test('players join by link and create characters with live validation', async ({ browser }) => {
  // Ann looks at the editor first: it says what the sheet still lacks.
  await annOpensTheEditor(browser, links);

  ({ p1, p2, spectator } = await seatZirdAndLandon(browser, links, contexts));

  for (const page of everyone()) {
    await expect(card(page, 'Zird')).toBeVisible();
    await expect(card(page, 'Landon')).toBeVisible();
  }
  await expect(spectator.getByTestId('live-mark')).toBeVisible();
  await expect(gm.getByTestId('spectator-count')).toHaveText('1 spectator watching');
});

test('the GM pushes an aspect and all four screens show it', async () => {
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await gm.getByLabel('New aspect').fill('Thick fog rolls in');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  for (const page of everyone()) {
    await expect(
      page.getByTestId('aspect-card').filter({ hasText: 'Thick fog rolls in' }),
    ).toBeVisible();
  }
  await gm.getByRole('button', { name: 'Push “Thick fog rolls in” to every screen' }).click();
  for (const page of everyone()) {
    await expect(page.getByTestId('spotlight-stage')).toContainText('Thick fog rolls in');
  }
  await shot(spectator, 'spectator-spotlight');
  for (const page of everyone()) {
    await expect(page.getByTestId('spotlight-strip')).toContainText('Thick fog rolls in');
  }
});

test('a player creates an advantage, invokes it, and totals update everywhere', async () => {
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.getByLabel('Action').selectOption('create-advantage');
  await tray.locator('select[name="difficulty"]').selectOption('-2');
  await expect(tray.getByTestId('odds')).toBeVisible();
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  const latest = p1.getByTestId('roll-card').first();
  await expect(latest.getByTestId('roll-outcome')).toHaveText(/Success/);
  await latest.getByLabel('Name the advantage').fill('Pinned in the fog');
  await latest.getByRole('button', { name: 'Create aspect' }).click();
  for (const page of everyone()) {
    const advantage = page.getByTestId('aspect-card').filter({ hasText: 'Pinned in the fog' });
    await expect(advantage.getByTestId('free-invokes')).toBeVisible();
  }

  await tray.getByLabel('Action').selectOption('overcome');
  await tray.locator('select[name="difficulty"]').selectOption('8');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  await expect(p1.getByTestId('roll-card')).toHaveCount(2);
  const roll = p1.getByTestId('roll-card').first();
  const before = Number((await roll.getByTestId('roll-total').textContent())?.replace('+', ''));
  const marks = (page: Page) =>
    page.getByTestId('aspect-card').filter({ hasText: 'Pinned in the fog' }).locator('.mark');
  const freeBefore = await marks(p1).count();
  await invokeForFree(roll, 'Pinned in the fog');
  const after = `${before + 2 >= 0 ? '+' : ''}${before + 2}`;
  for (const page of everyone()) {
    await expect(page.getByTestId('roll-card').first().getByTestId('roll-total')).toHaveText(after);
    await expect(marks(page)).toHaveCount(freeBefore - 1);
  }
  await shot(p1, 'player-table');
  await expectAccessible(p1, 'player table');
});

test('a compel is accepted, another refused, and balances change everywhere', async () => {
  const offer = (text: string) => offerZirdACompel(gm, p1, text);
  const start = Number(await fatePoints(gm, 'Zird').locator('.fp-value').textContent());

  await offer('Your rivals arrive at the worst moment');
  await shot(p1, 'player-compel-prompt');
  await p1.getByRole('button', { name: 'Accept, gain a fate point' }).click();
  for (const page of everyone()) {
    await expect(fatePoints(page, 'Zird').locator('.fp-value')).toHaveText(String(start + 1));
  }

  await offer('The fog hides a rival spy');
  await p1.getByRole('button', { name: 'Refuse, pay a fate point' }).click();
  for (const page of everyone()) {
    await expect(fatePoints(page, 'Zird').locator('.fp-value')).toHaveText(String(start));
    await expect(page.getByTestId('compel')).toHaveCount(0);
  }
  await expect(gm.getByTestId('fp-summary')).toContainText('compels accepted +1');
});

test('an attack lands and the defender absorbs it through the options shown', async () => {
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.getByLabel('Action').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.getByLabel('Opponent').selectOption({ label: 'Landon' });
  // No dice are left to chance: the attack hits, and Landon can absorb it.
  const { skillId, original } = await makeTheHitCertain(gm, tray);
  const count = await p1.getByTestId('roll-card').count();
  await tray.getByRole('button', { name: /^Roll 4dF \+9/ }).click();
  await expect(p1.getByTestId('roll-card')).toHaveCount(Math.min(count + 1, 6));
  // Landon's player rolls his own defence, untrained (+0).
  await defendWithLowest(p2);
  await expect(p1.getByTestId('roll-card').first().getByTestId('roll-outcome')).toHaveText(
    /^Success/,
  );
  // The attacker deals the hit (the rules' action table), then the defender absorbs it.
  await p1.getByTestId('roll-card').first().getByRole('button', { name: 'Deal the hit' }).click();
  await expect(p2.getByTestId('roll-card').first().getByTestId('hit')).toContainText(
    'Hit on Landon',
  );
  const panel = p2.getByTestId('absorb-panel');
  await expect(panel).toBeVisible();
  await shot(p2, 'defender-absorb-options');
  await panel.getByTestId('absorb-options').getByRole('radio').first().check();
  // Every consequence the option fills needs a name.
  const names = panel.getByLabel(/Name the/);
  for (let i = 0; i < (await names.count()); i++) await names.nth(i).fill(`Bruised ribs ${i + 1}`);
  await panel.getByRole('button', { name: 'Absorb' }).click();
  for (const page of everyone()) {
    await expect(page.getByTestId('roll-card').first().getByTestId('hit')).toContainText(
      'Landon absorbed',
    );
  }
  // Zird's sheet goes back to its skill pyramid (the next test edits it).
  await adjust(gm, 'skill', 'Zird', { value: skillId }, original, NO_CHANCE);
  const landon = card(gm, 'Landon');
  const checked = landon.locator('.tick-box.on');
  const taken = landon.locator('.consequences li.taken');
  expect((await checked.count()) + (await taken.count())).toBeGreaterThan(0);
});

test('the spectator has no controls, and a hand-sent command is refused', async () => {
  await expect(spectator.locator('form')).toHaveCount(0);
  for (const name of [
    /^Roll/,
    'Push',
    'Add aspect',
    'Offer the compel',
    /Accept/,
    'Start a scene',
  ]) {
    await expect(spectator.getByRole('button', { name })).toHaveCount(0);
  }
  await shot(spectator, 'spectator-table');
  await expectAccessible(spectator, 'spectator table');

  const token = new URL(links.spectator).hash.replace('#token=', '');
  const answer = await commandByHand(spectator, token, { id: 'hand-made-1', type: 'scene.end' });
  expect(answer).toMatch(/"ok":false/);
  expect(answer).toContain('forbidden');
  await expect(gm.getByText('Between scenes')).toHaveCount(0);
});

test('a player edits their sheet, and a reload keeps everything', async () => {
  const own = card(p1, 'Zird');
  await own.getByRole('button', { name: 'Edit sheet' }).click();
  await own.getByRole('button', { name: 'Add a stunt' }).click();
  await own.getByLabel('Stunt 1 name').fill('Well read');
  await own.getByLabel('Stunt 1 text').fill('+2 to Lore when the book is old');
  await own.getByRole('button', { name: 'Save sheet' }).click();
  await expect(own.getByText('Well read')).toBeVisible();
  await card(gm, 'Zird').getByRole('button', { name: 'Full sheet' }).click();
  await expect(card(gm, 'Zird').getByText('Well read')).toBeVisible();

  await p1.reload();
  await expect(card(p1, 'Zird').getByText('Well read')).toBeVisible();
  await expect(p1.getByTestId('table-name')).toHaveText('The Sunken Abbey');
  await expect(p1.getByRole('button', { name: 'Join the table' })).toHaveCount(0);
  await expect(card(p1, 'Zird')).toBeVisible();
  await expect(
    p1.getByTestId('aspect-card').filter({ hasText: 'Thick fog rolls in' }),
  ).toBeVisible();
  await gm.reload();
  await expect(gm.getByTestId('gm-tools')).toBeVisible();
  await expect(gm.getByTestId('spotlight-strip')).toContainText('Thick fog rolls in');
  await shot(gm, 'gm-table');
  await expectAccessible(gm, 'gm table');
});

test('going offline shows a banner, and coming back catches up without a reload', async () => {
  const context = p2.context();
  await context.setOffline(true);
  await expect(p2.getByTestId('connection-banner')).toBeVisible();
  await shot(p2, 'player-offline');
  await gm.getByLabel('New aspect').fill('Sudden downpour');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await expect(gm.getByTestId('aspect-card').filter({ hasText: 'Sudden downpour' })).toBeVisible();
  await context.setOffline(false);
  await expect(p2.getByTestId('connection-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect(p2.getByTestId('aspect-card').filter({ hasText: 'Sudden downpour' })).toBeVisible();
});

test('the GM dismisses the spotlight on every screen', async () => {
  await gm.getByTestId('spotlight-strip').getByRole('button', { name: 'Dismiss' }).click();
  for (const page of everyone()) await expect(page.getByTestId('spotlight-strip')).toHaveCount(0);
});

test('the keyboard alone adds and pushes an aspect, with a visible focus ring', async () => {
  await gm.getByLabel('New aspect').focus();
  await gm.keyboard.type('Creaking floorboards');
  await gm.keyboard.press('Enter');
  const added = gm.getByTestId('aspect-card').filter({ hasText: 'Creaking floorboards' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'Edit “Creaking floorboards”' }).focus();
  await gm.keyboard.press('Shift+Tab');
  await expect(added.getByRole('button', { name: /^Push/ })).toBeFocused();
  const outline = await gm.evaluate(() => {
    const el = document.activeElement;
    return el ? getComputedStyle(el).outlineStyle : '';
  });
  expect(outline).toBe('solid');
  await gm.keyboard.press('Enter');
  for (const page of everyone()) {
    await expect(page.getByTestId('spotlight-strip')).toContainText('Creaking floorboards');
  }
});

test('the overlay view and the landing page', async ({ browser }) => {
  const context = await browser.newContext();
  contexts.push(context);
  const overlay = await context.newPage();
  const url = new URL(links.spectator);
  url.searchParams.set('overlay', '1');
  await overlay.goto(url.toString());
  await expect(overlay.getByText('Sudden downpour')).toBeVisible();
  await shot(overlay, 'overlay');
  await expectAccessible(overlay, 'overlay');

  // The dark theme follows the system setting.
  await gm.emulateMedia({ colorScheme: 'dark' });
  await shot(gm, 'gm-table-dark');
  await expectAccessible(gm, 'gm table (dark)');
  await p1.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await shot(p1, 'player-table-dark');
  await gm.emulateMedia({ colorScheme: 'light' });

  await gm.goto('/');
  await expect(gm.getByRole('link', { name: 'The Sunken Abbey' })).toBeVisible();
  await shot(gm, 'landing');
  await expectAccessible(gm, 'landing');
});
