import { test, expect } from '@playwright/test';
import { connectBot } from './bot';
import { attackWithTray, concede, deeAndKim, openGroup, shot, usualGroup } from './helpers';

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
  const group = await openGroup(browser, usualGroup('Defence', { players: deeAndKim(phone) }));
  const { gm, links, spectator } = group;
  const [dee, kim] = group.players;
  const screens = [gm, dee, kim, spectator];
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
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([/Brute/, /Kai/]);
  }
  await expect(spectator.getByTestId('awaiting-defence')).toContainText(
    'Waiting for Kai’s defence roll',
  );
  await expect(dee.getByTestId('awaiting-defence')).toBeVisible();
  await shot(gm, 'defence-gm-attack-awaits');

  // Kim, on the phone, is asked to defend; she picks the second skill listed, not the first.
  await kim.getByRole('tab', { name: 'Dice' }).click();
  const prompt = kim.getByTestId('defence');
  await expect(prompt).toContainText('Kai must defend against Brute');
  const skill = prompt.locator('select[name="defence-skill"]');
  const values = await skill
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const picked = values[1]!;
  expect(picked).not.toBe(values[0]);
  await skill.selectOption(picked);
  await expect(skill).toHaveValue(picked);
  await shot(kim, 'defence-phone-prompt');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();

  // Resolved everywhere: the defence in the log, the outcome on the card, no prompt left.
  for (const page of screens) {
    if (page === kim) await kim.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByTestId('log')).toContainText('Kai rolled to defend');
  }
  await kim.getByRole('tab', { name: 'Dice' }).click();
  for (const page of screens) {
    await expect(page.getByTestId('defence')).toHaveCount(0);
    await expect(page.getByTestId('roll-card').first()).toContainText(/vs Kai [+\-−]?\d/);
    await expect(page.getByTestId('roll-outcome').first()).toBeVisible();
  }
  await shot(kim, 'defence-phone-resolved');
  await shot(spectator, 'defence-spectator-resolved');

  // A later attack on Vex: Dee concedes before rolling her defence.
  await attackWithTray(gm, 'Brute', 'Vex');
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([
      /Brute/,
      /Kai/,
      /Vex/,
    ]);
  }
  const deePrompt = dee.getByTestId('defence');
  await expect(deePrompt).toContainText('Vex must defend against Brute');
  await shot(dee, 'defence-dee-before-conceding');
  await concede(deePrompt);
  for (const page of screens) {
    if (page === kim) await kim.getByRole('tab', { name: 'Log' }).click();
    await expect(page.getByTestId('log')).toContainText(
      'Vex conceded the conflict and gets a fate point.',
    );
  }
  await kim.getByRole('tab', { name: 'Dice' }).click();
  for (const page of screens) {
    await expect(page.getByTestId('defence')).toHaveCount(0);
    await expect(page.getByTestId('awaiting-defence')).toHaveCount(0);
    await expect(page.getByTestId('roll-card').first()).toContainText('Vex conceded the conflict');
  }
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([/Brute/, /Kai/]);
  }
  await shot(dee, 'defence-dee-conceded');
  await shot(spectator, 'defence-spectator-conceded');

  // The GM moves Kai first with the keyboard: focus Kai's arrow, Alt+↑.
  const order = gm.getByTestId('conflict');
  await order.getByRole('button', { name: 'Move Kai up' }).focus();
  await gm.keyboard.press('Alt+ArrowUp');
  for (const page of [gm, dee, spectator]) {
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
  await group.close();
});
