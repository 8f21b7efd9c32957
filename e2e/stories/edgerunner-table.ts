import {
  expect as baseExpect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import {
  characterCard,
  createTheCharacter,
  createTable,
  fillSheet,
  newRollCard,
  openHeldOverlay,
  openTab,
  PHONE,
  shot,
  takeSeat,
  type Build,
} from '../helpers';

// The people at e2e/session-edgerunner.spec.ts's table and their characters: the GM at a desk,
// Dee (Jade) at a desk, Kim (Hargan) on a 390x844 phone, a spectator and the stream overlay.

/** Jade, after the text's own example: Will Good (+3) and Physique Average (+1). */
const JADE: Build = {
  name: 'Jade',
  aspects: [
    'Netrunner with a conscience',
    'I turn evil under fire',
    'Light on her feet',
    'Old comfortable sneakers',
    'Every datafortress has a back door',
  ],
  // One Great, two Good, three Fair, four Average: the pyramid's columns [ER-SHEET-1].
  skills: {
    burglary: 4,
    will: 3,
    investigate: 3,
    lore: 2,
    shoot: 2,
    medical: 2,
    physique: 1,
    contacts: 1,
    notice: 1,
    stealth: 1,
  },
  // Four stunts: three free, the fourth costs a refresh [ER-SHEET-2].
  stunts: [
    ['Ghost in the wire', '+2 to Burglary when hacking a datafortress'],
    ['Field medic', '+2 to Medical to modify a physical consequence'],
    ['Library rat', 'Lore instead of Contacts to find who wrote something'],
    ['Quick exit', 'Once per scene, leave a zone without a roll'],
  ],
};

/** Hargan, from the assessment example: Physique Fair (+2), Will Average (+1). */
const HARGAN: Build = {
  name: 'Hargan',
  aspects: [
    'Ex-cop with a conscience',
    'Owes the syndicate',
    'Reads people like street signs',
    'Knuckles like walnuts',
    'My old precinct still calls',
  ],
  skills: {
    empathy: 4,
    fight: 3,
    athletics: 3,
    physique: 2,
    notice: 2,
    provoke: 2,
    will: 1,
    drive: 1,
    contacts: 1,
    survival: 1,
  },
  stunts: [['Heavy hands', '+2 to Fight when he has someone cornered']],
};

/** Gatto, the GM's NPC: his cigar is the text's assessment example. */
const GATTO: Build = {
  name: 'Gatto',
  aspects: [
    'Syndicate fixer',
    'Never without a cigar',
    'Bodyguards on speed dial',
    'Smells of cheap smoke',
    'Knows where the bodies are',
  ],
  skills: { stealth: 2, fight: 1, athletics: 1, deceive: 3 },
  stunts: [],
};

/** Everyone at the Neon rain table, each on their own screen. */
export interface Edgerunners {
  gm: Page;
  dee: Page;
  kim: Page;
  spectator: Page;
  /** The 1080p stream overlay, on its own paused clock. */
  overlay: Page;
  /** The GM's, the players' and the spectator's screens. */
  screens: Page[];
  /** Lets the overlay's seconds pass, so its moment goes. */
  passTime: () => Promise<void>;
  contexts: BrowserContext[];
}

/**
 * The table, the people and their characters: Dee builds Jade at her desk and Kim builds
 * Hargan on her phone in the editor, which derives what each sheet gives; the spectator and
 * the overlay open; the GM makes Gatto, an NPC, in the same editor.
 */
export async function seatTheEdgerunners(browser: Browser): Promise<Edgerunners> {
  const { gm, links, context } = await createTable(browser, 'Neon rain', 'edgerunner');
  const contexts = [context];
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  // Dee builds Jade at her desk; the editor derives what the sheet gives.
  const deeJoin = await takeSeat(browser, links.player, 'Dee');
  contexts.push(deeJoin.context);
  const dee = deeJoin.page;
  const deeEditor = dee.getByTestId('editor');
  await fillSheet(deeEditor, JADE);
  // Physique Average adds a 3-point physical box, Will Good a 3- and a 4-point mental box.
  await expect(deeEditor.getByLabel('Physical stress boxes 1, 2, 3')).toBeVisible();
  await expect(deeEditor.getByLabel('Mental stress boxes 1, 2, 3, 4')).toBeVisible();
  await expect(deeEditor.getByTestId('derived-consequences')).toContainText(
    'Mild +1 · Moderate +2 · Severe +4',
  );
  // Four stunts, one past the three free ones: refresh 3 − 1.
  await expect(deeEditor.getByTestId('derived-refresh')).toContainText('2');
  await expect(dee.locator('select[name="skill-burglary"] option:checked')).toHaveText(
    'Great (+4)',
  );
  await expect(dee.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(dee, 'session-edgerunner-01-dee-editor');
  await createTheCharacter(dee);

  // Kim builds Hargan on her phone.
  const kimJoin = await takeSeat(browser, links.player, 'Kim', PHONE);
  contexts.push(kimJoin.context);
  const kim = kimJoin.page;
  const kimEditor = kim.getByTestId('editor');
  await fillSheet(kimEditor, HARGAN);
  await expect(kimEditor.getByLabel('Physical stress boxes 1, 2, 3')).toBeVisible();
  await expect(kimEditor.getByLabel('Mental stress boxes 1, 2, 3')).toBeVisible();
  await expect(kimEditor.getByTestId('derived-refresh')).toContainText('3');
  await expect(kim.getByTestId('sheet-problems')).toHaveCount(0);
  const sideways = await kim.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
  await shot(kim, 'session-edgerunner-02-phone-editor');
  await createTheCharacter(kim);

  // The spectator at a desk, and the stream overlay at 1080p on its own paused clock, so each
  // moment stays for its check and screenshot until the spec lets the seconds pass.
  const watcherContext = await browser.newContext();
  contexts.push(watcherContext);
  const spectator = await watcherContext.newPage();
  await spectator.goto(links.spectator);
  await expect(spectator.getByTestId('table-name')).toBeVisible();
  const held = await openHeldOverlay(browser, links.spectator);
  contexts.push(held.context);
  const overlay = held.page;
  await expect(overlay.getByRole('main', { name: 'Neon rain: stream overlay' })).toBeVisible();
  await held.hold();
  const passTime = async () => {
    await overlay.clock.runFor(6_500);
    await expect(overlay.getByTestId('overlay-event')).toHaveCount(0);
  };
  const screens: Page[] = [gm, dee, kim, spectator];

  // The GM makes Gatto, an NPC, in the same editor.
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('editor');
  await fillSheet(npcEditor, GATTO);
  await gm.getByRole('button', { name: 'Create NPC' }).click();
  for (const page of screens) {
    await openTab(page, 'Characters');
    for (const who of ['Jade', 'Hargan', 'Gatto']) {
      await expect(characterCard(page, who)).toBeVisible();
    }
  }
  await expect(characterCard(gm, 'Jade')).toContainText('Dee');
  await expect(characterCard(spectator, 'Hargan')).toContainText('Kim');
  await expect(characterCard(spectator, 'Jade').getByTestId('fate-points')).toHaveAttribute(
    'aria-label',
    '2 fate points, refresh 2',
  );
  await shot(gm, 'session-edgerunner-03-gm-characters');
  await shot(kim, 'session-edgerunner-03-phone-characters');
  await shot(spectator, 'session-edgerunner-03-spectator-characters');
  return { gm, dee, kim, spectator, overlay, screens, passTime, contexts };
}

/** The GM's Gatto attacks someone with Fight; they will roll their own defence. */
export async function gattoAttacks({ gm }: Edgerunners, target: string): Promise<void> {
  const gmTray = gm.getByRole('form', { name: 'Roll the dice' });
  await gmTray.locator('select[name="roller"]').selectOption({ label: 'Gatto' });
  await gmTray.locator('select[name="action"]').selectOption('attack');
  await gmTray.locator('select[name="skill"]').selectOption('fight');
  await gmTray.getByLabel('An opposing character').check();
  await gmTray.locator('select[name="opponent"]').selectOption({ label: target });
  await expect(gmTray).toContainText('They pick their own defence and roll it');
  await newRollCard(gm, () => gmTray.getByRole('button', { name: /^Roll 4dF \+1/ }).click());
}
