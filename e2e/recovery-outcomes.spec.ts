import { test, expect } from '@playwright/test';
import {
  PHONE,
  aspectRatings,
  characterCard,
  logOf,
  openGroup,
  openTab,
  ratingTotal,
  shot,
  usualGroup,
} from './helpers';
import { characterIdOf, connectBot, createNpc, takeConsequence } from './bot';

// Recovery as groups found it went wrong, played again at a table with a GM at a desk, a player
// at a desk, a player on a 390x844 phone and a spectator:
// - narrative: ending the conflict gives the lost levels back, half while the situation
//   remains, as the GM says [NAR-RECOVER-1] [NAR-RECOVER-4];
// - pirates: recovering from your own consequence is no harder, and the log does not say so,
//   in English or Portuguese [PIR-RECOVER-1].
// Setting up (an NPC, the GM's hand-written consequence) goes through the command API
// (./bot); what a test checks is what the browsers show.

test('narrative: ending the conflict gives the lost levels back, half while the situation remains', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const group = await openGroup(browser, {
    table: 'The tea house',
    ruleset: 'narrative',
    players: [
      {
        player: 'Dee',
        character: {
          name: 'Mara Quill',
          highConcept: '',
          trouble: '',
          aspects: ['Balloon dancing', 'Speed-reading', 'Conversationalist', 'Freelance writer'],
        },
      },
      {
        player: 'Kim',
        character: {
          name: 'Vera Kell',
          highConcept: '',
          trouble: '',
          // Body, mind, social, professional: rated Good, Fair, Fair, Average as typed.
          aspects: ['Perseverance', 'Computer programming', 'Charmingly effusive', 'Mad scientist'],
        },
        viewport: PHONE,
      },
    ],
    spectator: true,
  });
  const { gm, links, spectator } = group;
  const [dee, kim] = group.players;
  const gmBot = await connectBot(baseURL!, links.gm);
  const vera = await characterIdOf(baseURL!, links.gm, 'Vera Kell');
  const zhao = await createNpc(gmBot, {
    name: 'Sifu Zhao',
    aspects: [
      { id: 'body', slot: 'other', text: 'Kung fu', rating: 6 },
      { id: 'mind', slot: 'other', text: 'Oriental philosophy', rating: 3 },
    ],
  });
  await gmBot.send({ type: 'conflict.start', order: [zhao, vera] });
  // Zhao's Fantastic kung fu against Vera's Average aspect until he wins an exchange; she
  // absorbs what he dealt.
  let lost = 0;
  for (let i = 0; i < 20 && lost === 0; i++) {
    const ack = await gmBot.send({
      type: 'roll',
      characterId: zhao,
      aspectId: 'body',
      action: 'attack',
      opposition: { characterId: vera, aspectId: 'professional' },
    });
    const rollId = String(ack.result?.rollId);
    // A tie applies nothing; a win for Vera leaves the hit on Zhao: roll again.
    await gmBot.send({ type: 'outcome.apply', rollId }).catch(() => undefined);
    const absorbed = await gmBot
      .send({ type: 'absorb', characterId: vera, rollId, option: 0 })
      .catch(() => undefined);
    if (absorbed) lost = 1;
  }
  expect(lost, 'Zhao won an exchange within twenty').toBe(1);
  await openTab(kim, 'Characters');
  const whole = {
    Perseverance: 3,
    'Computer programming': 2,
    'Charmingly effusive': 2,
    'Mad scientist': 1,
  };
  await expect
    .poll(async () => ratingTotal(await aspectRatings(kim, 'Vera Kell')))
    .toBeLessThan(ratingTotal(whole));
  const hurt = await aspectRatings(gm, 'Vera Kell');
  const levels = ratingTotal(whole) - ratingTotal(hurt);
  const half = Math.floor(levels / 2);
  // While it runs, her sheet says when they come back.
  await expect(characterCard(kim, 'Vera Kell').getByTestId('recover-after-conflict')).toHaveText(
    'Lost levels come back once the conflict is over.',
  );

  // The GM ends the conflict: Vera's situation remains (Zhao is still out there), so half.
  await gm.getByTestId('conflict').getByRole('button', { name: 'End conflict' }).click();
  const ending = gm.getByRole('form', { name: 'End the conflict: lost levels come back' });
  const forVera = ending.getByTestId('conflict-end-character').filter({ hasText: 'Vera Kell' });
  await expect(forVera).toContainText(`${levels} level${levels === 1 ? '' : 's'} lost`);
  await expect(forVera.getByLabel('All back')).toBeChecked();
  await expect(forVera.getByTestId('conflict-end-preview')).toHaveText(`gets ${levels} back`);
  await forVera.getByLabel('Half: the situation remains').check();
  await expect(forVera.getByTestId('conflict-end-preview')).toHaveText(`gets ${half} back`);
  await shot(gm, 'wrong-outcomes-5-gm-end-conflict');
  await ending.getByRole('button', { name: 'End the conflict' }).click();

  // Half back at once, on every screen, and the log says so where it happened.
  const said = `Vera Kell got back ${half} lost level${half === 1 ? '' : 's'} (half, while the situation remains).`;
  for (const page of [gm, dee, spectator]) {
    await expect(logOf(page)).toContainText('The conflict ended.');
    await expect(logOf(page)).toContainText(said);
    await expect
      .poll(async () => ratingTotal(await aspectRatings(page, 'Vera Kell')))
      .toBe(ratingTotal(hurt) + half);
  }
  await expect
    .poll(async () => ratingTotal(await aspectRatings(kim, 'Vera Kell')))
    .toBe(ratingTotal(hurt) + half);
  // The rest is the GM's to give back, and Kim's sheet says so.
  if (levels - half > 0) {
    await expect(characterCard(kim, 'Vera Kell').getByTestId('recover-when')).toHaveText(
      'The rest comes back when the GM says the situation is over, or after healing.',
    );
  }
  await shot(kim, 'wrong-outcomes-6-phone-half-back');

  // The situation is over: the GM gives the rest back from Vera's sheet.
  const gmVera = characterCard(gm, 'Vera Kell').getByTestId('narrative-recovery');
  if (levels - half > 0) {
    await gmVera.getByRole('button', { name: 'Recover lost ratings' }).click();
  }
  await expect.poll(async () => aspectRatings(spectator, 'Vera Kell')).toEqual(whole);
  await shot(spectator, 'wrong-outcomes-6-spectator-recovered');

  gmBot.close();
  await group.close();
});

