/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { addZone, drag, moveWithTheRoll, openGroup, shot, usualGroup, zoneItem } from './helpers';

// The scene board as a group uses it: the GM lays out zones (one prepared hidden), marks
// borders and a zone aspect, reveals the prepared zone, places the tokens; a player at a desk
// drags their token across a border, a player on a phone moves by the zone list; a spectator
// watches, read-only.

async function border(gm: Page, a: string, b: string) {
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('border-a').selectOption({ label: a });
  await tools.getByTestId('border-b').selectOption({ label: b });
  await tools.getByRole('button', { name: 'Mark border' }).click();
}

test('the scene board: zones, a hidden zone revealed, tokens dragged and moved by list', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const group = await openGroup(browser, usualGroup('Docks at dusk'));
  const { gm, spectator: watcher } = group;
  const [dee, kim] = group.players;

  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByTestId('board')).toBeVisible();
  // The layout tools start closed on an empty board, so the GM's desk keeps its columns.
  await expect(gm.getByTestId('board-gm')).toBeHidden();
  await gm.getByTestId('board-layout').click();

  // 1. The GM lays out the Pier and the Warehouse, and prepares the Cellar hidden.
  await addZone(gm, 'Pier', 0, 0);
  await addZone(gm, 'Warehouse', 4, 0);
  await addZone(gm, 'Smugglers Cellar', 0, 3, true);
  await border(gm, 'Pier', 'Warehouse');
  await border(gm, 'Pier', 'Smugglers Cellar');
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('board-aspect-place').selectOption({ label: 'Warehouse' });
  await tools.getByTestId('board-aspect-text').fill('On Fire');
  await tools.getByRole('button', { name: 'Add aspect' }).click();

  // Players and the spectator see the two public zones and the aspect, not a byte of the cellar.
  for (const page of [dee, watcher]) {
    await expect(zoneItem(page, 'Warehouse')).toContainText('On Fire');
    expect(await page.content()).not.toContain('Smugglers');
  }
  await expect(gm.getByTestId('board-zone-prepared')).toHaveCount(1);
  await shot(gm, 'board-gm-prepared');

  // 2. The GM reveals the prepared board in one action.
  await tools.getByTestId('board-reveal').click();
  for (const page of [dee, watcher]) {
    await expect(zoneItem(page, 'Smugglers Cellar')).toBeVisible();
  }

  // 3. The GM places both characters on the Pier by the list (pick, then "Move here").
  for (const name of ['Vex', 'Kai']) {
    await gm.getByRole('button', { name: `Pick ${name} to move` }).click();
    await zoneItem(gm, 'Pier')
      .getByRole('button', { name: `Move ${name} here` })
      .click();
    await expect(zoneItem(watcher, 'Pier')).toContainText(name);
  }

  // 4. Dee drags Vex from the Pier to the Warehouse on the board: one free move, logged.
  await drag(dee, 'Vex', 'Warehouse');
  for (const page of [gm, dee, watcher]) {
    await expect(zoneItem(page, 'Warehouse')).toContainText('Vex');
  }
  await expect(gm.getByTestId('log')).toContainText('Vex moves to Warehouse');

  // Dee cannot move Kai: no token of another's is offered to her.
  await expect(dee.getByRole('button', { name: 'Pick Kai to move' })).toHaveCount(0);

  // 4b. The GM bars the way back with a border aspect: Dee's drag back to the Pier now asks
  // for an overcome (Athletics against Average, one zone), rolled from the board.
  await tools.getByTestId('board-aspect-place').selectOption({ label: 'Pier – Warehouse' });
  await tools.getByTestId('board-aspect-text').fill('Collapsing Gangway');
  await tools.getByRole('button', { name: 'Add aspect' }).click();
  await expect(dee.getByTestId('board-svg')).toContainText('Collapsing Gangway');
  await drag(dee, 'Vex', 'Pier');
  // The dice tray asks for it: Athletics against Average, the gangway as passive opposition.
  const asking = dee.getByTestId('board-overcome');
  await expect(asking).toContainText(
    'Vex moves from Warehouse to Pier: an overcome against Average (+1)',
  );
  await expect(asking).toContainText('Collapsing Gangway');
  await expect(asking.getByRole('combobox', { name: 'Skill' })).toContainText('Athletics');
  await shot(dee, 'board-desk-overcome');
  await asking.getByRole('button', { name: /^Roll 4dF/ }).click();
  // Athletics +4 against +1 fails only on 4dF of −4 (1 in 81): either way the screens agree.
  // With the gangway in the way the roll waits for Dee to move (the GM may still invoke it).
  await moveWithTheRoll(dee, 'Vex', 'Pier', { gm, watcher });

  // 5. Kim, on a phone, opens the Board tab; Kai is picked already: "Move Kai here".
  await kim.getByRole('tab', { name: 'Board' }).click();
  await expect(kim.getByText('Kai picked')).toBeVisible();
  await zoneItem(kim, 'Smugglers Cellar').getByRole('button', { name: 'Move Kai here' }).click();
  for (const page of [gm, dee, watcher]) {
    await expect(zoneItem(page, 'Smugglers Cellar')).toContainText('Kai');
  }

  // The zone's aspect is in the scene's aspect list with its zone named.
  await expect(dee.getByTestId('aspect-place').filter({ hasText: 'at Warehouse' })).toBeVisible();
  await expect(
    dee.getByTestId('aspect-place').filter({ hasText: 'at Pier – Warehouse' }),
  ).toBeVisible();

  // The spectator sees it all and can move nothing.
  await expect(watcher.getByTestId('board-gm')).toHaveCount(0);
  await expect(watcher.getByRole('button', { name: /^Pick / })).toHaveCount(0);

  await shot(gm, 'board-gm');
  await shot(dee, 'board-desk');
  await shot(kim, 'board-phone');
  await shot(watcher, 'board-spectator');
  await group.close();
});
