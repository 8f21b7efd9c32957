/// <reference lib="dom" />
import { test, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import {
  PHONE,
  characterCard,
  concede,
  createCharacter,
  openGroup,
  rooftopKai,
  rooftopVex,
  shot,
} from './helpers';
import { characterIdOf, connectBot } from './bot';

// What a group tripped on, played as a group plays: the GM and Dee at 1280x800 desks, Kim on a
// 390x844 touch phone, a spectator and the 1080p stream overlay, on a Fate Core table.
// A second "Kai" refused in the editor; the GM's desk on one screen; a whisper that does not
// stick; an NPC added mid-conflict takes its turn and the GM adds and removes others; the
// defence starts on the usual defence (Fight against Fight, Athletics against Shoot), shows a
// stunt's whole text and no key hints on the phone, keeps the attacker's total until the dice
// land, and asks before conceding; the tray passes over a taken-out NPC; a skill clicked on the
// sheet opens the tray with it; R rolls; an advantage is named after its "What for"; a player
// is not offered to treat an NPC; a recovery roll's card says so; the phone's tabs keep their
// own place; a filled countdown stays one line on the phone.

const expect = baseExpect.configure({ timeout: 30_000 });
const DESK = { width: 1280, height: 800 };

/** On a phone, opens a tab; desks show every section at once. */
async function open(page: Page, phone: boolean, tab: string): Promise<void> {
  if (phone) await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

const tray = (page: Page) => page.getByRole('form', { name: 'Roll the dice' });
const turns = (page: Page) => page.getByTestId('conflict').getByTestId('turn');
/** The turn order's names as a screen shows them, top first. */
const order = (page: Page) =>
  turns(page).evaluateAll((rows) => rows.map((r) => r.querySelector('span')?.textContent ?? ''));

/** Whether an element lies wholly on the first screen, the window not scrolled. */
async function onFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = locator.page().viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y + box.height <= height;
}

/** The page's height, and how tall it would be were every column laid out in one page. */
async function heights(page: Page): Promise<{ page: number; tallestColumn: number }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    tallestColumn: Math.max(
      ...Array.from(document.querySelectorAll<HTMLElement>('main > .col'), (c) => {
        return c.getBoundingClientRect().top + window.scrollY + c.scrollHeight;
      }),
    ),
  }));
}

