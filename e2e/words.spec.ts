import { test, expect, type Browser, type Page } from '@playwright/test';
import { characterIdOf, connectBot, type Bot } from './bot';
import { KAI, VEX, characterCard, createTable, joinAndCreate, shot } from './helpers';

// A GM and two players, Kim on a phone, play through the rules the texts state and
// read the table in their own words: a refused GM compel pays the GM pool (pirates), a
// fate-core hit checks the box equal to it, the log and the aspect cards say what happened.

const phone = { width: 390, height: 844 };

interface Table {
  gm: Page;
  dee: Page;
  kim: Page;
  screens: Page[];
  bot: Bot;
  vex: string;
  kai: string;
  close(): Promise<void>;
}

/** The GM and Dee at desks, Kim on a phone; a GM bot for what the dice would leave to chance. */
async function playTable(browser: Browser, baseURL: string, ruleset: string): Promise<Table> {
  const { gm, links, context } = await createTable(browser, `Words ${ruleset}`, ruleset);
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, phone);
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  const bot = await connectBot(baseURL, links.gm);
  return {
    gm,
    dee: dee.page,
    kim: kim.page,
    screens: [gm, dee.page, kim.page],
    bot,
    vex: await characterIdOf(baseURL, links.gm, 'Vex'),
    kai: await characterIdOf(baseURL, links.gm, 'Kai'),
    async close() {
      bot.close();
      for (const c of [context, dee.context, kim.context]) await c.close();
    },
  };
}

/** Shows a tab on the phone (the desks show every section at once). */
async function onPhone(kim: Page, tab: 'Scene' | 'Characters' | 'Dice' | 'Log'): Promise<void> {
  await kim.getByRole('tab', { name: tab }).click();
}

/** Every screen's log (the phone's Log tab), which must contain `line`. */
async function logSays(t: Table, line: string): Promise<void> {
  await onPhone(t.kim, 'Log');
  for (const page of t.screens) await expect(page.getByTestId('log')).toContainText(line);
}

test('pirates: Kim refuses the GM’s compel and the GM pool gains the point on every screen', async ({
  browser,
  baseURL,
}) => {
  const t = await playTable(browser, baseURL!, 'pirates');
  await t.gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(t.gm.getByRole('button', { name: 'End the scene' })).toBeVisible();
  await onPhone(t.kim, 'Log');
  const pool = Number(await t.gm.getByTestId('gm-pool').textContent());
  for (const page of t.screens) await expect(page.getByTestId('gm-pool')).toHaveText(String(pool));

  const text = 'The harbour master wants his bribe back';
  const form = t.gm.getByRole('form', { name: 'Offer a compel' });
  await form.getByLabel('Compel').selectOption({ label: 'Kai' });
  await form.getByLabel('What happens').fill(text);
  await form.getByRole('button', { name: 'Offer the compel' }).click();
  await onPhone(t.kim, 'Scene');
  await expect(t.kim.getByTestId('compel').filter({ hasText: text })).toBeVisible();
  await shot(t.kim, 'words-phone-compel-offered');
  await t.kim.getByRole('button', { name: 'Refuse, pay a fate point' }).click();

  await logSays(t, `Kai refused the compel and paid the GM a fate point: "${text}".`);
  for (const page of t.screens) {
    await expect(page.getByTestId('gm-pool')).toHaveText(String(pool + 1));
    await expect(page.getByTestId('fp-summary')).toContainText('compels refused −1');
  }

  // Vex creates an advantage with style: Savvy +4 against −4 cannot come to less than 4 shifts.
  await t.bot.send({
    type: 'gm.adjust',
    adjust: { what: 'skill', characterId: t.vex, skillId: 'savvy', rating: 4 },
  });
  const roll = await t.bot.send({
    type: 'roll',
    characterId: t.vex,
    skillId: 'savvy',
    action: 'create-advantage',
    difficulty: -4,
  });
  await t.bot.send({
    type: 'outcome.apply',
    rollId: roll.result?.rollId,
    aspect: { text: 'Fog bank rolling in' },
  });
  await logSays(
    t,
    'Vex created an advantage — success with style: a new aspect with 2 free invokes.',
  );
  await onPhone(t.kim, 'Scene');
  for (const page of t.screens) {
    const card = page.getByTestId('aspect-card').filter({ hasText: 'Fog bank rolling in' });
    await expect(card.getByTestId('free-invoke-holder')).toHaveText('2 free invokes · Vex');
    await expect(card.locator('.mark')).toHaveCount(2);
  }
  await shot(t.kim, 'words-phone-free-invokes');
  await shot(t.dee, 'words-desk-free-invokes');

  // The GM gives Kai a point by hand: a gift, said as one.
  const kai = Number(
    await characterCard(t.gm, 'Kai').getByTestId('fate-points').locator('.fp-value').textContent(),
  );
  await t.bot.send({
    type: 'gm.adjust',
    adjust: { what: 'fate-points', characterId: t.kai, value: kai + 1 },
  });
  await logSays(t, 'The GM gave Kai a fate point.');
  await expect(t.gm.getByTestId('fp-summary')).toContainText('given by the GM +1');
  for (const page of t.screens) {
    await expect(page.getByTestId('log')).not.toContainText(/create-advantage|success-with-style/);
    await expect(page.getByTestId('fp-summary')).not.toContainText('GM adjustment');
  }
  await shot(t.kim, 'words-phone-log');
  await shot(t.gm, 'words-gm-log');
  await t.close();
});

