import { test, expect } from '@playwright/test';
import { createTable } from './helpers';

// Issue 16: the interface follows the browser's language and can be switched; the choice is
// kept in this browser.

test('a Brazilian spectator reads the table in Portuguese, switches to English and back', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Mesa da Ana', 'pirates');
  const watcher = await browser.newContext({ locale: 'pt-BR' });
  const page = await watcher.newPage();
  await page.goto(links.spectator);
  await expect(page.getByTestId('table-name')).toHaveText('Mesa da Ana');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByTestId('live-mark')).toHaveText('AO VIVO');
  await expect(page.getByTitle('Seu papel')).toHaveText('Espectador');
  await expect(page.getByText('Nenhuma cena em andamento')).toBeVisible();

  await page.getByTestId('language').selectOption('en');
  await expect(page.getByTitle('Your role')).toHaveText('Spectator');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Kept in this browser: a reload stays English although the browser says Portuguese.
  await page.reload();
  await expect(page.getByTitle('Your role')).toHaveText('Spectator');
  await page.getByTestId('language').selectOption('pt-BR');
  await expect(page.getByTitle('Seu papel')).toHaveText('Espectador');

  // The GM's English browser is unaffected.
  await expect(gm.getByTitle('Your role')).toHaveText('GM');
  await watcher.close();
  await context.close();
});
