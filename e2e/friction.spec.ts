/// <reference lib="dom" />
import { test } from '@playwright/test';
import {
  PHONE,
  characterCard,
  concede,
  createCharacter,
  heights,
  openGroup,
  openOnPhone,
  rooftopKai,
  rooftopVex,
  shot,
} from './helpers';
import { characterIdOf, connectBot, takeConsequence } from './bot';
import {
  aCountdownStaysOneLine,
  aSecondKai,
  aWhisperIsOneMessage,
  DESK,
  expect,
  order,
  theGmDeskIsOneScreen,
  theGuardAttacksKai,
  thePhoneTabsKeepTheirPlace,
  tray,
  turns,
} from './stories/friction';

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
// The chapters are in stories/friction.ts.

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

  const t = { gm, dee, kim, spectator };

  // ── A second "Kai": the GM's NPC editor says at once which character has the name, and the
  // NPC is not created until it has one of its own.
  await aSecondKai(t);
  const npcEditor = gm.getByTestId('editor');

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
  await aWhisperIsOneMessage(t);

  // ── The GM's desk at 1280x800: one screen, each column scrolling on its own; what a GM
  // uses every minute is on it, and nothing floats over the compel form.
  await theGmDeskIsOneScreen(t);

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
  await openOnPhone(kim, true, 'Scene');
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

  // ── The guard attacks Kai with Fight. On Kim's phone, scrolled to her cards, the dice land
  // one by one (motion on): until they have, the prompt does not give the attack's total away.
  await theGuardAttacksKai(t, SHIELD_WALL);
  const gmTray = tray(gm);

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
  await openOnPhone(kim, true, 'Characters');
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
  await takeConsequence(bot, archer, 'mild', 'Singed');
  await takeConsequence(bot, kai, 'mild', 'Bruised');
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

  // ── The phone's tabs keep their own place.
  await thePhoneTabsKeepTheirPlace(kim);

  // ── A countdown fills: on the phone it stays one line above the tabs.
  await aCountdownStaysOneLine(t);
  await overlayShot('end');
  // Still one screen at the end, toasts or not: their room goes to the columns, not the page.
  expect((await heights(gm)).page).toBeLessThanOrEqual(DESK.height);
  await shot(gm, 'friction-7-gm-desk', { fullPage: false });
  await shot(spectator, 'friction-7-spectator', { fullPage: false });

  bot.close();
  await group.close();
});