/** Rolls Vex's attack on Kai through the GM bot until it lands exactly `shifts`, and deals it. */
async function landHit(t: Table, shifts: number): Promise<void> {
  for (let tries = 1; tries <= 120; tries++) {
    const ack = await t.bot.send({
      type: 'roll',
      characterId: t.vex,
      skillId: 'fight',
      action: 'attack',
      opposition: { characterId: t.kai, skillId: 'athletics' },
    });
    const said = ack.result?.log?.map((e) => e.text).join(' ') ?? '';
    if (said.includes(`— success (${shifts} shifts)`)) {
      await t.bot.send({ type: 'outcome.apply', rollId: ack.result?.rollId });
      return;
    }
  }
  throw new Error(`no ${shifts}-shift hit in 120 rolls`);
}

test('fate-core: a 2-shift hit checks the 2-point box, and a higher one once it is checked', async ({
  browser,
  baseURL,
}) => {
  const t = await playTable(browser, baseURL!, 'fate-core');
  // Good Physique gives Kai 1-, 2-, 3- and 4-point physical boxes [FC-STRESS-4]; Fight and
  // Athletics at the same rating make a 2-shift hit a matter of a few rolls.
  for (const [characterId, skillId, rating] of [
    [t.kai, 'physique', 3],
    [t.vex, 'fight', 2],
    [t.kai, 'athletics', 2],
  ] as const) {
    await t.bot.send({
      type: 'gm.adjust',
      adjust: { what: 'skill', characterId, skillId, rating },
    });
  }
  await t.gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(t.gm.getByRole('button', { name: 'End the scene' })).toBeVisible();

  await landHit(t, 2);
  await onPhone(t.kim, 'Dice');
  const panel = t.kim.getByTestId('absorb-panel');
  await expect(panel).toContainText('take the hit (2 shifts)');
  const options = panel.getByTestId('absorb-options').locator('label');
  // The 2-point box, never the free 3- or 4-point box [FC-STRESS-2].
  await expect(options.first()).toHaveText('2-point physical box');
  await expect(options.filter({ hasText: /^\s*[34]-point physical box$/ })).toHaveCount(0);
  await shot(t.kim, 'words-phone-absorb-2-box');
  await options.first().getByRole('radio').check();
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await logSays(t, 'Kai absorbed 2 shifts: 2-point physical box.');

  await landHit(t, 2);
  await onPhone(t.kim, 'Dice');
  await expect(panel).toContainText('take the hit (2 shifts)');
  // The 2-point box is checked: the hit goes to a higher box, the smaller first.
  await expect(options.nth(0)).toHaveText('3-point physical box');
  await expect(options.nth(1)).toHaveText('4-point physical box');
  await shot(t.kim, 'words-phone-absorb-higher-box');
  await options.first().getByRole('radio').check();
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await logSays(t, 'Kai absorbed 2 shifts: 3-point physical box.');
  await shot(t.gm, 'words-gm-fate-core-log');
  await t.close();
});
