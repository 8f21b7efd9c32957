import { test, expect } from '@playwright/test';
import { PHONE, VEX, characterCard, openGroup, shot, fixture } from './helpers';

// The Fari import preview is what the table creates: what a new character cannot bring (fate
// points past its refresh, checked boxes, consequences) is said before creating, and the
// created character matches on every screen.

test('fate-core: the Fari import preview says what the created character has', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Dee with Vex at a desk; Kim on her phone, at the editor with no character yet.
  const group = await openGroup(browser, {
    table: 'Imported crew',
    ruleset: 'fate-core',
    players: [
      { player: 'Dee', character: VEX },
      { player: 'Kim', viewport: PHONE },
    ],
    spectator: true,
  });
  const { gm, spectator } = group;
  const [dee, kim] = group.players;

  // Kim imports Mira Vell from Fari on her phone: the file has 2 fate points, a checked stress
  // box and a mild consequence; a new character has its refresh (3), clear boxes and none.
  await kim
    .getByLabel('Import a character file (Fari, Foundry or Fateboard .json)')
    .setInputFiles(fixture('fari/v6-fate-core.fari.json'));
  const report = kim.getByTestId('import-report');
  await expect(report.getByTestId('import-adapted')).toContainText(
    'fate points 2 in the file: a new character starts with its refresh, 3',
  );
  await expect(report.getByTestId('import-dropped')).toContainText(
    'consequence (mild) "Sprained Wrist": a new character starts without consequences',
  );
  await expect(report.getByTestId('import-dropped')).toContainText(
    'stress track PHYSICAL (1 checked): a new character starts with clear boxes',
  );
  // Nothing of that is among what was mapped as it is.
  const mapped = report.locator('details');
  await mapped.getByText(/^Mapped/).click();
  await expect(mapped.getByRole('listitem').first()).toBeVisible();
  await expect(
    mapped.getByRole('listitem').filter({ hasText: /fate points|consequence|stress/ }),
  ).toHaveCount(0);
  await shot(kim, 'wrong-outcomes-8-phone-import-preview');
  await kim.getByRole('button', { name: 'Create character' }).click();
  await expect(kim.getByTestId('table-name')).toBeVisible();

  // What was created is what the preview said, on every screen.
  for (const page of [gm, dee, spectator]) {
    const card = characterCard(page, 'Mira Vell');
    await expect(card.getByTestId('fate-points').locator('.fp-value')).toHaveText('3');
    await expect(card.locator('.consequences li.taken')).toHaveCount(0);
  }
  await shot(spectator, 'wrong-outcomes-8-spectator-imported');
  await group.close();
});
