import { test, expect, type Locator, type Page } from '@playwright/test';
import {
  askTheTable,
  createTable,
  expectAccessible,
  joinAndCreate,
  openAs,
  openTheVote,
  shot,
  vote,
  watchedTableWithTwoPlayers,
  VEX,
} from './helpers';
import { connectBot, characterIdOf, type Bot } from './bot';

// Edgerunner's aspect actions through the real server, seen on every screen. The GM's
// adjustments and the people who only need a seat come from the command API (./bot), so
// every outcome below is certain whatever the dice say.

const phone = { width: 360, height: 740 };

const aspectOn = (page: Page, text: string) =>
  page.getByTestId('aspect-card').filter({ has: page.getByText(text, { exact: true }) });

/** The GM sets a character's skill, through the command API. */
async function setSkill(gm: Bot, characterId: string, skillId: string, rating: number) {
  await gm.send({
    type: 'gm.adjust',
    adjust: { what: 'skill', characterId, skillId, rating },
    reason: 'Set for a certain outcome',
  });
}

/** The total the dice on a roll card show, plus the rating. */
async function diceTotal(card: Locator, rating: number): Promise<number> {
  const plus = await card.locator('.die.plus').count();
  const minus = await card.locator('.die.minus').count();
  return rating + plus - minus;
}

test('edgerunner: the table votes on a declaration, each voter on their own screen, and it rolls at +1 (phones)', async ({
  browser,
  baseURL,
}) => {
  const { gm, links, context } = await createTable(browser, 'Neon rain', 'edgerunner');
  // Kim and Lou are seated and vote through the command API; Max votes on his own phone.
  const bots: Bot[] = [];
  for (const name of ['Kim', 'Lou']) {
    const bot = await connectBot(baseURL ?? '', links.player);
    await bot.send({ type: 'join', name });
    bots.push(bot);
  }
  const [kimBot, louBot] = bots as [Bot, Bot];
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX, phone);
  const max = await joinAndCreate(
    browser,
    links.player,
    'Max',
    { name: 'Switch', highConcept: 'Sniper with a conscience', trouble: 'Never leaves a trace' },
    phone,
  );
  const p1 = dee.page;

  // Dee puts the fact to the table from her Dice tab: the words, and what it is on.
  await p1.getByRole('tab', { name: 'Dice' }).click();
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  const fact = 'The library has a pharmacology wing';
  await askTheTable(tray, fact, 'The scene');

  // Her card lists everyone else, the GM too, not her; nobody has voted; the roll waits.
  const mine = tray.getByTestId('my-declaration');
  await expect(mine).toContainText(fact);
  const voters = mine.getByTestId('declaration-voter');
  await expect(voters).toHaveCount(4);
  await expect(voters.filter({ hasText: 'Dee' })).toHaveCount(0);
  for (const name of ['GM', 'Kim', 'Lou', 'Max']) {
    await expect(mine.locator(`[data-voter="${name}"]`)).toContainText('Not yet');
  }
  await expect(mine.getByTestId('declaration-tally')).toContainText('0 supporting, 0 opposing');
  const rollButton = tray.getByRole('button', { name: /^Roll once the table has voted/ });
  await expect(rollButton).toBeDisabled();

  // Max, on his phone, is asked: a toast takes him to the prompt, with the words.
  const { prompt, choices } = await openTheVote(max.page, 'Vex', fact);
  await shot(max.page, 'edgerunner-declaration-vote-phone');
  await choices.getByRole('button', { name: 'Oppose' }).click();
  // One vote, final: the choices go, his vote shows on his own screen and on Dee's.
  await expect(choices).toHaveCount(0);
  await expect(prompt.locator('[data-voter="Max"]')).toContainText('Opposes');
  await expect(mine.locator('[data-voter="Max"]')).toContainText('Opposes');

  // Kim and Lou support through the command API; the GM abstains at the desk.
  const declarationId = await prompt.getAttribute('data-declaration');
  await kimBot.send({ type: 'declaration.vote', declarationId, stance: 'support' });
  await louBot.send({ type: 'declaration.vote', declarationId, stance: 'support' });
  await expect(mine.getByTestId('declaration-tally')).toContainText('2 supporting, 1 opposing');
  await expect(rollButton).toBeDisabled();
  await vote(gm, 'Abstain', fact);

  // The vote is in: +1, on Dee's phone, and the roll may go.
  await expect(mine.getByTestId('declaration-tally')).toContainText(
    '2 supporting, 1 opposing, 1 abstaining · rolls at +1',
  );
  await expect(mine.getByTestId('declaration-status')).toHaveText('The vote is in.');
  await expect(tray.getByTestId('declaration-skill')).toContainText('rolls at +1');
  const overflow = await p1.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(p1, 'edgerunner-declaration-tally-phone');
  await expectAccessible(p1, 'edgerunner declaration tally');
  await expectAccessible(max.page, 'edgerunner declaration vote');

  await tray.getByRole('button', { name: /^Roll 4dF \+1 vs Mediocre/ }).click();
  for (const page of [p1, gm]) {
    const card = page.getByTestId('roll-card').first();
    await expect(card.getByTestId('aspect-action')).toContainText('2 supporting, 1 opposing');
    await expect(card.locator('header')).toContainText('Declaration (supporters − opposers) +1');
    await expect(card.locator('header')).toContainText(fact);
    // The total is the dice shown plus the net +1.
    await expect(card.locator('.die')).toHaveCount(4);
    const total = await diceTotal(card, 1);
    await expect(card.getByTestId('roll-total')).toHaveText(`${total >= 0 ? '+' : ''}${total}`);
  }
  // Rolled: the declaration leaves the table, and the next one is a new question.
  await expect(gm.getByTestId('declaration')).toHaveCount(0);
  await expect(tray.getByTestId('declaration-propose')).toBeVisible();
  await expect(tray.getByLabel('The fact you declare')).toHaveValue('');

  for (const bot of bots) bot.close();
  await context.close();
  await dee.context.close();
  await max.context.close();
});

