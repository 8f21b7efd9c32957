import { test, expect, type Page } from '@playwright/test';
import { chat, chatSay, deeAndKim, expectAccessible, openGroup, openTab, shot } from './helpers';

// Views pass axe-core in light and dark, on a 360 px phone and on a desk: the
// chat panel (public messages and whispers), the session's roll feed (with rolls) and the
// keyboard shortcut sheet. Dee plays on a desk, Kim on the smallest phone.

const SMALL = { width: 360, height: 740 };
const SCHEMES = ['light', 'dark'] as const;

/** Says `text` to `to` from the chat, on a phone from its Chat tab. */
async function say(page: Page, text: string, to: string): Promise<void> {
  await openTab(page, 'Chat');
  await chatSay(page, text, to);
}

async function roll(page: Page, skill: string, reason: string): Promise<void> {
  await openTab(page, 'Dice');
  const form = page.getByRole('form', { name: 'Roll the dice' });
  await form.locator('select[name="skill"]').selectOption(skill);
  await form.getByLabel('What for (optional)').fill(reason);
  await form.getByRole('button', { name: /^Roll \d?dF/ }).click();
  await expect(page.getByTestId('roll-card').first().getByText(`“${reason}”`)).toBeVisible();
}

/**
 * axe in light and dark, a screenshot of each (a modal sheet as the screen shows it); back to
 * light after.
 */
async function checkBothSchemes(
  page: Page,
  view: string,
  size: string,
  fullPage = true,
): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `${view}, ${size}, ${scheme}`);
    await shot(page, `a11y-${view}-${size}-${scheme}`, { fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the chat, the roll feed and the shortcut sheet are accessible in light and dark, at 360 px and on a desk', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  // Dee with Vex at a desk, Kim with Kai on the smallest phone.
  const group = await openGroup(browser, {
    table: 'Lanterns on the quay',
    ruleset: 'fate-core',
    players: deeAndKim(SMALL),
  });
  const { gm } = group;
  const [dee, kim] = group.players;
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  // Messages and whispers both ways, and a few rolls.
  await say(kim, 'The lantern is a signal, I am sure of it.', 'GM only');
  await say(gm, 'The fog rolls in over the docks.', 'Everyone');
  await say(gm, 'You recognise the signal: your old crew.', 'Kim');
  await say(dee, 'Can Vex see the boat from here?', 'GM only');
  await expect(chat(kim).getByTestId('chat-whisper')).toHaveCount(2);
  await expect(chat(dee).getByTestId('chat-whisper')).toHaveCount(1);
  await roll(dee, 'athletics', 'Leap onto the barge');
  await roll(kim, 'notice', 'Spot the lantern signal');
  await roll(dee, 'stealth', 'Slip past the guards');

  for (const [page, size, messages] of [
    [dee, 'desk', 2],
    [kim, '360px', 3],
  ] as const) {
    // The chat, with its messages and whispers.
    await openTab(page, 'Chat');
    await expect(chat(page).getByTestId('chat-message')).toHaveCount(messages);
    await checkBothSchemes(page, 'chat', size);

    // The roll feed, with every roll.
    await openTab(page, 'Dice');
    await page.getByRole('button', { name: 'All rolls this session' }).click();
    await expect(page.getByTestId('roll-feed').getByTestId('feed-roll')).toHaveCount(3);
    await checkBothSchemes(page, 'roll-feed', size);

    // The keyboard shortcut sheet.
    await page.getByRole('heading', { name: 'Dice', exact: true }).click();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await checkBothSchemes(page, 'shortcuts', size, false);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }

  await group.close();
});
