import { expect, type Locator, type Page } from '@playwright/test';
import { characterCard } from './sheets';

// What every game's table does between the dice and the cards: open a phone's tab, read the
// newest roll card and what it says, find an aspect or a consequence on screen.

/** On a phone the sections are tabs (a name may carry a badge count); a desk shows them all. */
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  if (await tab.isVisible()) await tab.click();
}

/**
 * Rolls (`roll` clicks the button) and returns the new roll's card, the first on the page once
 * it has arrived: until then the first card is the previous roll, whose outcome must not be read.
 */
export async function newRollCard(page: Page, roll: () => Promise<void>): Promise<Locator> {
  const cards = page.getByTestId('roll-card');
  const before = (await cards.count()) > 0 ? await cards.first().elementHandle() : null;
  await roll();
  if (before) {
    await expect.poll(() => cards.first().evaluate((el, old) => el !== old, before)).toBe(true);
  } else {
    await expect(cards.first()).toBeVisible();
  }
  return cards.first();
}

/** The number a roll card shows as its total ("+3", "-1", "−1"). */
export async function totalOf(card: Locator): Promise<number> {
  const text = (await card.getByTestId('roll-total').textContent()) ?? '';
  return Number(text.replace('−', '-').replace('+', ''));
}

/** The shifts a roll card's outcome shows: "Success (+2)" → 2, "Fail (−1)" → −1. */
export async function shiftsOf(card: Locator): Promise<number> {
  const text = (await card.getByTestId('roll-outcome').textContent()) ?? '';
  const m = /\(([+−-]?\d+)\)/.exec(text);
  return Number((m?.[1] ?? 'NaN').replace('−', '-').replace('+', ''));
}

/** A scene aspect's card, by its exact text. */
export const aspectOn = (page: Page, text: string) =>
  page.getByTestId('aspect-card').filter({ has: page.getByText(text, { exact: true }) });

/** A consequence on a character's card, by its text. */
export const consequenceOn = (page: Page, who: string, text: string) =>
  characterCard(page, who).locator('.consequences li.taken').filter({ hasText: text });

/** The log panel. */
export const logOf = (page: Page) => page.getByTestId('log');

/**
 * On a phone (`phone`), opens the tab that holds a section, which must be there; a desk shows
 * every section at once.
 */
export async function openOnPhone(page: Page, phone: boolean, tab: string): Promise<void> {
  if (phone) await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

/**
 * `expect` for a table of five browsers and a server on two cores shared with other runs,
 * where a step may take a while: 30 s before a check gives up.
 */
export const patientExpect = expect.configure({ timeout: 30_000 });
