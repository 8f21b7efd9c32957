import { test, expect, type Page } from '@playwright/test';
import { characterCard, createTable, openAs, shot, takeSeat, PHONE } from './helpers';

// Characters at a Fate Core table, four browsers at once: Ann makes hers through the editor
// (a full pyramid with Physique Fair and Will Average, which once kept Create disabled), Ben
// picks a ready-made character and renames it, the GM prepares one that Cy claims on a phone,
// and a spectator watches. Then an Edgerunner sheet with Physique above zero.

/** The brief's pyramid: one Great, two Good, three Fair (Physique), four Average (Will). */
const PYRAMID: Record<string, number> = {
  fight: 4,
  athletics: 3,
  notice: 3,
  physique: 2,
  shoot: 2,
  stealth: 2,
  will: 1,
  lore: 1,
  rapport: 1,
  empathy: 1,
};

async function setSkills(page: Page, ratings: Record<string, number>) {
  for (const [id, rating] of Object.entries(ratings)) {
    await page.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
  }
}

async function writeAspects(page: Page, highConcept: string, trouble: string) {
  await page.locator('input[name^="aspect-high-concept"]').fill(highConcept);
  await page.locator('input[name^="aspect-trouble"]').fill(trouble);
  const others = page.locator('input[name^="aspect-other"]');
  for (let i = 0; i < (await others.count()); i++) await others.nth(i).fill(`Aspect ${i + 3}`);
}

/** A character card, on a phone after opening the Characters tab. */
async function seeCard(page: Page, name: string) {
  const tab = page.getByRole('tab', { name: 'Characters' });
  if (await tab.isVisible()) await tab.click();
  await expect(characterCard(page, name)).toBeVisible();
}

