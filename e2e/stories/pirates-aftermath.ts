import { characterCard, openTab, shot } from '../helpers';
import { fatePoints, MARISOL, TERN, type Heron } from './pirates-crew';
import type { Fight } from './pirates-captain';
import { expect, latestRoll } from './pirates';

// After the pirates fight: the scene ends and the GM's pool is lost; a new session, and Kim
// rolls Tern's recovery against the consequence's value.

/** The GM ends the conflict and the scene: the pool is lost. */
export async function endTheScene({ gm, screens }: Heron): Promise<void> {
  await gm.getByTestId('conflict').getByRole('button', { name: 'End conflict' }).click();
  await gm.getByRole('button', { name: 'End the scene' }).click();
  for (const page of screens) {
    await openTab(page, 'Log');
    await expect(page.getByTestId('gm-pool')).toHaveText('0');
  }
  await shot(gm, 'pirates-22-gm-scene-ended');
}

/**
 * A new session; Kim rolls Tern's recovery from her first consequence against its value, and
 * it clears on its clock [PIR-RECOVER-3].
 */
export async function recoverNextSession(h: Heron, ternTaken: Fight['ternTaken']): Promise<void> {
  const { gm, kim, overlay, screens } = h;
  // Refresh: whoever has fewer points than their refresh is topped up to it (Marisol's is 2).
  await openTab(gm, 'Characters');
  const marisolBefore = Number(await fatePoints(gm, MARISOL.name).textContent());
  await gm.getByRole('button', { name: 'Start a session (refresh)' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(fatePoints(page, MARISOL.name)).toHaveText(String(Math.max(2, marisolBefore)));
  }
  // The recovery is rolled during the next scene ("Counting the spoils").
  await gm.getByLabel('Scene name').fill('Counting the spoils');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();
  await characterCard(kim, TERN.name)
    .getByRole('button', { name: 'Start recovery from “Pinned to the mast”' })
    .click();
  const tray = kim.getByRole('form', { name: 'Recovery roll' });
  await expect(tray).toBeVisible();
  // "against the Consequence's value", the same whoever rolls: mild 2, moderate 4, severe 6.
  const severity = ternTaken[0]?.severity ?? '';
  const difficulty = { mild: 'Fair (+2)', moderate: 'Great (+4)', severe: 'Fantastic (+6)' }[
    severity
  ];
  await expect(tray.getByTestId('recovery-difficulty')).toHaveText(difficulty!);
  await tray.locator('select[name="skill"]').selectOption('jury-rig');
  await shot(kim, 'pirates-23-phone-recovery-tray');
  await tray.getByRole('button', { name: /^Roll 4dF \+2 vs / }).click();
  const card = latestRoll(kim);
  await expect(card.getByTestId('roll-outcome')).toBeVisible();
  const named = card.getByLabel('Name while it recovers');
  if (await named.isVisible()) await named.fill('Bruised from the mast');
  await card.getByRole('button', { name: 'Start recovery ★' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(
      characterCard(page, TERN.name).locator('.consequences li.taken').getByTestId('recovering'),
    ).toHaveText('★ recovering');
  }
  await shot(kim, 'pirates-24-phone-recovering');
  await shot(gm, 'pirates-24-gm-recovering');
  await shot(overlay, 'pirates-24-overlay-end');

  // A mild consequence clears at the end of the scene after the one its recovery began in
  // [PIR-RECOVER-3]; a moderate or severe one waits for a session or a scenario, and one not
  // yet recovering stays.
  await gm.getByRole('button', { name: 'End the scene' }).click();
  await expect(gm.getByRole('button', { name: 'Start a scene' })).toBeVisible();
  await openTab(kim, 'Characters');
  await expect(characterCard(kim, TERN.name).locator('.consequences li.taken')).toHaveCount(
    ternTaken.length,
  );
  await gm.getByLabel('Scene name').fill('Dividing the loot');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await gm.getByRole('button', { name: 'End the scene' }).click();
  await expect(gm.getByRole('button', { name: 'Start a scene' })).toBeVisible();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(characterCard(page, TERN.name).locator('.consequences li.taken')).toHaveCount(
      ternTaken.length - (severity === 'mild' ? 1 : 0),
    );
  }
  await shot(kim, 'pirates-25-phone-after-next-scene');
}
