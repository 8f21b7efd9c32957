import { test, expect } from '@playwright/test';
import {
  characterCard,
  createTable,
  expectAccessible,
  joinAndCreate,
  shot,
  tableWithTwoPlayers,
  VEX,
  defendWithLowest,
  adjust,
} from './helpers';
import { connectBot, type Bot } from './bot';

// Each of the four games: a character from the ruleset's own template passes its validation,
// and a roll with the ruleset's dice shows up on the GM's screen.
for (const ruleset of ['fate-core', 'pirates', 'edgerunner', 'narrative'] as const) {
  test(`${ruleset}: create a character from the template and roll`, async ({ browser }) => {
    const { gm, links, context } = await createTable(browser, `A ${ruleset} night`, ruleset);
    const player = await joinAndCreate(browser, links.player, 'Dee', VEX);
    const p1 = player.page;
    const tray = p1.getByRole('form', { name: 'Roll the dice' });
    const dice = ruleset === 'narrative' ? '3dF' : '4dF';
    // Against Legendary even narrative's simple actions become real rolls.
    await tray.locator('select[name="difficulty"]').selectOption('8');
    await expect(tray.getByTestId('odds')).toBeVisible();
    await tray.getByRole('button', { name: new RegExp(`^Roll ${dice}`) }).click();
    const roll = gm.getByTestId('roll-card').first();
    await expect(roll.getByTestId('roll-outcome')).toBeVisible();
    await expect(roll.locator('.die')).toHaveCount(ruleset === 'narrative' ? 3 : 4);
    await shot(p1, `ruleset-${ruleset}-player`);
    if (ruleset === 'narrative') await expectAccessible(p1, `${ruleset} player`);
    await context.close();
    await player.context.close();
  });
}

// Each game's own flow, with no dice left to chance: the inputs make every outcome certain.

// Each game's own flow, with no dice left to chance: the inputs make every outcome certain.

test('edgerunner: a declaration with supporters places an aspect with its free invokes', async ({
  browser,
  baseURL,
}) => {
  const { gm, links, context } = await createTable(browser, 'Neon rain', 'edgerunner');
  // Four more players at the table, seated through the command API: with the GM, five voters.
  const voters: Bot[] = [await connectBot(baseURL ?? '', links.gm)];
  for (const name of ['Ana', 'Bo', 'Cy', 'Di']) {
    const bot = await connectBot(baseURL ?? '', links.player);
    await bot.send({ type: 'join', name });
    voters.push(bot);
  }
  const player = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const p1 = player.page;
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="action"]').selectOption('create-advantage');
  await tray.getByLabel('Aspect action').selectOption('declaration');
  await expect(tray.locator('select[name="skill"]')).toHaveCount(0);
  await tray.getByLabel('The fact you declare').fill('The alarm is already off');
  await tray.getByRole('button', { name: 'Ask the table' }).click();
  const mine = tray.getByTestId('my-declaration');
  await expect(mine.getByTestId('declaration-voter')).toHaveCount(5);
  // All five support: even −4 on the dice gives +1, and zero shifts already place it.
  const declarationId = await mine.getAttribute('data-declaration');
  for (const bot of voters) {
    await bot.send({ type: 'declaration.vote', declarationId, stance: 'support' });
  }
  await expect(tray.getByTestId('declaration-skill')).toContainText('+5');
  await expect(tray.getByTestId('invoke-table')).toContainText('1–2 → 1');
  await tray.getByRole('button', { name: /^Roll 4dF \+5 vs Mediocre/ }).click();
  const roll = p1.getByTestId('roll-card').first();
  await expect(roll.getByTestId('roll-outcome')).toHaveText(/^(Success|Tie)/);
  await expect(roll.getByTestId('aspect-action')).toContainText('5 supporting, 0 opposing');

  // A voluntary consequence adds its bonus to this roll (edgerunner only).
  const total = Number((await roll.getByTestId('roll-total').textContent())?.replace('+', ''));
  const slot = roll.locator('select[name="consequence-slot"]');
  const label = (await slot.locator('option').first().textContent()) ?? '';
  const bonus = Number(/\(\+(\d+)\)/.exec(label)?.[1] ?? 'NaN');
  expect(bonus).toBeGreaterThan(0);
  await roll.getByLabel('Name it').fill('Burned out');
  await roll.getByRole('button', { name: 'Take it for the bonus' }).click();
  const after = total + bonus;
  await expect(roll.getByTestId('roll-total')).toHaveText(`${after >= 0 ? '+' : ''}${after}`);
  await expect(characterCard(gm, 'Vex').locator('.consequences li.taken')).toContainText(
    'Burned out',
  );

  // What the shifts buy, as the card says, is what the placed aspect carries.
  const said = (await roll.getByTestId('aspect-action').textContent()) ?? '';
  const buys = /buy (\d+) free invoke/.exec(said);
  const persistence = /persistence (\d+)/.exec(said);
  expect(buys).not.toBeNull();
  await roll.getByLabel('Name the advantage').fill('The alarm was never on');
  await roll.getByRole('button', { name: 'Create aspect' }).click();
  for (const page of [gm, p1]) {
    const aspect = page.getByTestId('aspect-card').filter({ hasText: 'The alarm was never on' });
    await expect(aspect.getByTestId('persistence')).toHaveText(
      `Persistence ${persistence?.[1] ?? ''}`,
    );
    await expect(aspect.locator('.mark')).toHaveCount(Number(buys?.[1]));
  }
  await shot(p1, 'edgerunner-declaration');

  // A removal roll is offered against the aspect's persistence.
  await tray.locator('select[name="action"]').selectOption('overcome');
  const removes = tray.locator('select[name="removes"]');
  const value = await removes
    .locator('option', { hasText: 'The alarm was never on' })
    .getAttribute('value');
  await removes.selectOption(value ?? '');
  await expect(tray.getByRole('button', { name: /vs persistence/ })).toBeVisible();
  await shot(p1, 'edgerunner-removal');
  await expectAccessible(p1, 'edgerunner tray');
  for (const bot of voters) bot.close();
  await context.close();
  await player.context.close();
});

