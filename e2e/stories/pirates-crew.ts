import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  characterCard,
  createTheCharacter,
  createTable,
  spectatorAndHeldOverlay,
  openTab,
  overlayMoment,
  PHONE,
  shot,
  takeSeat,
} from '../helpers';
import { addStunts, expect, writeSheet, type Pirate } from './pirates';

// The crew at e2e/session-pirates.spec.ts's table (the Gilded Heron): the GM at a desk, Dee
// (Marisol) at a desk, Kim (Tern) on a 390x844 phone, a spectator and the 1080p overlay.

export const MARISOL: Pirate = {
  name: 'Marisol Quint',
  highConcept: 'Disgraced navy gunner turned privateer',
  trouble: 'Owes the Governor a blood debt',
  ship: 'Never backs down from a fight',
  free: ['Reads the wind like scripture', 'A pistol for every problem'],
  // Good Swashbuckle, Fair Parley and Explore, Average Savvy and Jury Rig, Mediocre Sneak.
  skills: { swashbuckle: 3, parley: 2, explore: 2, savvy: 1, 'jury-rig': 1, sneak: 0 },
  stunts: [
    {
      name: 'Broadside',
      text: 'Because I served the guns, I get +2 to Swashbuckle when I attack with cannon.',
    },
    { name: 'Navy Manners', text: 'Because I know officers, I get +2 to Parley with navy men.' },
    {
      name: 'Weather Eye',
      text: 'Because I read the wind, once per session I declare the weather.',
    },
    {
      name: 'Second Pistol',
      text: 'Because I carry two, I can spend a fate point to attack twice.',
    },
  ],
};
export const TERN: Pirate = {
  name: 'Tern',
  highConcept: 'Wiry stowaway with quick fingers',
  trouble: 'Cannot resist a locked chest',
  ship: 'Knows every crawlspace aboard',
  free: ['Friend of the gulls', 'Smells rain coming'],
  // Good Sneak, Fair Jury Rig and Savvy, Average Explore and Parley, Mediocre Swashbuckle.
  skills: { sneak: 3, 'jury-rig': 2, savvy: 2, explore: 1, parley: 1, swashbuckle: 0 },
  stunts: [
    {
      name: 'Light Fingers',
      text: 'Because I was raised on the docks, I get +2 to Sneak when I pick a pocket.',
    },
    {
      name: 'Monkey in the Rigging',
      text: 'Because I climb like a cat, I get +2 to Explore aloft.',
    },
    {
      name: 'I Know a Guy',
      text: 'Because I grew up in every port, once per session I know someone here.',
    },
  ],
};

export const CRANE = 'Captain Ysolde Crane';
export const GRELL = 'Bosun Grell';

export const fatePoints = (page: Page, name: string) =>
  characterCard(page, name).getByTestId('fate-points').locator('.fp-value');

/** Everyone aboard, each on their own screen. */
export interface Heron {
  gm: Page;
  dee: Page;
  kim: Page;
  spectator: Page;
  /** The stream overlay, held on its own clock. */
  overlay: Page;
  /** The overlay's moment of a kind ("out", "harm"). */
  overlayEvent: (kind: string) => Locator;
  /** Every screen but the overlay, and the desks among them (all but Kim's phone). */
  screens: Page[];
  desks: Page[];
  contexts: BrowserContext[];
}

/**
 * The table and its characters, through the editor: Dee writes Marisol (the spread is live,
 * the fourth stunt costs a refresh), Kim writes Tern on her phone; the spectator and the
 * overlay open; the GM adds two NPCs, the captain and her bosun.
 */
