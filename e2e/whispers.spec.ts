/// <reference lib="dom" />
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import {
  SCREENSHOTS,
  chat,
  chatMessage as message,
  chatSay as say,
  groupAtChat,
  openChat,
  recordFrames,
  shot,
} from './helpers';

// Whispers between players, as a group expects them: Dee (on a desk) passes Kim (on a phone) a
// note only Kim reads — not the GM, not the spectator, whose browser never gets its bytes. The
// GM then lets the table know the GM reads such whispers (a switch every player sees), and
// Kim's answer reaches Dee and the GM; the first note stays between the two. The GM's tools
// show what the table holds on the server's disk against its ceiling.

const NOTE = 'Kim, psiu: a chave está no bolso do capitão 🗝️';
const ANSWER = 'Combinado, Dee — eu distraio o imediato.';
const PUBLIC = 'Tripulação, ao convés!';

test('whispers between players: secret from everyone else, the GM reads them only once the table says so', async ({
  browser,
}) => {
  // Four browsers on two shared cores.
  test.setTimeout(600_000);
  const { gm, dee, kim, watcher, watcherFrames, close } = await groupAtChat(browser, 'Maré Alta');
  const gmFrames = recordFrames(gm);
  // The GM's page was open before its frames were recorded: reload it so every frame counts.
  await gm.reload();
  await expect(gm.getByTestId('table-name')).toBeVisible();
  await openChat(gm);

  // Dee may whisper to the GM or to Kim, never to herself; Kim likewise to the GM or Dee.
  const options = async (page: typeof gm) =>
    (await chat(page).getByTestId('chat-to').locator('option').allTextContents()).map((t) =>
      t.trim(),
    );
  expect(await options(dee)).toEqual(['Everyone', 'GM only', 'Kim']);
  expect(await options(kim)).toEqual(['Everyone', 'GM only', 'Dee']);
  const gmOptions = await options(gm);
  expect(gmOptions[0]).toBe('Everyone');
  expect(gmOptions.slice(1).sort()).toEqual(['Dee', 'Kim']);

  // 1. Dee passes Kim a note: the picker says who reads it.
  await chat(dee).getByTestId('chat-to').selectOption({ label: 'Kim' });
  await expect(chat(dee).getByTestId('chat-whisper-hint')).toHaveText('Only Kim reads it.');
  await say(dee, NOTE, 'Kim');
  await expect(message(dee, NOTE).getByTestId('chat-whisper')).toHaveText('whisper to Kim');
  await expect(message(kim, NOTE).getByTestId('chat-whisper')).toHaveText('whisper from Dee');
  await say(gm, PUBLIC, 'Everyone');
  for (const page of [dee, kim, watcher]) {
    await expect(message(page, PUBLIC)).toBeVisible();
  }
  // Neither the GM nor the spectator got it: not on screen, not in a frame.
  for (const page of [gm, watcher]) {
    await expect(message(page, NOTE)).toHaveCount(0);
    expect(await page.content()).not.toContain('bolso do capitão');
  }
  expect(gmFrames()).toContain('Tripulação');
  expect(gmFrames()).not.toContain('bolso do capit');
  expect(watcherFrames()).not.toContain('bolso do capit');

  // 2. The GM lets the table know the GM reads whispers between players; every player sees it.
  await expect(chat(gm).getByTestId('chat-gm-reads')).not.toBeChecked();
  await chat(gm).getByTestId('chat-gm-reads').check();
  for (const page of [dee, kim]) {
    await expect(chat(page).getByTestId('chat-gm-reads-note')).toHaveText(
      'The GM reads whispers between players.',
    );
  }
  await chat(kim).getByTestId('chat-to').selectOption({ label: 'Dee' });
  await expect(chat(kim).getByTestId('chat-whisper-hint')).toHaveText('Dee and the GM read it.');
  await say(kim, ANSWER, 'Dee');
  await expect(message(dee, ANSWER).getByTestId('chat-whisper')).toHaveText(
    'whisper from Kim (the GM reads it too)',
  );
  await expect(message(gm, ANSWER).getByTestId('chat-whisper')).toHaveText(
    'whisper from Kim to Dee',
  );
  // What was said before the switch stays between the two, the spectator sees neither.
  await expect(message(gm, NOTE)).toHaveCount(0);
  await watcher.waitForTimeout(1000);
  expect(watcherFrames()).not.toContain('imediato');
  expect(await watcher.content()).not.toContain('imediato');
  await expect(message(kim, NOTE)).toBeVisible();

  // 3. The GM's tools say what the table holds on disk, against its ceiling.
  await expect(gm.getByTestId('gm-storage')).toContainText(
    /On disk: [\d.,]+ kB of 64 MB \([\d.]+%\)/,
  );

  await shot(kim, 'whispers-phone-kim');
  await shot(dee, 'whispers-desk-dee');
  await shot(gm, 'whispers-gm');
  // The GM's chat (the switch, the whispers) and tools (the disk line), close up.
  await chat(gm).screenshot({ path: join(SCREENSHOTS, 'whispers-gm-chat.png') });
  await gm.getByTestId('gm-tools').screenshot({ path: join(SCREENSHOTS, 'whispers-gm-tools.png') });
  await close();
});
