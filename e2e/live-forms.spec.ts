import { test, expect, type Browser, type Page } from '@playwright/test';
import { characterIdOf, connectBot, dealHit } from './bot';
import { characterCard, createTable, expectActive, openAs, shot, PHONE } from './helpers';

// Forms survive live updates, and a narrative hit is spread with steppers. A GM
// half-fills the dice tray (the character that is not first; create an advantage) and the
// NPC editor while the players roll, give fate points and the sheets change: the GM's values and
// focus stay. The other character takes a 5-shift hit and spreads it over two aspects with the
// steppers, after an illegal spread is refused with its reason. Then deleting the picked
// character makes the GM's tray say so.

/** A player joins and plays a ready-made character under another name. */
async function joinReadyMade(
  browser: Browser,
  link: string,
  player: string,
  character: { name: string; pick: number },
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Your name').fill(player);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await page
    .getByLabel('Start from a ready-made character')
    .selectOption({ index: character.pick });
  await page.getByRole('button', { name: 'Use this character' }).click();
  await page.getByLabel('Character name').fill(character.name);
  await page.getByRole('button', { name: 'Create character' }).click();
  await expect(page.getByTestId('table-name')).toBeVisible();
  return { page, context };
}

function tray(page: Page) {
  return page.getByRole('form', { name: 'Roll the dice' });
}

