import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  KAI,
  PHONE,
  VEX,
  characterCard,
  inviteLinks,
  openAs,
  openGroup,
  shot,
  fixture,
  usualGroup,
} from './helpers';

// A campaign moves house. The GM of "The Sunken Abbey" brings a Fari scene onto the
// table (its public cards become situation aspects on every screen, its private cards her hidden
// prep, seen by no one else), the table plays a little, and she downloads the whole table. On
// another browser (as if on another server) she restores it: a new table with the same
// characters, aspects, prep and log; Kim, on her phone, opens the claim link the GM hands her
// and takes her seat, and Kai, back. A file of another kind is refused and creates nothing.

const SCENE_ASPECTS = ['On Fire', 'Slippery Deck', 'Crates Everywhere', 'Momentum'];
const PREP = ['The Captain Is a Spy', 'Ambush Ready'];

/** The log's entries as the page shows them, newest first. */
async function logLines(page: Page): Promise<string[]> {
  const all = page.getByRole('button', { name: /^Show all/ });
  if (await all.isVisible()) await all.click();
  const texts = await page.getByTestId('log').locator('li .user-text').allTextContents();
  return texts.map((t) => t.trim());
}

test('fate-core: a Fari scene comes in, the GM downloads the table and restores it as a new one', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const group = await openGroup(browser, usualGroup('The Sunken Abbey'));
  const { gm, links, spectator: watcher, contexts } = group;
  const [dee, kim] = group.players;

  // The Fari scene: four public cards on every screen, two private ones in the GM's prep only.
  const files = gm.getByTestId('table-files');
  await files
    .getByLabel('Add a Fari scene (.fari.json)')
    .setInputFiles(fixture('fari-scene/v2-docks.fari.json'));
  await expect(files.getByTestId('fari-scene-added')).toContainText(
    '4 situation aspects on the table, 2 hidden in your prep',
  );
  for (const page of [gm, dee, watcher]) {
    for (const text of SCENE_ASPECTS) await expect(page.getByText(text).first()).toBeVisible();
  }
  for (const text of PREP) {
    await expect(gm.getByTestId('gm-tools')).toContainText(text);
    for (const page of [dee, kim, watcher]) await expect(page.getByText(text)).toHaveCount(0);
  }
  await shot(gm, 'table-file-1-gm-fari-scene');
  await shot(watcher, 'table-file-1-spectator-fari-scene');

  // A wrong file is refused where it was given, and adds nothing.
  await files
    .getByLabel('Add a Fari scene (.fari.json)')
    .setInputFiles(fixture('fari/v6-fate-core.fari.json'));
  await expect(files.getByTestId('fari-scene-error')).toContainText('Nothing was added.');

  // Some play: the GM gives Kai a fate point (logged).
  await characterCard(gm, 'Kai').getByRole('button', { name: 'Give Kai a fate point' }).click();
  await expect(gm.getByTestId('log')).toContainText('The GM gave Kai a fate point.');
  const before = await logLines(gm);

  // The GM downloads the table.
  const [download] = await Promise.all([
    gm.waitForEvent('download'),
    files.getByRole('button', { name: 'Download the table' }).click(),
  ]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const file = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  expect(file).toMatchObject({
    format: 'fateboard-table',
    version: 1,
    table: { name: 'The Sunken Abbey', ruleset: 'fate-core' },
  });

  // On another browser, as if on another server: a character file is refused first.
  const elsewhere = await browser.newContext();
  contexts.push(elsewhere);
  const gm2 = await elsewhere.newPage();
  await gm2.goto('/');
  const restore = gm2.getByTestId('restore-table');
  await restore
    .getByLabel('Table file (.json)')
    .setInputFiles(fixture('fari/v6-fate-core.fari.json'));
  await expect(restore.getByTestId('restore-error')).toContainText('No table was created.');
  await shot(gm2, 'table-file-2-restore-refused');
  await restore.getByLabel('Table file (.json)').setInputFiles(path);
  await expect(gm2.getByTestId('table-name')).toHaveText('The Sunken Abbey');
  expect(new URL(gm2.url()).pathname).not.toContain(new URL(links.gm).pathname);
  // Its seats wait for their players, so the links are one click away.
  const invites = gm2.getByRole('button', { name: 'Invite links', exact: true });
  // Open unless it already is (the panel loads lazily: the button, not the panel, says so).
  if ((await invites.getAttribute('aria-expanded')) !== 'true') await invites.click();
  await expect(gm2.getByTestId('invites')).toBeVisible();
  const newLinks = await inviteLinks(gm2);
  expect(newLinks.player).not.toBe(links.player);

  // The same characters, aspects, prep and log on the new table.
  for (const text of [...SCENE_ASPECTS, 'Vex', 'Kai']) {
    await expect(gm2.getByText(text).first()).toBeVisible();
  }
  for (const text of PREP) await expect(gm2.getByTestId('gm-tools')).toContainText(text);
  // Newest first: the old log is the new one's tail (a note of the restore may top it).
  expect((await logLines(gm2)).slice(-before.length)).toEqual(before);
  await shot(gm2, 'table-file-3-gm-restored');

  // Kim's seat waits for her, with Kai: the GM hands her its claim link from Who is here, and
  // she opens it on her phone.
  const who = gm2.getByRole('region', { name: 'Who is here' });
  await who.getByRole('button', { name: 'Make a claim link for Kim' }).click();
  const claimLink = who.getByLabel('Claim link for Kim', { exact: true });
  await expect(claimLink).toHaveValue(/&claim=/);
  const kim2 = await browser.newContext({ viewport: PHONE });
  contexts.push(kim2);
  const kimPage = await kim2.newPage();
  await kimPage.goto(await claimLink.inputValue());
  await expect(kimPage.getByTestId('claim-seat')).toContainText('Kim (Kai)');
  await shot(kimPage, 'table-file-4-phone-seat-waits');
  await kimPage.getByRole('button', { name: 'Take back my seat' }).click();
  await expect(kimPage.getByTestId('table-name')).toBeVisible();
  const watcher2 = await openAs(browser, newLinks.spectator);
  contexts.push(watcher2.context);
  await kimPage.getByRole('tab', { name: 'Characters' }).click();
  for (const page of [gm2, kimPage, watcher2.page]) {
    await expect(characterCard(page, 'Kai')).toContainText(KAI.highConcept);
    await expect(characterCard(page, 'Vex')).toContainText(VEX.highConcept);
  }
  for (const text of PREP) await expect(watcher2.page.getByText(text)).toHaveCount(0);
  await shot(kimPage, 'table-file-5-phone-kai-back');
  await shot(watcher2.page, 'table-file-5-spectator-restored');

  for (const c of contexts) await c.close();
});
