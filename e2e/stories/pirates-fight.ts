import type { Page } from '@playwright/test';
import { characterCard, openTab, shot } from '../helpers';
import { captainAttacks, type Fight } from './pirates-captain';
import { CRANE, GRELL, MARISOL, TERN, type Heron } from './pirates-crew';
import {
  absorbOptions,
  absorbWith,
  applyOutcome,
  attack,
  defend,
  expect,
  invokeUntilHit,
  outcomeOf,
} from './pirates';

// The pirates fight: the GM starts the conflict and gives the captain a boost; each turn is
// played by whoever's turn it is, until Grell is taken out and Tern has conceded.

/**
 * The GM starts the conflict with everyone in, in the order the table lists them, and gives
 * the captain a boost (Tern slips on the wet planks): one free invoke, then gone.
 */
export async function startTheFight(h: Heron): Promise<string> {
  const { gm, kim, spectator, overlay, screens, desks } = h;
  const conflict = gm.getByTestId('conflict');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  const everyone = [MARISOL.name, TERN.name, CRANE, GRELL];
  for (const page of desks) {
    const order = page.getByTestId('conflict').getByTestId('turn');
    await expect(order).toHaveCount(4);
    for (const name of everyone) await expect(order.filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId('conflict').locator('[aria-current="step"]')).toHaveCount(1);
    await expect(page.getByTestId('conflict')).toContainText('Exchange 1');
  }
  await shot(gm, 'pirates-10-gm-conflict-started');
  await shot(spectator, 'pirates-10-spectator-conflict-started');

  // The boost (Tern slips on the wet planks): one free invoke, then gone.
  const boost = 'Tern slips on the wet planks';
  await gm.getByLabel('New aspect').fill(boost);
  await gm.getByRole('combobox', { name: 'Kind' }).selectOption('boost');
  await gm.getByLabel('Free invokes (GM)').fill('1');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  for (const page of screens) {
    await openTab(page, 'Scene');
    await expect(page.getByTestId('aspect-card').filter({ hasText: boost })).toBeVisible();
  }
  await expect(overlay.getByTestId('overlay-aspect-chip').filter({ hasText: boost })).toBeVisible();
  await shot(kim, 'pirates-10-phone-boost');
  return boost;
}

/**
 * Plays the fight turn by turn, within ten exchanges: Marisol and Tern strike at Grell until
 * he is out, the captain goes for Tern, Grell lets his turns pass. Returns the consequences
 * Tern took.
 */
export async function playTheFight(h: Heron, boost: string): Promise<Fight['ternTaken']> {
  const { gm, dee, kim, spectator, overlay, overlayEvent, screens, desks } = h;
  const conflict = gm.getByTestId('conflict');
  const f: Fight = { boost, grellOut: false, captain: 'stress', boostUsed: false, ternTaken: [] };
  /** The name on the current turn's row (the GM's row also holds the reorder arrows). */
  const currentOn = (page: Page) =>
    page.getByTestId('conflict').locator('[aria-current="step"] > span').first();
  const current = currentOn(gm);
  const exchangeNow = async () =>
    Number(/Exchange (\d+)/.exec((await conflict.textContent()) ?? '')?.[1]);
  /** The turn moves on (the GM's button, or Kim's own "End my turn"), on every desk. */
  const endTurn = async (by: Page = gm) => {
    const before = ((await current.textContent()) ?? '').trim();
    const exchange = await exchangeNow();
    if (by === gm) await conflict.getByRole('button', { name: 'Next turn' }).click();
    else {
      await openTab(by, 'Scene');
      await by.getByRole('button', { name: 'End my turn' }).click();
    }
    await expect(current).not.toHaveText(before);
    const now = ((await current.textContent()) ?? '').trim();
    for (const page of [dee, spectator]) await expect(currentOn(page)).toHaveText(now);
    return { exchange, next: await exchangeNow() };
  };

  /** What Grell's consequences are called, each name used once. */
  const wounds = ['Cracked skull', 'Broken arm', 'Bleeding out'];
  /** Dee or Kim attacks Grell; the GM defends with his Explore; what lands is absorbed. */
  const strikeGrell = async (page: Page, skill: string, reason: string, invokeWith: RegExp) => {
    await attack(page, { skill, target: GRELL, reason });
    await defend(gm, 'explore');
    await invokeUntilHit(page, invokeWith, 1);
    const { outcome } = await outcomeOf(page);
    if (outcome === 'Fail') return;
    await applyOutcome(page, 'Grell reels back');
    if (outcome === 'Tie') return;
    const options = await absorbOptions(gm);
    if (options.length > 0) {
      // The GM spends his consequences first: the bosun is meant to fall.
      const option = options[options.length - 1]!;
      await absorbWith(gm, option, wounds.splice(0, option.split('consequence').length - 1));
      return;
    }
    // A hit Grell cannot absorb takes him out.
    await expect(gm.getByTestId('absorb-panel')).toContainText('Bosun Grell is taken out');
    await shot(gm, 'pirates-20-gm-grell-cannot-absorb');
    await gm.getByTestId('absorb-panel').getByRole('button', { name: 'Taken out' }).click();
    f.grellOut = true;
    // Checked now: the fight goes on, and the captain's later moments push this one off the
    // overlay (it shows the last four), so a check after the fight depends on the dice.
    await expect(overlayEvent('out').filter({ hasText: GRELL })).toBeVisible();
    await shot(overlay, 'pirates-21-overlay-grell-out');
  };

  let exchange = 1;
  for (let turn = 0; !(f.grellOut && f.captain === 'done' && exchange >= 3); turn++) {
    expect(turn, 'the fight is over within ten exchanges').toBeLessThan(36);
    const acting = ((await current.textContent()) ?? '').trim();
    let by: Page = gm;
    if (acting.startsWith(MARISOL.name) && !f.grellOut) {
      await strikeGrell(
        dee,
        'swashbuckle',
        `Marisol's cutlass (${turn})`,
        /Never backs down|pistol/,
      );
      if (turn < 2) await shot(dee, 'pirates-11-dee-attack');
    } else if (acting.startsWith(TERN.name)) {
      if (!f.grellOut) {
        await strikeGrell(kim, 'sneak', `A knife from the shadows (${turn})`, /crawlspace|gulls/);
        await shot(kim, 'pirates-12-phone-attack');
      }
      by = kim;
    } else if (acting.startsWith(CRANE) && f.captain !== 'done') {
      await captainAttacks(h, f);
    }
    // Grell (or anyone with nothing left to do) lets the turn pass.
    const moved = await endTurn(by);
    exchange = moved.next;
    if (moved.next > moved.exchange) {
      await expect(spectator.getByTestId('conflict')).toContainText(`Exchange ${moved.next}`);
      if (moved.next === 2) await shot(gm, 'pirates-17-gm-exchange-2');
    }
  }
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(characterCard(page, GRELL)).toContainText('Taken out');
  }
  // Taken out, Grell leaves the turn order (as a concession does).
  for (const page of desks) {
    await expect(
      page.getByTestId('conflict').getByTestId('turn').filter({ hasText: GRELL }),
    ).toHaveCount(0);
  }
  await shot(gm, 'pirates-21-gm-grell-out');
  await shot(dee, 'pirates-21-dee-grell-out');
  await shot(kim, 'pirates-21-phone-grell-out');
  await shot(spectator, 'pirates-21-spectator-grell-out');
  return f.ternTaken;
}
