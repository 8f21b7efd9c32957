import { test, expect, type Page } from '@playwright/test';
import { KAI, VEX, characterCard, createTable, joinAndCreate, shot } from './helpers';

// A sheet's aspects are phrases ("Knows every back door in the Docks"), longer than a card's
// line. Each must wrap in its own column beside its label, not drop below it, on a desk and
// on a 360 px phone, for its player and for the others.

const SMALL = { width: 360, height: 740 };

/** The aspect's text starts on its label's line, and stays inside the card. */
async function besideItsLabel(page: Page, who: string, aspect: string): Promise<void> {
  const card = characterCard(page, who);
  const row = card.locator('li').filter({ hasText: aspect });
  // Others' sheets show their high concept and trouble until opened.
  const whole = card.getByRole('button', { name: 'Full sheet' });
  if (!(await row.isVisible()) && (await whole.isVisible())) await whole.click();
  await expect(row).toBeVisible();
  const label = await row.locator('.slot').boundingBox();
  const text = await row.locator('.atext').boundingBox();
  const box = await card.boundingBox();
  expect(label && text && box, `${aspect}: laid out`).toBeTruthy();
  // The same first line: the two tops within a few pixels (different font sizes).
  expect(Math.abs(text!.y - label!.y), `${aspect} beside its label`).toBeLessThan(6);
  expect(text!.x, `${aspect} right of its label`).toBeGreaterThan(label!.x + label!.width);
  expect(text!.x + text!.width, `${aspect} inside the card`).toBeLessThanOrEqual(
    box!.x + box!.width,
  );
}

test('long aspects wrap beside their labels on a desk and on a 360 px phone', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'Lanterns on the quay', 'fate-core');
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, SMALL);
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  // Each player's own sheet is shown whole; the GM opens the others'.
  await besideItsLabel(dee.page, 'Vex', 'Knows every back door in the Docks');
  await kim.page.getByRole('tab', { name: /^Characters/ }).click();
  await besideItsLabel(kim.page, 'Kai', 'The Red Company still owes me');
  for (const aspect of ['Knows every back door in the Docks', 'My sister runs the Gull']) {
    await besideItsLabel(gm, 'Vex', aspect);
  }
  await besideItsLabel(gm, 'Kai', 'The Red Company still owes me');
  await shot(dee.page, 'sheet-layout-desk');
  await shot(kim.page, 'sheet-layout-phone');

  for (const c of [context, dee.context, kim.context]) await c.close();
});