test('a Fate Core table: built, ready-made and prepared characters on every screen', async ({
  browser,
}) => {
  const { gm, links, context } = await createTable(browser, 'The Stormwatch Inn', 'fate-core');
  const contexts = [context];

  // Ann builds hers in the editor; the derived boxes show as she rates Physique and Will.
  const ann = await takeSeat(browser, links.player, 'Ann');
  contexts.push(ann.context);
  const editor = ann.page.getByTestId('editor');
  await expect(editor.getByTestId('derived-physical')).toContainText('12');
  await ann.page.getByLabel('Character name').fill('Mira');
  await writeAspects(ann.page, 'Storm-Touched Navigator', 'Debts in Every Port');
  await setSkills(ann.page, { ...PYRAMID, athletics: 4 });
  // Ladder names on the ratings, the pyramid live, and a problem that says what to change.
  await expect(ann.page.locator('select[name="skill-fight"] option:checked')).toHaveText(
    'Great (+4)',
  );
  const problems = ann.page.getByTestId('sheet-problems');
  await expect(problems).toContainText(
    'The skill pyramid has 1 skill at Great (+4); you have 2: lower 1 of them.',
  );
  await expect(problems).toContainText(
    'The skill pyramid has 2 skills at Good (+3); you have 1: raise 1 more to Good (+3).',
  );
  await expect(ann.page.getByRole('button', { name: 'Create character' })).toBeDisabled();
  await shot(ann.page, 'characters-editor-pyramid-problem');
  await setSkills(ann.page, { athletics: 3 });
  await expect(problems).toHaveCount(0);
  await expect(editor.getByTestId('skill-spread').locator('li.off')).toHaveCount(0);
  // Physique Fair adds a 3-point physical box, Will Average a 3-point mental box [FC-STRESS-4].
  await expect(editor.getByLabel('Physical stress boxes 1, 2, 3')).toBeVisible();
  await expect(editor.getByLabel('Mental stress boxes 1, 2, 3')).toBeVisible();
  await expect(editor.getByTestId('derived-refresh')).toContainText('3');
  await shot(ann.page, 'characters-editor-derived');
  await ann.page.getByRole('button', { name: 'Create character' }).click();
  await expect(ann.page.getByTestId('table-name')).toBeVisible();

  // Ben picks the second ready-made character, Landon, and renames him.
  const ben = await takeSeat(browser, links.player, 'Ben');
  contexts.push(ben.context);
  const readyMade = ben.page.getByLabel('Start from a ready-made character');
  const offered = await readyMade.locator('option').allTextContents();
  expect(offered.slice(1).map((o) => o.split(':')[0])).toEqual([
    'Cynere',
    'Landon',
    'Zird the Arcane',
  ]);
  await readyMade.selectOption('Landon');
  await ben.page.getByRole('button', { name: 'Use this character' }).click();
  await expect(ben.page.getByLabel('Character name')).toHaveValue('Landon');
  await ben.page.getByLabel('Character name').fill('Landon of the Shroud');
  // Landon's Good Physique: the 4-point box the text's example uses.
  await expect(ben.page.getByLabel('Physical stress boxes 1, 2, 3, 4')).toBeVisible();
  await expect(ben.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(ben.page, 'characters-ready-made');
  await ben.page.getByRole('button', { name: 'Create character' }).click();
  await expect(ben.page.getByTestId('table-name')).toBeVisible();

  // The GM prepares Zird for a player who has not joined yet.
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByRole('button', { name: 'Prepare a character for a player' }).click();
  const prepare = gm.getByTestId('gm-create-player');
  await prepare.getByLabel('Start from a ready-made character').selectOption('Zird the Arcane');
  await prepare.getByRole('button', { name: 'Use this character' }).click();
  await prepare.getByLabel('Character name').fill('Zird');
  await shot(gm, 'characters-gm-prepares');
  await prepare.getByRole('button', { name: 'Prepare character' }).click();
  await expect(characterCard(gm, 'Zird')).toContainText('Unclaimed');

  // Cy joins on a phone and is offered Zird first.
  const cy = await takeSeat(browser, links.player, 'Cy', PHONE);
  contexts.push(cy.context);
  await expect(cy.page.getByRole('button', { name: 'Play Zird' })).toBeVisible();
  await shot(cy.page, 'characters-phone-claim');
  await cy.page.getByRole('button', { name: 'Play Zird' }).click();
  await expect(cy.page.getByTestId('table-name')).toBeVisible();

  const watcher = await openAs(browser, links.spectator);
  contexts.push(watcher.context);

  // Every screen shows the three characters, Zird now played by Cy.
  for (const page of [gm, ann.page, ben.page, cy.page, watcher.page]) {
    for (const name of ['Mira', 'Landon of the Shroud', 'Zird']) await seeCard(page, name);
    await expect(characterCard(page, 'Zird')).toContainText('Cy');
  }
  await shot(gm, 'characters-gm');
  await shot(ann.page, 'characters-ann');
  await shot(cy.page, 'characters-phone');
  await shot(watcher.page, 'characters-spectator');
  for (const c of contexts.reverse()) await c.close();
});

test('an Edgerunner sheet with Physique above zero is created', async ({ browser }) => {
  const { links, context } = await createTable(browser, 'Neon Stacks', 'edgerunner');
  const jo = await takeSeat(browser, links.player, 'Jo');
  await jo.page.getByLabel('Character name').fill('Rook');
  await writeAspects(jo.page, 'Back-Alley Medic', 'Wanted by Arasaka');
  await setSkills(jo.page, { ...PYRAMID, physique: 3, notice: 2 });
  const editor = jo.page.getByTestId('editor');
  await expect(editor.getByLabel('Physical stress boxes 1, 2, 3, 4')).toBeVisible();
  await expect(jo.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(jo.page, 'characters-edgerunner-editor');
  await jo.page.getByRole('button', { name: 'Create character' }).click();
  await seeCard(jo.page, 'Rook');
  await shot(jo.page, 'characters-edgerunner-created');
  await jo.context.close();
  await context.close();
});
