import { test, type Page } from '@playwright/test';
import { characterCard, openOnPhone, shot, patientExpect, writeTheGuard } from '../helpers';
import { heights, onFirstScreen, uncovered } from '../support/layout';

/** Five browsers and a server on two cores shared with other runs: a step may take a while. */
export const expect = patientExpect;

// The chapters of e2e/friction.spec.ts, each a thing a group tripped on, played again at the
// Bell Tower: the GM and Dee at 1280x800 desks, Kim on a 390x844 touch phone, a spectator.

export const DESK = { width: 1280, height: 800 };

/** The Bell Tower's screens. */
export interface BellTower {
  gm: Page;
  dee: Page;
  kim: Page;
  spectator: Page;
}

export const tray = (page: Page) => page.getByRole('form', { name: 'Roll the dice' });
export const turns = (page: Page) => page.getByTestId('conflict').getByTestId('turn');
/** The turn order's names as a screen shows them, top first. */
export const order = (page: Page) =>
  turns(page).evaluateAll((rows) => rows.map((r) => r.querySelector('span')?.textContent ?? ''));

/**
 * A second "Kai": the GM's NPC editor says at once which character has the name, and the
 * NPC is not created until it has one of its own.
 */
export async function aSecondKai(t: BellTower): Promise<void> {
  const { gm, dee, kim, spectator } = t;
  const npcEditor = await writeTheGuard(gm, '  KAI ');
  await expect(npcEditor.getByTestId('name-taken')).toHaveText(
    '“Kai” is already a character at this table: give this one another name.',
  );
  await expect(npcEditor.getByLabel('Character name')).toHaveAttribute('aria-invalid', 'true');
  await expect(gm.getByRole('button', { name: 'Create NPC' })).toBeDisabled();
  // An NPC may be Superb: the GM's foes are not held to a player's cap.
  await expect(npcEditor.locator('select[name="skill-fight"] option')).toContainText([
    'Superb (+5)',
  ]);
  await shot(gm, 'friction-1-gm-name-taken', { fullPage: false });
  await npcEditor.getByLabel('Character name').fill('Bell Tower Guard');
  await expect(npcEditor.getByTestId('name-taken')).toHaveCount(0);
  await gm.getByRole('button', { name: 'Create NPC' }).click();
  await expect(characterCard(gm, 'Bell Tower Guard')).toBeVisible();
  // One Kai at the table, everywhere.
  await openOnPhone(kim, true, 'Characters');
  for (const page of [gm, dee, kim, spectator]) {
    await expect(characterCard(page, 'Kai')).toHaveCount(1);
  }
}

/**
 * A whisper is one message: the GM's next one goes to everyone again; Kim answers, unread
 * on the GM's desk.
 */
export async function aWhisperIsOneMessage(t: BellTower): Promise<void> {
  const { gm, dee, kim } = t;
  const gmChat = gm.getByTestId('chat');
  await gmChat.getByTestId('chat-to').selectOption({ label: 'Dee' });
  await gmChat.getByTestId('chat-input').fill('Your sister left the tower door unlocked.');
  await gmChat.getByTestId('chat-input').press('Enter');
  await expect(
    dee.getByTestId('chat-message').filter({ hasText: 'left the tower door unlocked' }),
  ).toContainText('whisper from GM');
  await expect(gmChat.getByTestId('chat-to')).toHaveValue('');
  await expect(gmChat.getByTestId('chat-input')).toHaveAttribute(
    'placeholder',
    'Say something to the table…',
  );
  await gmChat.getByTestId('chat-input').fill('The bells start ringing the hour.');
  await gmChat.getByTestId('chat-input').press('Enter');
  await openOnPhone(kim, true, 'Chat');
  await expect(
    kim.getByTestId('chat-message').filter({ hasText: 'The bells start ringing the hour.' }),
  ).toBeVisible();
  await expect(kim.getByTestId('chat-message').filter({ hasText: 'tower door' })).toHaveCount(0);
  // Kim's answer, unread on the GM's desk while the GM works in the scene column.
  await kim.getByTestId('chat-input').fill('Kai counts the guards on the stair.');
  await kim.getByTestId('chat-input').press('Enter');
}

/**
 * The GM's desk at 1280x800: one screen, each column scrolling on its own; what a GM uses
 * every minute is on it, and nothing floats over the compel form.
 */
