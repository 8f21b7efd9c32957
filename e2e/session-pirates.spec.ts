import { test } from '@playwright/test';
import { openTab, shot } from './helpers';
import { expect } from './stories/pirates';
import { endTheScene, recoverNextSession } from './stories/pirates-aftermath';
import { fatePoints, MARISOL, seatTheHeron, TERN } from './stories/pirates-crew';
import { playTheFight, startTheFight } from './stories/pirates-fight';

// A whole `pirates` session (text 000) as a group plays it, through the UI. The GM at
// a desk, Dee (Marisol) at a desk, Kim (Tern) on a 390x844 phone, a spectator, and the stream
// overlay at 1080p. Characters made in the editor; a scene with pushed aspects; a compel
// refused (the point goes to the GM's pool, who suggested it) and one accepted; a boost; a
// conflict of three exchanges or more in which Kim defends with a skill she picks, absorbs
// "up to" a box's value, takes a consequence and concedes (1 + 1 per consequence taken in the
// scene); an NPC taken out by a hit it cannot absorb; the scene's end (the pool is lost); a
// new session and the recovery roll "against the consequence's value". The dice are real: the
// spec reads what they said and plays on as a group would.
//
// The crew and their screens are in stories/pirates-crew.ts, the fight in pirates-fight.ts
// (the captain's turns in pirates-captain.ts), what follows it in pirates-aftermath.ts.

test('pirates: a whole session — characters, scene, compels, a three-exchange fight, concession, taken out, recovery', async ({
  browser,
}) => {
  // Five browsers on two cores shared with other runs, and dice that may miss for a while: a
  // quiet machine plays it in a few minutes, a loaded one may take ten times as long.
  test.setTimeout(1_500_000);

  // ── Characters, through the editor ─────────────────────────────────────────────────────
  const h = await seatTheHeron(browser);
  const { gm, dee, kim, spectator, overlay, overlayEvent, screens, contexts } = h;

  // ── The scene: the pool, pushed aspects ─────────────────────────────────────────────────
  await gm.getByLabel('Scene name').fill('Boarding the Gilded Heron');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();
  // The GM's pool is the number of players in the scene: two.
  for (const page of screens) {
    await openTab(page, 'Log');
    await expect(page.getByTestId('gm-pool')).toHaveText('2');
  }
  for (const text of ['Thick fog on the water', 'Rigging tangled overhead']) {
    await gm.getByLabel('New aspect').fill(text);
    await gm.getByRole('button', { name: 'Add aspect' }).click();
    await expect(gm.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
  }
  await gm.getByRole('button', { name: 'Push “Thick fog on the water” to every screen' }).click();
  for (const page of screens) {
    await openTab(page, 'Scene');
    await expect(page.getByTestId('spotlight-strip')).toContainText('Thick fog on the water');
    await expect(page.getByTestId('aspect-card')).toHaveCount(2);
  }
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Thick fog on the water');
  await expect(overlay.getByTestId('overlay-aspect-chip')).toHaveCount(2);
  await shot(gm, 'pirates-05-gm-scene-pushed');
  await shot(dee, 'pirates-05-dee-scene-pushed');
  await shot(kim, 'pirates-05-phone-scene-pushed');
  await shot(spectator, 'pirates-05-spectator-scene-pushed');
  await shot(overlay, 'pirates-05-overlay-scene-pushed');
  await gm.getByTestId('spotlight-strip').getByRole('button', { name: 'Dismiss' }).click();
  await overlay.clock.runFor(8_000);
  await expect(overlay.getByTestId('overlay-aspect')).toHaveCount(0);

  // ── Compels: one refused (the GM suggested it: the point goes to the pool), one accepted ──
  const offer = gm.getByRole('form', { name: 'Offer a compel' });
  await offer.getByLabel('Compel').selectOption({ label: MARISOL.name });
  await offer.locator('select[name="compel-aspect"]').selectOption({ label: MARISOL.trouble });
  const refused = 'The Governor’s agent on deck orders her to stand down';
  await offer.getByLabel('What happens').fill(refused);
  await offer.getByRole('button', { name: 'Offer the compel' }).click();
  const deeCompel = dee.getByTestId('compel').filter({ hasText: refused });
  await expect(deeCompel).toBeVisible();
  await expect(overlayEvent('compel')).toBeVisible();
  await shot(dee, 'pirates-06-dee-compel-offered');
  await deeCompel.getByRole('button', { name: 'Refuse, pay a fate point' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(fatePoints(page, MARISOL.name)).toHaveText('1');
    await openTab(page, 'Log');
    await expect(page.getByTestId('gm-pool')).toHaveText('3');
    await expect(page.getByTestId('log')).toContainText('paid the GM a fate point');
  }
  await shot(spectator, 'pirates-07-spectator-compel-refused');
  await shot(overlay, 'pirates-07-overlay-compel-refused');

  await offer.getByLabel('Compel').selectOption({ label: TERN.name });
  await offer.locator('select[name="compel-aspect"]').selectOption({ label: TERN.trouble });
  const accepted = 'The captain’s strongbox sits unguarded in the great cabin';
  await offer.getByLabel('What happens').fill(accepted);
  await offer.getByRole('button', { name: 'Offer the compel' }).click();
  // Kim is told on her phone, whatever tab she is on, and answers in one tap from the toast.
  const kimToast = kim.locator('.toast.attention');
  await expect(kimToast).toContainText(`Compel on Tern: “${accepted}”`);
  await shot(kim, 'pirates-08-phone-compel-toast');
  await kimToast.getByRole('button').first().click();
  const kimCompel = kim.getByTestId('compel').filter({ hasText: accepted });
  await kimCompel.getByRole('button', { name: 'Accept, gain a fate point' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(fatePoints(page, TERN.name)).toHaveText('4');
    await openTab(page, 'Log');
    await expect(page.getByTestId('gm-pool')).toHaveText('3');
  }
  await shot(kim, 'pirates-09-phone-compel-accepted');

  // ── The conflict ────────────────────────────────────────────────────────────────────────
  const boost = await startTheFight(h);
  const ternTaken = await playTheFight(h, boost);

  // ── The scene's end: the pool is lost ──────────────────────────────────────────────────
  await endTheScene(h);

  // ── A new session; Kim rolls Tern's recovery against the consequence's value ────────────
  await recoverNextSession(h, ternTaken);

  for (const c of contexts.reverse()) await c.close();
});
