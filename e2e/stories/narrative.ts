import { expect, type Locator, type Page } from '@playwright/test';
import { openTab } from '../support/play';

// The story helpers of e2e/session-narrative.spec.ts: what the people at a narrative table
// do through the app (write a rated aspect, attack, defend, deal and spread a hit). The dice
// are real, so each helper reads what the dice said and lets the spec react as a group would.

export type Strategy = 'none' | 'defensive' | 'aggressive';

/** Picks the option whose text contains `text` (an aspect's label carries its rating). */
export async function pick(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  if (value === null) throw new Error(`no option "${text}"`);
  await select.selectOption(value);
}

/** Writes one aspect row of the editor and picks its rating. */
export async function aspectRow(page: Page, label: string, text: string, rating: number) {
  const editor = page.getByTestId('editor').last();
  const input = editor.getByLabel(label, { exact: true });
  await input.fill(text);
  const name = (await input.getAttribute('name')) ?? '';
  const index = name.split('-').at(-1);
  await editor.locator(`select[name="aspect-rating-${index}"]`).selectOption(String(rating));
}

/** The tray's attack on a character, with the side's modifiers. */
export async function attack(
  page: Page,
  o: {
    roller?: string;
    aspect: string;
    target: string;
    strategy?: Strategy;
    creative?: boolean;
    tool?: boolean;
    reason: string;
  },
): Promise<void> {
  await openTab(page, 'Dice');
  const tray = page.getByRole('form', { name: 'Roll the dice' });
  if (o.roller) await tray.locator('select[name="roller"]').selectOption({ label: o.roller });
  await pick(tray.locator('select[name="skill"]'), `${o.aspect} (`);
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: o.target });
  await tray.locator('select[name="strategy"]').selectOption(o.strategy ?? 'none');
  await tray.locator('select[name="creativity"]').selectOption(o.creative ? '1' : '0');
  await tray.locator('input[name="tool"]').setChecked(!!o.tool);
  await tray.getByLabel('What for (optional)').fill(o.reason);
  await expect(tray).toContainText('They pick their own defence and roll it');
  await tray.getByRole('button', { name: /^Roll 3dF/ }).click();
  await expect(page.getByTestId('roll-card').first()).toContainText(o.reason);
}

/** The defender's controller answers the prompt with an aspect, a strategy and rolls. */
export async function defend(page: Page, defender: string, aspect: string, strategy: Strategy) {
  const prompt = page.getByRole('group', { name: `${defender}'s defence` });
  await expect(prompt).toBeVisible();
  await pick(prompt.locator('select[name="defence-skill"]'), aspect);
  await prompt.locator('select[name="defence-strategy"]').selectOption(strategy);
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(prompt).toHaveCount(0);
}

/**
 * The roller deals the outcome of their latest exchange. Returns who was hit and for how many
 * shifts (the winner hurts the loser, attacker or defender [NAR-CONFLICT-3]), or null on no
 * winner.
 */
export async function dealOutcome(page: Page): Promise<{ target: string; shifts: number } | null> {
  await openTab(page, 'Dice');
  const card = page.getByTestId('roll-card').first();
  await expect(card.getByTestId('roll-outcome')).toBeVisible();
  // No winner, no hit: the card offers nothing to deal.
  const result = (await card.getByTestId('roll-outcome').textContent()) ?? '';
  const deal = card.getByRole('button', { name: 'Deal the hit' });
  if (/^Tie/.test(result.trim())) {
    await expect(deal).toHaveCount(0);
    return null;
  }
  await deal.click();
  await expect(deal).toHaveCount(0);
  const hit = card.getByTestId('hit');
  if ((await hit.count()) === 0) return null;
  const m = /Hit on (.+) for (\d+) shifts?/.exec(await hit.innerText());
  if (!m) return null;
  return { target: m[1]!, shifts: Number(m[2]) };
}

/**
 * The hit's taker spreads it: the steppers place shifts on the highest aspects first, never
 * below Poor; a hit as big as what is left, or bigger, takes the character out [NAR-INCAP-1].
 * Returns whether they were taken out.
 */
export async function absorb(page: Page, name: string, shifts: number): Promise<boolean> {
  await openTab(page, 'Dice');
  const panel = page.getByRole('form', { name: new RegExp(`on ${name}$`) });
  await expect(panel).toBeVisible();
  const out = panel.getByRole('button', { name: 'Taken out', exact: true });
  if (await out.isVisible()) {
    await expect(panel).toContainText(`${name} is taken out`);
    await out.click();
    await expect(panel).toHaveCount(0);
    return true;
  }
  const steps = panel.getByTestId('damage-step');
  const rated: { i: number; rating: number }[] = [];
  for (let i = 0; i < (await steps.count()); i++) {
    rated.push({ i, rating: Number(await steps.nth(i).getAttribute('data-rating')) });
  }
  rated.sort((a, b) => b.rating - a.rating);
  let left = shifts;
  for (const { i, rating } of rated) {
    const n = Math.min(left, rating + 1);
    for (let k = 0; k < n; k++) {
      await steps
        .nth(i)
        .getByRole('button', { name: /^One shift more/ })
        .click();
    }
    await expect(steps.nth(i).locator('output')).toHaveText(String(n));
    left -= n;
  }
  await expect(panel.getByTestId('shifts-left')).toContainText(`All ${shifts} shift`);
  await expect(panel.getByTestId('split-problem')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(panel).toHaveCount(0);
  // A spread that leaves every aspect at Poor incapacitates too [NAR-INCAP-1].
  return shifts === rated.reduce((sum, { rating }) => sum + rating + 1, 0);
}
