import { test, expect, type Page } from '@playwright/test';
import { KAI, createTable, joinAndCreate, shot } from './helpers';

// Two languages at one table: Dee's browser speaks Brazilian Portuguese, the GM's
// and Kim's speak English. Each screen shows the interface in its own language; what people
// typed (names, aspects, the compel) and the game itself are the same on every screen.

const FATE_CORE_SPREAD = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];

/** Fills Vex's sheet by the fields' names, which do not depend on the language. */
async function fillVex(page: Page): Promise<void> {
  await page.getByLabel('Nome do personagem').fill('Vex');
  await page.locator('input[name^="aspect-high-concept"]').fill('Street-smart fixer');
  await page.locator('input[name^="aspect-trouble"]').fill('Too many favours owed');
  const skills = page.locator('select[name^="skill-"]');
  for (const [i, rating] of FATE_CORE_SPREAD.entries()) {
    await skills.nth(i).selectOption(String(rating));
  }
  await expect(page.getByTestId('sheet-problems')).toHaveCount(0);
}

test('i18n: a Portuguese reader joins, rolls and accepts a compel at an English table', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Friday night', 'fate-core');
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI);

  const ptContext = await browser.newContext({ locale: 'pt-BR' });
  const dee = await ptContext.newPage();
  await dee.goto(links.player);
  await expect(dee.getByRole('heading', { name: 'Sente-se à mesa' })).toBeVisible();
  await dee.getByLabel('Seu nome (como a mesa vai ver)').fill('Dee');
  await dee.getByRole('button', { name: 'Entrar na mesa' }).click();
  await expect(dee.getByRole('heading', { name: 'Seu personagem' })).toBeVisible();
  await fillVex(dee);
  await dee.getByRole('button', { name: 'Criar personagem' }).click();
  await expect(dee.getByTestId('table-name')).toHaveText('Friday night');

  // The table in Portuguese on Dee's screen, in English on the others.
  await expect(dee.getByRole('heading', { name: 'Dados', exact: true })).toBeVisible();
  await expect(dee.getByRole('region', { name: 'Forçar aspectos' })).toContainText(
    'Nenhum aspecto sendo forçado.',
  );
  await expect(dee.getByRole('article', { name: 'Personagem: Vex' }).first()).toBeVisible();
  await expect(gm.getByRole('article', { name: 'Character: Vex' }).first()).toBeVisible();
  await expect(gm.getByRole('region', { name: 'Compels' })).toContainText('No open compels.');

  // Dee rolls from the Portuguese tray; every screen shows the roll, each in its language.
  const tray = dee.getByRole('form', { name: 'Rolar os dados' });
  await expect(tray.getByRole('combobox', { name: 'Ação', exact: true })).toBeVisible();
  await tray.getByLabel('Para quê (opcional)').fill('Saltar o abismo');
  await tray.getByRole('button', { name: /^Rolar 4dF / }).click();
  await expect(dee.getByRole('heading', { name: 'Rolagens recentes' })).toBeVisible();
  await expect(dee.getByRole('article', { name: /^Vex rolou / }).first()).toBeVisible();
  await expect(gm.getByRole('article', { name: /^Vex rolled / }).first()).toBeVisible();
  await expect(kim.page.getByRole('heading', { name: 'Recent rolls' })).toBeVisible();
  await shot(dee, 'i18n-pt-roll');

  // Kim compels Vex in English; Dee answers in Portuguese.
  const text = 'The fixer owes the harbour boss';
  const form = kim.page.getByRole('form', { name: 'Offer a compel' });
  await form.getByLabel('Compel').selectOption({ label: 'Vex' });
  await form.getByLabel('What happens').fill(text);
  await form.getByRole('button', { name: 'Offer the compel' }).click();
  const compels = dee.getByRole('region', { name: 'Forçar aspectos' });
  await expect(compels.getByTestId('compel').filter({ hasText: text })).toBeVisible();
  await expect(kim.page.getByText("Waiting for Vex's player to decide.")).toBeVisible();
  await compels.getByRole('button', { name: 'Aceitar, ganhar um ponto de destino' }).click();
  await expect(compels).toContainText('Nenhum aspecto sendo forçado.');
  await expect(kim.page.getByRole('region', { name: 'Compels' })).toContainText('No open compels.');
  await shot(dee, 'i18n-pt-compel-accepted');

  // Back on the landing page, Dee's saved table is listed in Portuguese.
  await dee.getByRole('link', { name: 'Fateboard: suas mesas' }).click();
  await expect(dee.getByRole('heading', { name: 'Suas mesas' })).toBeVisible();
  await expect(dee.getByRole('button', { name: 'Esquecer Friday night (Jogador)' })).toBeVisible();
  await expect(dee.getByRole('button', { name: 'Criar mesa' })).toBeVisible();

  for (const c of [context, kim.context, ptContext]) await c.close();
});
