import { expect as baseExpect } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import { aspectOn, consequenceOn, newRollCard, openTab, shiftsOf, shot } from '../helpers';
import {
  invokeFree,
  invokesFor,
  invokeWords,
  takeForBonus,
  applyOutcome,
  takeTheHit,
  setAdvantage,
} from './edgerunner';
import { gattoAttacks, type Edgerunners } from './edgerunner-table';

// The first exchange of the Edgerunner conflict, each character's turn as its person plays it.

/** The declared fact, and the shifts that placed it (its free invokes). */
export interface Declaration {
  declared: string;
  declaredShifts: number;
}

/** The first exchange's turns: Jade's maneuver, Hargan cornering Gatto, Gatto's swing. */
export function firstExchange(t: Edgerunners, { declared, declaredShifts }: Declaration) {
  const { gm, dee, kim, spectator, overlay, screens, passTime } = t;
  const deeTray = dee.getByRole('form', { name: 'Roll the dice' });
  const kimTray = kim.getByRole('form', { name: 'Roll the dice' });
  const maneuvered = 'Blast doors sealed behind him';
  const cornered = 'Cornered by the elevator';
  let corneredInvokes = 0;

  /**
   * Jade, exchange 1: a maneuver with Burglary against Good (+3), helped by the declaration's
   * free invoke and a mild consequence for +1, as Jade does in the text [ER-CONSEQ-1].
   * Burglary +4, +2 and +1 meet Good whatever the dice.
   */
  const jadeManeuvers = async () => {
    await setAdvantage(deeTray, 'maneuver', 'burglary', '3');
    const card = await newRollCard(dee, () =>
      deeTray.getByRole('button', { name: /^Roll 4dF \+4 vs Good/ }).click(),
    );
    await expect(card.getByTestId('roll-outcome')).toBeVisible();
    await invokeFree(card, declared);
    await takeForBonus(card, 'mild', 'Burned synapses', 1);
    const shifts = await shiftsOf(card);
    expect(shifts).toBeGreaterThanOrEqual(0);
    const invokes = invokesFor(shifts);
    await expect(card.getByTestId('aspect-action')).toContainText(
      `buy ${invokeWords(invokes)}, persistence ${shifts}`,
    );
    await shot(dee, 'session-edgerunner-07-dee-maneuver');
    await card.getByLabel('Name the advantage').fill(maneuvered);
    await card.getByRole('button', { name: 'Create aspect' }).click();
    for (const page of screens) {
      await openTab(page, 'Scene');
      await expect(aspectOn(page, maneuvered).getByTestId('free-invokes')).toHaveAttribute(
        'aria-label',
        `${invokeWords(invokes)} for Jade (Dee)`,
      );
      // The declaration's free invoke is spent.
      await expect(aspectOn(page, declared).getByTestId('free-invokes')).toHaveCount(
        invokesFor(declaredShifts) > 1 ? 1 : 0,
      );
      // The mild consequence is on Jade everywhere, with its clock.
      await openTab(page, 'Characters');
      await expect(consequenceOn(page, 'Jade', 'Burned synapses')).toContainText(
        'clears after the next scene',
      );
    }
    await shot(overlay, 'session-edgerunner-08-overlay-maneuver');
    await passTime();
  };

  /** Hargan, exchange 1: Kim corners Gatto on her phone with Provoke against Average. */
  const harganCorners = async () => {
    await openTab(kim, 'Dice');
    for (let tries = 0; corneredInvokes === 0 && tries < 5; tries++) {
      await setAdvantage(kimTray, 'maneuver', 'provoke', '1');
      const card = await newRollCard(kim, () =>
        kimTray.getByRole('button', { name: /^Roll 4dF \+2 vs Average/ }).click(),
      );
      await expect(card.getByTestId('roll-outcome')).toBeVisible();
      const shifts = await shiftsOf(card);
      if (shifts < 0) continue;
      corneredInvokes = invokesFor(shifts);
      await shot(kim, 'session-edgerunner-09-phone-maneuver');
      await card.getByLabel('Name the advantage').fill(cornered);
      await card.getByRole('button', { name: 'Create aspect' }).click();
    }
    expect(corneredInvokes, 'Gatto was cornered within five tries').toBeGreaterThan(0);
    for (const page of screens) {
      await openTab(page, 'Scene');
      await expect(aspectOn(page, cornered).getByTestId('free-invokes')).toHaveAttribute(
        'aria-label',
        `${invokeWords(corneredInvokes)} for Hargan (Kim)`,
      );
    }
    await passTime();
  };

  /**
   * Gatto, exchange 1: he swings at Hargan. Kim is told on her phone, picks Athletics (not the
   * first skill listed) and rolls her own defence; a hit goes to her stress [ER-STRESS-1].
   */
  const gattoSwingsAtHargan = async () => {
    await openTab(kim, 'Scene');
    await gattoAttacks(t, 'Hargan');
    await expect(kim.getByRole('tab', { name: /^Dice/ }).getByTestId('tab-badge')).toBeVisible();
    await shot(kim, 'session-edgerunner-10-phone-told');
    await openTab(kim, 'Dice');
    const prompt = kim.getByTestId('defence');
    await expect(prompt).toContainText('Hargan must defend against Gatto');
    const defenceSkill = prompt.locator('select[name="defence-skill"]');
    const listed = await defenceSkill
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(listed[0]).not.toBe('athletics');
    await defenceSkill.selectOption('athletics');
    await expect(defenceSkill).toHaveValue('athletics');
    await shot(kim, 'session-edgerunner-11-phone-defence');
    await prompt.getByRole('button', { name: 'Roll defence' }).click();
    for (const page of [gm, dee, spectator]) {
      const card = page.getByTestId('roll-card').first();
      await expect(card).toContainText(/vs Hargan [+-]\d/);
      await expect(card.getByTestId('roll-outcome')).toBeVisible();
    }
    await expect(gm.getByTestId('log')).toContainText('Hargan rolled to defend');
    const card = gm.getByTestId('roll-card').first();
    // Hargan's biggest stress box holds 3 (Physique Fair [ER-STRESS-1]) and consequences absorb
    // nothing here [ER-STRESS-2]. On dice bad enough for a hit of 4 or more (about one fight in
    // a hundred), Kim does what a player would: she invokes her aspects on her defence with
    // fate points, +2 each [CORE-INVOKE-1], until the hit fits a box.
    const kimCard = kim.getByTestId('roll-card').first();
    for (const aspect of ['Knuckles like walnuts', 'Ex-cop with a conscience']) {
      const before = await shiftsOf(kimCard);
      if (before <= 3) break;
      const group = kimCard.getByRole('group', { name: 'Invoke an aspect on this roll' });
      const pick = group.locator('select[name="invoke-aspect"]');
      const value = await pick.locator('option', { hasText: aspect }).first().getAttribute('value');
      expect(value, `Hargan’s “${aspect}” to invoke`).toBeTruthy();
      await pick.selectOption(value);
      await expect(group.locator('select[name="invoke-pay"]')).toHaveValue('fate-point');
      await group.getByRole('button', { name: '+2' }).click();
      await expect(card.getByTestId('roll-outcome')).toContainText(`(+${before - 2})`);
    }
    const shifts = await shiftsOf(card);
    await applyOutcome(card, 'Off balance');
    const struck = await takeTheHit(kim.getByTestId('roll-card').first(), shifts);
    expect(struck, 'Hargan is not taken out by one Fight +1 swing').not.toBe('out');
    await shot(kim, 'session-edgerunner-12-phone-hit');
    await shot(overlay, 'session-edgerunner-12-overlay-gatto-swings');
    await passTime();
  };

  return { cornered, jadeManeuvers, harganCorners, gattoSwingsAtHargan };
}
