import { test, expect } from '@playwright/test';
import {
  adjust,
  characterCard,
  createTable,
  defendWithLowest,
  expectAccessible,
  joinAndCreate,
  shot,
  tableWithTwoPlayers,
  VEX,
} from './helpers';
import { connectBot, characterIdOf, type Bot } from './bot';

// Fate Core's consequences and ties with no dice left to chance (the GM's adjustments and the
// rolls the command API makes certain): a consequence taken, then recovery under a new name;
// a tie that asks for a boost only where the action grants one.

test('fate-core: a consequence taken, then recovery started under a new name', async ({
  browser,
}) => {
  const table = await tableWithTwoPlayers(browser, 'Harbour town', 'fate-core');
  const { gm, p1, p2 } = table;
  // Certain by hand: Vex's Athletics +9 beats Kai's untrained +0 whatever the dice; Kai's
  // Superb Physique (+5) can absorb any of the possible 1 to 17 shifts.
  await expect(characterCard(gm, 'Kai')).toBeVisible();
  await adjust(gm, 'skill', 'Kai', { value: 'physique' }, 5);
  await adjust(gm, 'skill', 'Vex', { value: 'athletics' }, 9);
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.locator('select[name="skill"]').selectOption('athletics');
  await tray.getByLabel('An opposing character').check();
  await tray.getByLabel('Opponent').selectOption({ label: 'Kai' });
  const theirs = tray.getByLabel('Their skill');
  const untrained = await theirs.locator('option').last().getAttribute('value');
  await theirs.selectOption(untrained ?? '');
  await tray.getByRole('button', { name: /^Roll 4dF \+9/ }).click();
  // Kai's player defends untrained (+0).
  await defendWithLowest(p2);
  const roll = p1.getByTestId('roll-card').first();
  await expect(roll.getByTestId('roll-outcome')).toHaveText(/^Success/);
  await roll.getByRole('button', { name: 'Deal the hit' }).click();
  const panel = p2.getByTestId('absorb-panel');
  await expect(panel).toBeVisible();
  // The first way to absorb it that takes a consequence.
  await panel
    .getByTestId('absorb-options')
    .getByRole('radio', { name: /consequence/i })
    .first()
    .check();
  const names = panel.getByLabel(/Name the/);
  await expect(names.first()).toBeVisible();
  await names.first().fill('Cracked ribs');
  for (let i = 1; i < (await names.count()); i++) await names.nth(i).fill(`Winded ${i}`);
  await panel.getByRole('button', { name: 'Absorb' }).click();
  const kai = characterCard(p2, 'Kai');
  await expect(kai.locator('.consequences li.taken').first()).toContainText('Cracked ribs');

  // A player starts recovery with a roll in the tray (recovery.spec.ts plays it through);
  // here Kim cancels it and the GM starts it without one, as healing may [FC-RECOVER-3].
  await kai.getByRole('button', { name: 'Start recovery from “Cracked ribs”' }).first().click();
  const recoveryRoll = p2.getByRole('form', { name: 'Recovery roll' });
  await expect(recoveryRoll.getByTestId('recovery-difficulty')).toBeVisible();
  await recoveryRoll.getByRole('button', { name: 'Cancel' }).click();
  const kaiForGm = characterCard(gm, 'Kai');
  await kaiForGm
    .getByRole('button', { name: 'No roll: start recovery from “Cracked ribs”' })
    .first()
    .click();
  await kaiForGm.getByLabel('Name while it recovers').fill('Strapped ribs');
  await kaiForGm.getByRole('button', { name: 'Start recovery ★' }).click();
  for (const page of [gm, p1, p2]) {
    const taken = characterCard(page, 'Kai').locator('.consequences li.taken').first();
    await expect(taken).toContainText('Strapped ribs');
    await expect(taken.getByTestId('recovering')).toHaveText('★ recovering');
  }
  await shot(p2, 'fate-core-recovery');
  await expectAccessible(p2, 'fate-core recovery');

  // Vex holds the free invoke on Kai's new consequence and passes it to Kai.
  const ribs = characterCard(p1, 'Kai').locator('.consequences li.taken').first();
  await expect(ribs.getByTestId('free-invokes')).toHaveAttribute('aria-label', /for Vex/);
  await ribs.getByRole('button', { name: 'Pass a free invoke on “Strapped ribs”' }).click();
  await ribs.getByLabel('Pass to').selectOption({ label: 'Kai' });
  await ribs.getByRole('button', { name: 'Pass 1 free invoke' }).click();
  await expect(
    characterCard(gm, 'Kai').locator('.consequences li.taken').first().getByTestId('free-invokes'),
  ).toHaveAttribute('aria-label', /1 free invoke for Kai/);

  // The GM's notes live in the GM document: the players never see them.
  const notes = gm.getByTestId('gm-notes');
  await notes.locator('textarea[name="note-text"]').fill('Kai owes the harbour master');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByTestId('gm-note')).toHaveText(/Kai owes the harbour master/);
  await notes.getByRole('button', { name: 'Edit this note' }).click();
  await notes.locator('textarea[name="note-edit"]').fill('Kai owes the harbour master 20 crowns');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.getByTestId('gm-note')).toHaveText(/20 crowns/);
  await expect(p1.getByText('Kai owes the harbour master')).toHaveCount(0);
  await shot(gm, 'fate-core-gm-notes');
  await table.close();
});

