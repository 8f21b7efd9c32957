/// <reference lib="dom" />
import { test } from '@playwright/test';
import {
  atTheBellTower,
  guardAttacksKai,
  helpedLeapOnEveryScreen,
  leapTray,
  openOnPhone,
  patientExpect as expect,
  shot,
} from './helpers';

// A stunt's +2 and a friend's +1 on a Fate Core roll, as a group uses them: the GM and Dee at
// desks, Kim on a 390x844 phone, a spectator and the stream overlay. Dee climbs with the
// second of her two stunts and Kai's help, which Kim gives on her phone when Dee asks; the
// player's tray offers only the player characters as helpers, and only those with the skill;
// then the GM's thug attacks Kai (the GM's tray offers Vex's help, not Kai's on Kai) and Kim,
// on her phone, defends with her stunt. Every screen shows who and what added what.
// [CORE-STUNT-1] [CORE-TEAMWORK-1] [CORE-TEAMWORK-2]

test('fate-core: a stunt and a friend’s help on a roll, and a stunt on a defence, seen on every screen', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // ── Full pyramids; Vex with two stunts, Kai (on the phone) with one. The GM's guard: Great
  // Fight, Average Athletics.
  const group = await atTheBellTower(browser, 'stunts');
  const { gm, spectator, overlay, overlayShot } = group;
  const [dee, kim] = group.players;

  // ── Dee's tray: Athletics Good (+3), her second stunt, and Kai's help (Fair Athletics).
  const { tray: deeTray, bonuses } = await leapTray(dee);
  await expect(bonuses.locator('input[name="stunt"]')).toHaveCount(2);
  // A player's helpers are the other player characters: Kai, not the GM's guard; Kai helps
  // once Kim says yes.
  await expect(bonuses.getByTestId('helper')).toHaveCount(1);
  await expect(bonuses).not.toContainText('Bell Tower Guard');
  await expect(bonuses).toContainText('Kai, Fair (+2): +1 if their player agrees');
  await bonuses.getByRole('checkbox', { name: /Roofrunner/ }).check();
  await bonuses.getByRole('button', { name: 'Ask Kai to help' }).click();
  await openOnPhone(kim, true, 'Dice');
  await kim.getByTestId('help-prompt').getByRole('button', { name: 'Help (+1)' }).click();
  await expect(bonuses).toContainText('Kai agreed to help: +1');
  await expect(
    deeTray.getByRole('button', { name: /^Roll 4dF \+6 vs Superb \(\+5\)/ }),
  ).toBeVisible();
  // Shoot: Kai has none (Mediocre), so he cannot help with it; back to Athletics, he can.
  await deeTray.locator('select[name="skill"]').selectOption('shoot');
  await expect(bonuses.locator('input[name="helper"]')).toBeDisabled();
  await expect(bonuses).toContainText('Kai, Mediocre (+0): needs Average (+1) to help');
  await deeTray.locator('select[name="skill"]').selectOption('athletics');
  await expect(bonuses).toContainText('Kai agreed to help: +1');
  await expect(
    deeTray.getByRole('button', { name: /^Roll 4dF \+6 vs Superb \(\+5\)/ }),
  ).toBeVisible();
  await shot(dee, 'stunts-1-dee-tray');
  await deeTray.getByRole('button', { name: /^Roll 4dF \+6/ }).click();

  await helpedLeapOnEveryScreen({ gm, dee, kim, spectator, overlay });
  // The log keeps why the total is what it is, after the card has scrolled away.
  await expect(gm.getByTestId('log')).toContainText(
    /Vex rolled to overcome \[[-+0 ]+; Roofrunner \(stunt\) \+2, help from Kai \+1\]/,
  );
  await overlayShot('2-roll');
  await shot(spectator, 'stunts-2-spectator');
  // The tray forgets the stunt and the help once the roll is out.
  await expect(bonuses.getByRole('checkbox', { name: /Roofrunner/ })).not.toBeChecked();
  await expect(bonuses).toContainText('Kai, Fair (+2): +1 if their player agrees');

  // ── The guard attacks Kai; Kim, on her phone, defends with Fight and Shield Wall.
  const gmTray = await guardAttacksKai(gm);
  // The GM adds anyone's help, without asking; never Kai's on the attack against Kai.
  await expect(gmTray.getByTestId('bonuses').locator('input[name="helper"]')).toHaveCount(1);
  await expect(gmTray.getByTestId('bonuses')).not.toContainText('Kai');
  await gmTray.getByRole('button', { name: /^Roll 4dF \+4$/ }).click();
  await openOnPhone(kim, true, 'Dice');
  const prompt = kim.getByTestId('defence');
  await expect(prompt).toContainText('Kai must defend against Bell Tower Guard');
  await prompt.locator('select[name="defence-skill"]').selectOption('fight');
  await prompt
    .getByTestId('defence-bonuses')
    .getByRole('checkbox', { name: /Shield Wall/ })
    .check();
  await shot(kim, 'stunts-3-kim-phone-defence', { fullPage: false });
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  for (const [page, phone] of [
    [gm, false],
    [kim, true],
    [spectator, false],
  ] as const) {
    await openOnPhone(page, phone, 'Dice');
    await expect(page.getByTestId('roll-card').first().getByTestId('roll-modifiers')).toHaveText(
      'Kai: Shield Wall (stunt) +2',
    );
  }
  await expect(overlay.getByTestId('overlay-roll-against-bonuses').first()).toHaveText(
    'Shield Wall (stunt) +2',
  );
  await openOnPhone(kim, true, 'Log');
  await expect(kim.getByTestId('log')).toContainText(
    /Kai rolled to defend \[[-+0 ]+; Shield Wall \(stunt\) \+2\]/,
  );
  await overlayShot('3-defence');
  await shot(gm, 'stunts-3-gm');
  await shot(kim, 'stunts-3-kim-phone');

  await group.close();
});
