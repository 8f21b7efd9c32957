/// <reference lib="dom" />
import { test, expect, type CDPSession, type Page } from '@playwright/test';
import {
  characterCard,
  createTable,
  englishOn,
  expectAccessible,
  fillTemplate,
  joinAndCreate,
  KAI_SKILLS,
  openAs,
  PHONE,
  pngPicture,
  shot,
  showHandout,
  TOUCH,
  zoneItem,
} from './helpers';
import { boardBuilder, characterIdOf, connectBot } from './bot';

// The board on a phone, held by a player who reads Portuguese: Kim's browser speaks pt-BR on a
// 390x844 touch screen. She reads the zone list, opens the board and pinches it bigger with two
// fingers (real touch input through Chromium), a handout arrives, and her sheet offers her a
// portrait: no English anywhere on her screen. Dee plays at an English desk; a spectator
// watches. axe on the board in light and dark, on the phone and at the desk.

/**
 * Two fingers down on the middle of `box`, moved `spread` pixels farther apart each, then
 * lifted: a pinch, sent as the touch screen sends it (DevTools' touch input).
 */
async function pinch(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
  spread: number,
) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const fingers = (apart: number) => [
    { x: x - apart, y, id: 1 },
    { x: x + apart, y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(20 + (spread * step) / 8),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The width the board's drawing shows, in board pixels: smaller when zoomed in. */
async function shownWidth(page: Page): Promise<number> {
  const box = await page.getByTestId('board-svg').getAttribute('viewBox');
  return Number(box!.split(' ')[2]);
}

test('pt-BR on a phone: the zone list, a pinch-zoomed board, a handout and a portrait, no English; axe light and dark', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { gm, links, context } = await createTable(browser, 'Cais das Gaivotas', 'fate-core');
  // What the players write is theirs, in Portuguese: only the interface's words are checked.
  const dee = await joinAndCreate(browser, links.player, 'Dee', {
    name: 'Vex',
    highConcept: 'Contrabandista esperta do cais',
    trouble: 'Favores demais devidos',
    aspects: [
      'Conhece cada porta dos fundos',
      'Minha irmã pilota a balsa',
      'Nunca esquece um rosto',
    ],
  });

  // Kim's phone speaks Portuguese from the first page.
  const kimContext = await browser.newContext({ locale: 'pt-BR', viewport: PHONE, ...TOUCH });
  const kim = await kimContext.newPage();
  await kim.goto(links.player);
  await kim.getByLabel('Seu nome (como a mesa vai ver)').fill('Kim');
  await kim.getByRole('button', { name: 'Entrar na mesa' }).click();
  await kim.getByLabel('Nome do personagem').fill('Kai');
  await fillTemplate(kim, {
    highConcept: 'Velho soldado calado',
    trouble: 'Pesadelos do cerco',
    aspects: ['Deve a vida a Vex', 'Mãos marcadas, mira firme', 'Acorda antes da corneta'],
    skills: KAI_SKILLS,
  });
  await kim.getByRole('button', { name: 'Criar personagem' }).click();
  await expect(kim.getByTestId('table-name')).toBeVisible();
  const watcher = await openAs(browser, links.spectator);
  const contexts = [context, dee.context, kimContext, watcher.context];

  // The GM's board, sent as the board tools send it: the Quay, the Fish Market and the Gull
  // in a row, a slippery border, both characters on the Quay.
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByLabel('Scene name').fill('Chegada ao cais');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  const bot = await connectBot(baseURL!, links.gm);
  const prep = boardBuilder(bot);
  const {
    zones: [quay, , gull],
    borders: [, stairs],
  } = await prep.row(['Cais', 'Mercado de Peixe', 'A Gaivota'], 1, 1);
  await prep.aspect('Escadas Escorregadias', stairs);
  await prep.aspect('Gaivotas por Toda Parte', gull);
  for (const name of ['Vex', 'Kai']) {
    await prep.place(await characterIdOf(baseURL!, links.gm, name), quay);
  }

  // 1. The zone list, in Portuguese: who is where, the aspects, and Kai already picked.
  await kim.getByRole('tab', { name: /^Tabuleiro/ }).click();
  await expect(zoneItem(kim, 'Cais')).toContainText('Kai');
  await expect(zoneItem(kim, 'A Gaivota')).toContainText('Gaivotas por Toda Parte');
  // The stairs bar the way between two zones: both list them, each toward the other.
  for (const [zone, across] of [
    ['Mercado de Peixe', 'A Gaivota'],
    ['A Gaivota', 'Mercado de Peixe'],
  ]) {
    const border = zoneItem(kim, zone!).getByTestId('board-zone-border');
    await expect(border).toContainText(`Rumo a ${across!}:`);
    await expect(border).toContainText('Escadas Escorregadias');
  }
  await expect(zoneItem(kim, 'Cais').getByTestId('board-zone-border')).toHaveCount(0);
  await expect(kim.getByText('Kai escolhido: toque numa zona para ir até lá.')).toBeVisible();
  await zoneItem(kim, 'Mercado de Peixe')
    .getByRole('button', { name: 'Mover Kai para cá' })
    .click();
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(zoneItem(page, 'Mercado de Peixe')).toContainText('Kai');
  }
  await shot(kim, 'board-phone-pt-list');
  expect(await englishOn(kim), 'English on the zone list').toEqual([]);

  // 2. The board on demand, pinched bigger with two fingers; "Tabuleiro inteiro" shows it all.
  await kim.getByRole('button', { name: 'Mostrar o tabuleiro' }).click();
  const board = kim.getByTestId('board-svg');
  await board.scrollIntoViewIfNeeded();
  const whole = await shownWidth(kim);
  const cdp = await kimContext.newCDPSession(kim);
  await pinch(cdp, (await board.boundingBox())!, 80);
  await expect.poll(() => shownWidth(kim), { message: 'the pinch zoomed in' }).toBeLessThan(whole);
  const pinched = await shownWidth(kim);
  // Fingers apart by 40 px, then by 200: the board shows a good deal less, not a nudge.
  expect(pinched).toBeLessThan(whole * 0.8);
  // The pinch zoomed; it moved no token and dragged nothing.
  await expect(zoneItem(gm, 'Mercado de Peixe')).toContainText('Kai');
  await shot(kim, 'board-phone-pt-pinched', { fullPage: false });
  await kim.getByRole('button', { name: 'Tabuleiro inteiro' }).click();
  await expect.poll(() => shownWidth(kim)).toBe(whole);
  expect(await englishOn(kim), 'English on the board').toEqual([]);

  // 3. A handout reaches her phone in Portuguese controls.
  await showHandout(gm, 'Mapa do contrabandista', [230, 220, 190], [40, 70, 120]);
  const handout = kim.getByTestId('handout-stage');
  await expect(handout).toContainText('Mapa do contrabandista');
  await shot(kim, 'board-phone-pt-handout', { fullPage: false });
  expect(await englishOn(kim), 'English on the handout').toEqual([]);
  await expectAccessible(kim, 'a handout on a pt-BR phone');
  await handout.getByRole('button', { name: 'Fechar' }).click();
  await expect(handout).toHaveCount(0);

  // 4. Her sheet's portrait control, in Portuguese; she gives Kai a portrait and his token
  // shows it on the board.
  await kim.getByRole('tab', { name: /^Personagens/ }).click();
  const kai = characterCard(kim, 'Kai');
  await expect(kai.getByTestId('portrait-file')).toBeAttached();
  expect(await englishOn(kim), 'English on the sheet').toEqual([]);
  await kai
    .getByTestId('portrait-file')
    .setInputFiles(pngPicture(300, 300, [30, 120, 90], [200, 230, 120]));
  await expect(
    dee.page.locator('[data-testid="board-token"][data-name="Kai"]').getByTestId('token-portrait'),
  ).toBeVisible();
  await shot(kim, 'board-phone-pt-sheet');
  expect(await englishOn(kim), 'English on the sheet with a portrait').toEqual([]);

  // 5. axe on the board, light and dark: Kim's phone (board shown) and Dee's desk.
  await kim.getByRole('tab', { name: /^Tabuleiro/ }).click();
  await expect(board).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    for (const [page, who] of [
      [kim, 'phone'],
      [dee.page, 'desk'],
    ] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.getByTestId('board-svg')).toBeVisible();
      await expectAccessible(page, `the board, ${who}, ${scheme}`);
    }
  }
  await shot(kim, 'board-phone-pt-dark');
  await shot(dee.page, 'board-phone-desk-dark', { fullPage: false });
  bot.close();
  for (const c of contexts) await c.close();
});
