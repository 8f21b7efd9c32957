/// <reference lib="dom" />
import { test, expect } from '@playwright/test';
import {
  addZone,
  boardAspect,
  createTable,
  defendAs,
  drag,
  joinAndCreate,
  openAs,
  openOverlay,
  PHONE,
  shot,
  showHandout,
  zoneItem,
} from './helpers';
import { BOARD_GAMES } from './stories/board-games';
import { connectBot } from './bot';

// The board as a group plays it, once per game: the GM lays out the Quay and the Warehouse
// and prepares the Loft hidden, with an ambush in it (two NPC tokens and the Loft's aspect);
// nobody else gets a byte of it until the reveal. Dee, at a desk, drags Vex through the
// locked door (an overcome from the dice tray); Kim, on a phone, follows by the zone list
// once the door is forced. The Crossbowman's stunt attacks everyone in the Warehouse: one
// roll, each defends on their own screen. A handout goes up on every screen; a spectator and
// the 1080p overlay (the GM shows the board there) watch throughout.

const AMBUSH = ['Loft', 'Crossbows in the Rafters', 'Crossbowman', 'Lookout'];

for (const game of BOARD_GAMES) {
  test(`${game.ruleset}: an ambush on the board, a door forced, a volley, a handout`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const tag = `board-session-${game.ruleset}`;
    const { gm, links, context } = await createTable(
      browser,
      'The Smugglers Warehouse',
      game.ruleset,
    );
    const dee = await joinAndCreate(browser, links.player, 'Dee', game.vex);
    const kim = await joinAndCreate(browser, links.player, 'Kim', game.kai, PHONE);
    const watcher = await openAs(browser, links.spectator);
    const overlay = await openOverlay(browser, links.spectator, tag);
    const contexts = [context, dee.context, kim.context, watcher.context, overlay.context];
    const others = [dee.page, kim.page, watcher.page, overlay.page];
    await gm.getByRole('button', { name: 'Close invite links' }).click();

    // 1. The GM lays out the scene: two zones in the open, the Loft prepared hidden, a locked
    // door between the Quay and the Warehouse; the board goes on the stream overlay.
    await gm.getByRole('button', { name: 'Start a scene' }).click();
    await gm.getByTestId('board-layout').click();
    await addZone(gm, 'Quay', 0);
    await addZone(gm, 'Warehouse', 4);
    await addZone(gm, 'Loft', 8, 0, true);
    const tools = gm.getByTestId('board-gm');
    for (const [a, b] of [
      ['Quay', 'Warehouse'],
      ['Warehouse', 'Loft'],
    ]) {
      await tools.getByTestId('border-a').selectOption({ label: a! });
      await tools.getByTestId('border-b').selectOption({ label: b! });
      await tools.getByRole('button', { name: 'Mark border' }).click();
    }
    // The door holds three free invokes, the GM's to raise the way's opposition with.
    await boardAspect(gm, 'Quay – Warehouse', 'Locked Iron Door', 3);
    // The ambush: the Loft's aspect (prepared, as the Loft is) and two NPCs with tokens
    // there, drafted as the GM's prep sends them.
    await boardAspect(gm, 'Loft', 'Crossbows in the Rafters');
    const bot = await connectBot(baseURL!, links.gm);
    const loft = await gm
      .getByTestId('board-edit-zone')
      .locator('option', { hasText: 'Loft' })
      .getAttribute('value');
    for (const character of [game.crossbowman, game.lookout]) {
      await bot.send({ type: 'gm.npc-draft', character, zoneId: loft });
    }
    await gm.getByTestId('board-on-overlay').check();
    for (const name of ['Vex', 'Kai']) {
      await gm.getByRole('button', { name: `Pick ${name} to move` }).click();
      await zoneItem(gm, 'Quay')
        .getByRole('button', { name: `Move ${name} here` })
        .click();
    }

    // Before the reveal: the GM sees the prepared Loft; nobody else gets any of it.
    await expect(gm.getByTestId('board-zone-prepared')).toHaveCount(1);
    await expect(overlay.page.getByTestId('overlay-board')).toContainText('Warehouse');
    for (const page of [dee.page, watcher.page]) {
      await expect(zoneItem(page, 'Quay')).toContainText('Kai');
      await expect(page.getByText('Locked Iron Door').first()).toBeVisible();
    }
    for (const page of others) {
      const html = await page.content();
      for (const secret of AMBUSH) expect(html, secret).not.toContain(secret);
    }
    await shot(gm, `${tag}-gm-prepared`);
    await shot(watcher.page, `${tag}-spectator-before`);

    // 2. The reveal: the Loft, its aspect and both ambushers reach every screen at once.
    await tools.getByTestId('board-reveal').click();
    for (const page of [dee.page, kim.page, watcher.page]) {
      await expect(zoneItem(page, 'Loft')).toContainText('Crossbows in the Rafters');
      await expect(zoneItem(page, 'Loft')).toContainText('Crossbowman');
      await expect(zoneItem(page, 'Loft')).toContainText('Lookout');
    }
    await expect(overlay.page.getByTestId('overlay-board')).toContainText('Loft');
    // The overlay frames the three zones in use, not the whole 24-column grid under them.
    const frame = await overlay.page.getByTestId('board-svg').getAttribute('viewBox');
    expect(Number(frame!.split(' ')[2])).toBeLessThan(24 * 40);
    await expect(gm.getByTestId('board-zone-prepared')).toHaveCount(0);

    // 3. Dee drags Vex through the locked door: the dice tray asks for an overcome against
    // one zone's difficulty with the door as passive opposition, and she rolls it. The GM
    // invokes the door against the roll three times (+6 to Average): Vex's low movement skill
    // and the dice cannot reach it, so the way stays barred; the GM waves him through.
    await drag(dee.page, 'Vex', 'Warehouse', [gm, watcher.page]);
    const asking = dee.page.getByTestId('board-overcome');
    await expect(asking).toContainText(
      'Vex moves from Quay to Warehouse: an overcome against Average (+1)',
    );
    await expect(asking).toContainText('Locked Iron Door');
    await expect(asking.getByRole('button', { name: 'Wave it through' })).toHaveCount(0);
    if (game.climb) await asking.locator('select[name="skill"]').selectOption(game.climb);
    await shot(dee.page, `${tag}-desk-overcome`, { fullPage: false });
    await asking.getByRole('button', { name: /^Roll \ddF/ }).click();
    await expect(gm.getByTestId('log')).toContainText(
      /Vex rolled to move to Warehouse \[.*\]: .* against Average \(\+1\)/,
    );
    const invoke = gm.getByRole('group', { name: 'Invoke an aspect on this roll' }).first();
    await invoke.locator('select[name="invoke-side"]').selectOption('opposition');
    const door = invoke
      .locator('select[name="invoke-aspect"] option')
      .filter({ hasText: 'Locked Iron Door' });
    for (const left of [3, 2, 1]) {
      await expect(door).toHaveText(`Locked Iron Door · ${left} free`);
      await invoke
        .locator('select[name="invoke-aspect"]')
        .selectOption({ value: (await door.getAttribute('value'))! });
      await expect(invoke.locator('select[name="invoke-pay"]')).toHaveValue('free');
      await invoke.getByRole('button', { name: '+2' }).click();
    }
    await expect(door).toHaveText('Locked Iron Door');
    await expect(dee.page.getByTestId('board-overcome-failed')).toBeVisible();
    await expect(zoneItem(gm, 'Quay')).toContainText('Vex');
    await shot(dee.page, `${tag}-desk-overcome-failed`, { fullPage: false });
    // Dee gives up the roll; the GM narrates a cost and waves Vex through.
    await asking.getByRole('button', { name: 'Cancel' }).click();
    await gm.getByRole('button', { name: 'Pick Vex to move' }).click();
    await zoneItem(gm, 'Warehouse').getByRole('button', { name: 'Move Vex here' }).click();
    const gmAsking = gm.getByTestId('board-overcome');
    await expect(gmAsking).toContainText('Vex moves from Quay to Warehouse');
    await gmAsking.getByRole('button', { name: 'Wave it through' }).click();
    for (const page of [gm, dee.page, kim.page, watcher.page]) {
      await expect(zoneItem(page, 'Warehouse')).toContainText('Vex');
    }
    await expect(gm.getByTestId('log')).toContainText(
      'Vex moves to Warehouse, waved through by the GM.',
    );

    // 4. The door is forced (the GM takes its aspect down); Kim follows on her phone by the
    // zone list: one zone, nothing in the way, free.
    await gm.getByRole('button', { name: 'Remove “Locked Iron Door”' }).click();
    for (const page of [dee.page, watcher.page]) {
      await expect(page.getByTestId('board-svg')).not.toContainText('Locked Iron Door');
      await expect(
        page.getByTestId('aspect-card').filter({ hasText: 'Locked Iron Door' }),
      ).toHaveCount(0);
    }
    await kim.page.getByRole('tab', { name: 'Board' }).click();
    await expect(kim.page.getByText('Kai picked')).toBeVisible();
    await zoneItem(kim.page, 'Warehouse').getByRole('button', { name: 'Move Kai here' }).click();
    for (const page of [gm, dee.page, watcher.page]) {
      await expect(zoneItem(page, 'Warehouse')).toContainText('Kai');
    }
    await expect(gm.getByTestId('log')).toContainText('Kai moves to Warehouse');
    await shot(kim.page, `${tag}-phone-list`);

    // 5. The Crossbowman's stunt: one attack on everyone in the Warehouse; Vex and Kai each
    // defend on their own screen.
    const tray = gm.getByRole('form', { name: 'Roll the dice' });
    await tray.locator('select[name="roller"]').selectOption({ label: 'Crossbowman' });
    await tray.locator('select[name="action"]').selectOption('attack');
    await tray.getByRole('radio', { name: /^Everyone in a zone/ }).check();
    await tray.locator('select[name="zone"]').selectOption({ label: 'Warehouse' });
    await expect(tray.getByTestId('zone-defenders')).toContainText('Vex');
    await expect(tray.getByTestId('zone-defenders')).toContainText('Kai');
    await shot(gm, `${tag}-gm-volley`, { fullPage: false });
    await tray.getByRole('button', { name: /^Roll \ddF .* vs everyone in Warehouse/ }).click();
    await expect(gm.getByTestId('log')).toContainText('against everyone in Warehouse');
    // Every roll card of the attack names the zone and the stunt that allowed it.
    for (const page of [gm, dee.page, watcher.page]) {
      await expect(page.getByTestId('roll-zone-attack').first()).toHaveText(
        'Everyone in Warehouse, by the stunt “Rain of Bolts”.',
      );
    }
    await kim.page.getByRole('tab', { name: 'Dice' }).click();
    await defendAs(dee.page, 'Vex', 'Crossbowman');
    await defendAs(kim.page, 'Kai', 'Crossbowman');

    // 6. A handout on every screen: the phone's, the spectator's and the overlay's too.
    await showHandout(gm, 'A smuggler’s manifest', [230, 220, 190], [90, 40, 20]);
    for (const page of others) {
      await expect(page.getByTestId('handout-stage')).toContainText('A smuggler’s manifest');
    }
    await shot(gm, `${tag}-gm`);
    await shot(dee.page, `${tag}-desk`, { fullPage: false });
    await shot(kim.page, `${tag}-phone`, { fullPage: false });
    await shot(watcher.page, `${tag}-spectator`, { fullPage: false });
    await overlay.shot('handout');
    bot.close();
    for (const c of contexts) await c.close();
  });
}
