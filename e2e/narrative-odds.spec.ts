import { test, expect, type Locator } from '@playwright/test';
import { createTable, expectAccessible, joinAndCreate, shot } from './helpers';

// The dice tray's odds in a narrative game follow the narrative rules: an exchange is shown as
// who wins (a side wins only at Poor or better and higher than the other), each side's strategy
// counted by its role; an action against a difficulty has no tie. Both characters come from
// the template, so each rolls its first aspect at Good (+3): every count below is exact.

/** +3 against +3: a tie is Σ ways² = 141 of 729, the rest split evenly. */
const EVEN = [
  'Ann wins: 40% (294 of 729)',
  'Neither wins: 19% (141 of 729)',
  'Tam wins: 40% (294 of 729)',
];
/** +4 against +3: Ann wins when her dice are at least Tam's (the difference of two 3dF is 6dF). */
const ANN_FAVOURED = [
  'Ann wins: 60% (435 of 729)',
  'Neither wins: 17% (126 of 729)',
  'Tam wins: 23% (168 of 729)',
];

/** The chart's rows as "label: count of denominator". */
async function rows(odds: Locator): Promise<string[]> {
  const items = odds.getByTestId('odds-row');
  const out: string[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const row = items.nth(i);
    const label = await row.locator('.label').innerText();
    const value = row.locator('.value');
    out.push(`${label}: ${await value.innerText()} (${await value.getAttribute('title')})`);
  }
  return out;
}

test('narrative: the exchange odds name the sides and follow strategy', async ({ browser }) => {
  const { links, context } = await createTable(browser, 'Odds at dawn', 'narrative');
  const ann = await joinAndCreate(browser, links.player, 'Dee', {
    name: 'Ann',
    highConcept: 'Kung Fu',
    trouble: 'Roguishly Handsome',
  });
  const tam = await joinAndCreate(browser, links.player, 'Kim', {
    name: 'Tam',
    highConcept: 'Gunplay',
    trouble: 'Intimidating Guy',
  });
  const p = ann.page;
  const tray = p.getByRole('form', { name: 'Roll the dice' });
  const odds = tray.getByTestId('odds');

  // Against a difficulty: Good (+3) needs +2 on 3dF to meet Superb (+5), 4 of 27; meeting it
  // succeeds, so there is no Tie row (core odds would show the +2 as a tie).
  await expect(tray.locator('select[name="skill"] option:checked')).toHaveText(/\(\+3\)/);
  await tray.locator('select[name="difficulty"]').selectOption('5');
  await expect(odds.getByTestId('odds-row')).toHaveCount(3);
  expect(await rows(odds)).toEqual([
    'Fail: 85% (23 of 27)',
    'Success: 15% (4 of 27)',
    'Success with style: 0% (0 of 27)',
  ]);

  // At Good (+3) against Good it is still rolled: meeting it (+0 or more on 3dF) succeeds.
  await tray.locator('select[name="difficulty"]').selectOption('3');
  await expect(odds.getByTestId('odds-row').first()).toContainText('37%');
  expect(await rows(odds)).toEqual([
    'Fail: 37% (10 of 27)',
    'Success: 59% (16 of 27)',
    'Success with style: 4% (1 of 27)',
  ]);
  // Aggressive adds +1 to the roll, but the aspect alone (+3) is not higher than Good, so it is
  // still rolled [NAR-SIMPLE-1]: 3dF + 4 against +3 fails only on −2 or worse.
  await tray.locator('select[name="strategy"]').selectOption('aggressive');
  await expect(odds.getByTestId('odds-row').first()).toContainText('15%');
  await expect(tray.getByTestId('simple-action')).toHaveCount(0);
  expect(await rows(odds)).toEqual([
    'Fail: 15% (4 of 27)',
    'Success: 70% (19 of 27)',
    'Success with style: 15% (4 of 27)',
  ]);
  await tray.locator('select[name="strategy"]').selectOption('none');

  // An exchange: Ann attacks Tam, both at +3 with no strategy.
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.getByLabel('Opponent').selectOption({ label: 'Tam' });
  await expect(tray.getByLabel('Their aspect').locator('option:checked')).toHaveText(/\(\+3\)/);
  await expect(odds).toContainText('Poor or better');
  expect(await rows(odds)).toEqual(EVEN);

  // Aggressive: +1 as the aggressor.
  await tray.locator('select[name="strategy"]').selectOption('aggressive');
  await expect(odds.getByTestId('odds-row').first()).toContainText('60%');
  expect(await rows(odds)).toEqual(ANN_FAVOURED);
  await shot(p, 'narrative-odds-aggressive');

  // Tam defensive: +1 when defending, so even again.
  await tray.locator('select[name="opponent-strategy"]').selectOption('defensive');
  await expect(odds.getByTestId('odds-row').first()).toContainText('40%');

  // Defending with an aggressive strategy costs Ann a point; Tam, now the aggressor, is
  // defensive and loses one too: even.
  await tray.locator('select[name="action"]').selectOption('defend');
  await expect(odds.getByTestId('odds-row').first()).toContainText('Ann wins');
  expect(await rows(odds)).toEqual(EVEN);
  // Ann defensive while defending (+1), Tam no strategy: Ann is favoured.
  await tray.locator('select[name="strategy"]').selectOption('defensive');
  await tray.locator('select[name="opponent-strategy"]').selectOption('none');
  await expect(odds.getByTestId('odds-row').first()).toContainText('60%');
  expect(await rows(odds)).toEqual(ANN_FAVOURED);

  await expect(odds.locator('figcaption')).toBeVisible();
  await expectAccessible(p, 'narrative odds');
  await context.close();
  await ann.context.close();
  await tam.context.close();
});
