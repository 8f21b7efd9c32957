import { characterCard, concede, openTab, overlayMoment, shot } from '../helpers';
import { CRANE, fatePoints, TERN, type Heron } from './pirates-crew';
import {
  absorbOptions,
  absorbWith,
  applyOutcome,
  attack,
  defend,
  expect,
  invokeUntilHit,
  latestRoll,
  outcomeOf,
} from './pirates';

// The captain's turns in the pirates fight: she goes for Tern, and Kim, on her phone, defends
// with a skill she picks, absorbs with stress, then a consequence, then concedes.

/**
 * What the captain is after, in turn: a hit Tern absorbs with stress, one that costs her a
 * consequence, then a last lunge she concedes to.
 */
export type Aim = 'stress' | 'consequence' | 'concede' | 'done';

/** What the fight has come to so far. */
export interface Fight {
  /** The GM's boost on the captain's side. */
  boost: string;
  grellOut: boolean;
  captain: Aim;
  boostUsed: boolean;
  /**
   * Consequences Tern took in this scene: a concession pays 1 + 1 for each. The first,
   * "Pinned to the mast", is the one she recovers from: its severity sets the difficulty.
   */
  ternTaken: { name: string; severity: string }[];
}

/** The captain attacks Tern with her rapier; what follows depends on what she is after. */
export async function captainAttacks(h: Heron, f: Fight): Promise<void> {
  const { gm, dee, kim, spectator, overlay, screens, desks } = h;
  const { boost } = f;
  await attack(gm, {
    roller: CRANE,
    skill: 'swashbuckle',
    target: TERN.name,
    reason: `The captain's rapier (${f.captain})`,
  });
  await openTab(kim, 'Dice');
  const prompt = kim.getByTestId('defence');
  await expect(prompt).toContainText(`Tern must defend against ${CRANE}`);
  if (f.captain === 'concede') {
    // Pirates pays 1 + 1 per consequence taken in the scene: two fate points.
    await openTab(kim, 'Characters');
    const before = Number(await fatePoints(kim, TERN.name).textContent());
    await openTab(kim, 'Dice');
    await shot(kim, 'pirates-19-phone-before-concede');
    const pay = 1 + f.ternTaken.length;
    await concede(prompt);
    for (const page of screens) {
      await openTab(page, 'Characters');
      await expect(fatePoints(page, TERN.name)).toHaveText(String(before + pay));
      await openTab(page, 'Log');
      await expect(page.getByTestId('log')).toContainText(
        `Tern conceded the conflict and gets ${pay} fate points.`,
      );
    }
    // Marisol, Tern, Crane and Grell began; Tern has left, and Grell too if the dice
    // already took him out.
    for (const page of desks) {
      await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveCount(
        f.grellOut ? 2 : 3,
      );
    }
    await expect(
      overlay.getByTestId('overlay-fate-points').filter({ hasText: TERN.name }),
    ).toContainText(String(before + pay));
    await shot(kim, 'pirates-19-phone-conceded');
    await shot(dee, 'pirates-19-dee-conceded');
    await shot(overlay, 'pirates-19-overlay-conceded');
    f.captain = 'done';
    return;
  }
  // Kim picks her defence: not the first listed (her best), but what fits the moment.
  const skill = f.captain === 'stress' ? 'explore' : 'savvy';
  const listed = await prompt
    .locator('select[name="defence-skill"] option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(listed[0]).not.toBe(skill);
  if (f.captain === 'stress') await shot(kim, 'pirates-13-phone-defence-prompt');
  await defend(kim, skill);
  for (const page of screens) {
    await openTab(page, 'Log');
    await expect(page.getByTestId('log')).toContainText('Tern rolled to defend');
  }
  if (!f.boostUsed) {
    // The GM spends the boost's free invoke on the captain's roll: +2, and the boost is gone.
    const card = latestRoll(gm);
    const pick = card.locator('select[name="invoke-aspect"]');
    await pick.selectOption({ label: `${boost} · 1 free` });
    await expect(card.locator('select[name="invoke-pay"]')).toHaveValue('free');
    await card.getByRole('button', { name: '+2' }).click();
    await expect(card).toContainText(`+2 from “${boost}” (free invoke)`);
    for (const page of screens) {
      await openTab(page, 'Scene');
      await expect(page.getByTestId('aspect-card').filter({ hasText: boost })).toHaveCount(0);
    }
    f.boostUsed = true;
  }
  // Then the GM's pool, while the attack still misses.
  await invokeUntilHit(gm, /Ruthless captain/, 2);
  await shot(overlay, `pirates-14-overlay-captain-${f.captain}`);
  const { outcome, shifts } = await outcomeOf(gm);
  // A miss needs nothing applied; a tie gives the captain a boost.
  if (outcome === 'Fail') return;
  await applyOutcome(gm, 'Tern is cornered');
  if (outcome === 'Tie') return;
  const options = await absorbOptions(kim);
  if (f.captain === 'stress') {
    // "Up to" the box's value: the 3-point box takes any hit of three or less.
    const box = options.find((o) => o === '3-point stress box');
    if (!box) {
      // Too big for a box alone: Kim takes the cheapest way, a consequence among it.
      f.ternTaken.push(
        ...(await absorbWith(kim, options[0]!, ['Pinned to the mast', 'Run through'])),
      );
      f.captain = f.ternTaken.length > 0 ? 'concede' : 'consequence';
      return;
    }
    await shot(kim, 'pirates-15-phone-absorb');
    await absorbWith(kim, box);
    for (const page of screens) {
      await openTab(page, 'Characters');
      await expect(
        characterCard(page, TERN.name).getByRole(page === gm ? 'button' : 'img', {
          name: 'Stress box 3, checked',
        }),
      ).toBeVisible();
    }
    await openTab(kim, 'Log');
    await expect(kim.getByTestId('log')).toContainText(
      `absorbed ${shifts} shift${shifts === 1 ? '' : 's'}`,
    );
    await expect(overlayMoment(overlay, 'harm').filter({ hasText: 'Tern absorbed' })).toBeVisible();
    await shot(spectator, 'pirates-16-spectator-stress');
    await shot(overlay, 'pirates-16-overlay-stress');
    f.captain = 'consequence';
    return;
  }
  const withConsequence = options.find((o) => o.includes('consequence'));
  expect(withConsequence, options.join(' | ')).toBeDefined();
  f.ternTaken.push(
    ...(await absorbWith(kim, withConsequence!, ['Pinned to the mast', 'Run through'])),
  );
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(characterCard(page, TERN.name).locator('.consequences li.taken')).toContainText(
      'Pinned to the mast',
    );
  }
  await expect(overlayMoment(overlay, 'harm').filter({ hasText: 'Tern absorbed' })).toBeVisible();
  await shot(kim, 'pirates-18-phone-consequence');
  await shot(overlay, 'pirates-18-overlay-consequence');
  f.captain = 'concede';
}
