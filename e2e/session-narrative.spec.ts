import { test, expect } from '@playwright/test';
import { openTab, shot } from './helpers';
import {
  endWithTheSituationRemaining,
  nextSessionEverythingBack,
} from './stories/narrative-aftermath';
import {
  expectTurn,
  maraTakesOutTheThug,
  startTheConflict,
  zhaoAttacksVera,
} from './stories/narrative-conflict';
import { laterExchanges } from './stories/narrative-later-exchanges';
import { seatTheJadeLantern } from './stories/narrative-table';

// A whole `narrative` session (text 003) as a group plays it. The GM at a desk, Dee
// at a desk, Kim on a 390x844 phone, a spectator and the stream overlay (1920x1080), all at
// once. Characters through the editor (aspects rated one Good, two Fair, one Average), a scene
// with pushed aspects, a simple and a complex action, a conflict by initiative over three
// exchanges (Kim defends on her phone with an aspect she picks and spreads the damage with the
// steppers; Dee concedes; the GM's thug is incapacitated), the conflict's end giving levels back
// (half while the situation remains), the scene's end, and the rest once healed.
//
// Every action is a person's, in the browser. The dice are real: where the session needs a
// certain result the characters make it certain (Sifu Zhao's Fantastic Kung Fu against Vera's
// Average aspect; Mara's Good aspect with every modifier against a Mediocre thug who fights
// aggressively); elsewhere the spec follows whatever the dice said.
//
// The people and their characters are in stories/narrative-table.ts, the conflict in
// narrative-conflict.ts and narrative-later-exchanges.ts, its end in narrative-aftermath.ts.

// Five browsers on two shared cores: a trace of actions only (no screencast, no DOM snapshots),
// which costs little; the screenshots below show each view.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false } });

