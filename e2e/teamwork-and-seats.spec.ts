/// <reference lib="dom" />
import { test } from '@playwright/test';
import {
  atTheBellTower,
  guardAttacksKai,
  helpedLeapOnEveryScreen,
  leapTray,
  openOnPhone,
  patientExpect as expect,
  PHONE,
  shot,
} from './helpers';

// Help is given, never taken; a restored seat goes back to its player only. The GM and Dee at
// desks, Kim on a 390x844 phone, a spectator and the 1080p stream overlay. Dee asks Kai (Kim's)
// to help her Athletics roll: Kim declines on her phone, Dee asks again, Kim accepts, and the
// roll counts Kai's +1 on every screen. The GM's guard attacks Kai: the GM's tray does not
// offer Kai as the guard's helper. Then the GM downloads the table and restores it elsewhere:
// its seats wait for their players, the GM hands out claim links from Who is here, Dee comes
// back through hers, and Kim, on the plain player link, is told to ask the GM for hers.
// [CORE-TEAMWORK-1] [CORE-TEAMWORK-2]

test('fate-core: help asked, declined and given; a restored table’s seats go back to their players', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const group = await atTheBellTower(browser, 'teamwork');
  const { gm, links, spectator, overlay, overlayShot, contexts } = group;
  const [dee, kim] = group.players;

  // ── Dee asks Kai to help her leap (Athletics Good, Roofrunner +2).
  const { tray: deeTray, bonuses } = await leapTray(dee);
  await bonuses.getByRole('checkbox', { name: /Roofrunner/ }).check();
  // Kai may help once Kim agrees; the GM's guard is never Dee's helper.
  const kaiRow = bonuses.getByTestId('helper');
  await expect(kaiRow).toHaveCount(1);
  await expect(kaiRow).toContainText('Kai, Fair (+2): +1 if their player agrees');
  await expect(bonuses).not.toContainText('Bell Tower Guard');
  await expect(deeTray.getByRole('button', { name: /^Roll 4dF \+5 vs Superb/ })).toBeVisible();
  await bonuses.getByRole('button', { name: 'Ask Kai to help' }).click();
  await expect(kaiRow).toContainText('Kai: asked, waiting for an answer…');

  // Kim's phone: told, and the question on her Dice tab with the skill and the +1.
  await expect(kim.getByText('Vex asks Kai to help: answer it.')).toBeVisible();
  await openOnPhone(kim, true, 'Dice');
  const prompt = kim.getByTestId('help-prompt');
  await expect(prompt).toHaveText(/Dee asks Kai to help Vex with Athletics: \+1 to the roll\./);
  await shot(kim, 'teamwork-1-kim-phone-help-prompt', { fullPage: false });
  await prompt.getByRole('button', { name: 'Decline' }).click();
  await expect(prompt).toHaveCount(0);

  // Dee sees the no before rolling, and asks again.
  await expect(kaiRow).toContainText('Kai declined to help.');
  await expect(deeTray.getByRole('button', { name: /^Roll 4dF \+5 vs Superb/ })).toBeVisible();
  await shot(dee, 'teamwork-2-dee-declined');
  await bonuses.getByRole('button', { name: 'Ask Kai again' }).click();
  await expect(prompt).toHaveText(/Dee asks Kai to help Vex with Athletics/);
  await prompt.getByRole('button', { name: 'Help (+1)' }).click();
  await expect(prompt).toContainText('Kai helps Vex’s next Athletics roll (+1).');
  await shot(kim, 'teamwork-3-kim-phone-agreed', { fullPage: false });
  await expect(kaiRow).toContainText('Kai agreed to help: +1');
  await shot(dee, 'teamwork-3-dee-agreed');
  await deeTray.getByRole('button', { name: /^Roll 4dF \+6 vs Superb \(\+5\)/ }).click();

  await helpedLeapOnEveryScreen({ gm, dee, kim, spectator, overlay });
  await overlayShot('1-helped-roll');
  // The yes was for that roll: Kim's prompt is gone, and the next roll asks again.
  await expect(kim.getByTestId('help-prompt')).toHaveCount(0);
  await expect(kaiRow).toContainText('+1 if their player agrees');

  // ── The guard attacks Kai: the GM's tray offers Vex's help, never Kai's on Kai.
  const gmTray = await guardAttacksKai(gm);
  const gmHelpers = gmTray.getByTestId('bonuses').getByTestId('helper');
  await expect(gmHelpers).toHaveCount(1);
  await expect(gmHelpers).toContainText('Vex, Great (+4): +1');
  await expect(gmTray.getByTestId('bonuses')).not.toContainText('Kai');
  await shot(gm, 'teamwork-4-gm-attack-tray');
  await gmHelpers.getByRole('checkbox').check();
  await gmTray.getByRole('button', { name: /^Roll 4dF \+5$/ }).click();
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-modifiers')).toHaveText(
    'Bell Tower Guard: help from Vex +1',
  );
  await openOnPhone(kim, true, 'Dice');
  await kim.getByTestId('defence').getByRole('button', { name: 'Roll defence' }).click();

  // ── The GM downloads the table and restores it, as if on another server.
  const [download] = await Promise.all([
    gm.waitForEvent('download'),
    gm.getByTestId('table-files').getByRole('button', { name: 'Download the table' }).click(),
  ]);
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  const elsewhere = await browser.newContext({
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  contexts.push(elsewhere);
  const gm2 = await elsewhere.newPage();
  await gm2.goto('/');
  await gm2.getByTestId('restore-table').getByLabel('Table file (.json)').setInputFiles(path);
  await expect(gm2.getByTestId('table-name')).toHaveText('Rooftops of Varn');
  const invites = gm2.getByRole('button', { name: 'Invite links', exact: true });
  if ((await invites.getAttribute('aria-expanded')) !== 'true') await invites.click();
  const player2 = await gm2.getByTestId('invites').getByLabel('Player link').inputValue();
  expect(player2).not.toBe(links.player);

  // Who is here: both seats wait for their players; a claim link for each, copied.
  const who = gm2.getByRole('region', { name: 'Who is here' });
  await expect(gm2.getByTestId('restored-note')).toBeVisible();
  await expect(who.getByTestId('presence')).toContainText('waiting to come back');
  const claimLinks: Record<string, string> = {};
  for (const name of ['Dee', 'Kim']) {
    await who.getByRole('button', { name: `Make a claim link for ${name}` }).click();
    const field = who.getByLabel(`Claim link for ${name}`, { exact: true });
    await expect(field).toHaveValue(/#token=.+&seat=.+&claim=[\w-]{43}$/);
    claimLinks[name] = await field.inputValue();
    expect(claimLinks[name]).toContain(player2.split('#token=')[1]!);
  }
  expect(await gm2.evaluate(() => navigator.clipboard.readText())).toBe(claimLinks.Kim);
  await who.scrollIntoViewIfNeeded();
  await who.screenshot({ path: 'e2e/screenshots/teamwork-5-gm-who-is-here-claims.png' });

  // Kim, on the plain player link on her phone: told what waits and what to ask.
  const kimBack = await kim.context().newPage();
  await kimBack.goto(player2);
  const waiting = kimBack.getByTestId('restored-seats');
  await expect(waiting).toContainText('These seats wait for their players');
  await expect(waiting).toContainText('Kim (Kai)');
  await expect(waiting).toContainText('ask the GM for your claim link');
  await expect(kimBack.getByRole('button', { name: /^I am/ })).toHaveCount(0);
  await shot(kimBack, 'teamwork-6-kim-phone-plain-link');

  // Dee, through her claim link: welcomed back to her seat, and Vex is hers again.
  const deeBack = await dee.context().newPage();
  await deeBack.goto(claimLinks.Dee!);
  const welcome = deeBack.getByTestId('claim-seat');
  await expect(welcome).toContainText('your seat waits for you: Dee (Vex)');
  await shot(deeBack, 'teamwork-7-dee-claim-link');
  await welcome.getByRole('button', { name: 'Take back my seat' }).click();
  await expect(deeBack.getByTestId('table-name')).toHaveText('Rooftops of Varn');
  expect(deeBack.url()).not.toContain('claim=');
  await expect(deeBack.getByRole('form', { name: 'Roll the dice' })).toBeVisible();
  await shot(deeBack, 'teamwork-8-dee-back');
  // The GM sees her back; Kim still waits, and her list now names only her seat.
  await expect(who.getByLabel('Claim link for Dee', { exact: true })).toHaveCount(0);
  await expect(who.getByLabel('Claim link for Kim', { exact: true })).toBeVisible();
  await expect(waiting).not.toContainText('Dee (Vex)');

  // Kim uses hers: Kai is back on her phone, and the GM's note is gone.
  await kimBack.goto(claimLinks.Kim!);
  await kimBack
    .getByTestId('claim-seat')
    .getByRole('button', { name: 'Take back my seat' })
    .click();
  await expect(kimBack.getByTestId('table-name')).toBeVisible();
  await expect(gm2.getByTestId('restored-note')).toHaveCount(0);
  // A used link takes nothing: opened again, it says so.
  const again = await browser.newContext({ viewport: PHONE });
  contexts.push(again);
  const stranger = await again.newPage();
  await stranger.goto(claimLinks.Kim!);
  await expect(stranger.getByTestId('claim-gone')).toBeVisible();
  await expect(stranger.getByTestId('claim-seat')).toHaveCount(0);

  await group.close();
});
