import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { adjust, expectAccessible, joinAndCreate, openAs, shot, type Links } from '../helpers';

// The Sunken Abbey of e2e/table.spec.ts: Ann plays Zird, Ben plays Landon, a spectator
// watches; what it takes to make an attack's outcome certain.

/** The reason the GM's adjustments give. */
export const NO_CHANCE = 'No dice left to chance in the test';

/**
 * Ann joins by the player link and makes Zird, Ben makes Landon, and a spectator opens the
 * table; their contexts join `contexts`.
 */
export async function seatZirdAndLandon(
  browser: Browser,
  links: Links,
  contexts: BrowserContext[],
): Promise<{ p1: Page; p2: Page; spectator: Page }> {
  const a = await joinAndCreate(browser, links.player, 'Ann', {
    name: 'Zird',
    highConcept: 'Arcane scholar of the deep',
    trouble: 'Rivals everywhere',
  });
  contexts.push(a.context);
  const b = await joinAndCreate(browser, links.player, 'Ben', {
    name: 'Landon',
    highConcept: 'Wandering swordsman',
    trouble: 'Owes everyone money',
  });
  contexts.push(b.context);
  const s = await openAs(browser, links.spectator);
  contexts.push(s.context);
  return { p1: a.page, p2: b.page, spectator: s.page };
}

/**
 * No dice are left to chance. With Zird's attack on Landon set in `tray`, the GM sets by hand:
 * Zird's skill to Superb+4 (+9), Landon's Physique to Superb (+5). Landon defends with an
 * untrained skill (+0), so even −4 on Zird's dice (+5) beats +4 on Landon's: the attack hits.
 * The hit is at most 9+4+4 = 17 shifts, and Superb Physique (4 stress boxes, an extra mild
 * consequence) absorbs up to 4+2+2+4+6 = 18. Returns Zird's skill and its rating before.
 */
export async function makeTheHitCertain(
  gm: Page,
  tray: Locator,
): Promise<{ skillId: string; original: number }> {
  const skill = tray.locator('select[name="skill"]');
  const skillId = await skill.inputValue();
  const rating = /\(\+?(-?\d+)\)/.exec((await skill.locator('option:checked').textContent()) ?? '');
  const original = Number(rating?.[1]);
  await adjust(gm, 'skill', 'Landon', { value: 'physique' }, 5, NO_CHANCE);
  await adjust(gm, 'skill', 'Zird', { value: skillId }, 9, NO_CHANCE);
  await expect(skill.locator('option:checked')).toHaveText(/\(\+9\)/);
  const theirSkill = tray.getByLabel('Their skill');
  await expect(theirSkill.locator('option').first()).toHaveText(/\(\+5\)/);
  const last = await theirSkill.locator('option').last().getAttribute('value');
  await theirSkill.selectOption(last ?? '');
  await expect(theirSkill.locator('option:checked')).toHaveText(/\(\+0\)/);
  return { skillId, original };
}

/**
 * Ann joins by the player link and looks at the editor before making anyone: it says the skill
 * pyramid is not there yet. Screenshots and axe on the join page and the editor.
 */
export async function annOpensTheEditor(browser: Browser, links: Links): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(links.player);
  await page.getByLabel('Your name').fill('Ann');
  await shot(page, 'player-join');
  await expectAccessible(page, 'player join');
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByTestId('sheet-problems')).toContainText('skill pyramid');
  await shot(page, 'player-character-editor');
  await expectAccessible(page, 'character editor');
  await page.close();
  await context.close();
}

/** The GM offers Zird a compel; Ann sees it. */
export async function offerZirdACompel(gm: Page, p1: Page, text: string): Promise<void> {
  const form = gm.getByRole('form', { name: 'Offer a compel' });
  await form.getByLabel('Compel').selectOption({ label: 'Zird' });
  await form.getByLabel('What happens').fill(text);
  await form.getByRole('button', { name: 'Offer the compel' }).click();
  await expect(p1.getByTestId('compel').filter({ hasText: text })).toBeVisible();
}

/** Invokes `aspect` on a roll card with one of its free invokes, for +2. */
export async function invokeForFree(roll: Locator, aspect: string): Promise<void> {
  const pick = roll.locator('select[name="invoke-aspect"]');
  const value = await pick.locator('option', { hasText: aspect }).first().getAttribute('value');
  await pick.selectOption(value ?? '');
  await expect(roll.locator('select[name="invoke-pay"]')).toHaveValue('free');
  await roll.getByRole('button', { name: '+2' }).click();
}
