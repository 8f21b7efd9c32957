import { test, expect, type Page } from '@playwright/test';
import { KAI, characterCard, openGroup, shot, usualGroup } from './helpers';
import { characterIdOf, connectBot, takeConsequence } from './bot';

// Recovery in fate-core, as text 001 says: an overcome in the dice tray against the
// consequence (Great for a moderate one, two steps harder on yourself), with invokes; a success
// renames and stars it on every screen, a failure leaves it as it was. The GM sets the skills
// through the command API so that every outcome below is certain whatever the dice say.

test('fate-core: Kim (phone) treats Vex’s moderate consequence with an invoke; her own attempt on Kai fails', async ({
  browser,
  baseURL,
}) => {
  // Four browsers on a shared machine: slower than one.
  test.setTimeout(360_000);
  const group = await openGroup(browser, usualGroup('The inn at dawn'));
  const { gm, links, spectator: watcher } = group;
  const [dee, kim] = group.players;
  const screens: Page[] = [gm, dee, kim, watcher];
  const bot = await connectBot(baseURL!, links.gm);
  const vex = await characterIdOf(baseURL!, links.gm, 'Vex');
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');
  await takeConsequence(bot, vex, 'moderate', 'Cracked Ribs');
  await takeConsequence(bot, kai, 'moderate', 'Shell Shock');
  // Lore +6 with an invoke's +2 is at least Great (+4) whatever the dice: never a failure.
  // Empathy −4 is at most Mediocre (+0): always short of Fantastic (+6).
  for (const [skillId, rating] of [
    ['lore', 6],
    ['empathy', -4],
  ] as const) {
    await bot.send({
      type: 'gm.adjust',
      adjust: { what: 'skill', characterId: kai, skillId, rating },
      reason: 'Set for a certain outcome',
    });
  }
  await bot.send({ type: 'session.start' });
  const taken = (page: Page, who: string, slot: number) =>
    characterCard(page, who).locator('.consequences li.taken').nth(slot);
  for (const page of [gm, dee, watcher]) {
    await expect(taken(page, 'Vex', 0)).toContainText('Cracked Ribs');
  }
  await shot(gm, 'recovery-1-gm-before');

  // Kim, on her phone, treats Vex: the tray opens set to an overcome against Great (+4).
  await kim.getByRole('tab', { name: 'Characters' }).click();
  await characterCard(kim, 'Vex').getByRole('button', { name: 'Treat “Cracked Ribs”' }).click();
  const tray = kim.getByRole('form', { name: 'Recovery roll' });
  await expect(tray).toBeVisible();
  await expect(tray.getByTestId('recovery-difficulty')).toHaveText('Great (+4)');
  await expect(tray.getByTestId('recovery-aim')).toContainText(
    'Treating Vex’s moderate consequence',
  );
  await tray.locator('select[name="skill"]').selectOption('lore');
  await expect(tray.getByRole('button', { name: 'Roll 4dF +6 vs Great (+4)' })).toBeVisible();
  await shot(kim, 'recovery-2-phone-tray');
  await tray.getByRole('button', { name: 'Roll 4dF +6 vs Great (+4)' }).click();

  // She invokes Kai's high concept with a fate point, then names the recovering consequence.
  const card = kim.getByTestId('roll-card').first();
  await expect(card.getByTestId('roll-outcome')).toBeVisible();
  const before = Number((await card.getByTestId('roll-total').textContent())?.replace('+', ''));
  const pick = card.locator('select[name="invoke-aspect"]');
  const value = await pick
    .locator('option', { hasText: KAI.highConcept })
    .first()
    .getAttribute('value');
  await pick.selectOption(value ?? '');
  await card.getByRole('button', { name: '+2' }).click();
  await expect(card.getByTestId('roll-total')).toHaveText(`+${before + 2}`);
  await expect(card.getByTestId('roll-outcome')).not.toHaveText(/^Fail/);
  await shot(kim, 'recovery-3-phone-invoked');
  await card.getByLabel('Name while it recovers').fill('Strapped Ribs');
  await card.getByRole('button', { name: 'Start recovery ★' }).click();
  await kim.getByRole('tab', { name: 'Characters' }).click();
  for (const page of screens) {
    await expect(taken(page, 'Vex', 0)).toContainText('Strapped Ribs');
    await expect(taken(page, 'Vex', 0).getByTestId('recovering')).toHaveText('★ recovering');
  }
  await shot(kim, 'recovery-4-phone-starred');
  await shot(dee, 'recovery-4-dee-starred');
  await shot(watcher, 'recovery-4-spectator-starred');

  // Kai treats himself: two steps harder, Fantastic (+6); Empathy −4 cannot make it.
  await characterCard(kim, 'Kai')
    .getByRole('button', { name: 'Start recovery from “Shell Shock”' })
    .click();
  await expect(tray.getByTestId('recovery-difficulty')).toHaveText('Fantastic (+6)');
  await expect(tray).toContainText('two steps harder: treating yourself');
  await tray.locator('select[name="skill"]').selectOption('empathy');
  await shot(kim, 'recovery-5-phone-self');
  await tray.getByRole('button', { name: 'Roll 4dF -4 vs Fantastic (+6)' }).click();
  const failed = kim.getByTestId('roll-card').first();
  await expect(failed.getByTestId('roll-outcome')).toHaveText(/^Fail/);
  await expect(failed.getByLabel('Name while it recovers')).toHaveCount(0);
  await failed.getByRole('button', { name: 'Leave “Shell Shock” as it is' }).click();
  await expect(gm.getByTestId('log')).toContainText(
    "Kai's recovery roll — fail: “Shell Shock” stays as it was.",
  );
  await kim.getByRole('tab', { name: 'Characters' }).click();
  for (const page of screens) {
    await expect(taken(page, 'Kai', 0)).toContainText('Shell Shock');
    await expect(taken(page, 'Kai', 0).getByTestId('recovering')).toHaveCount(0);
    await expect(taken(page, 'Vex', 0).getByTestId('recovering')).toHaveCount(1);
  }
  await shot(gm, 'recovery-6-gm-after');
  await shot(kim, 'recovery-6-phone-after');
  bot.close();
  await group.close();
});
