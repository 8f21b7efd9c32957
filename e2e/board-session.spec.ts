/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import {
  KAI,
  KAI_SKILLS,
  PHONE,
  VEX,
  createTable,
  joinAndCreate,
  openAs,
  openOverlay,
  pngPicture,
  shot,
  type SheetPicks,
} from './helpers';
import { connectBot } from './bot';

// The board as a group plays it, once per game: the GM lays out the Quay and the Warehouse
// and prepares the Loft hidden, with an ambush in it (two NPC tokens and the Loft's aspect);
// nobody else gets a byte of it until the reveal. Dee, at a desk, drags Vex through the
// locked door (an overcome from the dice tray); Kim, on a phone, follows by the zone list
// once the door is forced. The Crossbowman's stunt attacks everyone in the Warehouse: one
// roll, each defends on their own screen. A handout goes up on every screen; a spectator and
// the 1080p overlay (the GM shows the board there) watch throughout.

interface Game {
  ruleset: string;
  /** Dee's and Kim's sheets: full spreads as the game wants them, varied picks. */
  vex: SheetPicks & { name: string };
  kai: SheetPicks & { name: string };
  /** What Vex rolls to move when the game offers a choice (narrative: a rated aspect). */
  climb?: string;
  /** The ambushers' sheets: what this game rolls to attack. */
  crossbowman: Record<string, unknown>;
  lookout: Record<string, unknown>;
}

const stunt = {
  id: 'volley',
  name: 'Rain of Bolts',
  text: 'Once per scene, I shoot at everyone in a zone.',
};

/** `ratings` given to `ids` in order: a spread written out skill by skill. */
const spread = (ratings: number[], ids: string[]): Record<string, number> =>
  Object.fromEntries(ids.map((id, i) => [id, ratings[i]!]));

/** The pyramid (one Great, two Good, three Fair, four Average) [FC-CHAR-2] [ER-SHEET-1]. */
const PYRAMID = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1];
/** The pirates' fixed spread over their six skills [PIR-SKILLS-1]. */
const PIRATES = [3, 2, 2, 1, 1, 0];

const skilled = (name: string, skills: Record<string, number>) => ({
  name,
  skills: Object.entries(skills).map(([id, rating]) => ({ id, rating })),
  stunts: name === 'Crossbowman' ? [{ ...stunt, zoneAttack: true }] : [],
});

const rated = (name: string, ratings: number[]) => ({
  name,
  // One aspect per category [NAR-SHEET-1].
  aspects: [
    ['body', 'Wiry and patient'],
    ['mind', 'Counts the bolts'],
    ['social', 'Owes the Guild'],
    ['professional', 'Sharp eyes'],
  ].map(([id, text], i) => ({ id, slot: 'other', text, rating: ratings[i] })),
  stunts: name === 'Crossbowman' ? [{ ...stunt, zoneAttack: true }] : [],
});

// Vex is no climber: his movement skill (Athletics, the pirates' Explore) is his lowest, so
// the door's three invokes against him fail his overcome whatever the dice say.
const GAMES: Game[] = [
  {
    ruleset: 'fate-core',
    vex: {
      ...VEX,
      skills: spread(PYRAMID, [
        'fight',
        'notice',
        'stealth',
        'burglary',
        'deceive',
        'empathy',
        'contacts',
        'investigate',
        'rapport',
        'shoot',
      ]),
    },
    kai: { ...KAI, skills: KAI_SKILLS },
    crossbowman: skilled(
      'Crossbowman',
      spread(PYRAMID, [
        'shoot',
        'notice',
        'stealth',
        'athletics',
        'physique',
        'will',
        'fight',
        'provoke',
        'burglary',
        'lore',
      ]),
    ),
    lookout: skilled(
      'Lookout',
      spread(PYRAMID, [
        'notice',
        'shoot',
        'stealth',
        'empathy',
        'athletics',
        'will',
        'contacts',
        'fight',
        'physique',
        'rapport',
      ]),
    ),
  },
  {
    ruleset: 'pirates',
    vex: {
      ...VEX,
      skills: spread(PIRATES, ['sneak', 'parley', 'savvy', 'swashbuckle', 'jury-rig', 'explore']),
    },
    kai: {
      ...KAI,
      skills: spread(PIRATES, ['swashbuckle', 'explore', 'jury-rig', 'savvy', 'sneak', 'parley']),
    },
    crossbowman: skilled(
      'Crossbowman',
      spread(PIRATES, ['swashbuckle', 'sneak', 'savvy', 'explore', 'parley', 'jury-rig']),
    ),
    lookout: skilled(
      'Lookout',
      spread(PIRATES, ['savvy', 'swashbuckle', 'sneak', 'explore', 'jury-rig', 'parley']),
    ),
  },
  {
    ruleset: 'edgerunner',
    vex: {
      ...VEX,
      skills: spread(PYRAMID, [
        'shoot',
        'stealth',
        'contacts',
        'notice',
        'deceive',
        'medical',
        'burglary',
        'drive',
        'empathy',
        'survival',
      ]),
    },
    kai: {
      ...KAI,
      skills: spread(PYRAMID, [
        'physique',
        'fight',
        'athletics',
        'will',
        'notice',
        'survival',
        'provoke',
        'drive',
        'crafts',
        'medical',
      ]),
    },
    crossbowman: skilled(
      'Crossbowman',
      spread(PYRAMID, [
        'shoot',
        'notice',
        'athletics',
        'stealth',
        'physique',
        'will',
        'drive',
        'fight',
        'survival',
        'contacts',
      ]),
    ),
    lookout: skilled(
      'Lookout',
      spread(PYRAMID, [
        'notice',
        'shoot',
        'survival',
        'stealth',
        'athletics',
        'empathy',
        'will',
        'physique',
        'medical',
        'drive',
      ]),
    ),
  },
  {
    ruleset: 'narrative',
    // The spread (one Good, two Fair, one Average) in another order on each sheet.
    vex: { ...VEX, ratings: [2, 1, 3, 2] },
    // His Average Mind equals the door's difficulty: a roll, not a simple action [NAR-SIMPLE-1].
    climb: 'mind',
    kai: { ...KAI, ratings: [1, 2, 2, 3] },
    crossbowman: rated('Crossbowman', [3, 2, 2, 1]),
    lookout: rated('Lookout', [2, 3, 1, 2]),
  },
];

