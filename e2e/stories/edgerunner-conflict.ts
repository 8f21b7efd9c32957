import { expect as baseExpect, type Page } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import { openTab, shot } from '../helpers';
import { firstExchange, type Declaration } from './edgerunner-first-exchange';
import { laterExchanges } from './edgerunner-later-exchanges';
import type { Edgerunners } from './edgerunner-table';

// The Edgerunner conflict: each character acts on their turn, in the order the table shows.

/**
 * The GM starts the conflict and moves the last one up with the keyboard (Alt+↑ on its
 * arrow); the turn stays with whoever was acting, on every screen.
 */
export async function startTheConflict(t: Edgerunners): Promise<void> {
  const { gm, dee, spectator } = t;
  const conflict = gm.getByTestId('conflict');
  await conflict.getByRole('button', { name: 'Start a conflict' }).click();
  const turns = conflict.getByTestId('turn');
  await expect(turns).toHaveCount(3);
  const names = async () =>
    (await turns.allTextContents()).map((t) =>
      ['Jade', 'Hargan', 'Gatto'].find((n) => t.includes(n))!,
    );
  // The GM moves the last one up with the keyboard (Alt+↑ on its arrow); the turn stays with
  // whoever was acting.
  const first = (await names())[0]!;
  const [a, b, c] = await names();
  await conflict.getByRole('button', { name: `Move ${c} up` }).focus();
  await gm.keyboard.press('Alt+ArrowUp');
  await expect(turns).toHaveText([new RegExp(a!), new RegExp(c!), new RegExp(b!)]);
  for (const page of [dee, spectator]) {
    await expect(page.getByTestId('conflict').getByTestId('turn')).toHaveText([
      new RegExp(a!),
      new RegExp(c!),
      new RegExp(b!),
    ]);
  }
  await expect(conflict.locator('[aria-current="step"]')).toContainText(first);
  await shot(spectator, 'session-edgerunner-06-spectator-conflict');
}

/**
 * Plays the conflict turn by turn until Gatto is taken out: Jade maneuvers and concedes,
 * Hargan corners, assesses and swings, Gatto swings back; each screen says whose turn it is.
 */
export async function playTheConflict(t: Edgerunners, declaration: Declaration): Promise<void> {
  const { gm, dee, kim, screens } = t;
  const conflict = gm.getByTestId('conflict');
  /** Whose screen says "Your turn" for each character: its player's, the GM's for Gatto. */
  const controller: Record<string, Page> = { Jade: dee, Hargan: kim, Gatto: gm };
  const turnIs = async (who: string, exchange: number) => {
    for (const page of screens) {
      await openTab(page, 'Scene');
      const panel = page.getByTestId('conflict');
      await expect(panel.locator('[aria-current="step"]')).toContainText(who);
      await expect(panel.locator('[aria-current="step"]')).toContainText(
        controller[who] === page ? 'Your turn' : 'Their turn',
      );
      await expect(panel).toContainText(`Exchange ${exchange}`);
    }
  };
  const acting = async () => {
    const text = (await conflict.locator('[aria-current="step"]').textContent()) ?? '';
    return ['Jade', 'Hargan', 'Gatto'].find((n) => text.includes(n))!;
  };
  const exchangeNow = async () =>
    Number(/Exchange (\d+)/.exec((await conflict.textContent()) ?? '')?.[1]);
  /** A player ends their own turn from the conflict panel (on the phone, the Scene tab). */
  const endMyTurn = async (page: Page) => {
    await openTab(page, 'Scene');
    await page.getByTestId('conflict').getByRole('button', { name: 'End my turn' }).click();
  };
  const first = firstExchange(t, declaration);
  const later = laterExchanges(t, first.cornered);

  let out = false;
  let exchange = 1;
  for (let turn = 0; !out && turn < 16; turn++) {
    const who = await acting();
    exchange = await exchangeNow();
    await turnIs(who, exchange);
    if (who === 'Jade') {
      if (exchange === 1) await first.jadeManeuvers();
      await endMyTurn(dee);
    } else if (who === 'Hargan') {
      if (exchange === 1) await first.harganCorners();
      else if (exchange === 2) await later.harganAssesses();
      else out = await later.harganSwings();
      if (!out) await endMyTurn(kim);
    } else {
      if (exchange === 1) await first.gattoSwingsAtHargan();
      else if (exchange === 2 && !later.conceded()) await later.gattoGoesForJade();
      await conflict.getByRole('button', { name: 'Next turn' }).click();
    }
    // The turn moves on, on the GM's screen too, before the next one is read.
    if (!out) {
      await expect
        .poll(async () => `${await acting()} ${await exchangeNow()}`)
        .not.toBe(`${who} ${exchange}`);
    }
  }
  expect(out, 'Gatto was taken out').toBe(true);
  expect(later.conceded(), 'Jade conceded').toBe(true);
  expect(exchange, 'at least three exchanges').toBeGreaterThanOrEqual(3);
}
