/// <reference lib="dom" />
import { test, expect, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  SCREENSHOTS,
  characterCard,
  expectAccessible,
  openGroup,
  pngPicture,
  shot,
  usualGroup,
} from './helpers';

// Pictures at the table: a player gives her character a portrait (its token shows it), the GM
// lays a map behind the board, prepares a handout out of sight and pushes it to every screen
// (a desk, a phone, a spectator, the stream overlay), then takes it down.

/** The picture has loaded (an <img> or an SVG <image> with real pixels behind it). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() =>
      img.evaluate((el) =>
        el instanceof HTMLImageElement
          ? el.complete && el.naturalWidth > 0
          : (el as SVGImageElement).href.baseVal.startsWith('blob:'),
      ),
    )
    .toBe(true);
}

const handoutOn = (page: Page) => page.getByTestId('handout-stage');

test('portraits on tokens, a map behind the board, a handout on every screen', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const group = await openGroup(
    browser,
    usualGroup('Harbour of Lies', { overlay: { shots: 'pictures' } }),
  );
  const { gm, spectator: watcher, overlay, overlayShot } = group;
  const [dee, kim] = group.players;

  // A scene with one zone, both characters on it.
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await gm.getByTestId('board-layout').click();
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('zone-name').fill('Quay');
  for (const [field, value] of [
    ['zone-x', '1'],
    ['zone-y', '1'],
    ['zone-w', '6'],
    ['zone-h', '4'],
  ] as const) {
    await tools.getByTestId(field).fill(value);
  }
  await tools.getByRole('button', { name: 'Add zone' }).click();
  for (const name of ['Vex', 'Kai']) {
    await gm.getByRole('button', { name: `Pick ${name} to move` }).click();
    await gm
      .getByTestId('board-zone-item')
      .and(gm.locator('[data-zone="Quay"]'))
      .getByRole('button', { name: `Move ${name} here` })
      .click();
  }
  const vexToken = (page: Page) => page.locator('[data-testid="board-token"][data-name="Vex"]');
  const kaiToken = (page: Page) => page.locator('[data-testid="board-token"][data-name="Kai"]');
  await expect(vexToken(watcher)).toContainText('V');

  // 1. Dee gives Vex a portrait from her sheet; Kim is offered none for Vex.
  const vexCard = characterCard(dee, 'Vex');
  await vexCard
    .getByTestId('portrait-file')
    .setInputFiles(pngPicture(400, 400, [180, 40, 60], [250, 200, 60]));
  await expectLoaded(vexCard.getByTestId('sheet-portrait-image'));
  for (const page of [gm, dee, watcher]) {
    await expectLoaded(vexToken(page).getByTestId('token-portrait'));
    // Kai has none: his initials stay.
    await expect(kaiToken(page).getByTestId('token-portrait')).toHaveCount(0);
    await expect(kaiToken(page)).toContainText('K');
  }
  await expect(watcher.getByTestId('portrait-file')).toHaveCount(0);
  await expect(characterCard(dee, 'Kai').getByTestId('portrait-file')).toHaveCount(0);

  // 2. The GM lays a map behind the board; every desk sees it.
  const pictures = gm.getByTestId('gm-pictures');
  await pictures
    .getByTestId('map-file')
    .setInputFiles(pngPicture(1200, 800, [40, 90, 140], [60, 130, 90]));
  for (const page of [gm, dee, watcher]) {
    await expectLoaded(page.getByTestId('board-map'));
  }
  await shot(dee, 'pictures-desk-board');

  // 3. The GM prepares a handout: it stays the GM's.
  await pictures.getByLabel('Title').fill('Wanted: the Red Captain');
  await pictures
    .getByTestId('handout-file')
    .setInputFiles(pngPicture(600, 800, [230, 220, 190], [120, 60, 30]));
  const prepared = pictures
    .getByTestId('gm-handout')
    .filter({ hasText: 'Wanted: the Red Captain' });
  await expect(prepared).toBeVisible();
  for (const page of [dee, kim, watcher, overlay]) {
    await expect(handoutOn(page)).toHaveCount(0);
    expect(await page.content()).not.toContain('Red Captain');
  }

  // 4. Pushed: on every screen, the phone's and the overlay's too.
  await prepared.getByRole('button', { name: 'Show everyone' }).click();
  for (const page of [dee, kim, watcher, overlay]) {
    await expect(handoutOn(page)).toContainText('Wanted: the Red Captain');
    await expectLoaded(handoutOn(page).getByTestId('handout-image'));
  }
  await expect(gm.getByTestId('log')).toContainText(
    'The GM shows a handout: Wanted: the Red Captain.',
  );
  await shot(dee, 'pictures-desk-handout', { fullPage: false });
  await shot(kim, 'pictures-phone-handout', { fullPage: false });
  await shot(watcher, 'pictures-spectator-handout', { fullPage: false });
  await overlayShot('handout');
  await expectAccessible(dee, 'a handout shown at a desk');
  await expectAccessible(kim, 'a handout shown on a phone');

  // Kim closes it on her phone only; the chip opens it again.
  await handoutOn(kim).getByRole('button', { name: 'Close' }).click();
  await expect(handoutOn(kim)).toHaveCount(0);
  await expect(handoutOn(dee)).toBeVisible();
  await kim.getByTestId('handout-reopen').click();
  await expect(handoutOn(kim)).toBeVisible();

  // 5. The GM takes it down: gone everywhere, still prepared to show again.
  // The GM sees it too: closed on the GM's screen to reach the tools behind it.
  await handoutOn(gm).getByRole('button', { name: 'Close' }).click();
  await pictures.getByRole('button', { name: 'Take it down' }).click();
  for (const page of [dee, kim, watcher, overlay]) {
    await expect(handoutOn(page)).toHaveCount(0);
    await expect(page.getByTestId('handout-reopen')).toHaveCount(0);
  }
  await expect(prepared).toBeVisible();
  await expectAccessible(gm, 'the GM’s pictures');
  await pictures.scrollIntoViewIfNeeded();
  await gm.screenshot({ path: join(SCREENSHOTS, 'pictures-gm-tools.png') });

  await group.close();
});
