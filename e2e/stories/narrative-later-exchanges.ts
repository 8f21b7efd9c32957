import { concede, openTab, shot } from '../helpers';
import { expect } from '@playwright/test';
import { absorb, attack, dealOutcome, defend } from './narrative';
import { expectTurn } from './narrative-conflict';
import type { JadeLantern } from './narrative-table';

// The Jade Lantern conflict's later exchanges: Dee concedes for Mara, Vera strikes back if
// she stands, and Zhao comes round again.

/** Exchanges 2 and 3, from Zhao's turn on Mara. Says whether Vera is out at the end. */
export async function laterExchanges(j: JadeLantern, veraOut: boolean): Promise<boolean> {
  const { gm, dee, kim, spectator, overlay } = j;
  // Exchange 2: Zhao turns on Mara; Dee concedes before the dice hit the table.
  await attack(gm, {
    roller: 'Sifu Zhao',
    aspect: 'Kung Fu',
    target: 'Mara Quill',
    strategy: 'aggressive',
    reason: 'A palm strike at the reporter',
  });
  const deePrompt = dee.getByRole('group', { name: "Mara Quill's defence" });
  await expect(deePrompt).toBeVisible();
  await shot(dee, 'nar-18-dee-before-conceding');
  await concede(deePrompt);
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('log')).toContainText('Mara Quill conceded the conflict');
    await expect(page.getByTestId('roll-card').first()).toContainText(
      'Mara Quill conceded the conflict',
    );
    await expect(page.getByTestId('conflict').getByTestId('turn')).not.toContainText([
      'Mara Quill',
    ]);
  }
  await shot(dee, 'nar-19-dee-conceded');
  await gm.getByTestId('conflict').getByRole('button', { name: 'Next turn' }).click();

  // Vera's turn (if she stands): she strikes back at Zhao, and the dice decide who is hurt.
  if (!veraOut) {
    await expectTurn(j, 'Vera Kell', 2);
    await attack(kim, {
      aspect: 'Mad Scientist',
      target: 'Sifu Zhao',
      strategy: 'aggressive',
      creative: true,
      reason: 'A flask of something that fizzes',
    });
    await defend(gm, 'Sifu Zhao', 'Wu-Shen Monks', 'defensive');
    const hit = await dealOutcome(kim);
    if (hit?.target === 'Sifu Zhao') await absorb(gm, 'Sifu Zhao', hit.shifts);
    if (hit?.target === 'Vera Kell') veraOut = await absorb(kim, 'Vera Kell', hit.shifts);
    await shot(kim, 'nar-20-phone-strikes-back');
    if (!veraOut) {
      await openTab(kim, 'Scene');
      await kim.getByRole('button', { name: 'End my turn' }).click();
    }
  }

  // Exchange 3: the order comes round to Zhao again.
  await expectTurn(j, 'Sifu Zhao', 3);
  await shot(gm, 'nar-21-gm-exchange-3');
  if (!veraOut) {
    await attack(gm, {
      roller: 'Sifu Zhao',
      aspect: 'Wu-Shen Monks',
      target: 'Vera Kell',
      strategy: 'defensive',
      reason: 'The monks close in',
    });
    await openTab(kim, 'Dice');
    await defend(kim, 'Vera Kell', 'Perseverance', 'none');
    const hit = await dealOutcome(gm);
    if (hit?.target === 'Sifu Zhao') await absorb(gm, 'Sifu Zhao', hit.shifts);
    if (hit?.target === 'Vera Kell') veraOut = await absorb(kim, 'Vera Kell', hit.shifts);
  }
  await shot(kim, 'nar-22-phone-exchange-3');
  await shot(overlay, 'nar-22-overlay-exchange-3');
  return veraOut;
}
