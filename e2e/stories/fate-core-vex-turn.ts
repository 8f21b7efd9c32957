import { characterCard, overlayMoment, shot } from '../helpers';
import {
  conflictOf,
  expect,
  logSays,
  open,
  signed,
  type Person,
  type SaltMarket,
} from './fate-core-table';

// Vex's turn in the Salt Market conflict: Dee attacks the thug, spends her advantage's free
// invoke the first time, and the GM absorbs for the thug until he is taken out.

/** What the fight has come to so far, as the turns play it. */
export interface Fight {
  kaiStress: boolean;
  /** The severity of the consequence Kai took, once he took one. */
  kaiConsequence: string;
  kaiConceded: boolean;
  thugOut: boolean;
  /** Whether Dee has spent her advantage's free invoke. */
  invoked: boolean;
  /** The free invokes Dee's advantage earned. */
  invokes: number;
  vexAttacks: number;
  exchange: number;
}

/** The latest roll's outcome as a person's screen shows it, once the defence is rolled. */
export async function outcomeOf(p: Person): Promise<string> {
  await open(p, 'Dice');
  const outcome = p.page.getByTestId('roll-card').first().getByTestId('roll-outcome');
  await expect(outcome).toBeVisible();
  return (await outcome.textContent()) ?? '';
}

export const isHit = (outcome: string) => /^Success/.test(outcome);

/** Dee attacks the thug with Fight from her tray; he will roll his own defence. */
async function deeAttacksTheThug(dee: Person): Promise<void> {
  const deeTray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await deeTray.locator('select[name="skill"]').selectOption('fight');
  await deeTray.locator('select[name="action"]').selectOption('attack');
  await deeTray.getByLabel('An opposing character').check();
  await deeTray.locator('select[name="opponent"]').selectOption({ label: 'Dockside Thug' });
  await expect(deeTray).toContainText('They pick their own defence and roll it');
  await deeTray.getByRole('button', { name: /^Roll 4dF \+4$/ }).click();
}

/**
 * Vex's turn: Dee attacks the thug until he drops; the GM rolls his defence. Until Kai is out
 * of it, Vex makes one attack and then watches his back. Dee ends Vex's turn.
 */
export async function vexTurn(t: SaltMarket, f: Fight): Promise<void> {
  const { gm, dee, people, overlay, overlayShot, beat } = t;
  if (!f.thugOut && (f.kaiConceded || f.vexAttacks === 0)) {
    f.vexAttacks++;
    await deeAttacksTheThug(dee);
    const prompt = gm.page.getByTestId('defence').first();
    await expect(prompt).toContainText('Dockside Thug must defend against Vex');
    await prompt.locator('select[name="defence-skill"]').selectOption('athletics');
    await prompt.getByRole('button', { name: 'Roll defence' }).click();
    let outcome = await outcomeOf(dee);
    const card = dee.page.getByTestId('roll-card').first();
    if (!f.invoked) {
      // Dee spends the free invoke her advantage earned: +2 on the attack.
      const total = Number((await card.getByTestId('roll-total').textContent())?.replace('+', ''));
      const pick = card.locator('select[name="invoke-aspect"]');
      const value = await pick
        .locator('option', { hasText: 'Lost in the Crowd' })
        .getAttribute('value');
      await pick.selectOption(value ?? '');
      await expect(card.locator('select[name="invoke-pay"]')).toHaveValue('free');
      await card.getByRole('button', { name: '+2' }).click();
      await expect(card.getByTestId('roll-total')).toHaveText(signed(total + 2));
      await expect(card).toContainText('+2 from “Lost in the Crowd” (free invoke)');
      f.invoked = true;
      const left = f.invokes - 1;
      for (const p of people) {
        await open(p, 'Scene');
        const aspect = p.page.getByTestId('aspect-card').filter({ hasText: 'Lost in the Crowd' });
        if (left > 0) {
          await expect(aspect.getByTestId('free-invoke-holder')).toHaveText(`1 free invoke · Vex`);
        } else {
          await expect(aspect.getByTestId('free-invoke-holder')).toHaveCount(0);
        }
      }
      await beat('8-vex-invokes');
      outcome = await outcomeOf(dee);
    }
    if (isHit(outcome)) {
      await card.getByRole('button', { name: 'Deal the hit' }).click();
      // The GM absorbs for the thug: stress first, then his consequences, as long as he can.
      const panel = gm.page.getByTestId('absorb-panel');
      await expect(panel).toBeVisible();
      const options = panel.getByTestId('absorb-options').locator('label');
      const labels = (await options.allTextContents()).map((l) => l.trim());
      // Nothing left to absorb it with but the extreme consequence (or nothing at all): the
      // GM takes the thug out, on every screen and the overlay.
      if (labels.every((l) => /extreme/.test(l))) {
        await shot(gm.page, 'session-fc-10-gm-no-way-to-absorb');
        await panel.getByRole('button', { name: /^(Taken out|Out of the fight instead)/ }).click();
        // Kai's concession may still be on the overlay: its own "out" moment.
        await expect(
          overlayMoment(overlay, 'out').filter({ hasText: 'Dockside Thug' }),
        ).toContainText('Dockside Thug was taken out.');
        await overlayShot('10-taken-out-moment');
        await logSays(people, 'Dockside Thug was taken out.');
        for (const p of people) {
          await open(p, 'Characters');
          await expect(characterCard(p.page, 'Dockside Thug')).toContainText('Taken out');
          await open(p, 'Scene');
          await expect(conflictOf(p).getByTestId('turn')).toHaveText([/Vex/]);
        }
        await beat('10-thug-taken-out');
        f.thugOut = true;
      } else {
        // The GM keeps the thug standing with the biggest price he can pay (no extreme).
        let pick = labels.length - 1;
        while (pick > 0 && /extreme/.test(labels[pick]!)) pick--;
        await options.nth(pick).getByRole('radio').check();
        for (const severity of ['mild', 'moderate', 'severe']) {
          const name = panel.getByLabel(`Name the ${severity} consequence`);
          if (await name.count()) await name.fill(`Thug’s ${severity} wound`);
        }
        await panel.getByRole('button', { name: 'Absorb' }).click();
        await expect(panel).toHaveCount(0);
        await logSays(people, 'Dockside Thug absorbed');
      }
    }
  }
  // Dee ends Vex's turn.
  await open(dee, 'Scene');
  await dee.page.getByRole('button', { name: 'End my turn' }).click();
}
