import { test, expect } from '@playwright/test';
import { createTable, shot } from './helpers';

// The interface follows the browser's language and can be switched; the choice is
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

test('on a 360 px phone every tab is in sight, the GM’s seven in Portuguese too', async ({
  browser,
}) => {
  const narrow = { width: 360, height: 740 };
  const { gm, links, context } = await createTable(browser, 'Mesa da Ana', 'fate-core', narrow);
  await gm.getByTestId('language').selectOption('pt-BR');
  const watcher = await browser.newContext({ locale: 'pt-BR', viewport: narrow });
  const spectator = await watcher.newPage();
  await spectator.goto(links.spectator);
  for (const [page, count] of [
    [gm, 7],
    [spectator, 5],
  ] as const) {
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(count);
    await expect(tabs.first()).toHaveText(/^Cena/);
    // Each whole tab lies inside the screen's width: none is scrolled or clipped away.
    for (const box of await tabs.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, text: el.textContent };
      }),
    )) {
      expect(box.left, `${box.text}`).toBeGreaterThanOrEqual(0);
      expect(box.right, `${box.text}`).toBeLessThanOrEqual(narrow.width);
    }
  }
  await shot(gm, 'language-phone-tabs-gm');
  await shot(spectator, 'language-phone-tabs-spectator');
  await watcher.close();
  await context.close();
});
