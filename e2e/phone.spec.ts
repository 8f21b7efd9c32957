/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import {
  MARA,
  askTheTable,
  cleoAlone,
  createTable,
  expectAccessible,
  joinAndCreate,
  openAs,
  openGroup,
  shot,
  vote,
} from './helpers';

const phone = { width: 360, height: 740 };

test('at phone width the table works in tabs for GM, player and spectator', async ({ browser }) => {
  // Three phones and four axe scans on two shared cores: over the default three minutes when loaded.
  test.setTimeout(360_000);
  const { gm, links, context } = await createTable(browser, 'Couch game', 'pirates', phone);
  await shot(gm, 'phone-gm-new-table');
  const player = await joinAndCreate(browser, links.player, 'Cleo', MARA, phone);
  const p1 = player.page;
  const spectator = await openAs(browser, links.spectator, phone);

  for (const page of [gm, p1, spectator.page]) {
    // No horizontal scrolling at 360 px.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
  }

  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByLabel('New aspect').fill('Storm on the horizon');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await gm.getByRole('button', { name: 'Push “Storm on the horizon” to every screen' }).click();
  for (const page of [gm, p1, spectator.page]) {
    await expect(page.getByTestId('spotlight-stage')).toContainText('Storm on the horizon');
  }
  await shot(spectator.page, 'phone-spectator-spotlight');

  // The keyboard moves between tabs with the arrow keys.
  await p1.getByRole('tab', { name: 'Scene' }).focus();
  await p1.keyboard.press('ArrowRight');
  await expect(p1.getByRole('tab', { name: 'Characters' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(p1.getByTestId('character-card').filter({ hasText: 'Mara' })).toBeVisible();
  await shot(p1, 'phone-player-characters');
  await expectAccessible(p1, 'phone characters');

  await p1.getByRole('tab', { name: 'Dice' }).click();
  const tray = p1.getByRole('form', { name: 'Roll the dice' });
  await expect(tray.getByTestId('odds')).toBeVisible();
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  await expect(p1.getByTestId('roll-card').first().getByTestId('roll-outcome')).toBeVisible();
  await shot(p1, 'phone-player-dice');
  await expectAccessible(p1, 'phone dice');

  await spectator.page.getByRole('tab', { name: 'Rolls' }).click();
  await expect(spectator.page.getByTestId('roll-card')).toHaveCount(1);
  await expect(spectator.page.locator('form')).toHaveCount(0);

  await gm.getByRole('tab', { name: 'GM' }).click();
  await expect(gm.getByTestId('gm-tools')).toBeVisible();
  await shot(gm, 'phone-gm-tools');
  await expectAccessible(gm, 'phone gm tools');
  await gm.getByRole('tab', { name: 'Log' }).click();
  await expect(gm.getByTestId('log')).toContainText('Mara rolled');
  await shot(gm, 'phone-gm-log');

  // Reload and a dropped connection at phone width too.
  await p1.reload();
  await expect(p1.getByRole('tablist', { name: 'Table sections' })).toBeVisible();
  await p1.context().setOffline(true);
  await expect(p1.getByTestId('connection-banner')).toBeVisible();
  await gm.getByRole('tab', { name: 'Scene' }).click();
  await gm.getByLabel('New aspect').fill('Sails torn');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await p1.context().setOffline(false);
  await expect(p1.getByTestId('connection-banner')).toHaveCount(0, { timeout: 20_000 });
  await expect(p1.getByTestId('aspect-card').filter({ hasText: 'Sails torn' })).toBeVisible();

  for (const c of [context, player.context, spectator.context]) await c.close();
});

test('at phone width the games’ own dice controls fit and work', async ({ browser }) => {
  const overflow = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  for (const ruleset of ['edgerunner', 'narrative'] as const) {
    const group = await openGroup(browser, cleoAlone(`Pocket ${ruleset}`, ruleset, phone, phone));
    const { gm } = group;
    const [p1] = group.players;
    await p1.getByRole('tab', { name: 'Dice' }).click();
    const tray = p1.getByRole('form', { name: 'Roll the dice' });
    if (ruleset === 'edgerunner') {
      await askTheTable(tray, 'The ferry runs late tonight');
      await expect(tray.getByTestId('invoke-table')).toBeVisible();
      // The GM, the only other one at the table, supports it from the phone's Scene tab.
      await vote(gm, 'Support');
      await expect(tray.getByTestId('declaration-skill')).toContainText('rolls at +1');
    } else {
      await tray.locator('select[name="strategy"]').selectOption('defensive');
      await tray.getByLabel('Creativity').selectOption('1');
      await tray.getByLabel('A fitting tool (+1)').check();
      await expect(tray.getByTestId('side-modifiers')).toContainText('+1');
      await tray.locator('select[name="difficulty"]').selectOption('8');
    }
    await tray.getByRole('button', { name: /^Roll/ }).click();
    await expect(p1.getByTestId('roll-card').first().getByTestId('roll-outcome')).toBeVisible();
    expect(await overflow(p1)).toBeLessThanOrEqual(0);
    await shot(p1, `phone-${ruleset}-dice`);
    await expectAccessible(p1, `phone ${ruleset} dice`);
    await group.close();
  }
});

// People's words can be long with no space to break at: a German compound for a name, an
// aspect written as one word, a link pasted into the chat. None may widen a phone's page
// sideways, in any tab, and a table's short headings still break between words only.
test('long words never widen a 360 px page, in Portuguese, on any tab', async ({ browser }) => {
  const name = 'Kaiserwilhelmstraßenbahnhaltestellenwärter';
  const { gm, links, context } = await createTable(browser, 'Mesa comprida', 'fate-core');
  const kim = await joinAndCreate(
    browser,
    links.player,
    'Kimberly-Anne Oliveira-Santos',
    {
      name,
      highConcept: 'Velho soldado calado das Guerras da Fronteira, que nunca esquece um rosto',
      trouble: 'Pesadelos-do-cerco-que-voltam-todas-as-noites-sem-falta',
    },
    phone,
  );
  await kim.page.getByTestId('language').selectOption('pt-BR');
  await gm.getByLabel('New aspect').fill('Umaneblinadensaseespalhapelocaiseninguémvênada');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await kim.page.getByRole('tab', { name: /^Chat/ }).click();
  await kim.page
    .getByTestId('chat-input')
    .fill('Mapa: https://exemplo.org/mapas/mercado-de-sal/planta-baixa-do-porão-2026-12-01.png');
  await kim.page.getByTestId('chat-input').press('Enter');
  await expect(kim.page.getByTestId('chat-message')).toHaveCount(1);
  for (const tab of ['Cena', 'Personagens', 'Dados', 'Registro', 'Chat']) {
    await kim.page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(kim.page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const wider = await kim.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(wider, `the ${tab} tab is wider than the screen`).toBe(0);
  }
  // The fate point summary's headings keep their words whole ("Agora", not "Ag|or|a").
  await kim.page.getByRole('tab', { name: /^Registro/ }).click();
  const heading = kim.page.getByTestId('fp-summary').getByRole('columnheader', { name: 'Agora' });
  // One line box per line of its text: a word split across lines would make two.
  const lines = await heading.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await shot(kim.page, 'phone-long-words-log');
  await kim.context.close();
  await context.close();
});
