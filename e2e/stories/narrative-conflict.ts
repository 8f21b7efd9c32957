import { expect, type Page } from '@playwright/test';
import {
  aspectRatings,
  characterCard,
  openTab,
  overlayMoment,
  ratingTotal,
  shot,
} from '../helpers';
import { absorb, attack, dealOutcome, defend } from './narrative';
import type { JadeLantern } from './narrative-table';

// The Jade Lantern's conflict: initiative by aspect rating, Zhao all out against Vera, Mara
// against the thug, Dee's concession, and a third exchange.

const current = (page: Page) => page.getByTestId('conflict').locator('[aria-current="step"]');

/** Every desk marks `name`'s turn, in the exchange given. */
export async function expectTurn(
  { gm, dee, spectator }: JadeLantern,
  name: string,
  exchange: number,
): Promise<void> {
  for (const page of [gm, dee, spectator]) {
    await expect(current(page)).toContainText(name);
    await expect(page.getByTestId('conflict')).toContainText(`Exchange ${exchange}`);
  }
}

/**
 * The GM starts a conflict by aspect rating: Zhao's Fantastic goes first, the thug's Mediocre
 * last; Mara and Vera (both Good) roll off. Returns the order.
 */
export async function startTheConflict(j: JadeLantern): Promise<string[]> {
  const { gm, dee, spectator } = j;
  const conflict = gm.getByTestId('conflict');
  await conflict.getByLabel('Initiative').selectOption('aspect');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  // Zhao's Fantastic goes first, the thug's Mediocre last; Mara and Vera (both Good) roll off.
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([
      /Sifu Zhao/,
      /Mara Quill|Vera Kell/,
      /Mara Quill|Vera Kell/,
      /Dockside Thug/,
    ]);
    await expect(page.getByTestId('conflict')).toContainText('Exchange 1');
  }
  const order = await gm
    .getByTestId('conflict')
    .getByTestId('turn')
    .locator('span:first-child')
    .allInnerTexts();
  await expectTurn(j, 'Sifu Zhao', 1);
  await shot(gm, 'nar-11-gm-conflict-started');
  return order;
}

/**
 * Exchange 1, Zhao: he attacks Vera, all out (Kung Fu +6, aggressive, creative, a staff); Kim
 * defends on her phone and spreads the hit with the steppers. Says whether Vera is out.
 */