test('pirates: recovering from her own consequence is no harder, and the log does not say it is', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const group = await openGroup(browser, usualGroup('The Gull’s Revenge', { ruleset: 'pirates' }));
  const { gm, links, spectator } = group;
  const [dee, kim] = group.players;
  const gmBot = await connectBot(baseURL!, links.gm);
  // A Portuguese reader at the table too.
  const leitora = await browser.newContext({ locale: 'pt-BR' });
  group.contexts.push(leitora);
  const pt = await leitora.newPage();
  await pt.goto(links.spectator);
  await expect(pt.getByTestId('table-name')).toBeVisible();
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');
  await takeConsequence(gmBot, kai, 'moderate', 'Cracked Ribs');

  // Kim, on her phone, starts recovery on Kai's own consequence: against Great (+4), the
  // consequence's value, no more for treating herself [PIR-RECOVER-1].
  await openTab(kim, 'Characters');
  await characterCard(kim, 'Kai')
    .getByRole('button', { name: 'Start recovery from “Cracked Ribs”' })
    .click();
  const tray = kim.getByRole('form', { name: 'Recovery roll' });
  await expect(tray.getByTestId('recovery-difficulty')).toHaveText('Great (+4)');
  await expect(tray).not.toContainText('two steps harder');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  for (const page of [gm, dee, spectator]) {
    await expect(logOf(page)).toContainText(
      'Kai rolled to recover from their own “Cracked Ribs” [',
    );
    await expect(logOf(page)).not.toContainText('two steps harder');
  }
  await expect(logOf(pt)).toContainText('para se recuperar da própria “Cracked Ribs” [');
  await expect(logOf(pt)).not.toContainText('dois degraus');
  await shot(kim, 'wrong-outcomes-7-phone-recovery');
  await shot(pt, 'wrong-outcomes-7-pt-log');

  gmBot.close();
  await group.close();
});