/** Nothing sits over the middle of the element: it can be clicked where it shows. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

test('friction: what a group tripped on, at a desk, on a phone and on stream', async ({
  browser,
  baseURL,
}) => {
  // Five browsers on two shared cores, and a long evening of small things.
  test.setTimeout(900_000);
  const group = await openGroup(browser, {
    table: 'The Bell Tower',
    ruleset: 'fate-core',
    gmViewport: DESK,
    players: [
      { player: 'Dee', viewport: DESK },
      { player: 'Kim', viewport: PHONE, touch: true },
    ],
    spectator: true,
    overlay: { shots: 'friction' },
  });
  const {
    gm,
    links,
    players: [dee, kim],
    spectator,
    overlayShot,
  } = group;

  // ── Characters. A player's editor offers nothing above the cap its pyramid states.
  const deeEditor = dee.getByTestId('editor');
  await expect(deeEditor.getByTestId('skill-spread')).toContainText('Cap: Great (+4).');
  await expect(deeEditor.locator('select[name="skill-fight"] option').last()).toHaveText(
    'Great (+4)',
  );
  await expect(deeEditor.locator('select[name="skill-fight"] option')).not.toContainText([
    'Superb (+5)',
  ]);
  await createCharacter(
    dee,
    rooftopVex([['Roofrunner', '+2 to Athletics to climb, leap or run across the rooftops.']]),
  );
  const SHIELD_WALL =
    '+2 to Fight to defend when an ally stands beside me, or when I pick a spot with my back to a wall and my shield up.';
  await createCharacter(kim, rooftopKai([['Shield Wall', SHIELD_WALL]]));

  // ── A second "Kai": the GM's NPC editor says at once which character has the name, and the
  // NPC is not created until it has one of its own.
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('editor');
  await npcEditor.getByLabel('Character name').fill('  KAI ');
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Paid to Look the Other Way');
  await npcEditor.locator('select[name="skill-fight"]').selectOption('4');
  await npcEditor.locator('select[name="skill-athletics"]').selectOption('1');
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
  await open(kim, true, 'Characters');
  for (const page of [gm, dee, kim, spectator]) {
    await expect(characterCard(page, 'Kai')).toHaveCount(1);
  }

  await gm.getByLabel('Scene name').fill('Across the rooftops');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  for (const text of ['Slick Slate Roofs', 'Bells Ringing the Hour']) {
    await gm.getByLabel('New aspect').fill(text);
    await gm.getByRole('button', { name: 'Add aspect' }).click();
    await expect(gm.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
  }

  // ── Who is here: the stream overlay is not counted as a person watching.
  await expect(gm.getByTestId('spectator-count')).toHaveText('1 spectator watching');
  await expect(gm.getByTestId('overlay-count')).toHaveText('1 stream overlay');

  // ── A whisper is one message: the GM's next one goes to everyone again.
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
  await open(kim, true, 'Chat');
  await expect(
    kim.getByTestId('chat-message').filter({ hasText: 'The bells start ringing the hour.' }),
  ).toBeVisible();
  await expect(kim.getByTestId('chat-message').filter({ hasText: 'tower door' })).toHaveCount(0);
  // Kim's answer, unread on the GM's desk while the GM works in the scene column.
  await kim.getByTestId('chat-input').fill('Kai counts the guards on the stair.');
  await kim.getByTestId('chat-input').press('Enter');

  // ── The GM's desk at 1280x800: one screen, each column scrolling on its own; what a GM
  // uses every minute is on it, and nothing floats over the compel form.
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

  // ── A conflict; an NPC the GM adds mid-fight takes its turn in it, on every screen.
  await gm.getByRole('button', { name: 'Start a conflict' }).click();
  await expect(turns(gm)).toHaveCount(3);
  const started = await order(gm);
  expect([...started].sort()).toEqual(['Bell Tower Guard', 'Kai', 'Vex']);
  const without = (name: string, list: string[]) => list.filter((n) => n !== name);
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  await npcEditor.getByLabel('Character name').fill('Bell Tower Archer');
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Crossbow in the Belfry');
  await npcEditor.locator('select[name="skill-shoot"]').selectOption('3');
  await gm.getByRole('button', { name: 'Create NPC' }).click();
  await open(kim, true, 'Scene');
  const withArcher = [...started, 'Bell Tower Archer'];
  for (const page of [gm, dee, kim, spectator]) {
    await expect.poll(() => order(page)).toEqual(withArcher);
  }
  await expect(gm.getByTestId('log')).toContainText(
    `Bell Tower Archer joined the conflict; the turn order is now ${withArcher.join(', ')}.`,
  );
  // The GM takes Kai out of the order and puts him back, at the end.
  await gm.getByRole('button', { name: 'Take Kai out of the turn order' }).click();
  await expect.poll(() => order(dee)).toEqual(without('Kai', withArcher));
  const join = gm.getByRole('form', { name: 'Add to the turn order' });
  await expect(join.locator('select')).toHaveValue(/.+/);
  await expect(join.locator('select option')).toHaveText(['Kai']);
  await join.getByRole('button', { name: 'Add' }).click();
  const kaiBack = [...without('Kai', withArcher), 'Kai'];
  await expect.poll(() => order(kim)).toEqual(kaiBack);
  await expect(join).toHaveCount(0);

  // ── The guard attacks Kai with Fight. On Kim's phone the dice land one by one (motion on):
  // until they have, the prompt does not give the attack's total away.
  await open(kim, true, 'Dice');
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
  await expect(stunt).toHaveText(SHIELD_WALL);
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

  // ── The archer shoots Vex: Dee's prompt starts on Athletics, the usual defence against
  // Shoot, though Fight (+4) is Vex's best; Dee concedes, and is asked first.
  await gmTray.locator('select[name="roller"]').selectOption({ label: 'Bell Tower Archer' });
  await gmTray.locator('select[name="skill"]').selectOption('shoot');
  await gmTray.locator('select[name="opponent"]').selectOption({ label: 'Vex' });
  await expect(gmTray.locator('select[name="opponent-skill"]')).toHaveValue('athletics');
  await gmTray.getByRole('button', { name: /^Roll 4dF \+3/ }).click();
  const deePrompt = dee.getByTestId('defence').first();
  await expect(deePrompt.locator('select[name="defence-skill"]')).toHaveValue('athletics');
  await concede(deePrompt);
  await expect(dee.getByTestId('defence')).toHaveCount(0);
  await expect.poll(() => order(spectator)).toEqual(without('Vex', kaiBack));

  // ── The guard is taken out: the GM's tray passes over him as its roller and opponent.
  const bot = await connectBot(baseURL!, links.gm);
  const guard = await characterIdOf(baseURL!, links.gm, 'Bell Tower Guard');
  await gmTray.locator('select[name="roller"]').selectOption({ label: 'Bell Tower Guard' });
  await bot.send({ type: 'taken-out', characterId: guard });
  await expect(characterCard(gm, 'Bell Tower Guard')).toContainText('Taken out');
  await expect(gmTray.locator('select[name="roller"] option:checked')).not.toHaveText(
    'Bell Tower Guard',
  );
  await expect(gmTray.locator('select[name="opponent"] option:checked')).not.toHaveText(
    'Bell Tower Guard',
  );

  // ── A skill clicked on one's own sheet opens the tray with it chosen: Dee at her desk…
  await characterCard(dee, 'Vex').getByRole('button', { name: 'Athletics +3' }).click();
  await expect(tray(dee).locator('select[name="skill"]')).toHaveValue('athletics');
  await expect(tray(dee).locator('select[name="skill"]')).toBeFocused();
  // …and Kim on her phone, from the Characters tab to the Dice tab.
  await open(kim, true, 'Characters');
  await characterCard(kim, 'Kai').getByRole('button', { name: 'Notice +2' }).click();
  await expect(kim.getByRole('tab', { name: /^Dice/ })).toHaveAttribute('aria-selected', 'true');
  await expect(tray(kim).locator('select[name="skill"]')).toHaveValue('notice');
  await expect(tray(kim).locator('select[name="skill"]')).toBeInViewport();
  await shot(kim, 'friction-4-kim-phone-skill-to-tray', { fullPage: false });

  // ── R rolls, as its [R] on the Roll button says. Dee creates an advantage named in "What
  // for"; the card's "Name the advantage" already says it. The dice notation explains itself.
  const deeTray = tray(dee);
  await deeTray.locator('select[name="action"]').selectOption('create-advantage');
  await deeTray.locator('select[name="difficulty"]').selectOption('-2');
  await deeTray.getByLabel('What for (optional)').fill('Pinned Under the Bell');
  const dice = deeTray.getByRole('button', { name: 'What is 4dF?' });
  await dice.focus();
  await expect(dee.getByRole('tooltip').filter({ hasText: 'four Fate dice' })).toBeVisible();
  await dee.getByRole('heading', { name: 'Dice', exact: true }).click();
  await dee.keyboard.press('r');
  const advantage = dee.getByTestId('roll-card').first();
  await expect(advantage).toContainText('“Pinned Under the Bell”');
  await expect(advantage.getByLabel('Name the advantage')).toHaveValue('Pinned Under the Bell');
  await advantage.getByRole('button', { name: 'Create aspect' }).click();
  await expect(
    gm.getByTestId('aspect-card').filter({ hasText: 'Pinned Under the Bell' }),
  ).toBeVisible();

  // ── Harm: the archer's consequence is the GM's to treat, Kai's anyone's. Dee treats Kai;
  // the roll card says it is a recovery, not an overcome.
  const archer = await characterIdOf(baseURL!, links.gm, 'Bell Tower Archer');
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');
  await bot.send({ type: 'consequence.take', characterId: archer, slotId: 'mild', text: 'Singed' });
  await bot.send({ type: 'consequence.take', characterId: kai, slotId: 'mild', text: 'Bruised' });
  const archerCard = characterCard(dee, 'Bell Tower Archer');
  await archerCard.getByRole('button', { name: 'Full sheet' }).click();
  await expect(archerCard).toContainText('Singed');
  await expect(archerCard.getByRole('button', { name: /^Treat/ })).toHaveCount(0);
  await expect(
    characterCard(gm, 'Bell Tower Archer').getByRole('button', { name: /^Start recovery/ }),
  ).toHaveCount(1);
  const kaiCard = characterCard(dee, 'Kai');
  await kaiCard.getByRole('button', { name: 'Treat “Bruised”' }).click();
  await dee.locator('form.recovery button[type="submit"]').click();
  const recovery = dee.getByTestId('roll-card').first();
  await expect(recovery.getByTestId('roll-kind')).toHaveText(/^Recovery · /);
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-kind')).toHaveText(
    /^Recovery · /,
  );

  // ── A total above the ladder's top shows once: "+11", not "+11 +11".
  await bot.send({
    type: 'roll',
    characterId: archer,
    skillId: 'shoot',
    action: 'overcome',
    modifiers: [{ label: 'Whole belfry collapses', value: 10 }],
    // Against Terrible: the shifts (total + 2) are another number than the total.
    difficulty: -2,
  });
  const high = spectator.getByTestId('roll-card').first().getByTestId('roll-result');
  // The bot's roll reaches the spectator a moment later: until then the recovery is first.
  await expect
    .poll(async () => Number(await high.getByTestId('roll-total').textContent()))
    .toBeGreaterThan(8);
  const total = (await high.getByTestId('roll-total').textContent()) ?? '';
  expect((await high.textContent())?.split(total).length).toBe(2);

  // ── The phone's tabs keep their own place: Kim reads far down Characters, looks at the
  // Log, which opens at its top, and comes back where she was; a tap on the open tab goes up.
  await open(kim, true, 'Characters');
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
  await open(kim, true, 'Log');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBeLessThanOrEqual(tabsTop + 1);
  await expect(kim.getByRole('heading', { name: 'Who is here' })).toBeInViewport();
  await shot(kim, 'friction-5-kim-phone-log-tab', { fullPage: false });
  await open(kim, true, 'Characters');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBe(readAt);
  await open(kim, true, 'Characters');
  await expect.poll(() => kim.evaluate(() => window.scrollY)).toBeLessThanOrEqual(tabsTop + 1);
  await expect(characterCard(kim, 'Kai')).toBeInViewport();

  // ── A countdown fills: on the phone it stays one line above the tabs, what happens a tap
  // away; on every other screen it says it.
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
  await overlayShot('end');
  // Still one screen at the end, toasts or not: their room goes to the columns, not the page.
  expect((await heights(gm)).page).toBeLessThanOrEqual(DESK.height);
  await shot(gm, 'friction-7-gm-desk', { fullPage: false });
  await shot(spectator, 'friction-7-spectator', { fullPage: false });

  bot.close();
  await group.close();
});
