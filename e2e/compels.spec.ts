import { test, expect, type Page } from '@playwright/test';
import { characterCard, shot, watchedTableWithTwoPlayers } from './helpers';

// Withdrawing a compel (compel.withdraw): the player whose character offered it, or the GM,
// takes it back undecided, and no fate point moves; ending the scene withdraws what is open.

const fatePoints = (page: Page, name: string) =>
  characterCard(page, name).getByTestId('fate-points').locator('.fp-value');
const compelsPanel = (page: Page) => page.getByRole('region', { name: 'Compels' });
const withdrawButtons = (page: Page) =>
  page.getByRole('button', { name: /^Withdraw the compel on/ });

test('compels: the offering player withdraws one, the end of the scene withdraws another, and no point moves', async ({
  browser,
}) => {
  const table = await watchedTableWithTwoPlayers(browser, 'Rain on the harbour', 'fate-core');
  const { gm, p1, p2, spectator, screens } = table;

  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();
  for (const page of screens) {
    await expect(characterCard(page, 'Kai')).toBeVisible();
    await expect(compelsPanel(page).getByText('No open compels.')).toBeVisible();
  }
  const kai = Number(await fatePoints(gm, 'Kai').textContent());
  const vex = Number(await fatePoints(gm, 'Vex').textContent());

  // Dee offers a compel on Kai, for Vex's point.
  const text = 'The old war buddy needs a favour, now';
  const form = p1.getByRole('form', { name: 'Offer a compel' });
  await form.getByLabel('Compel').selectOption({ label: 'Kai' });
  await form.getByLabel('What happens').fill(text);
  await form.getByRole('button', { name: 'Offer the compel' }).click();
  for (const page of screens) {
    await expect(compelsPanel(page).getByTestId('compel').filter({ hasText: text })).toBeVisible();
  }
  // Kim, whose character it compels, may accept or refuse it but not withdraw it; nor may
  // the spectator. Dee and the GM may.
  await expect(p2.getByRole('button', { name: 'Accept, gain a fate point' })).toBeVisible();
  await expect(withdrawButtons(p2)).toHaveCount(0);
  await expect(withdrawButtons(spectator)).toHaveCount(0);
  await expect(withdrawButtons(gm)).toHaveCount(1);
  await shot(p1, 'compel-withdraw-offered');

  await p1.getByRole('button', { name: `Withdraw the compel on Kai: “${text}”` }).click();
  for (const page of screens) {
    await expect(page.getByTestId('compel')).toHaveCount(0);
    await expect(compelsPanel(page).getByText('No open compels.')).toBeVisible();
    await expect(page.getByTestId('log')).toContainText(`Compel on Kai withdrawn: "${text}".`);
    await expect(fatePoints(page, 'Kai')).toHaveText(String(kai));
    await expect(fatePoints(page, 'Vex')).toHaveText(String(vex));
  }

  // The GM offers one; ending the scene withdraws it, undecided.
  const second = 'Nightmares keep Kai up all night';
  const gmForm = gm.getByRole('form', { name: 'Offer a compel' });
  await gmForm.getByLabel('Compel').selectOption({ label: 'Kai' });
  await gmForm.getByLabel('What happens').fill(second);
  await gmForm.getByRole('button', { name: 'Offer the compel' }).click();
  await expect(p2.getByTestId('compel').filter({ hasText: second })).toBeVisible();
  await expect(withdrawButtons(p1)).toHaveCount(0);
  await gm.getByRole('button', { name: 'End the scene' }).click();
  await expect(gm.getByRole('button', { name: 'Start a scene' })).toBeVisible();
  for (const page of screens) {
    await expect(page.getByTestId('compel')).toHaveCount(0);
    await expect(compelsPanel(page).getByText('No open compels.')).toBeVisible();
    await expect(page.getByTestId('log')).toContainText(
      `Compel on Kai withdrawn as the scene ended: "${second}".`,
    );
    await expect(fatePoints(page, 'Kai')).toHaveText(String(kai));
  }
  await shot(p2, 'compel-withdrawn-scene-ended');

  await table.close();
});
