/// <reference lib="dom" />
import { test, expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { PHONE, SCREENSHOTS, characterCard, openGroup, shot, usualGroup } from './helpers';
import { characterIdOf, connectBot, dealHit } from './bot';

// What a group missed because nothing said it: the turn order reaching Kim on her phone, a
// consequence the GM put on Dee's character, new invite links on the GM's other device, and
// the stream overlay contradicting and hiding itself. The GM, Dee at a desk (Vex), Kim on a
// 390x844 phone (Kai), a spectator and the 1080p overlay, then the overlay again at 720p.

const toast = (page: Page) => page.locator('.toast.attention');

/** The aspects the GM has on the table: enough chips to fill the overlay's strip twice over. */
const ASPECTS = [
  'Storm over the harbour',
  'Slick cobbles',
  'Crates stacked to the rafters',
  'Lanterns swinging in the wind',
  'The customs house is locked',
  'A crowd of dockhands watching',
  'Gulls everywhere',
  'Rotten planks on the east pier',
  'Smoke from the chandlery',
];
const LONG_PUSH =
  'The whole harbour is ablaze from the Gull to the customs house, and the tide is turning against anyone still caught out on the piers';

/**
 * The overlay's panels that overlap each other or leave the screen, as `a × b` lines. A moment
 * that no longer fits the feed is hidden whole (outside the feed's clip): only shown ones count,
 * and none may be cut by the clip's edge.
 */
async function overlayClashes(overlay: Page): Promise<string[]> {
  return overlay.evaluate(() => {
    const feed = document.querySelector('[aria-label="What just happened"]')!;
    const clip = feed.getBoundingClientRect();
    const inside = (r: DOMRect, o: DOMRect) =>
      r.left >= o.left - 0.5 &&
      r.right <= o.right + 0.5 &&
      r.top >= o.top - 0.5 &&
      r.bottom <= o.bottom + 0.5;
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const out: string[] = [];
    for (const el of Array.from(feed.querySelectorAll('[data-testid="overlay-event"]'))) {
      const r = el.getBoundingClientRect();
      if (meets(r, clip) && !inside(r, clip)) out.push(`${el.textContent ?? ''} × the feed's edge`);
    }
    const panels = Array.from(
      document.querySelectorAll<HTMLElement>(
        '[data-testid="overlay-aspect"], [data-testid="overlay-countdowns"], [data-testid="overlay-event"], [data-testid="overlay-aspect-chip"], [data-testid="overlay-fate-points"]',
      ),
    )
      .map((el, i) => ({
        name: `${el.dataset.testid}#${i} “${(el.textContent ?? '').trim().slice(0, 30)}”`,
        r: el.getBoundingClientRect(),
        event: el.dataset.testid === 'overlay-event',
      }))
      .filter((p) => !p.event || inside(p.r, clip));
    const screen = new DOMRect(0, 0, innerWidth, innerHeight);
    for (const p of panels) if (!inside(p.r, screen)) out.push(`${p.name} × the screen's edge`);
    for (let i = 0; i < panels.length; i++) {
      for (let j = i + 1; j < panels.length; j++) {
        if (meets(panels[i]!.r, panels[j]!.r)) out.push(`${panels[i]!.name} × ${panels[j]!.name}`);
      }
    }
    return out;
  });
}

/** The moment is shown whole: inside the screen and inside the feed's visible part. */
async function shownWhole(overlay: Page, testid: string, card: Locator): Promise<void> {
  await expect(card).toHaveCount(1);
  await expect(card).toBeInViewport({ ratio: 1 });
  const fits = await card.evaluate((el) => {
    const clip = el.parentElement!.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return (
      r.top >= clip.top && r.bottom <= clip.bottom && r.left >= clip.left && r.right <= clip.right
    );
  });
  expect(fits, `${testid} inside the feed`).toBe(true);
}

test('silent moments: your turn, harm, new links on the GM’s other device, the overlay laid out', async ({
  browser,
  baseURL,
}) => {
  // Six browsers on two shared cores.
  test.setTimeout(600_000);
  const group = await openGroup(browser, usualGroup('Harbour fire', { overlay: { held: true } }));
  const { gm, links, spectator: watcher, overlay, holdOverlay, contexts } = group;
  const [dee, kim] = group.players;
  await expect(overlay.getByRole('main', { name: 'Harbour fire: stream overlay' })).toBeVisible();
  await holdOverlay();
  const bot = await connectBot(baseURL!, links.gm);
  const vex = await characterIdOf(baseURL!, links.gm, 'Vex');
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');

  // The GM's harbour: a brute, a scene, its aspects (some with free invokes), a countdown.
  const created = await bot.send({
    type: 'character.create',
    npc: true,
    character: { name: 'Harbour brute', skills: [{ id: 'fight', rating: 4 }] },
  });
  const brute = String(created.result?.characterId);
  await bot.send({
    type: 'scene.start',
    name: 'The burning docks',
    characterIds: [vex, kai, brute],
  });
  for (const [i, text] of ASPECTS.entries()) {
    await bot.send({
      type: 'aspect.add',
      kind: i % 4 === 3 ? 'boost' : 'situation',
      text,
      ...(i % 3 === 0 ? { freeInvokes: 1 + (i % 2), owner: 'gm' } : {}),
    });
  }
  const countdown = await bot.send({
    type: 'countdown.add',
    name: 'The fire reaches the powder store',
    boxes: 6,
    trigger: 'The powder store explodes',
  });
  const countdownId = String(countdown.result?.countdownId);
  for (let i = 0; i < 2; i++) await bot.send({ type: 'countdown.tick', countdownId, by: 1 });

  // 1. The GM starts the conflict: Vex, Kai, then the brute. Dee's turn first: she is told.
  await kim.getByRole('tab', { name: /^Dice/ }).click();
  await bot.send({ type: 'conflict.start', order: [vex, kai, brute] });
  await expect(toast(dee).filter({ hasText: 'Your turn' })).toHaveText(/Your turn: Vex acts\./);
  const acting = (page: Page) => page.getByTestId('conflict').locator('[aria-current="step"]');
  await expect(acting(dee)).toContainText('Vex');
  await expect(acting(dee).getByTestId('turn-badge')).toHaveText('Your turn');
  await expect(acting(watcher).getByTestId('turn-badge')).toHaveText('Their turn');
  await expect(toast(kim)).toHaveCount(0);

  // Dee ends her turn: the order reaches Kai, and Kim, on the Dice tab, is told.
  await dee.getByTestId('conflict').getByRole('button', { name: 'End my turn' }).click();
  const kimToast = toast(kim).filter({ hasText: 'Your turn' });
  await expect(kimToast).toHaveText(/Your turn: Kai acts\./);
  const sceneTab = kim.getByRole('tab', { name: /^Scene/ });
  await expect(sceneTab.getByTestId('tab-badge')).toHaveText(/^1/);
  await shot(kim, 'silent-moments-1-phone-your-turn', { fullPage: false });
  await expect(acting(dee).getByTestId('turn-badge')).toHaveText('Their turn');
  for (const page of [dee, watcher])
    await expect(toast(page).filter({ hasText: 'Kai acts' })).toHaveCount(0);
  // One tap on the toast: the Scene tab, the acting row saying so, the badge gone.
  await kimToast.getByRole('button', { name: 'Show' }).click();
  await expect(sceneTab).toHaveAttribute('aria-selected', 'true');
  await expect(acting(kim)).toContainText('Kai');
  await expect(acting(kim).getByTestId('turn-badge')).toHaveText('Your turn');
  await expect(acting(kim)).toBeInViewport();
  await expect(sceneTab.getByTestId('tab-badge')).toHaveCount(0);
  await shot(kim, 'silent-moments-2-phone-scene-your-turn', { fullPage: false });

  // Kim ends hers: the brute's turn comes from a player's, so the GM is told.
  await kim.getByTestId('conflict').getByRole('button', { name: 'End my turn' }).click();
  await expect(toast(gm).filter({ hasText: 'Your turn' })).toHaveText(
    /Your turn: Harbour brute acts\./,
  );
  await expect(acting(gm).getByTestId('turn-badge')).toHaveText('Your turn');
  await expect(acting(kim).getByTestId('turn-badge')).toHaveText('Their turn');

  // 2. The brute hits Vex; the GM takes the hit for Dee with a moderate consequence, named.
  await dealHit(
    bot,
    { characterId: brute, skillId: 'fight', opposition: { characterId: vex, skillId: 'will' } },
    /— success( with style)? \([1-4] shifts?\)/,
  );
  const panel = gm.getByTestId('absorb-panel');
  await panel.getByRole('radio', { name: 'moderate consequence', exact: true }).check();
  await panel.getByLabel('Name the moderate consequence').fill('Cracked Ribs');
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(panel).toHaveCount(0);
  const harm = toast(dee).filter({ hasText: 'Cracked Ribs' });
  await expect(harm).toHaveText(/The GM gave Vex a moderate consequence: “Cracked Ribs”\./);
  await shot(dee, 'silent-moments-3-desk-harm', { fullPage: false });
  await harm.getByRole('button', { name: 'Show' }).click();
  await expect(characterCard(dee, 'Vex').locator('.consequences')).toContainText('Cracked Ribs');
  for (const page of [kim, watcher, gm]) {
    await expect(toast(page).filter({ hasText: 'Cracked Ribs' })).toHaveCount(0);
  }

  // 3. The overlay. What it showed so far passes; the GM gives Kai a fate point for the fire,
  // Dee rolls to get past it, then attacks the brute, who must defend.
  const o = overlay;
  await o.clock.runFor(6_500);
  await expect(o.getByTestId('overlay-event')).toHaveCount(0);
  await gm.getByRole('button', { name: 'Give Kai a fate point' }).click();
  await expect(o.getByTestId('overlay-event').filter({ hasText: 'gave Kai' })).toHaveCount(1);
  const tray = dee.getByRole('form', { name: 'Roll the dice' });
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  const results = o.getByTestId('overlay-roll-result');
  const events = o.getByTestId('overlay-event');
  await expect(results).toHaveCount(1);
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: 'Harbour brute' });
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  await expect(results.filter({ hasText: 'Harbour brute rolls to defend' })).toHaveCount(1);
  // The GM pushes a long aspect to every screen.
  await gm.getByLabel('New aspect').fill(LONG_PUSH);
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await gm.getByRole('button', { name: `Push “${LONG_PUSH}” to every screen` }).click();
  await expect(o.getByTestId('overlay-aspect')).toContainText(LONG_PUSH);
  // The brute concedes rather than defend: the attack no longer says it waits for him.
  await bot.send({ type: 'concede', characterId: brute });
  await expect(
    o.getByTestId('overlay-event').filter({ hasText: /Harbour brute conceded/ }),
  ).toHaveCount(1);
  await expect(o.getByText('rolls to defend')).toHaveCount(0);

  // Nothing on the overlay covers anything else, at 1080p and at 720p; the concession and
  // Dee's roll with its result line are shown whole, under the pushed aspect and the countdown.
  await expect(o.getByTestId('overlay-aspect-chip')).toHaveCount(ASPECTS.length + 1);
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
  ]) {
    await o.setViewportSize(size);
    await expect(o.getByTestId('overlay-countdowns')).toBeInViewport({ ratio: 1 });
    await expect(o.getByTestId('overlay-aspect')).toBeInViewport({ ratio: 1 });
    await shownWhole(o, 'the concession', events.filter({ hasText: /Harbour brute conceded/ }));
    // Dee's overcome: the one roll against a difficulty.
    await shownWhole(
      o,
      'Dee’s roll',
      events.filter({ has: o.getByTestId('overlay-roll-difficulty') }),
    );
    await expect(results.first()).toBeInViewport({ ratio: 1 });
    expect(await overlayClashes(o), `${size.width}x${size.height}`).toEqual([]);
    await o.evaluate(() =>
      document.documentElement.style.setProperty(
        'background',
        'linear-gradient(120deg, #04040a 0%, #1d1a2e 50%, #0b1f17 100%)',
      ),
    );
    await o.screenshot({ path: join(SCREENSHOTS, `silent-moments-4-overlay-${size.height}p.png`) });
    await o.evaluate(() => document.documentElement.style.removeProperty('background'));
  }

  // 4. The GM opens the GM link on a second device and replaces the links there: the first
  // device's open panel shows the new ones without being reopened.
  const firstPanel = gm.getByTestId('invites');
  await expect(firstPanel.getByLabel('Player link')).toHaveValue(links.player);
  const second = await browser.newContext({ viewport: PHONE });
  contexts.push(second);
  const gm2 = await second.newPage();
  await gm2.goto(links.gm);
  await gm2.getByRole('button', { name: 'Invite links', exact: true }).click();
  await expect(gm2.getByTestId('invites').getByLabel('Player link')).toHaveValue(links.player);
  await gm2.getByRole('button', { name: 'Replace player and spectator links…' }).click();
  await gm2
    .getByRole('dialog', { name: 'Replace the player and spectator links?' })
    .getByRole('button', { name: 'Replace the links' })
    .click();
  const fresh = gm2.getByTestId('invites').getByLabel('Player link');
  await expect(fresh).not.toHaveValue(links.player);
  const player = await fresh.inputValue();
  const spectator = await gm2.getByTestId('invites').getByLabel('Spectator link').inputValue();
  await expect(firstPanel.getByLabel('Player link')).toHaveValue(player);
  await expect(firstPanel.getByLabel('Spectator link')).toHaveValue(spectator);
  await firstPanel.scrollIntoViewIfNeeded();
  await shot(gm, 'silent-moments-5-first-device-new-links', { fullPage: false });
  // Dee and Kim, seated, stay at the table.
  await expect(dee.getByTestId('table-name')).toHaveText('Harbour fire');

  bot.close();
  await group.close();
});