test('narrative: a conflict by initiative, an aggressive attack, and the hit absorbed', async ({
  browser,
}) => {
  const table = await tableWithTwoPlayers(browser, 'The long night', 'narrative');
  const { gm, p1, p2 } = table;
  // A simple action is not rolled: the aspect (+3) is higher than Average (+1).
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="difficulty"]').selectOption('1');
  await expect(tray.getByTestId('simple-action')).toContainText('No roll needed');
  await expect(tray.getByRole('button', { name: /^Succeed: no roll needed/ })).toBeVisible();

  await expect(characterCard(gm, 'Kai')).toBeVisible();
  const conflict = gm.getByTestId('conflict');
  await conflict.getByLabel('Initiative').selectOption('aspect');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  await expect(p1.getByTestId('conflict').locator('.order li')).toHaveCount(2);

  // Certain by hand: Vex's best aspect at +7 and aggressive (+1) gives at least 7+1−3 = +5;
  // Kai defends with his lowest (+1), at most +4, so Vex wins. Kai's best aspect at +12
  // leaves room to absorb even the largest hit (7+1+3 − (1−3) = 13 levels).
  await adjust(gm, 'aspect-rating', 'Vex', { index: 0 }, 7);
  await adjust(gm, 'aspect-rating', 'Kai', { index: 0 }, 12);
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.getByLabel('Opponent').selectOption({ label: 'Kai' });
  const theirs = tray.getByLabel('Their aspect');
  const lowest = await theirs.locator('option').last().getAttribute('value');
  await theirs.selectOption(lowest ?? '');
  await expect(theirs.locator('option:checked')).toHaveText(/\(\+1\)/);
  await tray.locator('select[name="strategy"]').selectOption('aggressive');
  await expect(tray.getByTestId('side-modifiers')).toContainText('+1');
  await tray.getByRole('button', { name: /^Roll 3dF \+8/ }).click();
  // Kai's player defends with his lowest aspect (+1).
  await defendWithLowest(p2);
  const roll = p1.getByTestId('roll-card').first();
  await expect(roll.getByTestId('roll-outcome')).toHaveText(/^Success/);
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-modifiers')).toContainText(
    '+1',
  );
  await roll.getByRole('button', { name: 'Deal the hit' }).click();
  const panel = p2.getByTestId('absorb-panel');
  await expect(panel).toBeVisible();
  await shot(p2, 'narrative-absorb');
  // Every shift on Kai's best aspect (+12 holds any hit), one stepper click at a time.
  const steppers = panel.getByTestId('damage-steppers');
  const more = steppers
    .getByTestId('damage-step')
    .first()
    .getByRole('button', { name: /^One shift more/ });
  while (await more.isEnabled()) await more.click();
  await expect(steppers.getByTestId('split-problem')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(gm.getByTestId('roll-card').first().getByTestId('hit')).toContainText('Kai');
  await expect(p2.getByTestId('absorb-panel')).toHaveCount(0);
  await shot(p1, 'narrative-conflict');
  await table.close();
});