export async function seatTheHeron(browser: Browser): Promise<Heron> {
  const contexts: BrowserContext[] = [];
  const { gm, links, context } = await createTable(browser, 'The Gilded Heron', 'pirates');
  contexts.push(context);

  // ── Characters, through the editor ─────────────────────────────────────────────────────
  const deeSeat = await takeSeat(browser, links.player, 'Dee');
  contexts.push(deeSeat.context);
  const editor = deeSeat.page.getByTestId('editor');
  // A blank pirate: one [1][2][3] track, consequences 2/4/6, refresh 3, and five aspects.
  await expect(editor.getByLabel('Stress boxes 1, 2, 3')).toBeVisible();
  await expect(editor.getByTestId('derived-consequences')).toHaveText(
    /Mild 2 · Moderate 4 · Severe 6/,
  );
  await expect(editor.getByTestId('derived-refresh')).toContainText('3');
  await writeSheet(deeSeat.page, { ...MARISOL, skills: { ...MARISOL.skills, sneak: 1 } });
  // The spread is live: two Average and no Mediocre is wrong, and the editor says what to do.
  await expect(deeSeat.page.locator('select[name="skill-swashbuckle"] option:checked')).toHaveText(
    'Good (+3)',
  );
  await expect(deeSeat.page.getByTestId('sheet-problems')).toContainText(
    'The spread has 2 skills at Average (+1); you have 3: lower 1 of them.',
  );
  await expect(deeSeat.page.getByRole('button', { name: 'Create character' })).toBeDisabled();
  await shot(deeSeat.page, 'pirates-01-dee-editor-spread-problem');
  await deeSeat.page.locator('select[name="skill-sneak"]').selectOption('0');
  await expect(deeSeat.page.getByTestId('sheet-problems')).toHaveCount(0);
  // Three stunts are free; the fourth costs a refresh.
  await addStunts(deeSeat.page, MARISOL.stunts.slice(0, 3));
  await expect(editor.getByTestId('derived-refresh')).toContainText('3');
  await addStunts(deeSeat.page, MARISOL.stunts, 3);
  await expect(editor.getByTestId('derived-refresh')).toContainText('2');
  await expect(deeSeat.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(deeSeat.page, 'pirates-02-dee-editor-derived');
  await createTheCharacter(deeSeat.page);

  const kimSeat = await takeSeat(browser, links.player, 'Kim', PHONE);
  contexts.push(kimSeat.context);
  await writeSheet(kimSeat.page, TERN);
  await addStunts(kimSeat.page, TERN.stunts);
  await expect(kimSeat.page.getByTestId('editor').getByTestId('derived-refresh')).toContainText(
    '3',
  );
  await expect(kimSeat.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(kimSeat.page, 'pirates-03-phone-editor');
  await createTheCharacter(kimSeat.page);

  const { spectator, overlay } = await spectatorAndHeldOverlay(
    browser,
    links.spectator,
    contexts,
    'The Gilded Heron',
  );
  const overlayEvent = (kind: string) => overlayMoment(overlay, kind);

  const screens = [gm, deeSeat.page, kimSeat.page, spectator];
  const desks = [gm, deeSeat.page, spectator];

  // Every screen shows both sheets as the editor derived them.
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(characterCard(page, MARISOL.name)).toBeVisible();
    await expect(characterCard(page, TERN.name)).toBeVisible();
    await expect(fatePoints(page, MARISOL.name)).toHaveText('2');
    await expect(fatePoints(page, TERN.name)).toHaveText('3');
  }
  await shot(gm, 'pirates-04-gm-characters');
  await shot(kimSeat.page, 'pirates-04-phone-characters');

  // The GM adds two NPCs through the editor: the captain and her bosun.
  await gm.getByRole('button', { name: 'Close invite links' }).click();
  for (const npc of [
    {
      name: 'Captain Ysolde Crane',
      hc: 'Ruthless captain of the Gilded Heron',
      swash: 4,
      explore: 2,
    },
    { name: 'Bosun Grell', hc: 'Bullying bosun with a cudgel', swash: 2, explore: 0 },
  ]) {
    await gm.getByRole('button', { name: 'Add an NPC' }).click();
    const form = gm.getByTestId('gm-create-npc');
    await form.getByLabel('Character name').fill(npc.name);
    await form.locator('input[name^="aspect-high-concept"]').fill(npc.hc);
    await form.locator('input[name^="aspect-trouble"]').fill('Greedy to the bone');
    await form.locator('input[name^="aspect-ship"]').fill('The Heron answers to no flag');
    await form.locator('select[name="skill-swashbuckle"]').selectOption(String(npc.swash));
    await form.locator('select[name="skill-explore"]').selectOption(String(npc.explore));
    await form.getByRole('button', { name: 'Create NPC' }).click();
    await expect(form).toHaveCount(0);
    await expect(characterCard(gm, npc.name)).toContainText('NPC');
  }
  return {
    gm,
    dee: deeSeat.page,
    kim: kimSeat.page,
    spectator,
    overlay,
    overlayEvent,
    screens,
    desks,
    contexts,
  };
}
