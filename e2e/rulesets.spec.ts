import { test, expect } from '@playwright/test';
import { createTable, joinAndCreate, shot, expectAccessible } from './helpers';

// Each of the four games: a character from the ruleset's own template passes its validation,
// and a roll with the ruleset's dice shows up on the GM's screen.
for (const ruleset of ['fate-core', 'pirates', 'edgerunner', 'narrative'] as const) {
  test(`${ruleset}: create a character from the template and roll`, async ({ browser }) => {
    const { gm, links, context } = await createTable(browser, `A ${ruleset} night`, ruleset);
    const player = await joinAndCreate(browser, links.player, 'Dee', {
      name: 'Vex',
      highConcept: 'Street-smart fixer',
      trouble: 'Too many favours owed',
    });
    const p1 = player.page;
    const tray = p1.getByRole('form', { name: 'Roll the dice' });
    const dice = ruleset === 'narrative' ? '3dF' : '4dF';
    await expect(tray.getByTestId('odds')).toBeVisible();
    // Against Legendary even narrative's simple actions become real rolls.
    await tray.locator('select[name="difficulty"]').selectOption('8');
    await tray.getByRole('button', { name: new RegExp(`^Roll ${dice}`) }).click();
    const roll = gm.getByTestId('roll-card').first();
    await expect(roll.getByTestId('roll-outcome')).toBeVisible();
    await expect(roll.locator('.die')).toHaveCount(ruleset === 'narrative' ? 3 : 4);
    await shot(p1, `ruleset-${ruleset}-player`);
    if (ruleset === 'narrative') await expectAccessible(p1, `${ruleset} player`);
    await context.close();
    await player.context.close();
  });
}
