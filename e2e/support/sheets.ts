import { expect, type Locator, type Page } from '@playwright/test';

/** A character's card on a page, by the character's name. */
export const characterCard = (page: Page, name: string) =>
  page.getByTestId('character-card').filter({ has: page.getByRole('heading', { name }) });

/**
 * Fills the sheet until the ruleset has no more problems: aspects by slot, then skills
 * raised one pick at a time into whatever shape the ruleset asks for.
 */
const SKILL_SPREADS: Record<string, number[]> = {
  'fate-core': [4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
  pirates: [3, 2, 2, 1, 1, 0],
};

/** A sheet's further aspects when a spec names none: each different, as a player's would be. */
const MORE_ASPECTS = ['Owes the harbourmaster', 'A map nobody else can read', 'Lucky coat'];

/**
 * What a player writes on a sheet. `skills`, when given, rates those skills (by id) and leaves
 * every other at Mediocre, in place of the game's spread filled from the top of the list;
 * `ratings` rates the aspects in order (narrative), in place of 3, 2, 2, 1.
 */
export interface SheetPicks {
  highConcept: string;
  trouble: string;
  aspects?: string[];
  skills?: Record<string, number>;
  ratings?: number[];
}

export async function fillTemplate(page: Page, character: SheetPicks): Promise<void> {
  const ruleset = await page.getByTestId('editor').getAttribute('data-ruleset');
  const hc = page.locator('input[name^="aspect-high-concept"]');
  if (await hc.count()) await hc.first().fill(character.highConcept);
  const trouble = page.locator('input[name^="aspect-trouble"]');
  if (await trouble.count()) await trouble.first().fill(character.trouble);
  const others = page.locator('input[name^="aspect-other"], input[name^="aspect-ship"]');
  for (let i = 0; i < (await others.count()); i++) {
    const aspects = character.aspects ?? MORE_ASPECTS;
    // A pirate crew's sheet has ship aspects besides: past the list, numbered.
    await others.nth(i).fill(aspects[i] ?? `${aspects[i % aspects.length]!} (${String(i + 1)})`);
  }
  const ratings = page.locator('select[name^="aspect-rating"]');
  const aspectSpread = character.ratings ?? [3, 2, 2, 1];
  for (let i = 0; i < (await ratings.count()); i++) {
    await ratings.nth(i).selectOption(String(aspectSpread[i] ?? 0));
  }
  const skills = page.locator('select[name^="skill-"]');
  if (character.skills) {
    for (const id of Object.keys(character.skills)) {
      await expect(page.locator(`select[name="skill-${id}"]`), `skill ${id}`).toHaveCount(1);
    }
    for (const select of await skills.all()) {
      const id = (await select.getAttribute('name'))!.slice('skill-'.length);
      await select.selectOption(String(character.skills[id] ?? 0));
    }
  } else {
    const spread = SKILL_SPREADS[ruleset ?? ''] ?? [];
    for (let i = 0; i < spread.length; i++) await skills.nth(i).selectOption(String(spread[i]));
  }
  await expect(page.getByTestId('sheet-problems')).toHaveCount(0);
}

/** A character as a player types it into the editor. */
export interface Build {
  name: string;
  /** High concept, trouble, then the three other aspects. */
  aspects: [string, string, string, string, string];
  skills: Record<string, number>;
  stunts: [string, string][];
}

/** Fills the character editor as a player would: aspects, skills, stunts. */
export async function fillSheet(editor: Locator, build: Build): Promise<void> {
  await editor.getByLabel('Character name').fill(build.name);
  const [hc, trouble, ...others] = build.aspects;
  await editor.locator('input[name^="aspect-high-concept"]').fill(hc);
  await editor.locator('input[name^="aspect-trouble"]').fill(trouble);
  const more = editor.locator('input[name^="aspect-other"]');
  await expect(more).toHaveCount(others.length, { timeout: 20_000 });
  for (let i = 0; i < others.length; i++) await more.nth(i).fill(others[i]!);
  for (const [id, rating] of Object.entries(build.skills)) {
    await editor.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
  }
  for (let i = 0; i < build.stunts.length; i++) {
    await editor.getByRole('button', { name: 'Add a stunt' }).click();
    await editor.getByLabel(`Stunt ${i + 1} name`).fill(build.stunts[i]![0]);
    await editor.getByLabel(`Stunt ${i + 1} text`).fill(build.stunts[i]![1]);
  }
}

/** A character's rated aspects as the card shows them: text → rating. */
export async function aspectRatings(page: Page, name: string): Promise<Record<string, number>> {
  const card = characterCard(page, name);
  const more = card.getByRole('button', { name: 'Full sheet' });
  if (await more.isVisible()) await more.click();
  const rows = card.locator('.aspects li');
  const out: Record<string, number> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    // "Body · +2" (the rating it was before damage shows after the text, "was +3").
    const slot = await rows.nth(i).locator('.slot').innerText();
    const text = (await rows.nth(i).locator('.atext').innerText()).trim();
    const rating = /·\s*([+\-−]?\d+)/.exec(slot)?.[1]?.replace('−', '-');
    out[text] = Number(rating);
  }
  return out;
}

/** The sum of a character's aspect ratings. */
export const ratingTotal = (r: Record<string, number>) =>
  Object.values(r).reduce((a, b) => a + b, 0);

/** The player creates the character the editor holds; the table shows once it is made. */
export async function createTheCharacter(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create character' }).click();
  await expect(page.getByTestId('table-name')).toBeVisible();
}
