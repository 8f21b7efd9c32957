import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { openTab } from '../support/play';

// Five browsers share two busy cores with other runs: each check may wait longer.
export const expect = baseExpect.configure({ timeout: 20_000 });

// The story helpers of e2e/session-pirates.spec.ts: what a person does at a pirates table,
// through the UI. The dice are real, so each helper reads what the dice said and lets the
// spec react as a group would (invoke to turn a miss into a hit, absorb what landed).

/** A pirate as its player writes it in the editor. */
export interface Pirate {
  name: string;
  highConcept: string;
  trouble: string;
  ship: string;
  free: [string, string];
  skills: Record<string, number>;
  stunts: { name: string; text: string }[];
}

/** Writes the sheet into the editor (aspects by slot, skills by id, stunts one by one). */
export async function writeSheet(page: Page, pirate: Pirate): Promise<void> {
  await page.getByLabel('Character name').fill(pirate.name);
  await page.locator('input[name^="aspect-high-concept"]').fill(pirate.highConcept);
  await page.locator('input[name^="aspect-trouble"]').fill(pirate.trouble);
  await page.locator('input[name^="aspect-ship"]').fill(pirate.ship);
  const free = page.locator('input[name^="aspect-free"]');
  await expect(free).toHaveCount(2);
  await free.nth(0).fill(pirate.free[0]);
  await free.nth(1).fill(pirate.free[1]);
  for (const [id, rating] of Object.entries(pirate.skills)) {
    await page.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
  }
}

export async function addStunts(
  page: Page,
  stunts: { name: string; text: string }[],
  from = 0,
): Promise<void> {
  for (let i = from; i < stunts.length; i++) {
    await page.getByRole('button', { name: 'Add a stunt' }).click();
    await page.getByLabel(`Stunt ${i + 1} name`).fill(stunts[i]!.name);
    await page.getByLabel(`Stunt ${i + 1} text`).fill(stunts[i]!.text);
  }
}

/** The newest roll card on a page. */
export const latestRoll = (page: Page): Locator => page.getByTestId('roll-card').first();

/** An attack from the dice tray against a character who will defend. */
export async function attack(
  page: Page,
  o: { roller?: string; skill: string; target: string; reason: string },
): Promise<void> {
  await openTab(page, 'Dice');
  const tray = page.getByRole('form', { name: 'Roll the dice' });
  if (o.roller) await tray.locator('select[name="roller"]').selectOption({ label: o.roller });
  await tray.locator('select[name="skill"]').selectOption(o.skill);
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: o.target });
  await expect(tray).toContainText('They pick their own defence and roll it');
  await tray.getByLabel('What for (optional)').fill(o.reason);
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  await expect(latestRoll(page)).toContainText(o.reason);
}

/** The defender's controller picks a skill (by id) and rolls the defence. */
export async function defend(page: Page, skillId: string): Promise<void> {
  await openTab(page, 'Dice');
  const prompt = page.getByTestId('defence').first();
  await expect(prompt.getByRole('button', { name: 'Roll defence' })).toBeVisible();
  const select = prompt.locator('select[name="defence-skill"]');
  await select.selectOption(skillId);
  await expect(select).toHaveValue(skillId);
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(page.getByTestId('defence')).toHaveCount(0);
}

export type Outcome = 'Fail' | 'Tie' | 'Success' | 'Success with style';

/** The newest roll's outcome and shifts as its card shows them ("Success (+2)"). */
export async function outcomeOf(page: Page): Promise<{ outcome: Outcome; shifts: number }> {
  const text = (await latestRoll(page).getByTestId('roll-outcome').textContent()) ?? '';
  const m = /^(Fail|Tie|Success with style|Success) \(([+−-]?\d+)\)$/.exec(text.trim());
  expect(m, `outcome "${text}"`).not.toBeNull();
  return { outcome: m![1] as Outcome, shifts: Number(m![2]!.replace('−', '-')) };
}

/**
 * The attacker's side invokes aspects (+2 each) while the attack does not hit: a free invoke
 * when the list offers one first, else a fate point (or the GM's pool for an NPC), as long as
 * the pay button is enabled. Returns how many invokes were made.
 */
export async function invokeUntilHit(page: Page, aspectText: RegExp, most = 2): Promise<number> {
  let made = 0;
  while (made < most) {
    const { outcome } = await outcomeOf(page);
    if (outcome === 'Success' || outcome === 'Success with style') break;
    const card = latestRoll(page);
    const pick = card.locator('select[name="invoke-aspect"]');
    const option = pick.locator('option', { hasText: aspectText }).first();
    // Asked once, not waited for: an aspect the list lacks is the story's mistake, and a
    // locator left waiting for it held the whole run until its 25-minute limit.
    const offered = await pick.locator('option').allTextContents();
    expect(await option.count(), `${String(aspectText)} among ${offered.join(' | ')}`).toBe(1);
    const value = await option.getAttribute('value');
    await pick.selectOption(value ?? '');
    const plus = card.getByRole('button', { name: '+2' });
    if (await plus.isDisabled()) break;
    const before = await card.getByTestId('roll-total').textContent();
    await plus.click();
    await expect(card.getByTestId('roll-total')).not.toHaveText(before ?? '');
    made++;
  }
  return made;
}

/** The attacker applies the outcome: the hit (full), or the tie's boost by name. */
export async function applyOutcome(page: Page, boostName: string): Promise<Outcome> {
  const { outcome } = await outcomeOf(page);
  const card = latestRoll(page);
  const form = card.getByRole('form', { name: 'Apply the outcome' });
  if (outcome === 'Tie') {
    await form.getByLabel('Name the boost').fill(boostName);
    await form.getByRole('button', { name: 'Take the boost' }).click();
  } else {
    await form.getByRole('button', { name: 'Deal the hit' }).click();
  }
  await expect(form).toHaveCount(0);
  return outcome;
}

/** The hit panel on the controller's page: the options' labels, cheapest first. */
export async function absorbOptions(page: Page): Promise<string[]> {
  await openTab(page, 'Dice');
  const panel = page.getByTestId('absorb-panel').first();
  await expect(panel).toBeVisible();
  const options = panel.getByTestId('absorb-options').locator('label');
  if ((await options.count()) === 0) return [];
  return (await options.allTextContents()).map((t) => t.trim());
}

/** Absorbs the pending hit with the option whose label is `label`, naming any consequence. */
export async function absorbWith(
  page: Page,
  label: string,
  names: string[] = [],
): Promise<{ name: string; severity: string }[]> {
  const panel = page.getByTestId('absorb-panel').first();
  await panel.getByRole('radio', { name: label, exact: true }).check();
  // One name field per consequence in the option, shown once it is picked.
  const inputs = panel.getByRole('textbox', { name: /^Name the .* consequence$/ });
  const wanted = label.split('consequence').length - 1;
  await expect(inputs).toHaveCount(wanted);
  const taken: { name: string; severity: string }[] = [];
  for (let i = 0; i < wanted; i++) {
    const name = names[i] ?? `Hurt ${i + 1}`;
    await inputs.nth(i).fill(name);
    const field = await inputs.nth(i).evaluate((el) => el.closest('label')?.textContent ?? '');
    const severity = /Name the (\w+) consequence/.exec(field)?.[1] ?? '';
    taken.push({ name, severity });
  }
  const before = await page.getByTestId('absorb-panel').count();
  await panel.getByRole('button', { name: 'Absorb' }).click();
  // The GM sees every pending hit: only this one goes.
  await expect(page.getByTestId('absorb-panel')).toHaveCount(before - 1);
  return taken;
}