/**
 * Rolls for a character through the command API, at Mediocre against Mediocre, until the dice
 * come to a tie (19 in 81 each time); returns the reason of the tying roll.
 */
async function rollUntilTie(bot: Bot, characterId: string, action: string): Promise<string> {
  for (let tries = 1; tries <= 60; tries++) {
    const reason = `Hoping for a tie: ${action} #${tries}`;
    const ack = await bot.send({ type: 'roll', characterId, action, difficulty: 0, reason });
    const said = ack.result?.log?.map((e) => e.text).join(' ') ?? '';
    if (/— tie\./.test(said)) return reason;
  }
  throw new Error(`no tie in 60 rolls of ${action}`);
}

test('fate-core: a tie asks for a boost only where the action grants one', async ({
  browser,
  baseURL,
}) => {
  const { gm, links, context } = await createTable(browser, 'Foggy pier', 'fate-core');
  const player = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const p1 = player.page;
  const bot = await connectBot(baseURL ?? '', links.gm);
  const vex = await characterIdOf(baseURL ?? '', links.gm, 'Vex');
  const cardOf = (reason: string) => p1.getByTestId('roll-card').filter({ hasText: `“${reason}”` });

  // An overcome's tie is a success at a minor cost: no boost to name, nothing to apply.
  const overcome = cardOf(await rollUntilTie(bot, vex, 'overcome'));
  await expect(overcome.getByTestId('roll-outcome')).toHaveText(/^Tie/);
  await expect(overcome.getByLabel('Name the boost')).toHaveCount(0);
  await expect(overcome.getByRole('form', { name: 'Apply the outcome' })).toHaveCount(0);

  // Creating an advantage on a tie gives a boost instead of the aspect: only the boost is named.
  const advantage = cardOf(await rollUntilTie(bot, vex, 'create-advantage'));
  await expect(advantage.getByTestId('roll-outcome')).toHaveText(/^Tie/);
  await expect(advantage.getByLabel('Name the advantage')).toHaveCount(0);
  await advantage.getByLabel('Name the boost').fill('A glimpse through the fog');
  await advantage.getByRole('button', { name: 'Take the boost' }).click();
  await expect(advantage.getByRole('form', { name: 'Apply the outcome' })).toHaveCount(0);
  for (const page of [gm, p1]) {
    await expect(
      page.getByTestId('aspect-card').filter({ hasText: 'A glimpse through the fog' }),
    ).toContainText('Boost');
  }

  bot.close();
  await context.close();
  await player.context.close();
});
