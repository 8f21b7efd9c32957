/// <reference lib="dom" />
import { test } from '@playwright/test';
import { expect, open, seatTheSaltMarket } from './stories/fate-core-table';
import { playTheConflict, startTheConflict } from './stories/fate-core-conflict';
import { endTheScene, treatKaiNextSession } from './stories/fate-core-recovery';

// A whole Fate Core session, played as a group plays it. The GM and Dee at desks, Kim
// on a 390x844 phone, a spectator and the stream overlay (1920x1080), all at once. Dee and Kim
// make their characters in the editor (a full pyramid each, different builds), the GM makes an
// NPC; a scene with pushed aspects; Dee creates an advantage and invokes its free invoke; a
// conflict of several exchanges in which Kim defends with a skill she picks, absorbs stress,
// takes a consequence and concedes, and the GM's thug is taken out; the scene ends, a new
// session starts, and Dee treats Kai's consequence with a recovery roll.
//
// Every action is a person's, through the UI. The dice are real, so the fight runs until what it
// needs has happened (a hit on Kai, then another, then Vex's hits on the thug) with a bound on
// the exchanges: 20 of them (60 turns), since the thug absorbs up to five hits and a run of
// misses on either side made 10 too few now and then.
//
// The people and their screens are in stories/fate-core-table.ts, the conflict's turns in
// stories/fate-core-conflict.ts and its neighbours, what follows it in fate-core-recovery.ts.

test('fate-core: a whole session — characters, scene, advantage, a conflict with a concession and a take-out, recovery next session', async ({
  browser,
}) => {
  // Five browsers on two shared cores, and a fight as long as the dice make it.
  test.setTimeout(1_800_000);

  // ── The GM creates the table; Dee (desk), Kim (phone), a spectator and the overlay open it;
  // the characters through the editor.
  const t = await seatTheSaltMarket(browser);
  const { gm, dee, kim, people, overlay, overlayShot, beat, contexts } = t;

  // ── A scene: the GM starts it and pushes a situation aspect to every screen.
  await gm.page.getByLabel('Scene name').fill('The Salt Market at dusk');
  await gm.page.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.page.getByRole('button', { name: 'End the scene' })).toBeVisible();
  for (const text of ['Crowded Fish Stalls', 'Rain-Slick Cobbles']) {
    await gm.page.getByLabel('New aspect').fill(text);
    await gm.page.getByRole('button', { name: 'Add aspect' }).click();
    await expect(gm.page.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
  }
  await gm.page.getByRole('button', { name: 'Push “Rain-Slick Cobbles” to every screen' }).click();
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Rain-Slick Cobbles');
  await overlayShot('3-pushed-moment');
  for (const p of people) {
    await open(p, 'Scene');
    await expect(p.page.getByTestId('spotlight-strip')).toContainText('Rain-Slick Cobbles');
    await expect(
      p.page.getByTestId('aspect-card').filter({ hasText: 'Crowded Fish Stalls' }),
    ).toBeVisible();
  }
  await expect(
    overlay.getByTestId('overlay-aspect-chip').filter({ hasText: 'Crowded Fish Stalls' }),
  ).toBeVisible();
  await beat('3-scene-pushed');
  // The moment leaves the overlay; the aspect stays in its strip.
  await expect(overlay.getByTestId('overlay-aspect')).toHaveCount(0);
  await expect(
    overlay.getByTestId('overlay-aspect-chip').filter({ hasText: 'Rain-Slick Cobbles' }),
  ).toBeVisible();

  // ── Dee creates an advantage, reading the crowd with Notice against Terrible (−2): Good +3
  // with the worst dice (−1) still beats it, so the advantage is always placed.
  const deeTray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await deeTray.locator('select[name="skill"]').selectOption('notice');
  await deeTray.locator('select[name="action"]').selectOption('create-advantage');
  await deeTray.locator('select[name="difficulty"]').selectOption('-2');
  await deeTray.getByLabel('What for (optional)').fill('Slip between the stalls');
  await deeTray.getByRole('button', { name: 'Roll 4dF +3 vs Terrible (-2)' }).click();
  const advantageCard = dee.page.getByTestId('roll-card').first();
  await expect(advantageCard.getByTestId('roll-outcome')).toHaveText(/^Success/);
  const withStyle = /with style/.test(
    (await advantageCard.getByTestId('roll-outcome').textContent()) ?? '',
  );
  const invokes = withStyle ? 2 : 1;
  await advantageCard.getByLabel('Name the advantage').fill('Lost in the Crowd');
  await advantageCard.getByRole('button', { name: 'Create aspect' }).click();
  const holder = `${invokes} free invoke${invokes === 1 ? '' : 's'} · Vex`;
  for (const p of people) {
    await open(p, 'Scene');
    const card = p.page.getByTestId('aspect-card').filter({ hasText: 'Lost in the Crowd' });
    await expect(card.getByTestId('free-invoke-holder')).toHaveText(holder);
  }
  await expect(
    overlay
      .getByTestId('overlay-aspect-chip')
      .filter({ hasText: 'Lost in the Crowd' })
      .getByTestId('overlay-invokes'),
  ).toHaveText(holder);
  await open(kim, 'Log');
  for (const p of people) {
    await expect(p.page.getByTestId('log')).toContainText(
      `Vex created an advantage — ${withStyle ? 'success with style' : 'success'}`,
    );
  }
  await beat('4-advantage');

  // ── The conflict: the thug steps out of the crowd.
  await startTheConflict(t);
  const kaiConsequence = await playTheConflict(t, invokes);

  // ── The scene ends; a new session, and Dee treats Kai's consequence.
  await endTheScene(t);
  await treatKaiNextSession(t, kaiConsequence);

  for (const c of contexts.reverse()) await c.close();
});
