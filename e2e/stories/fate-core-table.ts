import type { Browser, BrowserContext, Page } from '@playwright/test';

import {
  characterCard,
  createTheCharacter,
  concede,
  createTable,
  fillSheet,
  KAI_SKILLS,
  openAs,
  openOverlay,
  PHONE,
  shot,
  takeSeat,
  VEX_SKILLS,
  patientExpect,
} from '../helpers';

/** Five browsers and a server on two cores shared with other runs: a step may take a while. */
export const expect = patientExpect;

// The people at e2e/session-fate-core.spec.ts's table (the Salt Market) and what they all
// look at: the GM and Dee at desks, Kim on a 390x844 phone, a spectator and the overlay.

export { concede };

export interface Person {
  page: Page;
  phone: boolean;
}

/** On a phone, opens the tab that holds a section; desks show every section at once. */
export async function open(p: Person, tab: 'Scene' | 'Characters' | 'Dice' | 'Log'): Promise<void> {
  if (p.phone) await p.page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

/** A total as the roll card writes it: `+3`, `+0`, `-1`. */
export const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** A number shown on a character's card: their fate points. */
export async function fatePoints(page: Page, name: string): Promise<number> {
  const text = await characterCard(page, name)
    .getByTestId('fate-points')
    .locator('.fp-value')
    .textContent();
  return Number(text);
}

/** Everyone at the Salt Market, each on their own screen. */
export interface SaltMarket {
  gm: Person;
  dee: Person;
  kim: Person;
  spectator: Person;
  /** The GM, the players and the spectator. */
  people: Person[];
  /** The stream overlay at 1920x1080 and its screenshots. */
  overlay: Page;
  overlayShot: (name: string) => Promise<void>;
  /** A character's fate points on the overlay. */
  overlayPoints: (name: string) => ReturnType<Page['locator']>;
  /** Screenshots of every view at a beat of the session. */
  beat: (name: string) => Promise<void>;
  contexts: BrowserContext[];
}

/** The conflict panel on a person's screen. */
export const conflictOf = (p: Person) => p.page.getByTestId('conflict');

/** Every screen's log says `line`. */
export async function logSays(people: Person[], line: string | RegExp): Promise<void> {
  for (const p of people) {
    await open(p, 'Log');
    await expect(p.page.getByTestId('log')).toContainText(line);
  }
}

/**
 * The GM creates the table; Dee (desk), Kim (phone), a spectator and the overlay open it; Dee
 * and Kim build their characters in the editor and the GM makes an NPC thug.
 */
export async function seatTheSaltMarket(browser: Browser): Promise<SaltMarket> {
  const { gm: gmPage, links, context } = await createTable(browser, 'The Salt Market', 'fate-core');
  const contexts = [context];
  const gm: Person = { page: gmPage, phone: false };

  const deeJoin = await takeSeat(browser, links.player, 'Dee');
  contexts.push(deeJoin.context);
  const dee: Person = { page: deeJoin.page, phone: false };
  const kimJoin = await takeSeat(browser, links.player, 'Kim', PHONE);
  contexts.push(kimJoin.context);
  const kim: Person = { page: kimJoin.page, phone: true };

  const watcher = await openAs(browser, links.spectator);
  contexts.push(watcher.context);
  const spectator: Person = { page: watcher.page, phone: false };

  // The overlay shows each moment for a few seconds: its checks and screenshot come first.
  const onStream = await openOverlay(browser, links.spectator, 'session-fc');
  contexts.push(onStream.context);
  const overlay = onStream.page;
  await expect(
    overlay.getByRole('main', { name: 'The Salt Market: stream overlay' }),
  ).toBeVisible();
  const overlayShot = onStream.shot;
  const people = [gm, dee, kim, spectator];
  /** Screenshots of every view at a beat of the session. */
  const beat = async (name: string) => {
    await overlayShot(name);
    await shot(gm.page, `session-fc-${name}-gm`);
    await shot(dee.page, `session-fc-${name}-dee`);
    await shot(kim.page, `session-fc-${name}-kim-phone`);
    await shot(spectator.page, `session-fc-${name}-spectator`);
  };

  // ── Characters through the editor. Dee: Physique Fair (+2) and Will Average (+1).
  await fillSheet(dee.page.getByTestId('editor'), {
    name: 'Vex',
    aspects: [
      'Street-Smart Fixer of the Salt Market',
      'Too Many Favours Owed',
      'My Sister Runs the Night Ferry',
      'Never Without a Second Knife',
      'The Harbour Watch Owes Me One',
    ],
    skills: VEX_SKILLS,
    stunts: [
      ['Dirty Fighter', '+2 to Fight when you attack someone who is off balance.'],
      ['Friends Everywhere', 'Once a session, a contact in the market turns up.'],
    ],
  });
  const deeEditor = dee.page.getByTestId('editor');
  // Ladder names on the ratings; the derived boxes come from Physique and Will [FC-STRESS-4].
  await expect(dee.page.locator('select[name="skill-physique"] option:checked')).toHaveText(
    'Fair (+2)',
  );
  await expect(dee.page.locator('select[name="skill-will"] option:checked')).toHaveText(
    'Average (+1)',
  );
  await expect(deeEditor.getByLabel('Physical stress boxes 1, 2, 3')).toBeVisible();
  await expect(deeEditor.getByLabel('Mental stress boxes 1, 2, 3')).toBeVisible();
  await expect(deeEditor.getByTestId('derived-refresh')).toContainText('3');
  await expect(dee.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(dee.page, 'session-fc-1-dee-editor');
  await createTheCharacter(dee.page);

  // Kim, on her phone: Great Physique gives 3- and 4-point boxes; four stunts cost a refresh.
  await fillSheet(kim.page.getByTestId('editor'), {
    name: 'Kai',
    aspects: [
      'Quiet Old Soldier of the Border Wars',
      'Nightmares of the Siege',
      'Owes Vex His Life',
      'Scarred Hands, Steady Aim',
      'Nobody Listens to the Old Sergeant',
    ],
    skills: KAI_SKILLS,
    stunts: [
      ['Shield Wall', '+2 to Physique to defend an ally beside you.'],
      ['Veteran’s Eye', 'Use Notice instead of Empathy to read a fighter.'],
      ['Iron Jaw', 'Once a scene, ignore a 1-shift hit.'],
      ['Barrack-Room Voice', '+2 to Provoke when giving orders.'],
    ],
  });
  const kimEditor = kim.page.getByTestId('editor');
  await expect(kimEditor.getByLabel('Physical stress boxes 1, 2, 3, 4')).toBeVisible();
  await expect(kimEditor.getByLabel('Mental stress boxes 1, 2, 3, 4')).toBeVisible();
  await expect(kimEditor.getByTestId('derived-refresh')).toContainText('2');
  await expect(kim.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(kim.page, 'session-fc-1-kim-phone-editor');
  await createTheCharacter(kim.page);

  // The GM makes an NPC in the same editor: a thug with Great Fight and only a high concept.
  await gm.page.getByRole('button', { name: 'Close invite links' }).click();
  await gm.page.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.page.getByTestId('editor');
  await npcEditor.getByLabel('Character name').fill('Dockside Thug');
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Hired Muscle With a Grudge');
  await npcEditor.locator('select[name="skill-fight"]').selectOption('4');
  await npcEditor.locator('select[name="skill-athletics"]').selectOption('1');
  await npcEditor.locator('select[name="skill-provoke"]').selectOption('2');
  await gm.page.getByRole('button', { name: 'Create NPC' }).click();

  for (const p of people) {
    await open(p, 'Characters');
    for (const name of ['Vex', 'Kai', 'Dockside Thug']) {
      await expect(characterCard(p.page, name)).toBeVisible();
    }
    await expect(characterCard(p.page, 'Kai')).toContainText('Kim');
    await expect(characterCard(p.page, 'Vex')).toContainText('Dee');
  }
  // Kai starts with his refresh of 2, Vex with 3; the overlay shows both.
  for (const p of people) {
    expect(await fatePoints(p.page, 'Vex')).toBe(3);
    expect(await fatePoints(p.page, 'Kai')).toBe(2);
  }
  const overlayPoints = (name: string) =>
    overlay.getByTestId('overlay-fate-points').filter({ hasText: name }).locator('.pts');
  await expect(overlayPoints('Vex')).toHaveText('3');
  await expect(overlayPoints('Kai')).toHaveText('2');
  await beat('2-characters');
  return { gm, dee, kim, spectator, people, overlay, overlayShot, overlayPoints, beat, contexts };
}
