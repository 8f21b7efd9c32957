import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  aspectRatings,
  characterCard,
  createTheCharacter,
  createTable,
  spectatorAndHeldOverlay,
  openTab,
  PHONE,
  shot,
  takeSeat,
} from '../helpers';
import { aspectRow } from './narrative';

// The people at e2e/session-narrative.spec.ts's table (the Jade Lantern) and their
// characters: the GM at a desk, Dee (Mara) at a desk, Kim (Vera) on a 390x844 phone, a
// spectator and the 1080p overlay.

/** Everyone at the Jade Lantern, each on their own screen. */
export interface JadeLantern {
  gm: Page;
  dee: Page;
  kim: Page;
  spectator: Page;
  /** The stream overlay, held on its own clock. */
  overlay: Page;
  /** Lets the overlay's seconds pass until its moments have gone. */
  clearOverlay: () => Promise<void>;
  /** The GM's, the players' and the spectator's screens. */
  screens: Page[];
  /** Vera's aspect ratings as Kim made her, before any harm. */
  veraBase: Record<string, number>;
  contexts: BrowserContext[];
}

/**
 * The table and the people at it: Dee builds Mara from the text's own example aspects (first
 * rating two of them Good, which the editor refuses), Kim starts from a ready-made character
 * on her phone; the spectator and the overlay open; the GM makes Sifu Zhao and a thug.
 */
export async function seatTheJadeLantern(browser: Browser): Promise<JadeLantern> {
  const { gm, links, context } = await createTable(browser, 'The Jade Lantern', 'narrative');
  const contexts = [context];
  await gm.getByRole('button', { name: 'Close invite links' }).click();

  // Dee builds Mara from the text's own example aspects; she first rates two of them Good.
  const deeSeat = await takeSeat(browser, links.player, 'Dee');
  contexts.push(deeSeat.context);
  const deeEditor = deeSeat.page.getByTestId('editor');
  await deeSeat.page.getByLabel('Character name').fill('Mara Quill');
  await aspectRow(deeSeat.page, 'Body aspect', 'Ballroom Dance', 1);
  await aspectRow(deeSeat.page, 'Mind aspect', 'Speed-reading', 3);
  await aspectRow(deeSeat.page, 'Social aspect', 'Conversationalist', 3);
  await aspectRow(deeSeat.page, 'Professional aspect', 'Freelance Writer', 2);
  const deeProblems = deeSeat.page.getByTestId('sheet-problems');
  await expect(deeProblems).toBeVisible();
  await expect(deeSeat.page.getByRole('button', { name: 'Create character' })).toBeDisabled();
  await shot(deeSeat.page, 'nar-01-dee-editor-problem');
  await aspectRow(deeSeat.page, 'Mind aspect', 'Speed-reading', 2);
  await expect(deeProblems).toHaveCount(0);
  await expect(deeEditor.getByTestId('skill-spread').locator('li.off')).toHaveCount(0);
  await deeEditor.getByRole('button', { name: 'Add a stunt' }).click();
  await deeEditor.getByLabel('Stunt 1 name').fill('Press Pass');
  await deeEditor
    .getByLabel('Stunt 1 text')
    .fill('+1 to Conversationalist when she interviews a witness.');
  await shot(deeSeat.page, 'nar-02-dee-editor');
  await createTheCharacter(deeSeat.page);

  // Kim, on her phone, starts from the third ready-made character and makes her her own.
  const kimSeat = await takeSeat(browser, links.player, 'Kim', PHONE);
  contexts.push(kimSeat.context);
  const readyMade = kimSeat.page.getByLabel('Start from a ready-made character');
  await readyMade.selectOption('Dr. Vera Kell');
  await kimSeat.page.getByRole('button', { name: 'Use this character' }).click();
  await kimSeat.page.getByLabel('Character name').fill('Vera Kell');
  // Perseverance up to Fair, Computer Programming down to Average: still one Good, two Fair.
  await aspectRow(kimSeat.page, 'Body aspect', 'Perseverance', 2);
  await aspectRow(kimSeat.page, 'Mind aspect', 'Computer Programming', 1);
  await expect(kimSeat.page.getByTestId('sheet-problems')).toHaveCount(0);
  await shot(kimSeat.page, 'nar-03-phone-editor');
  await createTheCharacter(kimSeat.page);

  const { spectator, overlay } = await spectatorAndHeldOverlay(
    browser,
    links.spectator,
    contexts,
    'The Jade Lantern',
  );
  const clearOverlay = async () => {
    await overlay.clock.runFor(6_500);
    await expect(overlay.getByTestId('overlay-event')).toHaveCount(0);
  };
  const dee = deeSeat.page;
  const kim = kimSeat.page;
  const screens = [gm, dee, kim, spectator];

  // The GM's NPCs, through the editor: Sifu Zhao (NPCs are free of the template) and a thug.
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcForm = gm.getByTestId('gm-create-npc');
  await npcForm.getByLabel('Character name').fill('Sifu Zhao');
  await aspectRow(gm, 'Body aspect', 'Kung Fu', 6);
  await aspectRow(gm, 'Mind aspect', 'Oriental Philosophy', 4);
  await aspectRow(gm, 'Social aspect', 'Wu-Shen Monks', 5);
  await aspectRow(gm, 'Professional aspect', 'Teacher', 2);
  await shot(gm, 'nar-04-gm-npc-editor');
  await npcForm.getByRole('button', { name: 'Create NPC' }).click();
  await expect(characterCard(gm, 'Sifu Zhao')).toBeVisible();
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  await npcForm.getByLabel('Character name').fill('Dockside Thug');
  await aspectRow(gm, 'Body aspect', 'Intimidating Guy', 0);
  await npcForm.getByRole('button', { name: 'Create NPC' }).click();
  await expect(characterCard(gm, 'Dockside Thug')).toBeVisible();

  for (const page of screens) {
    await openTab(page, 'Characters');
    for (const who of ['Mara Quill', 'Vera Kell', 'Sifu Zhao', 'Dockside Thug']) {
      await expect(characterCard(page, who)).toBeVisible();
    }
  }
  expect(await aspectRatings(gm, 'Mara Quill')).toEqual({
    'Ballroom Dance': 1,
    'Speed-reading': 2,
    Conversationalist: 3,
    'Freelance Writer': 2,
  });
  const veraBase = {
    Perseverance: 2,
    'Computer Programming': 1,
    'Charmingly Effusive': 2,
    'Mad Scientist': 3,
  };
  expect(await aspectRatings(kimSeat.page, 'Vera Kell')).toEqual(veraBase);
  await shot(gm, 'nar-05-gm-characters');
  await shot(kimSeat.page, 'nar-05-phone-characters');
  await shot(spectator, 'nar-05-spectator-characters');
  return { gm, dee, kim, spectator, overlay, clearOverlay, screens, veraBase, contexts };
}
