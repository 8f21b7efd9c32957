import { conflictOf, expect, open, type Person, type SaltMarket } from './fate-core-table';
import { thugTurn } from './fate-core-thug-turn';
import { vexTurn, type Fight } from './fate-core-vex-turn';

// The Salt Market conflict: the thug steps out of the crowd, and the turns go round until Kai
// has conceded and the thug is taken out.

/** Whose turn the GM's screen marks, and in which exchange. */
async function current(gm: Person): Promise<{ name: string; exchange: number }> {
  const name = await conflictOf(gm).locator('[aria-current="step"] > span').first().textContent();
  const badge = await conflictOf(gm)
    .getByText(/^Exchange \d+$/)
    .textContent();
  return { name: name?.trim() ?? '', exchange: Number(/\d+/.exec(badge ?? '')?.[0]) };
}

/** Every screen marks whose turn it is, in the exchange given. */
async function turnIs({ people }: SaltMarket, name: string, exchange: number): Promise<void> {
  for (const p of people) {
    await open(p, 'Scene');
    await expect(conflictOf(p).locator('[aria-current="step"]')).toContainText(name);
    await expect(conflictOf(p)).toContainText(`Exchange ${exchange}`);
  }
}

/**
 * The conflict: the thug steps out of the crowd. The GM starts it and puts the thug first,
 * then Kai, then Vex, with the arrows; the turn stays with whoever the conflict started with,
 * wherever the GM moved them.
 */
export async function startTheConflict(t: SaltMarket): Promise<void> {
  const { gm, people, beat } = t;
  await conflictOf(gm).getByRole('button', { name: 'Start a conflict' }).click();
  const turns = conflictOf(gm).getByTestId('turn');
  await expect(turns).toHaveCount(3);
  for (const [i, name] of ['Dockside Thug', 'Kai', 'Vex'].entries()) {
    for (;;) {
      const names = await turns.locator('span:first-child').allTextContents();
      const at = names.indexOf(name);
      if (at <= i) break;
      await conflictOf(gm)
        .getByRole('button', { name: `Move ${name} up` })
        .click();
      await expect(turns.nth(at - 1)).toContainText(name);
    }
  }
  const order = [/Dockside Thug/, /Kai/, /Vex/];
  for (const p of people) {
    await open(p, 'Scene');
    await expect(conflictOf(p).getByTestId('turn')).toHaveText(order);
  }
  // The turn stays with whoever the conflict started with, wherever the GM moved them.
  const first = await current(gm);
  expect(first.exchange).toBe(1);
  await turnIs(t, first.name, 1);
  await beat('5-conflict-started');
}

/**
 * Plays the conflict until Kai has conceded and the thug is out, within 20 exchanges (60
 * turns): the thug attacks Kai, Kim holds her ground, Vex attacks the thug.
 */
export async function playTheConflict(t: SaltMarket, invokes: number): Promise<string> {
  const { gm, kim } = t;
  const f: Fight = {
    kaiStress: false,
    kaiConsequence: '',
    kaiConceded: false,
    thugOut: false,
    invoked: false,
    invokes,
    vexAttacks: 0,
    exchange: 1,
  };
  let acting = '';
  for (let turn = 0; turn < 60 && !(f.kaiConceded && f.thugOut); turn++) {
    // The turn moves on from whoever just acted, on every screen.
    if (acting) {
      await expect(conflictOf(gm).locator('[aria-current="step"]')).not.toContainText(acting);
    }
    ({ name: acting, exchange: f.exchange } = await current(gm));
    await turnIs(t, acting, f.exchange);
    if (acting === 'Dockside Thug') await thugTurn(t, f);
    else if (acting === 'Kai') {
      // Kai's turn: Kim holds her ground and ends her turn.
      await open(kim, 'Scene');
      await kim.page.getByRole('button', { name: 'End my turn' }).click();
    } else await vexTurn(t, f);
  }

  expect(f.kaiConceded && f.thugOut, `after ${f.exchange} exchanges`).toBe(true);
  expect(f.exchange).toBeGreaterThanOrEqual(3);
  return f.kaiConsequence;
}
