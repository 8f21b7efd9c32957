import { expect, type Browser, type Page } from '@playwright/test';
import { openGroup, usualGroup } from './table-group';
import { recordFrames } from './wire';

/** The chat panel of a page (on a phone, after opening its tab: openChat). */
export const chat = (page: Page) => page.getByTestId('chat');

export async function openChat(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Chat/ });
  if (await tab.isVisible()) await tab.click();
  await expect(chat(page)).toBeVisible();
}

export async function chatSay(page: Page, text: string, to?: string): Promise<void> {
  const panel = chat(page);
  if (to !== undefined) await panel.getByTestId('chat-to').selectOption({ label: to });
  await panel.getByTestId('chat-input').fill(text);
  // Enter sends.
  await panel.getByTestId('chat-input').press('Enter');
  // The field empties as the message leaves; it is sent once it shows in the sender's own list.
  await expect(panel.getByTestId('chat-input')).toHaveValue('');
  await expect(panel.getByTestId('chat-message').filter({ hasText: text }).last()).toBeVisible();
}

export const chatMessage = (page: Page, text: string) =>
  chat(page).getByTestId('chat-message').filter({ hasText: text });

/**
 * The usual group at `table` with every chat open (Kim's on her phone's Chat tab), the
 * spectator's (`watcher`) WebSocket frames recorded from before its page loads: what a whisper
 * keeps from the spectator must never reach its browser at all. `watcherFrames()` is the text
 * of every frame so far.
 */
export async function groupAtChat(browser: Browser, table: string) {
  let frames = (): string => '';
  const spectator = { beforeLoad: (page: Page) => (frames = recordFrames(page)) };
  const group = await openGroup(browser, usualGroup(table, { spectator }));
  const { gm, spectator: watcher, close } = group;
  const [dee, kim] = group.players;
  for (const page of [gm, dee, kim, watcher]) await openChat(page);
  return { gm, dee, kim, watcher, watcherFrames: () => frames(), close };
}
