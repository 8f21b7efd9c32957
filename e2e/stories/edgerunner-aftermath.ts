import { expect as baseExpect } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import {
  aspectOn,
  characterCard,
  consequenceOn,
  newRollCard,
  openTab,
  shiftsOf,
  shot,
} from '../helpers';
import type { Edgerunners } from './edgerunner-table';

// After the Edgerunner conflict: the scene ends, the next session refreshes, and the
// consequences clear on the text's clock [ER-CONSEQ-3]; Kim modifies Hargan's severe one.

/** The scene ends and a new session starts: each consequence on its own clock. */
export async function endTheSceneAndTheSession(t: Edgerunners, declared: string): Promise<void> {
  const { gm, dee, kim, spectator, overlay, screens } = t;
  await gm.getByRole('button', { name: 'End the scene' }).click();
  for (const page of screens) {
    await openTab(page, 'Scene');
    await expect(aspectOn(page, declared)).toHaveCount(0);
    await openTab(page, 'Characters');
    // Taken out lasts until the scene ends [ER-STRESS-1].
    await expect(characterCard(page, 'Gatto')).not.toContainText('Taken out');
    // Mild lasts one whole scene more; the others are untouched by a scene's end.
    await expect(consequenceOn(page, 'Jade', 'Burned synapses')).toBeVisible();
    await expect(consequenceOn(page, 'Hargan', 'Split knuckles')).toContainText(
      'clears at the next refresh',
    );
    await expect(consequenceOn(page, 'Hargan', 'Owes Gatto’s cousins a life')).toContainText(
      'clears after the next session',
    );
  }
  await shot(kim, 'session-edgerunner-18-phone-scene-ended');

  await gm.getByRole('button', { name: 'Start a session (refresh)' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    // The refresh clears the moderate; the severe waits for the next session to end, and
    // the mild for the next scene to be played.
    await expect(consequenceOn(page, 'Hargan', 'Split knuckles')).toHaveCount(0);
    await expect(consequenceOn(page, 'Jade', 'Burned synapses')).toBeVisible();
    await expect(consequenceOn(page, 'Hargan', 'Owes Gatto’s cousins a life')).toBeVisible();
    // No star and no recovery to start in this game: the clock does it.
    await expect(
      characterCard(page, 'Hargan').getByRole('button', { name: /recovery/ }),
    ).toHaveCount(0);
    await expect(characterCard(page, 'Hargan').getByTestId('recovering')).toHaveCount(0);
  }
  await shot(gm, 'session-edgerunner-19-gm-new-session');
  await shot(kim, 'session-edgerunner-19-phone-new-session');
  await shot(dee, 'session-edgerunner-19-dee-new-session');
  await shot(spectator, 'session-edgerunner-19-spectator-new-session');
  await shot(overlay, 'session-edgerunner-19-overlay-new-session');

  // The text's roll for a consequence modifies it into a milder version, against its original
}

/**
 * The text's roll for a consequence modifies it into a milder version, against its original
 * bonus [ER-CONSEQ-4]: Kim, on her phone, talks Hargan's debt down with Empathy against the
 * severe's +4; short of it, she invokes his high concept with a fate point. Returns the severe consequence's text afterwards.
 */
export async function talkTheDebtDown(t: Edgerunners): Promise<string> {
  const { gm, kim, screens } = t;
  const debt = 'Owes Gatto’s cousins a life';
  const favour = 'Owes Gatto’s cousins a favour';
  await openTab(kim, 'Characters');
  await characterCard(kim, 'Hargan')
    .getByRole('button', { name: `Modify “${debt}”` })
    .click();
  const modifyTray = kim.getByRole('form', { name: 'Modify a consequence' });
  await expect(modifyTray.getByTestId('recovery-aim')).toContainText(
    `Modifying their own severe consequence “${debt}”`,
  );
  await expect(modifyTray.getByTestId('recovery-difficulty')).toHaveText('Great (+4)');
  await modifyTray.locator('select[name="skill"]').selectOption('empathy');
  await shot(kim, 'session-edgerunner-20-phone-modify-tray');
  const modifyCard = await newRollCard(kim, () =>
    modifyTray.getByRole('button', { name: 'Roll 4dF +4 vs Great (+4)' }).click(),
  );
  await expect(modifyCard.getByTestId('recovery-of')).toContainText(`Modifying Hargan’s “${debt}”`);
  await expect(modifyCard.getByTestId('roll-outcome')).toBeVisible();
  if ((await shiftsOf(modifyCard)) < 0) {
    const group = modifyCard.getByRole('group', { name: 'Invoke an aspect on this roll' });
    const pick = group.locator('select[name="invoke-aspect"]');
    const hc = await pick
      .locator('option', { hasText: 'Ex-cop with a conscience' })
      .first()
      .getAttribute('value');
    expect(hc, 'Hargan’s high concept to invoke').toBeTruthy();
    await pick.selectOption(hc);
    await expect(group.locator('select[name="invoke-pay"]')).toHaveValue('fate-point');
    const short = await shiftsOf(modifyCard);
    await group.getByRole('button', { name: '+2' }).click();
    await expect(modifyCard.getByTestId('roll-outcome')).toContainText(
      `(${short + 2 >= 0 ? '+' : ''}${short + 2})`,
    );
  }
  const met = (await shiftsOf(modifyCard)) >= 0;
  await shot(kim, 'session-edgerunner-21-phone-modify-rolled');
  if (met) {
    await modifyCard.getByLabel('The milder version').fill(favour);
    await modifyCard.getByRole('button', { name: 'Modify it' }).click();
  } else {
    await expect(modifyCard.getByLabel('The milder version')).toHaveCount(0);
    await modifyCard.getByRole('button', { name: `Leave “${debt}” as it is` }).click();
  }
  await expect(gm.getByTestId('log')).toContainText(
    met
      ? `“${debt}” is now “${favour}”.`
      : `Hargan's modification roll — fail: “${debt}” stays as it was.`,
  );
  const severeNow = met ? favour : debt;
  for (const page of screens) {
    await openTab(page, 'Characters');
    // Rewritten or not, the slot stays full on the same clock.
    await expect(consequenceOn(page, 'Hargan', severeNow)).toContainText(
      'clears after the next session',
    );
  }
  await shot(kim, 'session-edgerunner-22-phone-modified');

  return severeNow;
}

/** The first scene of the new session: when it ends, Jade's mild clears [ER-CONSEQ-3]. */
export async function playTheNextScene(t: Edgerunners, severeNow: string): Promise<void> {
  const { gm, dee, kim, spectator, overlay, screens } = t;
  await gm.getByLabel('Scene name').fill('The safehouse, next evening');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(consequenceOn(page, 'Jade', 'Burned synapses')).toBeVisible();
  }
  await gm.getByRole('button', { name: 'End the scene' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(consequenceOn(page, 'Jade', 'Burned synapses')).toHaveCount(0);
    await expect(consequenceOn(page, 'Hargan', severeNow)).toBeVisible();
  }
  await openTab(dee, 'Log');
  await expect(dee.getByTestId('log')).toContainText('Hargan rolled to modify their own');
  await shot(gm, 'session-edgerunner-23-gm-end');
  await shot(dee, 'session-edgerunner-23-dee-end');
  await shot(kim, 'session-edgerunner-23-phone-end');
  await shot(spectator, 'session-edgerunner-23-spectator-end');
  await shot(overlay, 'session-edgerunner-23-overlay-end');
}
