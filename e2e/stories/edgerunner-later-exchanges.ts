import { expect as baseExpect, type Page } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import { characterCard, concede, newRollCard, openTab, shiftsOf, shot } from '../helpers';
import { applyOutcome, invokeFree, setAdvantage, takeForBonus, takeTheHit } from './edgerunner';
import { gattoAttacks, type Edgerunners } from './edgerunner-table';

// The Edgerunner conflict's second exchange on: Hargan assesses Gatto's cigar, Dee concedes
// for Jade, and Hargan swings until Gatto is out.

/** The later exchanges' turns; `conceded()` says whether Jade has conceded yet. */
export function laterExchanges(t: Edgerunners, cornered: string) {
  const { gm, dee, kim, spectator, overlay, screens, passTime } = t;
  const kimTray = kim.getByRole('form', { name: 'Roll the dice' });

  /**
   * Hargan, exchange 2: Kim reads Gatto's cigar with Empathy against his Stealth as the
   * target number, an assessment: one free invoke [ER-INVOKES-2].
   */
  const harganAssesses = async () => {
    await openTab(kim, 'Dice');
    let assessed = false;
    for (let tries = 0; !assessed && tries < 5; tries++) {
      await setAdvantage(kimTray, 'assessment', 'empathy', '2');
      const card = await newRollCard(kim, () =>
        kimTray.getByRole('button', { name: /^Roll 4dF \+4 vs Fair/ }).click(),
      );
      await expect(card.getByTestId('aspect-action')).toContainText('Assessment');
      await expect(card.getByTestId('roll-outcome')).toBeVisible();
      if ((await shiftsOf(card)) < 0) continue;
      assessed = true;
      await expect(card.getByTestId('aspect-action')).toContainText('buy 1 free invoke');
      await card
        .getByLabel('Assess which aspect')
        .selectOption({ label: 'Never without a cigar (Gatto)' });
      await shot(kim, 'session-edgerunner-13-phone-assessment');
      await card.getByRole('button', { name: 'Take the free invoke' }).click();
      await expect(card.getByRole('button', { name: 'Take the free invoke' })).toHaveCount(0);
    }
    expect(assessed, 'the assessment succeeded within five tries').toBe(true);
    for (const page of [gm, dee, spectator]) {
      const cigar = characterCard(page, 'Gatto').locator('.aspects li', {
        hasText: 'Never without a cigar',
      });
      await expect(cigar.getByTestId('free-invokes')).toHaveAttribute(
        'aria-label',
        '1 free invoke for Hargan (Kim)',
      );
    }
    await passTime();
  };

  /**
   * Gatto, exchange 2: he goes for Jade; Dee concedes before rolling her defence. She took
   * one consequence in this conflict, so she gets 1 + 1 fate points [CORE-FP-10].
   */
  let conceded = false;
  const jadePoints = async (page: Page) =>
    Number(
      /^(\d+)/.exec(
        (await characterCard(page, 'Jade').getByTestId('fate-points').getAttribute('aria-label')) ??
          '',
      )?.[1],
    );
  const gattoGoesForJade = async () => {
    const before = await jadePoints(spectator);
    await gattoAttacks(t, 'Jade');
    const deePrompt = dee.getByTestId('defence');
    await expect(deePrompt).toContainText('Jade must defend against Gatto');
    await shot(dee, 'session-edgerunner-14-dee-before-conceding');
    await concede(deePrompt);
    conceded = true;
    for (const page of screens) {
      await openTab(page, 'Log');
      await expect(page.getByTestId('log')).toContainText(
        'Jade conceded the conflict and gets 2 fate points.',
      );
      await openTab(page, 'Dice');
      await expect(page.getByTestId('defence')).toHaveCount(0);
      await expect(page.getByTestId('roll-card').first()).toContainText(
        'Jade conceded the conflict',
      );
      await openTab(page, 'Scene');
      await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveCount(2);
      await expect(
        page.getByTestId('conflict').getByTestId('turn').filter({ hasText: 'Jade' }),
      ).toHaveCount(0);
    }
    await expect(
      overlay.getByTestId('overlay-event').filter({ hasText: 'Jade conceded' }),
    ).toBeVisible();
    await shot(overlay, 'session-edgerunner-15-overlay-concession');
    await shot(gm, 'session-edgerunner-15-gm-concession');
    await expect.poll(() => jadePoints(spectator)).toBe(before + 2);
    await passTime();
  };

  /**
   * Hargan, exchange 3 on: he swings with Fight, the GM rolls Gatto's defence (Athletics, not
   * the first skill listed); the first time with his free invokes and two consequences for +2
   * and +4 (Fight +3 and +12 against Athletics +1: at least 4 shifts, past Gatto's 2-point
   * boxes). Says whether Gatto was taken out.
   */
  let allIn = false;
  const harganSwings = async (): Promise<boolean> => {
    await openTab(kim, 'Dice');
    await kimTray.locator('select[name="action"]').selectOption('attack');
    await kimTray.locator('select[name="skill"]').selectOption('fight');
    await kimTray.getByLabel('An opposing character').check();
    await kimTray.locator('select[name="opponent"]').selectOption({ label: 'Gatto' });
    const card = await newRollCard(kim, () =>
      kimTray.getByRole('button', { name: /^Roll 4dF \+3/ }).click(),
    );
    const gmPrompt = gm.getByTestId('defence');
    await expect(gmPrompt).toContainText('Gatto must defend against Hargan');
    await gmPrompt.locator('select[name="defence-skill"]').selectOption('athletics');
    await gmPrompt.getByRole('button', { name: 'Roll defence' }).click();
    await expect(card.getByTestId('roll-outcome')).toBeVisible();
    if (!allIn) {
      allIn = true;
      await invokeFree(card, 'Never without a cigar');
      await invokeFree(card, cornered);
      await takeForBonus(card, 'moderate', 'Split knuckles', 2);
      await takeForBonus(card, 'severe', 'Owes Gatto’s cousins a life', 4);
      await shot(kim, 'session-edgerunner-16-phone-all-in');
    }
    const shifts = await shiftsOf(card);
    await applyOutcome(card, 'Gatto reels');
    return (await takeTheHit(gm.getByTestId('roll-card').first(), shifts)) === 'out';
  };

  return { harganAssesses, gattoGoesForJade, harganSwings, conceded: () => conceded };
}
