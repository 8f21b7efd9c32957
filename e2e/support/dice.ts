import { expect, type Locator, type Page } from '@playwright/test';

/** Concedes the defence a prompt asks for: Concede, then the confirmation it asks for. */
export async function concede(prompt: Locator): Promise<void> {
  await prompt.getByRole('button', { name: 'Concede', exact: true }).click();
  await prompt.getByRole('button', { name: 'Yes, concede' }).click();
}

/**
 * Active defence: the defender's player rolls the defence the latest roll awaits, with the
 * lowest skill (or rated aspect) listed, and the prompt goes.
 */
export async function defendWithLowest(page: Page): Promise<void> {
  const prompt = page.getByTestId('defence').first();
  const select = prompt.locator('select[name="defence-skill"]');
  const last = await select.locator('option').last().getAttribute('value');
  await select.selectOption(last ?? '');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(page.getByTestId('defence')).toHaveCount(0);
}

/**
 * The GM attacks `target` with `attacker` from the dice tray, against the defender's own roll
 * (the defender picks their skill: the tray's only sets the odds). An attack starts a conflict.
 */
export async function attackWithTray(gm: Page, attacker: string, target: string): Promise<void> {
  const tray = gm.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="roller"]').selectOption({ label: attacker });
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: target });
  await expect(tray).toContainText('They pick their own defence and roll it');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
}
