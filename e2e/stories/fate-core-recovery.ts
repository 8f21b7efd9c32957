import { characterCard, shot } from '../helpers';
import { expect, fatePoints, logSays, open, signed, type SaltMarket } from './fate-core-table';

// After the Salt Market conflict: the scene ends, a new session refreshes, and Dee treats
// Kai's consequence with a recovery roll.

/** The scene ends: the conflict is over, stress clears, consequences stay. */
export async function endTheScene(t: SaltMarket): Promise<void> {
  const { gm, people, beat } = t;
  await gm.page.getByRole('button', { name: 'End conflict' }).click();
  await gm.page.getByRole('button', { name: 'End the scene' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const kai = characterCard(p.page, 'Kai');
    await expect(kai.locator('[aria-label$=", checked"]')).toHaveCount(0);
    await expect(kai.locator('.consequences li.taken')).toContainText('Cracked Ribs');
    await expect(characterCard(p.page, 'Dockside Thug')).not.toContainText('Taken out');
  }
  await beat('11-scene-ended');
}

/**
 * A new session: refresh, Kai keeps the points above his refresh. Dee treats Kai's
 * consequence, and it clears on its clock [FC-RECOVER-4].
 */
export async function treatKaiNextSession(t: SaltMarket, kaiConsequence: string): Promise<void> {
  const { gm, dee, people, beat } = t;
  const kaiPoints = await fatePoints(gm.page, 'Kai');
  await gm.page.getByRole('button', { name: 'Start a session (refresh)' }).click();
  await logSays(people, /session/i);
  for (const p of people) {
    await open(p, 'Characters');
    expect(await fatePoints(p.page, 'Kai')).toBe(Math.max(kaiPoints, 2));
  }

  // Dee treats Kai's consequence: an overcome in the tray, against Fair for a mild consequence
  // and Great for a moderate one; Vex's Empathy is Fair (+2).
  const difficulties: Record<string, string> = {
    mild: 'Fair (+2)',
    moderate: 'Great (+4)',
    severe: 'Fantastic (+6)',
  };
  const difficulty = difficulties[kaiConsequence] ?? '';
  await characterCard(dee.page, 'Kai')
    .getByRole('button', { name: 'Treat “Cracked Ribs”' })
    .click();
  const recoveryTray = dee.page.getByRole('form', { name: 'Recovery roll' });
  await expect(recoveryTray.getByTestId('recovery-difficulty')).toHaveText(difficulty);
  await expect(recoveryTray.getByTestId('recovery-aim')).toContainText(
    `Treating Kai’s ${kaiConsequence} consequence`,
  );
  await recoveryTray.locator('select[name="skill"]').selectOption('empathy');
  await shot(dee.page, 'session-fc-12-dee-recovery-tray');
  await recoveryTray.getByRole('button', { name: `Roll 4dF +2 vs ${difficulty}` }).click();
  const recoveryCard = dee.page.getByTestId('roll-card').first();
  await expect(recoveryCard.getByTestId('roll-outcome')).toBeVisible();
  // Short of it, Dee pays fate points to invoke Vex's aspects, one aspect each time.
  const vexAspects = ['Street-Smart Fixer', 'My Sister Runs', 'The Harbour Watch'];
  for (const text of vexAspects) {
    if (!/^Fail/.test((await recoveryCard.getByTestId('roll-outcome').textContent()) ?? '')) break;
    const pick = recoveryCard.locator('select[name="invoke-aspect"]');
    const value = await pick.locator('option', { hasText: text }).first().getAttribute('value');
    await pick.selectOption(value ?? '');
    const total = Number(
      (await recoveryCard.getByTestId('roll-total').textContent())?.replace('+', ''),
    );
    await recoveryCard.getByRole('button', { name: '+2' }).click();
    await expect(recoveryCard.getByTestId('roll-total')).toHaveText(signed(total + 2));
  }
  await expect(recoveryCard.getByTestId('roll-outcome')).not.toHaveText(/^Fail/);
  await recoveryCard.getByLabel('Name while it recovers').fill('Strapped Ribs');
  await recoveryCard.getByRole('button', { name: 'Start recovery ★' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const taken = characterCard(p.page, 'Kai').locator('.consequences li.taken').first();
    await expect(taken).toContainText('Strapped Ribs');
    await expect(taken.getByTestId('recovering')).toHaveText('★ recovering');
  }
  await logSays(people, 'Kai');
  await beat('12-recovery');

  // The recovery began between scenes, so the next scene is the whole one a mild consequence
  // waits out; a moderate one waits a whole session and outlasts it [FC-RECOVER-4].
  await open(gm, 'Scene');
  await gm.page.getByLabel('Scene name').fill('Quiet night at the Harbour Watch');
  await gm.page.getByRole('button', { name: 'Start a scene' }).click();
  await gm.page.getByRole('button', { name: 'End the scene' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const kai = characterCard(p.page, 'Kai').locator('.consequences li.taken');
    if (kaiConsequence === 'mild') await expect(kai).toHaveCount(0);
    else await expect(kai.first()).toContainText('Strapped Ribs');
  }
  await beat('13-next-scene');
}
