/// <reference lib="dom" />
import { test, expect } from '@playwright/test';
import { chat, chatMessage as message, chatSay as say, groupAtChat } from './helpers';

// Table chat and whispers. A player whispers to the GM: the GM sees it, the
// other player and the spectator do not, and the spectator's browser never receives its bytes
// (every WebSocket frame the page got is recorded). Public chat reaches the spectator until the
// GM turns spectator chat off. Dee plays on a desktop, Kim on a phone (the Chat tab).

const WHISPER = 'Psiu, Narrador: a duquesa é minha mãe 🤫';
const PUBLIC = 'Olá, mesa! Que comece a aventura 🎲 — “ação” e coração';
const LONG =
  'Kai sobe no mastro principal enquanto a tempestade castiga o convés, procurando ' +
  'qualquer sinal do navio fantasma que os persegue desde Port Royal; o vento uiva, a ' +
  'chuva arde nos olhos e, lá embaixo, a tripulação grita ordens que ninguém consegue ouvir.';
const SCRIPT = '<script>window.__chatPwned = true</script><b>bold?</b>';
const AFTER_OFF = 'Só entre nós, agora que a plateia saiu: o mapa é falso.';

test('chat: a whisper reaches the GM only, public chat reaches the spectator until the GM turns it off', async ({
  browser,
}) => {
  // Four browsers on two shared cores.
  test.setTimeout(600_000);
  const { gm, dee, kim, watcher, watcherFrames, close } = await groupAtChat(browser, 'Ghost ship');
  // The spectator reads, and cannot write.
  await expect(chat(watcher).getByTestId('chat-input')).toHaveCount(0);

  // 1. Kim, on the phone, whispers to the GM.
  await expect(chat(kim).getByTestId('chat-to')).toContainText('GM only');
  await say(kim, WHISPER, 'GM only');
  await expect(message(kim, WHISPER)).toContainText('whisper to GM');
  await expect(message(gm, WHISPER)).toContainText('Kim');
  await expect(message(gm, WHISPER).getByTestId('chat-whisper')).toHaveText('whisper to GM');

  // 2. The GM speaks to everyone, and whispers back to Kim alone.
  await say(gm, PUBLIC, 'Everyone');
  for (const page of [dee, kim, watcher]) await expect(message(page, PUBLIC)).toBeVisible();
  await say(gm, 'Vejo você no convés inferior.', 'Kim');
  await expect(message(kim, 'Vejo você no convés inferior.')).toContainText('whisper from GM');
  await expect(message(gm, 'Vejo você no convés inferior.')).toContainText('whisper to Kim');

  // 3. Dee writes a long message and a script: both arrive as text.
  await expect(chat(dee).getByTestId('chat-counter')).toHaveText('0/500');
  await chat(dee).getByTestId('chat-input').fill(LONG);
  await expect(chat(dee).getByTestId('chat-counter')).toHaveText(`${LONG.length}/500`);
  // She sends the next one before the first is answered: both go, neither is wiped.
  await chat(dee).getByTestId('chat-input').press('Enter');
  await say(dee, SCRIPT);
  for (const page of [gm, kim, watcher]) {
    await expect(message(page, LONG)).toBeVisible();
    await expect(message(page, SCRIPT)).toContainText(SCRIPT);
    expect(await page.evaluate(() => (window as { __chatPwned?: boolean }).__chatPwned)).toBe(
      undefined,
    );
  }

  // Neither whisper reached Dee or the spectator: not on screen, not in the page, and the
  // spectator's browser never received a frame holding it.
  for (const page of [dee, watcher]) {
    await expect(message(page, WHISPER)).toHaveCount(0);
    expect(await page.content()).not.toContain('duquesa');
    expect(await page.content()).not.toContain('convés inferior');
  }
  expect(watcherFrames()).toContain('Que comece a aventura');
  expect(watcherFrames()).not.toContain('duquesa');
  expect(watcherFrames()).not.toContain('convés inferior');

  // 4. The GM turns spectator chat off; the next message reaches the players, not the spectator.
  await chat(gm).getByTestId('chat-spectators').uncheck();
  await expect(chat(watcher).getByTestId('chat-off')).toBeVisible();
  await say(gm, AFTER_OFF, 'Everyone');
  await expect(message(dee, AFTER_OFF)).toBeVisible();
  await expect(message(kim, AFTER_OFF)).toBeVisible();
  // Dee's copy arrived; give the spectator's as long again before looking.
  await watcher.waitForTimeout(1000);
  expect(await watcher.content()).not.toContain('o mapa é falso');
  expect(watcherFrames()).not.toContain('o mapa');

  await close();
});
