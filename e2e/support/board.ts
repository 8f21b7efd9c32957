import { expect, type Page } from '@playwright/test';
import { pngPicture } from './wire';

/** A zone's row in the board's zone list (the list phones and keyboards move by). */
export const zoneItem = (page: Page, zone: string) =>
  page.getByTestId('board-zone-item').and(page.locator(`[data-zone="${zone}"]`));

/** The GM adds a 4x3 zone at (x, y) with the board tools; hidden when prepared. */
export async function addZone(gm: Page, name: string, x: number, y = 0, hidden = false) {
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('zone-name').fill(name);
  for (const [field, value] of [
    ['zone-x', x],
    ['zone-y', y],
    ['zone-w', 4],
    ['zone-h', 3],
  ] as const) {
    await tools.getByTestId(field).fill(String(value));
  }
  await tools.getByLabel('Prepare hidden').setChecked(hidden);
  await tools.getByRole('button', { name: 'Add zone' }).click();
  await expect(tools.getByTestId('zone-name')).toHaveValue('');
}

/** The GM puts an aspect on a zone or border, with its free invokes. */
export async function boardAspect(gm: Page, place: string, text: string, invokes = 0) {
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('board-aspect-place').selectOption({ label: place });
  await tools.getByTestId('board-aspect-text').fill(text);
  await tools.getByLabel('Free invokes').fill(String(invokes));
  await tools.getByRole('button', { name: 'Add aspect' }).click();
  await expect(tools.getByTestId('board-aspect-text')).toHaveValue('');
}

/**
 * `name`'s player rolls a defence from the board's prompt with the option `which` picks
 * ('second': the second listed, the first when alone; 'last': the lowest); the prompt goes.
 */
export async function defendAs(
  page: Page,
  name: string,
  attacker: string,
  which: 'second' | 'last' = 'second',
): Promise<void> {
  const prompt = page.getByRole('group', { name: `${name}'s defence` });
  await expect(prompt).toContainText(`${name} must defend against ${attacker}`);
  const options = prompt.locator('select[name="defence-skill"] option');
  const count = await options.count();
  const pick = await options
    .nth(which === 'last' ? count - 1 : Math.min(1, count - 1))
    .getAttribute('value');
  await prompt.locator('select[name="defence-skill"]').selectOption(pick ?? '');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(prompt).toHaveCount(0);
}

/**
 * Drags a token onto a zone with the mouse, as a desk does. Halfway, each of `watching` sees
 * the token carried live (over awareness, before any command); after the drop, no longer.
 */
export async function drag(page: Page, who: string, zone: string, watching: Page[] = []) {
  const tokenOn = (p: Page) => p.locator(`[data-testid="board-token"][data-name="${who}"]`);
  const token = tokenOn(page);
  const target = page.locator(`[data-testid="board-zone"][data-zone="${zone}"] rect`).first();
  await token.scrollIntoViewIfNeeded();
  const from = (await token.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 3 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 6 });
  for (const p of watching) {
    await expect(tokenOn(p)).toHaveClass(/\bdragged\b/);
  }
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
  for (const p of watching) await expect(tokenOn(p)).not.toHaveClass(/\bdragged\b/);
}

/**
 * After a player's overcome to move `who` into `zone`, rolled from the board's prompt: the dice
 * say whether it held (the move waits for the player) or failed. When it held, the player moves
 * with the roll: `zone` lists `who` on their screen and the watcher's, the GM's log says so,
 * and the prompt goes.
 */
export async function moveWithTheRoll(
  player: Page,
  who: string,
  zone: string,
  { gm, watcher }: { gm: Page; watcher: Page },
): Promise<void> {
  const held = player.getByTestId('board-overcome-held');
  await expect(held.or(player.getByTestId('board-overcome-failed'))).toBeVisible();
  if (!(await held.isVisible())) return;
  const asking = player.getByTestId('board-overcome');
  await asking.getByRole('button', { name: 'Move with this roll' }).click();
  await expect(zoneItem(player, zone)).toContainText(who);
  await expect(zoneItem(watcher, zone)).toContainText(who);
  await expect(gm.getByTestId('log')).toContainText(`${who} moves to ${zone}`);
  await expect(asking).toHaveCount(0);
}

/**
 * The GM uploads a 600x800 handout titled `title` (paper and ink colours given) and shows it
 * on every screen.
 */
export async function showHandout(
  gm: Page,
  title: string,
  paper: [number, number, number],
  ink: [number, number, number],
): Promise<void> {
  const pictures = gm.getByTestId('gm-pictures');
  await pictures.getByLabel('Title').fill(title);
  await pictures.getByTestId('handout-file').setInputFiles(pngPicture(600, 800, paper, ink));
  await pictures
    .getByTestId('gm-handout')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Show everyone' })
    .click();
}