test('narrative: a whole session — characters, scene, a three-exchange conflict, concession, incapacitation, recovery', async ({
  browser,
}) => {
  // Five browsers on two shared cores.
  test.setTimeout(600_000);

  // ── The table and the people at it ─────────────────────────────────────────────────────
  const j = await seatTheJadeLantern(browser);
  const { gm, dee, kim, spectator, overlay, clearOverlay, contexts } = j;

  // ── The scene: aspects pushed to every screen and the overlay ─────────────────────────
  const tools = gm.getByTestId('gm-tools');
  await tools.getByLabel('Scene name').fill('The tea house on Canal Street');
  await tools.getByRole('button', { name: 'Start a scene' }).click();
  await gm.getByLabel('New aspect').fill('Paper lanterns everywhere');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await gm
    .getByRole('button', { name: 'Push “Paper lanterns everywhere” to every screen' })
    .click();
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('spotlight-strip')).toContainText('Paper lanterns everywhere');
  }
  await openTab(kim, 'Scene');
  await expect(kim.getByTestId('spotlight-strip')).toContainText('Paper lanterns everywhere');
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Paper lanterns everywhere');
  await shot(overlay, 'nar-06-overlay-pushed');
  await shot(kim, 'nar-06-phone-pushed');
  // A prepared aspect, revealed and pushed mid-scene.
  await tools.getByLabel('Hidden aspect').fill('The floor is slick with tea');
  await tools.getByRole('button', { name: 'Prepare' }).click();
  await tools.getByRole('button', { name: 'Reveal and push' }).click();
  for (const page of [gm, dee, kim, spectator]) {
    await expect(page.getByTestId('spotlight-strip')).toContainText('The floor is slick with tea');
  }
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('The floor is slick with tea');
  await expect(overlay.getByTestId('overlay-aspect-chip')).toHaveText([
    /Paper lanterns everywhere/,
    /The floor is slick with tea/,
  ]);
  await shot(gm, 'nar-07-gm-scene');
  await shot(spectator, 'nar-07-spectator-scene');
  await shot(overlay, 'nar-07-overlay-second-push');

  // ── A simple action: Conversationalist (+3) above Fair (+2) is not rolled [NAR-SIMPLE-1] ─
  const deeTray = dee.getByRole('form', { name: 'Roll the dice' });
  await deeTray.locator('select[name="skill"]').selectOption({ label: 'Conversationalist (+3)' });
  await deeTray.locator('select[name="difficulty"]').selectOption('2');
  await deeTray.getByLabel('What for (optional)').fill('Charm the tea master');
  await expect(deeTray.getByTestId('simple-action')).toContainText('No roll needed');
  await deeTray.getByRole('button', { name: 'Succeed: no roll needed vs Fair (+2)' }).click();
  for (const page of [gm, spectator]) {
    await expect(page.getByTestId('roll-card').first()).toContainText('Simple action, not rolled');
  }

  // ── A complex action: Mad Scientist (+3) below Superb (+5), creative and with a tool ────
  await openTab(kim, 'Dice');
  const kimTray = kim.getByRole('form', { name: 'Roll the dice' });
  await kimTray.locator('select[name="skill"]').selectOption({ label: 'Mad Scientist (+3)' });
  await kimTray.locator('select[name="action"]').selectOption('create-advantage');
  await kimTray.locator('select[name="difficulty"]').selectOption('5');
  await kimTray.getByLabel('Creativity').selectOption('1');
  await kimTray.getByLabel('A fitting tool (+1)').check();
  await expect(kimTray.getByTestId('side-modifiers')).toContainText('+1');
  await kimTray.getByLabel('What for (optional)').fill('Rig the lanterns to flare');
  await expect(kimTray.getByTestId('odds')).toBeVisible();
  await shot(kim, 'nar-08-phone-complex-tray');
  await clearOverlay();
  await kimTray.getByRole('button', { name: 'Roll 3dF +5 vs Superb (+5)' }).click();
  const complex = gm.getByTestId('roll-card').first();
  await expect(complex).toContainText('Rig the lanterns to flare');
  await expect(complex.getByTestId('roll-outcome')).toBeVisible();
  await expect(complex.getByTestId('roll-modifiers')).toContainText('+1');
  await expect(
    overlay.getByTestId('overlay-event').filter({ hasText: 'Vera Kell' }).first(),
  ).toBeVisible();
  await shot(overlay, 'nar-09-overlay-roll');
  await shot(gm, 'nar-09-gm-rolls');
  // Kim applies what her roll came to (an aspect if it worked, nothing if not).
  const kimCard = kim.getByTestId('roll-card').first();
  const advantage = kimCard.getByLabel('Name the advantage');
  if (await advantage.isVisible()) await advantage.fill('Blinding lantern flare');
  await kimCard
    .getByRole('button', { name: /Create aspect|Apply the outcome|Take the boost/ })
    .click();
  const boost = kimCard.getByLabel('Name the boost');
  if (await boost.isVisible()) {
    await boost.fill('Lanterns sputter');
    await kimCard.getByRole('button', { name: 'Take the boost' }).click();
  }
  await shot(kim, 'nar-10-phone-complex-done');

  // ── The conflict: initiative by aspect rating ──────────────────────────────────────────
  const order = await startTheConflict(j);
  await clearOverlay();
  // Exchange 1, Zhao: he attacks Vera, all out (Kung Fu +6, aggressive, creative, a staff).
  let veraOut = await zhaoAttacksVera(j);
  await gm.getByTestId('conflict').getByRole('button', { name: 'Next turn' }).click();

  // The rest of exchange 1: Mara and Vera in their rolled order.
  const pcs = order.slice(1, 3);
  for (const who of pcs) {
    await expectTurn(j, who, 1);
    if (who === 'Mara Quill') {
      await maraTakesOutTheThug(j);
      await dee.getByRole('button', { name: 'End my turn' }).click();
    } else if (!veraOut) {
      // Vera takes cover behind the counter: her turn passes with no roll.
      await openTab(kim, 'Scene');
      await kim.getByRole('button', { name: 'End my turn' }).click();
    } else {
      await gm.getByTestId('conflict').getByRole('button', { name: 'Next turn' }).click();
    }
  }
  // The thug left the order when he went down: the exchange wraps to Zhao.
  await expectTurn(j, 'Sifu Zhao', 2);
  await expect(gm.getByTestId('conflict').getByTestId('turn')).not.toContainText(['Dockside Thug']);

  // Exchanges 2 and 3: Dee concedes for Mara, Vera strikes back, Zhao comes round again.
  veraOut = await laterExchanges(j, veraOut);

  // ── The scene ends: Zhao slips away, so the situation remains ──────────────────────────
  const lostLevels = await endWithTheSituationRemaining(j);

  // ── The next session: the GM says it is over, and everything comes back ───────────────
  await nextSessionEverythingBack(j, lostLevels);

  for (const c of contexts.reverse()) await c.close();
});
