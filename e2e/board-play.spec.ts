/// <reference lib="dom" />
import { test, expect } from '@playwright/test';
import {
  defendAs,
  drag,
  expectAccessible,
  moveWithTheRoll,
  openGroup,
  shot,
  usualGroup,
  zoneItem,
} from './helpers';
import { boardBuilder, characterIdOf, connectBot } from './bot';

// A fight played on the board: Pier – Warehouse – Roof, a locked iron door on the
// Warehouse–Roof border. The Brute attacks everyone in the Warehouse (Vex and Kai each
// defend), the Lookout on the Roof shoots the second of them the tray lists, Vex's player
// crosses the door with an overcome from the dice tray, the GM waves Kai through. A desk
// pans and zooms with the keys, a phone zooms on demand, the spectator and the 1080p overlay
// (the GM shows the board there) watch; axe in light and dark.

test('a fight across three zones: defenders from the board, a move that needs an overcome', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const group = await openGroup(
    browser,
    usualGroup('Harbour brawl', { overlay: { shots: 'board-play' } }),
  );
  const { gm, links, spectator: watcher, overlay, overlayShot } = group;
  const [dee, kim] = group.players;
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  // The GM's prep, sent as the board tools send it: two NPCs, three zones, two borders and a
  // locked door on the second.
  const bot = await connectBot(baseURL!, links.gm);
  // The Brute's active stunt lets him attack everyone in a zone [CORE-TARGET-2].
  const sweep = {
    id: 'sweep',
    name: 'Sweeping Blow',
    text: 'Hits everyone near.',
    zoneAttack: true,
  };
  for (const [name, skills, stunts] of [
    ['Brute', [{ id: 'fight', rating: 4 }], [sweep]],
    ['Lookout', [{ id: 'shoot', rating: 3 }], []],
  ] as const) {
    await bot.send({ type: 'character.create', npc: true, character: { name, skills, stunts } });
  }
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByTestId('board')).toBeVisible();
  const prep = boardBuilder(bot);
  const {
    zones: [pier, shed, roof],
    borders: [, door],
  } = await prep.row(['Pier', 'Warehouse', 'Roof'], 0, 0);
  const locked = await prep.aspect('Locked Iron Door', door);
  for (const [name, zoneId] of [
    ['Brute', pier],
    ['Vex', shed],
    ['Kai', shed],
    ['Lookout', roof],
  ] as const) {
    await prep.place(await characterIdOf(baseURL!, links.gm, name), zoneId);
  }
  for (const page of [gm, dee, watcher]) {
    await expect(zoneItem(page, 'Warehouse')).toContainText('Vex');
    await expect(zoneItem(page, 'Roof')).toContainText('Lookout');
  }

  // 1. The Brute attacks everyone in the Warehouse: one roll, each defends on their screen.
  const tray = gm.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="roller"]').selectOption({ label: 'Brute' });
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByRole('radio', { name: /^Everyone in a zone/ }).check();
  await expect(tray.locator('select[name="zone"]')).toHaveValue(shed);
  // The Pier (the Brute alone) and the Roof are offered only where someone would defend.
  await expect(tray.locator('select[name="zone"] option')).toHaveText(['Warehouse', 'Roof']);
  await expect(tray.getByTestId('zone-defenders')).toContainText('Vex');
  await expect(tray.getByTestId('zone-defenders')).toContainText('Kai');
  await shot(gm, 'board-play-gm-zone-attack');
  await tray.getByRole('button', { name: /^Roll 4dF .* vs everyone in Warehouse/ }).click();
  await expect(gm.getByTestId('log')).toContainText('against everyone in Warehouse');
  await kim.getByRole('tab', { name: 'Dice' }).click();
  await defendAs(dee, 'Vex', 'Brute', 'last');
  await defendAs(kim, 'Kai', 'Brute', 'last');

  // 2. The Lookout shoots from the Roof: the tray offers the Warehouse, then who is in it; the
  // GM picks the second listed, not the first.
  await tray.locator('select[name="roller"]').selectOption({ label: 'Lookout' });
  await tray.locator('select[name="action"]').selectOption('attack');
  // No stunt for it: the Lookout is offered no attack on everyone in a zone.
  await expect(tray.getByLabel(/^Everyone in a zone/)).toHaveCount(0);
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="zone"]').selectOption({ label: 'Warehouse' });
  const opponents = tray.locator('select[name="opponent"] option');
  await expect(opponents).toHaveCount(2);
  const second = (await opponents.nth(1).textContent())!.trim();
  await tray.locator('select[name="opponent"]').selectOption({ label: second });
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  const target = second === 'Vex' ? dee : kim;
  await defendAs(target, second, 'Lookout', 'last');

  // 3. Dee drags Vex toward the Roof: the locked door asks for an overcome in the dice tray.
  await drag(dee, 'Vex', 'Roof');
  const asking = dee.getByTestId('board-overcome');
  await expect(asking).toContainText(
    'Vex moves from Warehouse to Roof: an overcome against Average (+1)',
  );
  await expect(asking).toContainText('Locked Iron Door');
  await expect(asking.getByRole('button', { name: 'Wave it through' })).toHaveCount(0);
  await shot(dee, 'board-play-desk-overcome', { fullPage: false });
  await asking.getByRole('button', { name: /^Roll 4dF \+\d vs Average/ }).click();
  // Athletics +4 against +1 fails only on 4dF of −4: either way every screen agrees. With
  // the door in the way the roll waits for Dee to move (the GM may still invoke the door).
  await moveWithTheRoll(dee, 'Vex', 'Roof', { gm, watcher });

  // 4. The GM moves Kai across the door by the list: the tray asks, the GM waves it through.
  await gm.getByRole('button', { name: 'Pick Kai to move' }).click();
  await zoneItem(gm, 'Roof').getByRole('button', { name: 'Move Kai here' }).click();
  const gmAsking = gm.getByTestId('board-overcome');
  await expect(gmAsking).toContainText('Kai moves from Warehouse to Roof');
  await gmAsking.getByRole('button', { name: 'Wave it through' }).click();
  for (const page of [gm, dee, watcher]) {
    await expect(zoneItem(page, 'Roof')).toContainText('Kai');
  }

  // 5. A desk's keys: + zooms, 0 shows it whole; a focused token tells its stress.
  const board = dee.getByTestId('board-svg');
  const whole = await board.getAttribute('viewBox');
  await board.focus();
  await dee.keyboard.press('+');
  await dee.keyboard.press('+');
  await expect(board).not.toHaveAttribute('viewBox', whole!);
  await dee.keyboard.press('ArrowRight');
  await shot(dee, 'board-play-desk-zoomed', { fullPage: false });
  await dee.keyboard.press('0');
  await expect(board).toHaveAttribute('viewBox', whole!);
  // The wheel zooms about the pointer, and 0 shows the whole board again.
  const drawn = (await board.boundingBox())!;
  await dee.mouse.move(drawn.x + drawn.width / 2, drawn.y + drawn.height / 2);
  await dee.mouse.wheel(0, -400);
  await expect(board).not.toHaveAttribute('viewBox', whole!);
  await board.focus();
  await dee.keyboard.press('0');
  await expect(board).toHaveAttribute('viewBox', whole!);

  // Keys alone move a token: the GM tabs to the Brute (its name and zone read out), picks it
  // with Enter, and Enter on the Warehouse's zone moves it there (no aspect on that border).
  const brute = gm.getByRole('button', { name: 'Brute, in Pier' });
  await gm.getByTestId('board-svg').focus();
  for (let i = 0; i < 20 && !(await brute.evaluate((el) => el === document.activeElement)); i++) {
    await gm.keyboard.press('Tab');
  }
  await expect(brute).toBeFocused();
  await gm.keyboard.press('Enter');
  await expect(brute).toHaveAttribute('aria-pressed', 'true');
  const warehouse = gm.getByRole('button', { name: /^Zone Warehouse: / });
  await warehouse.focus();
  await gm.keyboard.press('Enter');
  const gmMove = gm.getByTestId('board-overcome');
  if (await gmMove.isVisible()) {
    await gmMove.getByRole('button', { name: 'Wave it through' }).focus();
    await gm.keyboard.press('Enter');
  }
  for (const page of [gm, dee, watcher]) {
    await expect(zoneItem(page, 'Warehouse')).toContainText('Brute');
  }
  await expect(gm.getByTestId('log')).toContainText('Brute moves to Warehouse');
  await expect(gm.getByRole('button', { name: 'Brute, in Warehouse' })).toBeVisible();

  await dee.locator('[data-testid="board-token"][data-name="Kai"]').focus();
  const card = dee.getByTestId('board-token-card');
  await expect(card).toContainText('Kai');
  await expect(card).toContainText('Consequences');
  await expect(
    dee.getByRole('button', { name: /^Zone Roof: no aspects\. Here: .*Kai/ }),
  ).toBeVisible();

  // 6. The phone: the board on demand, zoomed with its buttons.
  await kim.getByRole('tab', { name: 'Board' }).click();
  await kim.getByRole('button', { name: 'Show the board' }).click();
  const phoneBoard = kim.getByTestId('board-svg');
  const phoneWhole = await phoneBoard.getAttribute('viewBox');
  await kim.getByRole('button', { name: 'Zoom in' }).click();
  await expect(phoneBoard).not.toHaveAttribute('viewBox', phoneWhole!);
  await shot(kim, 'board-play-phone');

  // 7. The GM puts the board on the stream overlay; the spotlight stays over it.
  await expect(overlay.getByTestId('overlay-board')).toHaveCount(0);
  await gm.getByTestId('board-on-overlay').check();
  await expect(overlay.getByTestId('overlay-board')).toContainText('Warehouse');
  await bot.send({ type: 'spotlight.push', ref: { aspectId: locked } });
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Locked Iron Door');
  await overlayShot('spotlight-and-board');

  // The spectator sees what the players see, and can move nothing.
  await expect(zoneItem(watcher, 'Warehouse')).toContainText('Brute');
  await expect(watcher.getByRole('button', { name: /^Pick / })).toHaveCount(0);
  await expect(watcher.getByTestId('board-on-overlay')).toHaveCount(0);
  await shot(watcher, 'board-play-spectator');

  // axe in light and dark: the GM's, the desk's, the phone's and the spectator's boards.
  for (const scheme of ['light', 'dark'] as const) {
    for (const [page, who] of [
      [gm, 'gm'],
      [dee, 'desk'],
      [kim, 'phone'],
      [watcher, 'spectator'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `${who} ${scheme}`);
    }
  }
  await shot(dee, 'board-play-desk-dark');
  bot.close();
  await group.close();
});
