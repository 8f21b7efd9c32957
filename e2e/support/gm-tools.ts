import { expect, type Page } from '@playwright/test';

/**
 * The GM sets a value by hand through the GM tools (logged as an adjustment with `reason`):
 * a skill by its id, or an aspect's rating by its place in the list.
 */
export async function adjust(
  gm: Page,
  what: 'skill' | 'aspect-rating',
  character: string,
  pick: { value: string } | { index: number },
  value: number,
  reason = 'Set for a certain outcome',
): Promise<void> {
  const tools = gm.getByTestId('gm-tools');
  await tools.locator('select[name="adjust-what"]').selectOption(what);
  await tools.locator('select[name="adjust-character"]').selectOption({ label: character });
  await tools
    .locator(`select[name="${what === 'skill' ? 'adjust-skill' : 'adjust-aspect'}"]`)
    .selectOption('value' in pick ? pick.value : { index: pick.index });
  await tools.locator('input[name="adjust-value"]').fill(String(value));
  await tools.locator('input[name="adjust-reason"]').fill(reason);
  await tools.getByRole('button', { name: /^Adjust/ }).click();
  await expect(tools.getByRole('button', { name: `Adjust (currently ${value})` })).toBeVisible();
}