export async function theGmDeskIsOneScreen(t: BellTower): Promise<void> {
  const { gm, dee } = t;
  const gmChat = gm.getByTestId('chat');
  const desk = await heights(gm);
  test.info().annotations.push({
    type: 'GM desk height',
    description: `page ${desk.page} px; the tallest column's content ${desk.tallestColumn} px`,
  });
  console.log(`GM desk: page ${desk.page} px, tallest column ${desk.tallestColumn} px`);
  expect(desk.page).toBeLessThanOrEqual(DESK.height);
  expect(desk.tallestColumn).toBeGreaterThan(DESK.height);
  // As the GM opens the page: every column at its top.
  await gm.evaluate(() => {
    for (const c of Array.from(document.querySelectorAll('main > .col'))) c.scrollTop = 0;
  });
  for (const [what, locator] of [
    ['the scene', gm.getByRole('heading', { name: 'Scene: Across the rooftops' })],
    ['the conflict', gm.getByRole('button', { name: 'Start a conflict' })],
    ['the characters', gm.getByRole('heading', { name: 'Characters', exact: true })],
    ['the dice tray', tray(gm).locator('select[name="roller"]')],
    ['the roll button', tray(gm).getByRole('button', { name: /^Roll 4dF/ })],
    ['the chat', gmChat.getByTestId('chat-input')],
    ['the GM tools', gm.getByRole('heading', { name: 'GM tools' })],
  ] as const) {
    expect(await onFirstScreen(locator), what).toBe(true);
  }
  const compel = gm.getByRole('form', { name: 'Offer a compel' });
  await compel.scrollIntoViewIfNeeded();
  expect(await uncovered(compel.getByLabel('What happens'))).toBe(true);
  expect(await uncovered(compel.getByRole('button', { name: 'Offer the compel' }))).toBe(true);
  await gm.evaluate(() => {
    for (const c of Array.from(document.querySelectorAll('main > .col'))) c.scrollTop = 0;
  });
  await shot(gm, 'friction-2-gm-desk', { fullPage: false });
  await shot(dee, 'friction-2-dee-desk', { fullPage: false });
  expect((await heights(dee)).page).toBeLessThanOrEqual(DESK.height);
}

/**
 * The guard attacks Kai with Fight. On Kim's phone, scrolled down to the recent rolls (a new
 * card drawn off her screen shows its result at once), the dice land one by one (motion on):
 * until they have, the prompt does not give the attack's total away; the prompt starts on the
 * usual defence, shows the stunt's whole text, no key hints, and asks before conceding.
 */
