import { expect, type Locator, type Page } from '@playwright/test';

// Declarations (Edgerunner's aspect action), as the people at a table make them: a fact put
// to the table's vote from the dice tray, and each voter's answer on their own screen.

/** A voter's three choices on a declaration's prompt. */
export type Stance = 'Support' | 'Oppose' | 'Abstain';

/**
 * From a dice tray, puts a declared fact to the table's vote: about `target` (a character, or
 * the scene) when given, else about what the tray picks by itself.
 */
export async function askTheTable(tray: Locator, fact: string, target?: string): Promise<void> {
  await tray.locator('select[name="action"]').selectOption('create-advantage');
  await tray.getByLabel('Aspect action').selectOption('declaration');
  await tray.getByLabel('The fact you declare').fill(fact);
  if (target !== undefined) {
    await tray.locator('select[name="declaration-target"]').selectOption({ label: target });
  }
  await tray.getByRole('button', { name: 'Ask the table' }).click();
}

/**
 * A voter answers a declaration from its prompt on their screen: the one declaring `fact`,
 * or the only one open when no fact is given.
 */
export async function vote(page: Page, stance: Stance, fact?: string): Promise<void> {
  const prompts = page.getByTestId('declaration');
  await (fact === undefined ? prompts : prompts.filter({ hasText: fact }))
    .getByRole('group', { name: 'Your vote' })
    .getByRole('button', { name: stance })
    .click();
}

/**
 * A voter's toast for `declarer`'s fact takes them to its prompt, with the fact's words and
 * three buttons; returns the prompt and its group of choices.
 */
export async function openTheVote(
  page: Page,
  declarer: string,
  fact: string,
): Promise<{ prompt: Locator; choices: Locator }> {
  const toast = page.getByRole('status').filter({ hasText: `${declarer} declares “${fact}”` });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Vote' }).click();
  const prompt = page.getByTestId('declaration').filter({ hasText: fact });
  const choices = prompt.getByRole('group', { name: 'Your vote' });
  await expect(choices.getByRole('button')).toHaveText(['Support', 'Oppose', 'Abstain']);
  return { prompt, choices };
}