export async function zhaoAttacksVera(j: JadeLantern): Promise<boolean> {
  const { gm, dee, kim, spectator, overlay, veraBase } = j;
  // Zhao: he attacks Vera, all out (Kung Fu +6, aggressive, creative, a staff).
  await attack(gm, {
    roller: 'Sifu Zhao',
    aspect: 'Kung Fu',
    target: 'Vera Kell',
    strategy: 'aggressive',
    creative: true,
    tool: true,
    reason: 'Staff sweep across the tea tables',
  });
  // Kim's phone tells her: a toast and a badge on the Dice tab; one tap brings the prompt.
  await openTab(kim, 'Scene');
  await expect(kim.getByRole('tab', { name: /^Dice/ }).getByTestId('tab-badge')).toBeVisible();
  await shot(kim, 'nar-12-phone-told-to-defend');
  await kim.getByRole('button', { name: 'Defend', exact: true }).click();
  const prompt = kim.getByRole('group', { name: "Vera Kell's defence" });
  await expect(prompt).toBeInViewport();
  // The options best first; she picks Computer Programming (hacking the lights), the last.
  const offered = await prompt.locator('select[name="defence-skill"] option').allInnerTexts();
  expect(offered[0]).toContain('Mad Scientist (+3)');
  expect(offered.at(-1)).toContain('Computer Programming (+1)');
  await shot(kim, 'nar-13-phone-defence-prompt');
  await defend(kim, 'Vera Kell', 'Computer Programming', 'defensive');
  for (const page of [gm, dee, spectator]) {
    await expect(page.getByTestId('log')).toContainText('Vera Kell rolled to defend');
  }
  // Zhao at +9 (at least +6) beats Vera at +2 (at most +5): a hit of 1 to 13 shifts.
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-outcome')).toHaveText(
    /^Success/,
  );
  await expect(gm.getByTestId('roll-card').first().getByTestId('roll-modifiers')).toContainText(
    'Vera Kell: Strategy: defensive +1',
  );
  const hit1 = await dealOutcome(gm);
  expect(hit1?.target).toBe('Vera Kell');
  const shifts1 = hit1!.shifts;
  await openTab(kim, 'Dice');
  const panel = kim.getByRole('form', { name: /on Vera Kell$/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('shifts-left')).toHaveText(
    `${shifts1} shift${shifts1 === 1 ? '' : 's'} left to place.`,
  );
  await shot(kim, 'nar-14-phone-steppers');
  let veraOut = false;
  if (shifts1 > 12) {
    veraOut = await absorb(kim, 'Vera Kell', shifts1);
  } else {
    // She first puts it all on Computer Programming (+1): below Poor, refused with its reason.
    const cp = panel.getByTestId('damage-step').filter({ hasText: 'Computer Programming' });
    for (let k = 0; k < shifts1; k++) {
      await cp.getByRole('button', { name: /^One shift more/ }).click();
    }
    await expect(panel.getByTestId('shifts-left')).toContainText(`All ${shifts1} shift`);
    if (shifts1 > 2) {
      await expect(panel.getByTestId('split-problem')).toContainText('Poor');
      await expect(panel.getByRole('button', { name: 'Absorb' })).toBeDisabled();
      await shot(kim, 'nar-15-phone-illegal-spread');
    }
    for (let k = 0; k < shifts1; k++) {
      await cp.getByRole('button', { name: /^One shift fewer/ }).click();
    }
    await expect(cp.locator('output')).toHaveText('0');
    veraOut = await absorb(kim, 'Vera Kell', shifts1);
  }
  // Every screen shows her lowered aspects (or her out).
  const veraAfter1 = await aspectRatings(gm, 'Vera Kell');
  expect(ratingTotal(veraBase) - ratingTotal(veraAfter1)).toBe(Math.min(shifts1, 12));
  for (const page of [dee, spectator]) {
    expect(await aspectRatings(page, 'Vera Kell')).toEqual(veraAfter1);
    // Each lowered aspect says what it was.
    await expect(characterCard(page, 'Vera Kell').getByTestId('base-rating').first()).toHaveText(
      /^was \+\d$/,
    );
  }
  // Not mid-fight: lost levels come back once the conflict is over [NAR-RECOVER-1].
  if (!veraOut) {
    await expect(
      characterCard(gm, 'Vera Kell').getByTestId('recover-after-conflict'),
    ).toBeVisible();
  }
  await shot(kim, 'nar-16-phone-absorbed');
  await shot(overlay, 'nar-16-overlay-hit');
  return veraOut;
}

/** Mara takes the thug out: he is incapacitated on every screen [NAR-INCAP-1]. */
export async function maraTakesOutTheThug(j: JadeLantern): Promise<void> {
  const { gm, dee, kim, spectator, overlay, clearOverlay } = j;
  await clearOverlay();
  // Mara at +6 (at least +3) against the thug's aggressive defence (at most +2).
  await attack(dee, {
    aspect: 'Conversationalist',
    target: 'Dockside Thug',
    strategy: 'aggressive',
    creative: true,
    tool: true,
    reason: 'A teapot and a withering remark',
  });
  await defend(gm, 'Dockside Thug', 'Intimidating Guy', 'aggressive');
  await expect(dee.getByTestId('roll-card').first().getByTestId('roll-outcome')).toHaveText(
    /^Success/,
  );
  const hit = await dealOutcome(dee);
  expect(hit?.target).toBe('Dockside Thug');
  // One Mediocre aspect (the editor's three blank rows are no aspects): any hit leaves it at
  // Poor or beyond, so he is incapacitated, by the steppers for 1 shift, else outright.
  expect(await absorb(gm, 'Dockside Thug', hit!.shifts)).toBe(true);
  // Incapacitated: his one aspect at Poor, on every screen [NAR-INCAP-1].
  for (const page of [gm, dee, spectator]) {
    await expect(characterCard(page, 'Dockside Thug')).toContainText('Taken out');
    expect(await aspectRatings(page, 'Dockside Thug')).toEqual({ 'Intimidating Guy': -1 });
  }
  await openTab(kim, 'Characters');
  await expect(characterCard(kim, 'Dockside Thug')).toContainText('Taken out');
  await expect(overlayMoment(overlay, 'out').filter({ hasText: 'Dockside Thug' })).toBeVisible();
  await shot(overlay, 'nar-17-overlay-thug-out');
  await shot(spectator, 'nar-17-spectator-thug-out');
  await shot(kim, 'nar-17-phone-thug-out');
}
