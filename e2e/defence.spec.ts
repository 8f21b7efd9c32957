import { test, expect } from '@playwright/test';
import { connectBot } from './bot';
import {
  KAI,
  VEX,
  attackWithTray,
  createTable,
  joinAndCreate,
  openAs,
  shot,
  concede,
} from './helpers';

// Active defence and concession. The GM at a desk, Dee (Vex) at a desk, Kim (Kai) on
// a 390x844 phone and a spectator: the GM's NPC attacks Kai with no conflict started (one
// starts), Kim picks a defence skill and rolls it, the roll resolves on every screen; later
// Dee concedes before defending; the GM reorders the turns with the keyboard.

const phone = { width: 390, height: 844 };

test('fate-core: the defender rolls their own defence, concedes before it, and the GM reorders the turns', async ({
  browser,
  baseURL,
}) => {
  // Four browsers on two shared cores: more time than one view's spec.
  test.setTimeout(300_000);
  const { gm, links, context } = await createTable(browser, 'Defence', 'fate-core');
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, phone);
  const watcher = await openAs(browser, links.spectator);
  const spectator = watcher.page;
  const screens = [gm, dee.page, kim.page, spectator];
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  const bot = await connectBot(baseURL!, links.gm);
  const created = await bot.send({
    type: 'character.create',
    npc: true,
    character: { name: 'Brute', skills: [{ id: 'fight', rating: 4 }] },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);

  // No conflict was started: the attack starts one, Brute then Kai.
  await expect(gm.getByTestId('conflict')).not.toContainText('Exchange');
  await attackWithTray(gm, 'Brute', 'Kai');
  for (const page of [gm, dee.page, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([/Brute/, /Kai/]);
  }
  await expect(spectator.getByTestId('awaiting-defence')).toContainText(
    'Waiting for Kai’s defence roll',
  );
  await expect(dee.page.getByTestId('awaiting-defence')).toBeVisible();
  await shot(gm, 'defence-gm-attack-awaits');

  // Kim, on the phone, is asked to defend; she picks the second skill listed, not the first.
  await kim.page.getByRole('tab', { name: 'Dice' }).click();
  const prompt = kim.page.getByTestId('defence');
  await expect(prompt).toContainText('Kai must defend against Brute');
  const skill = prompt.locator('select[name="defence-skill"]');
  const values = await skill
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const picked = values[1]!;
  expect(picked).not.toBe(values[0]);
  await skill.selectOption(picked);
  await expect(skill).toHaveValue(picked);
  await shot(kim.page, 'defence-phone-prompt');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();

  // Resolved everywhere: the defence in the log, the outcome on the card, no prompt left.
  for (const page of screens) {
    if (page === kim.page) await kim.page.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByTestId('log')).toContainText('Kai rolled to defend');
  }
  await kim.page.getByRole('tab', { name: 'Dice' }).click();
  for (const page of screens) {
    await expect(page.getByTestId('defence')).toHaveCount(0);
    await expect(page.getByTestId('roll-card').first()).toContainText(/vs Kai [+\-−]?\d/);
    await expect(page.getByTestId('roll-outcome').first()).toBeVisible();
  }
  await shot(kim.page, 'defence-phone-resolved');
  await shot(spectator, 'defence-spectator-resolved');

  // A later attack on Vex: Dee concedes before rolling her defence.
  await attackWithTray(gm, 'Brute', 'Vex');
  for (const page of [gm, dee.page, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([
      /Brute/,
      /Kai/,
      /Vex/,
    ]);
  }
  const deePrompt = dee.page.getByTestId('defence');
  await expect(deePrompt).toContainText('Vex must defend against Brute');
  await shot(dee.page, 'defence-dee-before-conceding');
  await concede(deePrompt);
  for (const page of screens) {
    if (page === kim.page) await kim.page.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByTestId('log')).toContainText(
      'Vex conceded the conflict and gets a fate point.',
    );
  }
  await kim.page.getByRole('tab', { name: 'Dice' }).click();
  for (const page of screens) {
    await expect(page.getByTestId('defence')).toHaveCount(0);
    await expect(page.getByTestId('awaiting-defence')).toHaveCount(0);
    await expect(page.getByTestId('roll-card').first()).toContainText('Vex conceded the conflict');
  }
  for (const page of [gm, dee.page, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([/Brute/, /Kai/]);
  }
  await shot(dee.page, 'defence-dee-conceded');
  await shot(spectator, 'defence-spectator-conceded');

  // The GM moves Kai first with the keyboard: focus Kai's arrow, Alt+↑.
  const order = gm.getByTestId('conflict');
  await order.getByRole('button', { name: 'Move Kai up' }).focus();
  await gm.keyboard.press('Alt+ArrowUp');
  for (const page of [gm, dee.page, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([/Kai/, /Brute/]);
  }
  // The turn stays with Brute, who was acting; Next turn moves it on, wrapping to Kai.
  await expect(order.locator('[aria-current="step"]')).toContainText('Brute');
  await order.getByRole('button', { name: 'Next turn' }).click();
  await expect(spectator.getByTestId('conflict').locator('[aria-current="step"]')).toContainText(
    'Kai',
  );
  await shot(gm, 'defence-gm-reordered');

  bot.close();
  for (const c of [context, dee.context, kim.context, watcher.context]) await c.close();
});