test('narrative: half-filled GM forms survive live play; a 5-shift hit spread with steppers', async ({
  browser,
  baseURL,
}) => {
  // Four browsers on two shared cores, and up to 60 bot rolls for the 5-shift hit.
  test.setTimeout(720_000);
  const { gm, links, context } = await createTable(browser, 'Live forms', 'narrative');
  const dee = await joinReadyMade(browser, links.player, 'Dee', { name: 'Vex', pick: 1 });
  const kim = await joinReadyMade(browser, links.player, 'Kim', { name: 'Kai', pick: 2 }, PHONE);
  const watcher = await openAs(browser, links.spectator);
  const contexts = [context, dee.context, kim.context, watcher.context];
  const bot = await connectBot(baseURL ?? '', links.gm);
  const vex = await characterIdOf(baseURL ?? '', links.gm, 'Vex');
  const kai = await characterIdOf(baseURL ?? '', links.gm, 'Kai');

  // The GM half-fills the tray: the second character, its second aspect, create an
  // advantage, and a reason half typed.
  const gmTray = tray(gm);
  await expect(gmTray.locator('select[name="roller"] option')).toHaveCount(2);
  // The tray lists the characters in the table's order: the GM picks the one that is not first.
  const [otherName = '', pickedName = ''] = await gmTray
    .locator('select[name="roller"] option')
    .allInnerTexts();
  const picked = pickedName === 'Kai' ? kai : vex;
  const other = picked === kai ? vex : kai;
  // The other character's player absorbs the hit later (Kim is on the phone's Dice tab).
  const absorber = other === vex ? dee.page : kim.page;
  await gmTray.locator('select[name="roller"]').selectOption({ label: pickedName });
  const skill = gmTray.locator('select[name="skill"]');
  const secondAspect = (await skill.locator('option').nth(1).getAttribute('value')) ?? '';
  await skill.selectOption(secondAspect);
  await gmTray.locator('select[name="action"]').selectOption('create-advantage');
  await gmTray.locator('input[name="reason"]').fill('Set a trap on the');

  // …and the NPC editor: a name and the first aspect, the cursor still in the aspect.
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('gm-create-npc');
  await npcEditor.locator('input[name="character-name"]').fill('Bandit chief');
  const npcAspect = npcEditor.locator('input[name^="aspect-"]').first();
  await npcAspect.fill('Ruthless and');
  await expectActive(npcAspect);
  await shot(gm, 'live-forms-1-gm-half-filled');

  // Live play: Dee rolls, Kim (on a phone) gives Vex a fate point, the sheets and the scene change.
  const deeTray = tray(dee.page);
  await deeTray.locator('select[name="difficulty"]').selectOption('5');
  await deeTray.getByRole('button', { name: /^Roll 3dF/ }).click();
  await expect(dee.page.getByTestId('roll-card').first()).toBeVisible();
  await kim.page.getByRole('tab', { name: 'Characters' }).click();
  await characterCard(kim.page, 'Vex')
    .getByRole('button', { name: 'Give Vex a fate point' })
    .click();
  await bot.send({
    type: 'gm.adjust',
    adjust: { what: 'aspect-rating', characterId: vex, aspectId: 'body', rating: 4 },
  });
  await bot.send({
    type: 'gm.adjust',
    adjust: { what: 'aspect-rating', characterId: picked, aspectId: secondAspect, rating: 3 },
  });
  await bot.send({ type: 'aspect.add', kind: 'situation', text: 'Rain on the rooftops' });
  await bot.send({
    type: 'roll',
    characterId: kai,
    aspectId: 'body',
    action: 'overcome',
    difficulty: 0,
  });
  // Kim's phone shows the Characters tab; the other screens show the new aspect.
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(page.getByText('Rain on the rooftops').first()).toBeVisible();
  }
  await expect(gm.getByTestId('roll-card')).toHaveCount(2);

  // The GM's half-filled values and focus stayed.
  await expect(gmTray.locator('select[name="roller"]')).toHaveValue(picked);
  await expect(skill).toHaveValue(secondAspect);
  await expect(skill.locator('option:checked')).toHaveText(/\(\+3\)/);
  await expect(gmTray.locator('select[name="action"]')).toHaveValue('create-advantage');
  await expect(gmTray.locator('input[name="reason"]')).toHaveValue('Set a trap on the');
  await expect(npcEditor.locator('input[name="character-name"]')).toHaveValue('Bandit chief');
  await expect(npcAspect).toHaveValue('Ruthless and');
  await expectActive(npcAspect);
  // The GM goes on typing where the cursor was, without clicking back into the field.
  await gm.keyboard.type(' cunning');
  await expect(npcAspect).toHaveValue('Ruthless and cunning');
  await shot(gm, 'live-forms-2-gm-kept-after-live-play');
  await shot(kim.page, 'live-forms-2-kim-phone');
  await shot(watcher.page, 'live-forms-2-spectator');

  // A 5-shift hit: the picked character (+6) attacks the other's mind aspect; the difference of the dice
  // decides the shifts, so the bot rolls until one roll reads exactly 5 and deals that one.
  await bot.send({
    type: 'gm.adjust',
    adjust: { what: 'aspect-rating', characterId: picked, aspectId: 'body', rating: 6 },
  });
  // The actor's success by exactly 5: the attacker wins and the other takes the hit.
  await dealHit(
    bot,
    {
      characterId: picked,
      aspectId: 'body',
      opposition: { characterId: other, aspectId: 'mind' },
    },
    /success(?: with style)? \(5 shifts\)/,
    60,
  );

  if (absorber === kim.page) await kim.page.getByRole('tab', { name: 'Dice' }).click();
  const panel = absorber.getByTestId('absorb-panel');
  await expect(panel).toContainText('take the hit (5 shifts)');
  const steppers = panel.getByTestId('damage-steppers');
  await expect(steppers.getByTestId('shifts-left')).toHaveText('5 shifts left to place.');
  const absorb = panel.getByRole('button', { name: 'Absorb' });
  await expect(absorb).toBeDisabled();
  const steps = steppers.getByTestId('damage-step');
  const ratings: { id: string; rating: number }[] = [];
  for (let i = 0; i < (await steps.count()); i++) {
    const step = steps.nth(i);
    ratings.push({
      id: (await step.getAttribute('data-aspect')) ?? '',
      rating: Number(await step.getAttribute('data-rating')),
    });
  }
  // Weakest first: the illegal split goes on the weakest, the legal one on the two strongest.
  const [weakest, , second, strongest] = [...ratings].sort((a, b) => a.rating - b.rating);
  if (!weakest || !second || !strongest) throw new Error('four rated aspects expected');
  const step = (id: string) => steppers.locator(`[data-aspect="${id}"]`);
  const more = (id: string) => step(id).getByRole('button', { name: /^One shift more/ });
  const fewer = (id: string) => step(id).getByRole('button', { name: /^One shift fewer/ });

  // Illegal: two more than the weakest holds above Poor (−1). Refused, with the reason.
  const tooMany = weakest.rating + 2;
  for (let i = 0; i < tooMany; i++) await more(weakest.id).click();
  for (let i = tooMany; i < 5; i++) await more(strongest.id).click();
  await expect(steppers.getByTestId('shifts-left')).toHaveText('All 5 shifts placed.');
  await expect(steppers.getByTestId('split-problem')).toContainText(
    `it can lose ${weakest.rating + 1} at most, as no aspect goes below Poor (-1)`,
  );
  await expect(absorb).toBeDisabled();
  await shot(absorber, 'live-forms-3-illegal-split');

  // Legal, over the two strongest (not the first option, which lowers the fewest and weakest):
  // 3 off the strongest, 2 off the next.
  for (let i = 0; i < tooMany; i++) await fewer(weakest.id).click();
  for (let i = tooMany; i < 5; i++) await fewer(strongest.id).click();
  await expect(steppers.getByTestId('split-problem')).toHaveText(
    'Place 5 more shifts: the hit is 5.',
  );
  for (let i = 0; i < 2; i++) await more(second.id).click();
  await expect(steppers.getByTestId('shifts-left')).toHaveText('3 shifts left to place.');
  for (let i = 0; i < 3; i++) await more(strongest.id).click();
  await expect(steppers.getByTestId('split-problem')).toHaveCount(0);
  const summary = steppers.getByTestId('split-summary');
  await expect(summary).toContainText('-3');
  const spread = await summary.innerText();
  await expect(absorb).toBeEnabled();
  await shot(absorber, 'live-forms-4-legal-split');

  // The panel goes out of sight and comes back: Kim's phone visits the Log tab, Dee's window
  // narrows to the phone layout and widens again. The spread is where the defender left it.
  if (absorber === kim.page) {
    await kim.page.getByRole('tab', { name: 'Log' }).click();
    await expect(panel).toBeHidden();
    await kim.page.getByRole('tab', { name: /Dice/ }).click();
  } else {
    await dee.page.setViewportSize({ width: 800, height: 720 });
    await expect(dee.page.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
    await expect(panel).toBeHidden();
    await dee.page.setViewportSize({ width: 1280, height: 720 });
    await expect(dee.page.getByRole('tablist', { name: 'Table sections' })).toHaveCount(0);
  }
  await expect(panel).toBeVisible();
  await expect(summary).toHaveText(spread);
  await expect(steppers.getByTestId('shifts-left')).toHaveText('All 5 shifts placed.');
  await absorb.click();
  await expect(panel).toHaveCount(0);
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(page.getByTestId('log')).toContainText(`${otherName} absorbed 5 shifts`);
  }

  // The picked character is deleted while the tray names it: the tray says so instead of jumping
  // to the other, and the
  // rest of the half-filled tray stays.
  await bot.send({ type: 'character.remove', characterId: picked });
  await expect(gmTray.getByTestId('form-gone')).toHaveText(
    `${pickedName} was deleted while you were filling this in: pick again.`,
  );
  await expect(gmTray.getByRole('button', { name: /^Roll 3dF/ })).toBeDisabled();
  await expect(gmTray.locator('select[name="action"]')).toHaveValue('create-advantage');
  await expect(gmTray.locator('input[name="reason"]')).toHaveValue('Set a trap on the');
  await shot(gm, 'live-forms-5-gm-character-deleted');
  await gmTray.locator('select[name="roller"]').selectOption({ label: otherName });
  await expect(gmTray.getByTestId('form-gone')).toHaveCount(0);
  await expect(gmTray.getByRole('button', { name: /^Roll 3dF/ })).toBeEnabled();

  bot.close();
  for (const c of contexts) await c.close();
});
