import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { characterCard, createTable, openAs, shot, takeSeat, PHONE, fixture } from './helpers';

// Players bring their characters from Fari. Dee joins a Fate Core table with a Fate
// Accelerated character (approaches): the preview says how the approaches became skills, the
// pyramid problems show, and she fixes them before creating. Kim, on a phone, first picks the
// wrong file (a Fari scene): refused with its reason, nothing imported; then her Fari v6 sheet
// imports cleanly (the notes are reported as left out). The GM, the other player and a
// spectator see both characters as the files had them. Dee then downloads Jory as a Fateboard
// file and as a Fari file; the GM imports her Fateboard file as an NPC twin, and the sheet comes
// back as it left.

test('fate-core: players join by importing Fari characters, checked and fixed before creating', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { gm, links, context } = await createTable(browser, 'Imported crew', 'fate-core');
  const dee = await takeSeat(browser, links.player, 'Dee');
  const kim = await takeSeat(browser, links.player, 'Kim', PHONE);
  const watcher = await openAs(browser, links.spectator);
  const contexts = [context, dee.context, kim.context, watcher.context];

  // Dee: a Fate Accelerated sheet on a Fate Core table.
  const file = dee.page.getByLabel('Import a character file (Fari, Foundry or Fateboard .json)');
  await file.setInputFiles(fixture('fari/v5-accelerated.fari.json'));
  const report = dee.page.getByTestId('import-report');
  await expect(report).toContainText('Fari character');
  await expect(report.getByTestId('import-adapted')).toContainText(
    'approach Flashy +3 became rapport in fate-core',
  );
  await expect(dee.page.getByLabel('Character name')).toHaveValue('Jory Black');
  await expect(dee.page.locator('input[name^="aspect-high-concept"]')).toHaveValue(
    'Sky Pirate With a Heart of Gold',
  );
  const problems = dee.page.getByTestId('sheet-problems');
  await expect(problems).toContainText('raise 1 more to Great (+4)');
  const create = dee.page.getByRole('button', { name: 'Create character' });
  await expect(create).toBeDisabled();
  await shot(dee.page, 'import-1-dee-preview');

  // She completes the pyramid: one Great, two Good, three Fair, four Average.
  const skill = (id: string) => dee.page.locator(`select[name="skill-${id}"]`);
  for (const [id, rating] of [
    ['rapport', 4],
    ['lore', 3],
    ['fight', 3],
    ['will', 2],
    ['physique', 2],
    ['contacts', 1],
    ['empathy', 1],
  ] as const) {
    await skill(id).selectOption(String(rating));
  }
  await expect(problems).toHaveCount(0);
  await create.click();
  await expect(dee.page.getByTestId('table-name')).toBeVisible();

  // Kim picks a scene by mistake: refused, the editor untouched.
  const kimFile = kim.page.getByLabel('Import a character file (Fari, Foundry or Fateboard .json)');
  await kimFile.setInputFiles(fixture('bad/fari-scene.fari.json'));
  await expect(kim.page.getByTestId('import-error')).toContainText(
    'This is a Fari scene, not a character',
  );
  await expect(kim.page.getByTestId('import-error')).toContainText('Nothing was imported.');
  await expect(kim.page.getByLabel('Character name')).toHaveValue('');
  await shot(kim.page, 'import-2-phone-wrong-file');
  await kimFile.setInputFiles(fixture('fari/v6-fate-core.fari.json'));
  await expect(kim.page.getByTestId('import-error')).toHaveCount(0);
  await expect(kim.page.getByLabel('Character name')).toHaveValue('Mira Vell');
  await expect(kim.page.getByTestId('import-dropped')).toContainText('Has a cat.');
  await expect(kim.page.getByTestId('sheet-problems')).toHaveCount(0);
  // The file's block ids ("b3"…) name nothing: the three free rows read "Aspect", as a new
  // Fate Core sheet's do, with the text the file gave them.
  await expect(kim.page.getByLabel('Aspect', { exact: true })).toHaveCount(3);
  await expect(kim.page.getByLabel('Aspect', { exact: true }).first()).toHaveValue(
    'Owes Captain Rell a Life',
  );
  await expect(kim.page.getByText(/^B\d aspect$/)).toHaveCount(0);
  await shot(kim.page, 'import-3-phone-preview');
  await kim.page.getByRole('button', { name: 'Create character' }).click();
  await expect(kim.page.getByTestId('table-name')).toBeVisible();

  for (const page of [gm, dee.page, watcher.page]) {
    await expect(characterCard(page, 'Jory Black')).toContainText(
      'Sky Pirate With a Heart of Gold',
    );
    await expect(characterCard(page, 'Mira Vell')).toContainText('Disgraced Imperial Cartographer');
  }
  // And they play: Dee rolls Jory's imported Rapport (Great) to talk past a guard.
  const tray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="skill"]').selectOption('rapport');
  await tray.locator('select[name="difficulty"]').selectOption('3');
  await tray.getByRole('button', { name: 'Roll 4dF +4 vs Good (+3)' }).click();
  for (const page of [gm, kim.page, watcher.page]) {
    await expect(page.getByTestId('log')).toContainText('Jory Black rolled');
  }
  await shot(gm, 'import-4-gm-both');
  await shot(watcher.page, 'import-4-spectator-both');

  // Export: Dee downloads Jory twice, from her own card's full sheet.
  const jory = characterCard(dee.page, 'Jory Black');
  const downloadAs = async (button: string) => {
    const [download] = await Promise.all([
      dee.page.waitForEvent('download'),
      jory.getByRole('button', { name: button }).click(),
    ]);
    const path = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(path);
    return {
      name: download.suggestedFilename(),
      path,
      json: JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>,
    };
  };
  const more = jory.getByRole('button', { name: 'Full sheet' });
  if (await more.isVisible()) await more.click();
  const own = await downloadAs('Fateboard file');
  expect(own.name).toBe('jory-black.fateboard.json');
  expect(own.json).toMatchObject({
    format: 'fateboard-character',
    version: 1,
    ruleset: 'fate-core',
    character: { name: 'Jory Black' },
  });
  const fari = await downloadAs('Fari file');
  expect(fari.name).toBe('jory-black.fari.json');
  expect(fari.json).toMatchObject({ fariType: 'character', name: 'Jory Black' });
  // Kim (a player, not Jory's) has no download on Jory's card.
  await expect(
    characterCard(kim.page, 'Jory Black').getByRole('button', { name: 'Fateboard file' }),
  ).toHaveCount(0);

  // The GM imports Dee's Fateboard file as an NPC: the same sheet, renamed, created.
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  await gm
    .getByLabel('Import a character file (Fari, Foundry or Fateboard .json)')
    .setInputFiles(own.path);
  await expect(gm.getByTestId('import-report')).toContainText('Fateboard');
  await expect(gm.getByLabel('Character name')).toHaveValue('Jory Black');
  await expect(gm.locator('select[name="skill-rapport"]')).toHaveValue('4');
  await expect(gm.locator('select[name="skill-contacts"]')).toHaveValue('1');
  await gm.getByLabel('Character name').fill('Jory’s Twin');
  await shot(gm, 'import-5-gm-npc-from-export');
  await gm.getByRole('button', { name: 'Create NPC' }).click();
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(characterCard(page, 'Jory’s Twin')).toContainText(
      'Sky Pirate With a Heart of Gold',
    );
  }
  await shot(watcher.page, 'import-6-spectator-twin');

  for (const c of contexts) await c.close();
});