export async function theGuardAttacksKai(t: BellTower, shieldWall: string): Promise<void> {
  const { gm, dee, kim } = t;
  await openOnPhone(kim, true, 'Dice');
  await kim.getByRole('checkbox', { name: 'Dice sound' }).scrollIntoViewIfNeeded();
  await kim.emulateMedia({ reducedMotion: 'no-preference' });
  await kim.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { promptWhileLanding: string[] }).promptWhileLanding = seen;
    new MutationObserver(() => {
      const card = document.querySelector('[data-testid="roll-card"]');
      const landing = card?.querySelector('[data-landing]');
      const prompt = card?.querySelector('[data-testid="defence"] p');
      if (landing && prompt) seen.push(prompt.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const gmTray = tray(gm);
  await gmTray.locator('select[name="roller"]').selectOption({ label: 'Bell Tower Guard' });
  await gmTray.locator('select[name="skill"]').selectOption('fight');
  await gmTray.locator('select[name="action"]').selectOption('attack');
  await gmTray.getByLabel('An opposing character').check();
  await gmTray.locator('select[name="opponent"]').selectOption({ label: 'Kai' });
  // The odds assume Kai's usual defence against Fight: Fight, not his best, Physique.
  await expect(gmTray.locator('select[name="opponent-skill"]')).toHaveValue('fight');
  await gmTray.getByRole('button', { name: /^Roll 4dF \+4/ }).click();
  const kimPrompt = kim.getByTestId('defence').first();
  await expect(kimPrompt).toContainText(/Kai must defend against Bell Tower Guard’s \w+ \(\+\d\)/);
  const whileLanding = await kim.evaluate(
    () => (window as unknown as { promptWhileLanding: string[] }).promptWhileLanding,
  );
  expect(whileLanding.length).toBeGreaterThan(0);
  for (const said of whileLanding) expect(said).not.toMatch(/\(\+\d\)/);
  await kim.emulateMedia({ reducedMotion: 'reduce' });
  // Fight, the usual defence against Fight, though Physique (+4) is Kai's best.
  await expect(kimPrompt.locator('select[name="defence-skill"]')).toHaveValue('fight');
  // Shield Wall's whole text, on a phone with no hover to read a clipped one.
  const stunt = kimPrompt.getByTestId('defence-bonuses').locator('.text');
  await expect(stunt).toHaveText(shieldWall);
  expect(await stunt.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  // No keyboard hints on a touch screen; Dee's desk keeps them.
  for (const hint of await kim.locator('.shortcut-hint').all()) await expect(hint).toBeHidden();
  await expect(tray(dee).locator('.shortcut-hint')).toBeVisible();
  // Concede sits apart from Roll defence, below it, and asks before it concedes.
  const rollDefence = kimPrompt.getByRole('button', { name: 'Roll defence' });
  const concedeButton = kimPrompt.getByRole('button', { name: 'Concede', exact: true });
  const [rollBox, concedeBox] = [
    await rollDefence.boundingBox(),
    await concedeButton.boundingBox(),
  ];
  expect(concedeBox!.y).toBeGreaterThanOrEqual(rollBox!.y + rollBox!.height);
  await concedeButton.click();
  await expect(kimPrompt.getByRole('group', { name: /^Concede the conflict\?/ })).toContainText(
    'Kai leaves it',
  );
  await kimPrompt.getByRole('button', { name: 'Keep fighting' }).scrollIntoViewIfNeeded();
  await kim.evaluate(() => window.scrollBy(0, 120));
  await shot(kim, 'friction-3-kim-phone-concede-asks', { fullPage: false });
  await kimPrompt.getByRole('button', { name: 'Keep fighting' }).click();
  await expect(kimPrompt.getByRole('button', { name: 'Yes, concede' })).toHaveCount(0);
  await rollDefence.click();
  await expect(kim.getByTestId('defence')).toHaveCount(0);
  await expect(turns(gm)).toHaveCount(4);
}

/**
 * The phone's tabs keep their own place: Kim reads far down Characters, looks at the Log,
 * which opens at its top, and comes back where she was; a tap on the open tab goes up.
 */
export async function thePhoneTabsKeepTheirPlace(kim: Page): Promise<void> {
  await openOnPhone(kim, true, 'Characters');
  // Where the tabs sit in the page (they stick to the screen's top once it scrolls).
  const tabsTop = await kim.getByRole('tablist').evaluate((el) => {
    window.scrollTo(0, 0);
    return el.getBoundingClientRect().top;
  });
  // Far down, short of the end: the room kept under the page for toasts comes and goes.
  await kim.evaluate(() =>
    window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - 300),
  );
  const readAt = await kim.evaluate(() => window.scrollY);
  expect(readAt).toBeGreaterThan(tabsTop + 200);
  await openOnPhone(kim, true, 'Log');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBeLessThanOrEqual(tabsTop + 1);
  await expect(kim.getByRole('heading', { name: 'Who is here' })).toBeInViewport();
  await shot(kim, 'friction-5-kim-phone-log-tab', { fullPage: false });
  await openOnPhone(kim, true, 'Characters');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBe(readAt);
  await openOnPhone(kim, true, 'Characters');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBeLessThanOrEqual(tabsTop + 1);
  await expect(characterCard(kim, 'Kai')).toBeInViewport();
}

/**
 * A countdown fills: on the phone it stays one line above the tabs, what happens a tap
 * away; on every other screen it says it.
 */
export async function aCountdownStaysOneLine(t: BellTower): Promise<void> {
  const { gm, dee, kim } = t;
  const panel = gm.getByTestId('gm-countdowns');
  const form = panel.getByRole('form', { name: 'New countdown' });
  await form.getByLabel('Name').fill('The watch arrives');
  await form.getByLabel('Boxes').fill('3');
  const TRIGGER = 'A dozen guards block every stair of the tower, lanterns raised.';
  await form.getByLabel('When it fills').fill(TRIGGER);
  await form.getByRole('button', { name: 'Add countdown' }).click();
  for (let i = 0; i < 3; i++) {
    await panel.getByRole('button', { name: 'Tick The watch arrives one box' }).click();
  }
  const strip = kim.getByTestId('countdowns');
  await expect(strip.getByTestId('countdown-meter')).toHaveAttribute('aria-valuenow', '3');
  const trigger = strip.getByTestId('countdown-trigger');
  await expect(trigger.getByText(TRIGGER)).toBeHidden();
  const stripHeight = (await strip.boundingBox())!.height;
  expect(stripHeight).toBeLessThan(60);
  await kim.evaluate(() => window.scrollTo(0, 0));
  await shot(kim, 'friction-6-kim-phone-countdown', { fullPage: false });
  await trigger.getByText('Filled:').click();
  await expect(trigger.getByText(TRIGGER)).toBeVisible();
  await shot(kim, 'friction-6-kim-phone-countdown-open', { fullPage: false });
  await expect(dee.getByTestId('countdowns').getByTestId('countdown-trigger')).toContainText(
    TRIGGER,
  );
  await expect(dee.getByTestId('countdowns').getByText(TRIGGER)).toBeVisible();
}
