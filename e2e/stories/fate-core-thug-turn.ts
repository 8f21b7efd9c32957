import { characterCard, concede, overlayMoment, shot } from '../helpers';
import { conflictOf, expect, fatePoints, logSays, open, type SaltMarket } from './fate-core-table';
import { isHit, outcomeOf, type Fight } from './fate-core-vex-turn';

// The Dockside Thug's turn in the Salt Market conflict: the GM attacks Kai, and Kim, on her
// phone, defends with a skill she picks and absorbs the hit, or, hurt, concedes.

/** The thug's turn: while Kai is in the fight, the GM attacks him; then the next turn. */
export async function thugTurn(t: SaltMarket, f: Fight): Promise<void> {
  const { gm, dee, kim, spectator, people, overlay, overlayShot, overlayPoints, beat } = t;
  const gmTray = gm.page.getByRole('form', { name: 'Roll the dice' });
  if (!f.kaiConceded) {
    await gmTray.locator('select[name="roller"]').selectOption({ label: 'Dockside Thug' });
    await gmTray.locator('select[name="skill"]').selectOption('fight');
    await gmTray.locator('select[name="action"]').selectOption('attack');
    await gmTray.getByLabel('An opposing character').check();
    await gmTray.locator('select[name="opponent"]').selectOption({ label: 'Kai' });
    await gmTray.getByRole('button', { name: /^Roll 4dF \+4$/ }).click();
    for (const p of [dee, spectator]) {
      await expect(p.page.getByTestId('awaiting-defence').first()).toContainText(
        'Waiting for Kai’s defence roll',
      );
    }
    // Kim is told on her phone, wherever she is, and opens the prompt.
    await open(kim, 'Dice');
    const prompt = kim.page.getByTestId('defence');
    await expect(prompt).toContainText('Kai must defend against Dockside Thug');
    if (f.kaiStress && f.kaiConsequence) {
      // Hurt and outmatched, Kim concedes before rolling: 1 + 1 per consequence this conflict.
      const before = await fatePoints(gm.page, 'Kai');
      await shot(kim.page, 'session-fc-9-kim-phone-concedes');
      await concede(prompt);
      await expect(overlayMoment(overlay, 'out')).toContainText(
        'Kai conceded the conflict and gets 2 fate points.',
      );
      await overlayShot('9-concession-moment');
      await logSays(people, 'Kai conceded the conflict and gets 2 fate points.');
      for (const p of people) {
        await open(p, 'Characters');
        await expect(
          characterCard(p.page, 'Kai').getByTestId('fate-points').locator('.fp-value'),
        ).toHaveText(String(before + 2));
      }
      await expect(overlayPoints('Kai')).toHaveText(String(before + 2));
      for (const p of people) {
        await open(p, 'Dice');
        await expect(p.page.getByTestId('defence')).toHaveCount(0);
        await expect(p.page.getByTestId('roll-card').first()).toContainText(
          'Kai conceded the conflict',
        );
        await open(p, 'Scene');
        await expect(conflictOf(p).getByTestId('turn')).toHaveText([/Dockside Thug/, /Vex/]);
      }
      await beat('9-concession');
      f.kaiConceded = true;
    } else {
      // She defends with a skill of her choosing: Athletics, not the first on the list.
      const skill = prompt.locator('select[name="defence-skill"]');
      const values = await skill
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(values[0]).not.toBe('athletics');
      expect(values).toContain('athletics');
      await skill.selectOption('athletics');
      if (f.exchange === 1) await shot(kim.page, 'session-fc-6-kim-phone-defence');
      await prompt.getByRole('button', { name: 'Roll defence' }).click();
      await logSays(people, 'Kai rolled to defend');
      const outcome = await outcomeOf(gm);
      for (const p of people) expect(await outcomeOf(p)).toBe(outcome);
      if (isHit(outcome)) {
        const card = gm.page.getByTestId('roll-card').first();
        await card.getByRole('button', { name: 'Deal the hit' }).click();
        // The hit waits on Kim's phone: she absorbs it there.
        await open(kim, 'Dice');
        const panel = kim.page.getByTestId('absorb-panel');
        await expect(panel).toContainText('Kai: take the hit');
        const labels = await panel.getByTestId('absorb-options').locator('label').allTextContents();
        const boxOnly = labels.findIndex((l) => !/consequence/.test(l));
        const withConsequence = labels.findIndex((l) =>
          /^\s*(mild|moderate|severe) consequence/.test(l),
        );
        const pick = !f.kaiStress && boxOnly >= 0 ? boxOnly : withConsequence;
        expect(pick, `Kai's ways to absorb: ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
        const label = labels[pick]!.trim();
        await panel.getByTestId('absorb-options').getByRole('radio').nth(pick).check();
        const severity = /^(mild|moderate|severe) consequence/.exec(label)?.[1];
        if (severity) {
          await panel.getByLabel(`Name the ${severity} consequence`).fill('Cracked Ribs');
        }
        await shot(kim.page, `session-fc-7-kim-phone-absorbs-${f.exchange}`);
        await panel.getByRole('button', { name: 'Absorb' }).click();
        await expect(overlayMoment(overlay, 'harm').last()).toContainText('Kai absorbed');
        await overlayShot(`7-kai-hit-${f.exchange}-moment`);
        await logSays(people, `Kai absorbed`);
        if (/box/.test(label)) f.kaiStress = true;
        if (severity) f.kaiConsequence = severity;
        for (const p of people) {
          await open(p, 'Characters');
          const kai = characterCard(p.page, 'Kai');
          if (/box/.test(label)) {
            const value = /(\d)-point physical box/.exec(label)![1];
            await expect(kai.getByLabel(`Physical stress box ${value}, checked`)).toBeVisible();
          }
          if (severity) {
            await expect(kai.locator('.consequences li.taken')).toContainText('Cracked Ribs');
          }
        }
        await beat(`7-kai-hit-${f.exchange}`);
      }
    }
  }
  await gm.page.getByRole('button', { name: 'Next turn' }).click();
}
