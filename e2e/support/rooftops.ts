import { expect, type Page } from '@playwright/test';
import { KAI_SKILLS, VEX_SKILLS } from './characters';
import { createTheCharacter, fillSheet, type Build } from './sheets';
import { PHONE } from './seats';

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
 * The GM's guard (Great Fight, Average Athletics) and the scene across the rooftops, through
 * the NPC editor and the scene form.
 */
export async function guardAcrossTheRooftops(gm: Page): Promise<void> {
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('editor');
  await npcEditor.getByLabel('Character name').fill('Bell Tower Guard');
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Paid to Look the Other Way');
  await npcEditor.locator('select[name="skill-fight"]').selectOption('4');
  await npcEditor.locator('select[name="skill-athletics"]').selectOption('1');
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