test('edgerunner: an assessment gives exactly one free invoke on an aspect that exists, seen by the spectator', async ({
  browser,
  baseURL,
}) => {
  const { gm, links, context } = await createTable(browser, 'Smoke and chrome', 'edgerunner');
  const player = await joinAndCreate(browser, links.player, 'William', {
    name: 'Hargan',
    highConcept: 'Ex-cop with a conscience',
    trouble: 'Owes the syndicate',
  });
  const p1 = player.page;
  const spectator = await openAs(browser, links.spectator);
  const bot = await connectBot(baseURL ?? '', links.gm);
  await bot.send({ type: 'aspect.add', kind: 'situation', text: 'Never without a cigar' });
  await expect(aspectOn(spectator.page, 'Never without a cigar')).toBeVisible();
  await expect(aspectOn(spectator.page, 'Never without a cigar').locator('.mark')).toHaveCount(0);

  // Empathy +12 against Fair (+2): at least 6 shifts, which would buy a maneuver 3 free
  // invokes; an assessment still gives exactly one.
  await setSkill(bot, await characterIdOf(baseURL ?? '', links.gm, 'Hargan'), 'empathy', 12);
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="action"]').selectOption('create-advantage');
  await tray.getByLabel('Aspect action').selectOption('assessment');
  await tray.locator('select[name="skill"]').selectOption('empathy');
  await tray.locator('select[name="difficulty"]').selectOption('2');
  await tray.getByRole('button', { name: /^Roll 4dF \+12 vs Fair/ }).click();
  const roll = p1.getByTestId('roll-card').first();
  await expect(roll.getByTestId('roll-outcome')).toHaveText(/^Success/);
  await expect(roll.getByTestId('aspect-action')).toContainText('Assessment');
  await expect(roll.getByTestId('aspect-action')).toContainText('buy 1 free invoke');
  await roll.getByLabel('Assess which aspect').selectOption({ label: 'Never without a cigar' });
  // An assessment grants no boost, so the card asks for none.
  await expect(roll.getByLabel('Name the boost')).toHaveCount(0);
  await expect(roll.getByRole('button', { name: 'Take the free invoke' })).toBeEnabled();
  await roll.getByRole('button', { name: 'Take the free invoke' }).click();
  await expect(roll.getByRole('button', { name: 'Take the free invoke' })).toHaveCount(0);

  // Another browser sees the one free invoke, held for Hargan, and the roll it came from.
  for (const page of [spectator.page, gm]) {
    const aspect = aspectOn(page, 'Never without a cigar');
    await expect(aspect.locator('.mark')).toHaveCount(1);
    await expect(aspect.getByTestId('free-invokes')).toHaveAttribute(
      'aria-label',
      '1 free invoke for Hargan (William)',
    );
  }
  await expect(
    spectator.page.getByTestId('roll-card').first().getByTestId('aspect-action'),
  ).toContainText('Assessment');
  await expect(spectator.page.getByTestId('aspect-card')).toHaveCount(1);
  await shot(spectator.page, 'edgerunner-assessment-spectator');

  bot.close();
  await context.close();
  await player.context.close();
  await spectator.context.close();
});

