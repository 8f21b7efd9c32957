import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { openOnPhone, patientExpect } from './play';
import { KAI_SKILLS, VEX_SKILLS } from './characters';
import { createTheCharacter, fillSheet, type Build } from './sheets';
import { PHONE } from './seats';
import { openGroup } from './table-group';

// The Bell Tower on the rooftops of Varn: the cast the teamwork, stunt and friction specs play,
// Vex (Dee's cat burglar) and Kai (Kim's old sergeant) with full pyramids and a guard to fight.

/** Vex of the Upper City, with the stunts a spec gives her. */
export const rooftopVex = (stunts: [string, string][]): Build => ({
  name: 'Vex',
  aspects: [
    'Cat Burglar of the Upper City',
    'Can’t Resist a Locked Door',
    'My Sister Keeps the Bell Tower',
    'Light Fingers, Lighter Feet',
    'The Watch Captain Knows My Face',
  ],
  skills: VEX_SKILLS,
  stunts,
});

/** Kai of the Lantern Guard, with the stunts a spec gives him. */
export const rooftopKai = (stunts: [string, string][]): Build => ({
  name: 'Kai',
  aspects: [
    'Retired Sergeant of the Lantern Guard',
    'A Bad Knee in Cold Weather',
    'Vex Picked My Pocket Once',
    'Knows Every Guard by Name',
    'The Bell Ringer Is My Cousin',
  ],
  skills: KAI_SKILLS,
  stunts,
});

/** A seated player fills the editor with `build` and creates the character. */
export async function createCharacter(page: Page, build: Build): Promise<void> {
  await fillSheet(page.getByTestId('editor'), build);
  await createTheCharacter(page);
}

/**
 * The GM opens the NPC editor and writes the guard's sheet under `name` (Great Fight, Average
 * Athletics), not yet created; the editor, to check what it says.
 */
export async function writeTheGuard(gm: Page, name: string): Promise<Locator> {
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('editor');
  await npcEditor.getByLabel('Character name').fill(name);
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Paid to Look the Other Way');
  await npcEditor.locator('select[name="skill-fight"]').selectOption('4');
  await npcEditor.locator('select[name="skill-athletics"]').selectOption('1');
  return npcEditor;
}

/**
 * The GM's guard (Great Fight, Average Athletics) and the scene across the rooftops, through
 * the NPC editor and the scene form.
 */
export async function guardAcrossTheRooftops(gm: Page): Promise<void> {
  await writeTheGuard(gm, 'Bell Tower Guard');
  await gm.getByRole('button', { name: 'Create NPC' }).click();
  await gm.getByLabel('Scene name').fill('Across the rooftops');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();
}

/**
 * The rooftops group's plan: a Fate Core table, Dee at a desk, Kim on a phone (both still to
 * make their characters), a spectator, and the overlay, its screenshots named after `shots`.
 */
export const rooftopsOfVarn = (shots: string) =>
  ({
    table: 'Rooftops of Varn',
    ruleset: 'fate-core',
    players: [{ player: 'Dee' }, { player: 'Kim', viewport: PHONE }],
    spectator: true,
    overlay: { shots },
  }) as const;

/** Dee makes Vex with Dirty Fighter and Roofrunner, Kim makes Kai with Shield Wall. */
export async function rooftopCrew(dee: Page, kim: Page): Promise<void> {
  await createCharacter(
    dee,
    rooftopVex([
      ['Dirty Fighter', '+2 to Fight when you attack someone who is off balance.'],
      ['Roofrunner', '+2 to Athletics to climb, leap or run across the rooftops.'],
    ]),
  );
  await createCharacter(
    kim,
    rooftopKai([['Shield Wall', '+2 to Fight to defend when an ally stands beside you.']]),
  );
}

/**
 * The rooftops group, ready to play at the Bell Tower: Dee and Kim have made Vex and Kai
 * (rooftopCrew), and the GM the guard and the scene (guardAcrossTheRooftops).
 */
export async function atTheBellTower(browser: Browser, shots: string) {
  const group = await openGroup(browser, rooftopsOfVarn(shots));
  const [dee, kim] = group.players;
  await rooftopCrew(dee, kim);
  await guardAcrossTheRooftops(group.gm);
  return group;
}

/**
 * Dee's tray set for Vex's leap to the bell tower (Athletics against Superb); the tray and its
 * bonuses (stunts, helpers), for the stunt and the help she adds.
 */
export async function leapTray(dee: Page): Promise<{ tray: Locator; bonuses: Locator }> {
  const tray = dee.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="skill"]').selectOption('athletics');
  await tray.locator('select[name="difficulty"]').selectOption('5');
  await tray.getByLabel('What for (optional)').fill('Leap to the bell tower');
  return { tray, bonuses: tray.getByTestId('bonuses') };
}

/**
 * Every screen shows why Vex's leap rolled what it did, Roofrunner's +2 and Kai's +1: the
 * newest roll card on the GM's, Dee's, Kim's (her Dice tab) and the spectator's screens, and
 * the overlay's roll.
 */
export async function helpedLeapOnEveryScreen(at: {
  gm: Page;
  dee: Page;
  kim: Page;
  spectator: Page;
  overlay: Page;
}): Promise<void> {
  for (const [page, phone] of [
    [at.gm, false],
    [at.dee, false],
    [at.kim, true],
    [at.spectator, false],
  ] as const) {
    await openOnPhone(page, phone, 'Dice');
    await patientExpect(
      page.getByTestId('roll-card').first().getByTestId('roll-modifiers'),
    ).toHaveText('Vex: Roofrunner (stunt) +2, help from Kai +1');
  }
  await patientExpect(at.overlay.getByTestId('overlay-roll-total-bonuses').first()).toHaveText(
    'Roofrunner (stunt) +2, help from Kai +1',
  );
}

/**
 * The GM's tray set for the guard's Fight attack on Kai, against him as an opposing
 * character; the tray, for the helpers it offers and the roll.
 */
export async function guardAttacksKai(gm: Page): Promise<Locator> {
  const tray = gm.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="roller"]').selectOption({ label: 'Bell Tower Guard' });
  await tray.locator('select[name="skill"]').selectOption('fight');
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: 'Kai' });
  return tray;
}
