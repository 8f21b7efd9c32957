import { expect as baseExpect, type Locator } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import { totalOf } from '../support/play';

// The story helpers of e2e/session-edgerunner.spec.ts: what the people at an Edgerunner
// table do through the app, in the words the app shows them.

/** Free invokes bought by shifts [ER-INVOKES-1], at least one once placed [ER-INVOKES-2]. */
export function invokesFor(shifts: number): number {
  const bought = shifts >= 10 ? 4 : shifts >= 6 ? 3 : shifts >= 3 ? 2 : shifts >= 1 ? 1 : 0;
  return Math.max(1, bought);
}

export const invokeWords = (n: number) => `${n} free invoke${n === 1 ? '' : 's'}`;

/**
 * The roller's side of an attack's outcome, whatever the dice made it: deal the hit, or take
 * the boost a tie gives; a miss has nothing to apply.
 */
export async function applyOutcome(card: Locator, boostName: string): Promise<void> {
  const form = card.getByRole('form', { name: 'Apply the outcome' });
  const outcome = (await card.getByTestId('roll-outcome').textContent()) ?? '';
  if (/^Fail/.test(outcome.trim())) {
    await expect(form).toHaveCount(0);
    return;
  }
  await expect(form).toBeVisible();
  const boost = form.getByLabel('Name the boost');
  if (await boost.isVisible()) await boost.fill(boostName);
  await form.locator('button[type="submit"]').click();
  await expect(form).toHaveCount(0);
}

/**
 * The defender's player takes the hit a roll of `shifts` left: the last way the ruleset lists
 * to absorb it (not the first), or taken out when nothing can absorb it. Says which.
 */
export async function takeTheHit(
  card: Locator,
  shifts: number,
): Promise<'absorbed' | 'out' | 'none'> {
  if (shifts <= 0) {
    await expect(card.getByTestId('absorb-panel')).toHaveCount(0);
    return 'none';
  }
  await expect(card.getByTestId('hit')).toContainText(`Hit on`);
  const panel = card.getByTestId('absorb-panel');
  await expect(panel).toBeVisible();
  const options = panel.getByTestId('absorb-options').locator('input[type="radio"]');
  if ((await options.count()) === 0) {
    await panel.getByRole('button', { name: 'Taken out' }).click();
    await expect(panel).toHaveCount(0);
    return 'out';
  }
  await options.last().check();
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(panel).toHaveCount(0);
  return 'absorbed';
}

/** Invokes an aspect on the latest roll card with one of its free invokes, for +2. */
export async function invokeFree(card: Locator, text: string): Promise<void> {
  const group = card.getByRole('group', { name: 'Invoke an aspect on this roll' });
  const pick = group.locator('select[name="invoke-aspect"]');
  const value = await pick
    .locator('option', { hasText: text })
    .filter({ hasText: 'free' })
    .first()
    .getAttribute('value');
  expect(value, `a free invoke on “${text}”`).toBeTruthy();
  await pick.selectOption(value);
  await expect(group.locator('select[name="invoke-pay"]')).toHaveValue('free');
  const before = await totalOf(card);
  await group.getByRole('button', { name: '+2' }).click();
  await expect(card.getByTestId('roll-total')).toHaveText(new RegExp(`^\\+?${before + 2}$`));
}

/** Takes a consequence for a bonus on the latest roll card [ER-CONSEQ-1]. */
export async function takeForBonus(
  card: Locator,
  slot: 'mild' | 'moderate' | 'severe',
  text: string,
  bonus: number,
): Promise<void> {
  const form = card.getByRole('form', {
    name: /^Take a consequence for .+ for a bonus on this roll$/,
  });
  await form.locator('select[name="consequence-slot"]').selectOption(slot);
  await expect(form.locator('select[name="consequence-slot"] option:checked')).toHaveText(
    `${slot} (+${bonus})`,
  );
  await form.getByLabel('Name it').fill(text);
  const before = await totalOf(card);
  await form.getByRole('button', { name: 'Take it for the bonus' }).click();
  await expect(card.getByTestId('roll-total')).toHaveText(new RegExp(`^\\+?${before + bonus}$`));
}

/**
 * Sets a dice tray to create an advantage: its aspect action (a maneuver, an assessment), the
 * skill, and a difficulty to roll against.
 */
export async function setAdvantage(
  tray: Locator,
  aspectAction: string,
  skill: string,
  difficulty: string,
): Promise<void> {
  await tray.locator('select[name="action"]').selectOption('create-advantage');
  await tray.getByLabel('Aspect action').selectOption(aspectAction);
  await tray.locator('select[name="skill"]').selectOption(skill);
  await tray.getByLabel('A difficulty').check();
  await tray.locator('select[name="difficulty"]').selectOption(difficulty);
}