test('edgerunner: removal rolls against persistence, one failing and one removing the aspect everywhere', async ({
  browser,
  baseURL,
}) => {
  const table = await watchedTableWithTwoPlayers(browser, 'Dark arcology', 'edgerunner');
  const { gm, p1, p2, links, spectator, screens } = table;
  const bot = await connectBot(baseURL ?? '', links.gm);
  const vex = await characterIdOf(baseURL ?? '', links.gm, 'Vex');
  const kai = await characterIdOf(baseURL ?? '', links.gm, 'Kai');

  // The GM's maneuver for Vex (Crafts +4 against Mediocre) places an aspect whose persistence,
  // its shifts, is 0 to 8; rolled again in the rare case of 0, so that both removals below
  // are certain: −4 + 4dF never meets 1 or more, +12 + 4dF always meets 8 or less.
  await setSkill(bot, vex, 'crafts', 4);
  let persistence = 0;
  for (let tries = 0; persistence < 1 && tries < 10; tries++) {
    const ack = await bot.send({
      type: 'roll',
      characterId: vex,
      skillId: 'crafts',
      aspectAction: 'maneuver',
    });
    const said = ack.result?.log?.map((e) => e.text).join(' ') ?? '';
    // A success says its shifts, "(3 shifts)"; a tie or a miss places nothing: roll again.
    persistence = Number(/\((\d+) shifts?\)/.exec(said)?.[1] ?? '0');
    if (persistence >= 1) {
      await bot.send({
        type: 'outcome.apply',
        rollId: ack.result?.rollId,
        aspect: { text: 'Smoke in the corridor' },
      });
    }
  }
  expect(persistence).toBeGreaterThanOrEqual(1);
  expect(persistence).toBeLessThanOrEqual(8);
  for (const page of screens) {
    await expect(aspectOn(page, 'Smoke in the corridor').getByTestId('persistence')).toHaveText(
      `Persistence ${persistence}`,
    );
  }

  // Kai, at Athletics −4, cannot meet it: the roll fails and the aspect stays on every screen.
  await setSkill(bot, kai, 'athletics', -4);
  const tray2 = p2.getByRole('form', { name: 'Roll the dice' });
  await tray2.locator('select[name="action"]').selectOption('overcome');
  await tray2.locator('select[name="skill"]').selectOption('athletics');
  await tray2.getByLabel('Remove an aspect').selectOption({
    label: `Smoke in the corridor (persistence ${persistence})`,
  });
  await tray2.getByRole('button', { name: `Roll 4dF -4 vs persistence ${persistence}` }).click();
  const failed = p2.getByTestId('roll-card').first();
  await expect(failed.getByTestId('removal')).toContainText('Removing “Smoke in the corridor”');
  await expect(failed.getByTestId('roll-outcome')).toHaveText(/^Fail/);
  await expect(failed.getByRole('button', { name: 'Remove the aspect' })).toHaveCount(0);
  await failed.getByRole('button', { name: 'Apply the outcome' }).click();
  await expect(failed.getByRole('form', { name: 'Apply the outcome' })).toHaveCount(0);
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-outcome')).toHaveText(/^Fail/);
  for (const page of screens) await expect(aspectOn(page, 'Smoke in the corridor')).toHaveCount(1);

  // Vex, at Crafts +12, meets it: the aspect goes from every screen.
  await setSkill(bot, vex, 'crafts', 12);
  const tray1 = p1.getByRole('form', { name: 'Roll the dice' });
  await tray1.locator('select[name="action"]').selectOption('overcome');
  await tray1.locator('select[name="skill"]').selectOption('crafts');
  await tray1.getByLabel('Remove an aspect').selectOption({
    label: `Smoke in the corridor (persistence ${persistence})`,
  });
  await tray1.getByRole('button', { name: `Roll 4dF +12 vs persistence ${persistence}` }).click();
  const removal = p1.getByTestId('roll-card').first();
  await expect(removal.getByTestId('roll-outcome')).toHaveText(/^(Success|Tie)/);
  // A removal grants no boost, so the card asks for none.
  await expect(removal.getByLabel('Name the boost')).toHaveCount(0);
  await expect(removal.getByRole('button', { name: 'Remove the aspect' })).toBeEnabled();
  await removal.getByRole('button', { name: 'Remove the aspect' }).click();
  for (const page of screens) await expect(aspectOn(page, 'Smoke in the corridor')).toHaveCount(0);
  await expect(tray1.getByLabel('Remove an aspect')).toHaveCount(0);
  await expect(gm.getByTestId('aspect-card')).toHaveCount(0);
  await shot(spectator, 'edgerunner-removed-spectator');

  bot.close();
  await table.close();
});