const zoneItem = (page: Page, zone: string) =>
  page.getByTestId('board-zone-item').and(page.locator(`[data-zone="${zone}"]`));

/** The GM adds a zone with the board tools: its name, place and size; hidden when prepared. */
async function addZone(gm: Page, name: string, x: number, hidden = false) {
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('zone-name').fill(name);
  for (const [field, value] of [
    ['zone-x', x],
    ['zone-y', 0],
    ['zone-w', 4],
    ['zone-h', 3],
  ] as const) {
    await tools.getByTestId(field).fill(String(value));
  }
  await tools.getByLabel('Prepare hidden').setChecked(hidden);
  await tools.getByRole('button', { name: 'Add zone' }).click();
  await expect(tools.getByTestId('zone-name')).toHaveValue('');
}

/** The GM marks a border and, optionally, puts an aspect on a zone or border. */
async function boardAspect(gm: Page, place: string, text: string, invokes = 0) {
  const tools = gm.getByTestId('board-gm');
  await tools.getByTestId('board-aspect-place').selectOption({ label: place });
  await tools.getByTestId('board-aspect-text').fill(text);
  await tools.getByLabel('Free invokes').fill(String(invokes));
  await tools.getByRole('button', { name: 'Add aspect' }).click();
  await expect(tools.getByTestId('board-aspect-text')).toHaveValue('');
}

/** `name`'s player rolls a defence with the second option listed (the first when alone). */
async function defendAs(page: Page, name: string, attacker: string): Promise<void> {
  const prompt = page.getByRole('group', { name: `${name}'s defence` });
  await expect(prompt).toContainText(`${name} must defend against ${attacker}`);
  const options = prompt.locator('select[name="defence-skill"] option');
  const pick = await options.nth(Math.min(1, (await options.count()) - 1)).getAttribute('value');
  await prompt.locator('select[name="defence-skill"]').selectOption(pick ?? '');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(prompt).toHaveCount(0);
}

/**
 * Drags a token onto a zone with the mouse, as a desk does. Halfway, each of `watching` sees
 * the token carried live (over awareness, before any command); after the drop, no longer.
 */
async function drag(page: Page, who: string, zone: string, watching: Page[] = []) {
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

const AMBUSH = ['Loft', 'Crossbows in the Rafters', 'Crossbowman', 'Lookout'];

for (const game of GAMES) {
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
    await addZone(gm, 'Loft', 8, true);
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
    const pictures = gm.getByTestId('gm-pictures');
    await pictures.getByLabel('Title').fill('A smuggler’s manifest');
    await pictures
      .getByTestId('handout-file')
      .setInputFiles(pngPicture(600, 800, [230, 220, 190], [90, 40, 20]));
    await pictures
      .getByTestId('gm-handout')
      .filter({ hasText: 'A smuggler’s manifest' })
      .getByRole('button', { name: 'Show everyone' })
      .click();
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
