import { test, expect, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import {
  KAI,
  PHONE,
  VEX,
  aspectRatings,
  characterCard,
  createTable,
  joinAndCreate,
  openAs,
  openHeldOverlay,
  ratingTotal,
  shot,
  takeSeat,
} from './helpers';
import { characterIdOf, connectBot, type Bot } from './bot';

// What a group playing a whole session found had the wrong outcome, played again as the group
// did, each at a table with a GM at a desk, a player at a desk, a player on a 390x844 phone and
// a spectator (and the 1080p stream overlay where the moment shows there):
// - edgerunner: the declaration is the table's vote, each voter on their own screen, the tally
//   live everywhere, the roll waiting for the votes or the GM closing them [ER-DECLARE-4];
// - edgerunner: the GM, defending with an NPC, takes a consequence for the NPC and it lands on
//   the NPC, adding to the defence [ER-CONSEQ-2]; the defence's invoke logs the defence's total;
// - narrative: ending the conflict gives the lost levels back, half while the situation
//   remains, as the GM says [NAR-RECOVER-1] [NAR-RECOVER-4];
// - pirates: recovering from your own consequence is no harder, and the log does not say so,
//   in English or Portuguese [PIR-RECOVER-1];
// - fate-core: the Fari import preview is what the table creates.
// Setting up (seats that only vote, an NPC, the GM's hand-written consequence) goes through
// the command API (./bot); what a test checks is what the browsers show.

const fixture = (path: string) =>
  fileURLToPath(new URL(`../packages/interop/fixtures/${path}`, import.meta.url));

/** A phone tab, when the page is narrow enough to have tabs. */
async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
  if (await tab.isVisible()) await tab.click();
}

const logOf = (page: Page) => page.getByTestId('log');
const taken = (page: Page, name: string) =>
  characterCard(page, name).locator('.consequences li.taken');

test('edgerunner: the table votes on each declaration, and a consequence lands on the character the card names', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const { gm, links, context } = await createTable(browser, 'Chrome and neon', 'edgerunner');
  const gmBot = await connectBot(baseURL!, links.gm);
  // Lou is at the table too, voting through the command API.
  const lou: Bot = await connectBot(baseURL!, links.player);
  await lou.send({ type: 'join', name: 'Lou' });
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, PHONE);
  const watcher = await openAs(browser, links.spectator);
  const overlay = await openHeldOverlay(browser, links.spectator);
  await expect(overlay.page.getByRole('main', { name: /: stream overlay$/ })).toBeVisible();
  await overlay.hold();
  const contexts = [context, dee.context, kim.context, watcher.context, overlay.context];
  const vex = await characterIdOf(baseURL!, links.gm, 'Vex');
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');
  const { result } = await gmBot.send({
    type: 'character.create',
    npc: true,
    character: {
      name: 'Ganger',
      aspects: [
        { id: 'hc', slot: 'high-concept', text: 'Knife in every pocket' },
        { id: 'tr', slot: 'trouble', text: 'Owes the Tigers' },
      ],
      skills: [
        { id: 'fight', rating: 2 },
        { id: 'athletics', rating: 1 },
      ],
    },
  });
  const ganger = String(result?.characterId);
  // A scene with everyone in it: the GM's pool holds a point per player.
  await gmBot.send({
    type: 'scene.start',
    name: 'Under the overpass',
    characterIds: [vex, kai, ganger],
  });

  // ── Dee puts a fact to the table's vote from her desk ─────────────────────────────────
  const fact = 'The old subway tunnel is still open';
  const deeTray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await deeTray.locator('select[name="action"]').selectOption('create-advantage');
  await deeTray.getByLabel('Aspect action').selectOption('declaration');
  await deeTray.getByLabel('The fact you declare').fill(fact);
  await deeTray.locator('select[name="declaration-target"]').selectOption({ label: 'The scene' });
  await deeTray.getByRole('button', { name: 'Ask the table' }).click();
  const mine = deeTray.getByTestId('my-declaration');
  await expect(mine.getByTestId('declaration-tally')).toContainText(
    '0 supporting, 0 opposing, 0 abstaining',
  );
  // The roll waits for the votes.
  await expect(
    deeTray.getByRole('button', { name: /^Roll once the table has voted/ }),
  ).toBeDisabled();

  // Kim's phone: a toast takes her to the prompt, with the fact's words and three buttons.
  const call = kim.page.getByRole('status').filter({ hasText: `Vex declares “${fact}”` });
  await expect(call).toBeVisible();
  await call.getByRole('button', { name: 'Vote' }).click();
  const kimPrompt = kim.page.getByTestId('declaration').filter({ hasText: fact });
  const kimVote = kimPrompt.getByRole('group', { name: 'Your vote' });
  await expect(kimVote.getByRole('button')).toHaveText(['Support', 'Oppose', 'Abstain']);
  await shot(kim.page, 'wrong-outcomes-1-phone-vote-prompt');
  await kimVote.getByRole('button', { name: 'Support' }).click();
  await expect(kimVote).toHaveCount(0);

  // The GM supports at the desk; the tally moves on every screen, the spectator's too, who
  // has nothing to vote with.
  await gm
    .getByTestId('declaration')
    .filter({ hasText: fact })
    .getByRole('group', { name: 'Your vote' })
    .getByRole('button', { name: 'Support' })
    .click();
  const watched = watcher.page.getByTestId('declaration').filter({ hasText: fact });
  for (const tally of [mine, watched, kimPrompt]) {
    await expect(tally.getByTestId('declaration-tally')).toContainText('2 supporting, 0 opposing');
    await expect(tally.getByTestId('declaration-status')).toHaveText('Waiting for 1 vote');
  }
  await expect(watched.getByRole('group', { name: 'Your vote' })).toHaveCount(0);
  await expect(
    deeTray.getByRole('button', { name: /^Roll once the table has voted/ }),
  ).toBeDisabled();

  // Lou opposes, the last vote: it is in, at +1 (the text's Lydia example).
  const declarationId = await watched.getAttribute('data-declaration');
  await lou.send({ type: 'declaration.vote', declarationId, stance: 'oppose' });
  for (const tally of [mine, watched]) {
    await expect(tally.getByTestId('declaration-tally')).toContainText(
      '2 supporting, 1 opposing, 0 abstaining · rolls at +1',
    );
  }
  await expect(mine.locator('[data-voter="Lou"]')).toContainText('Opposes');
  await expect(
    overlay.page
      .getByTestId('overlay-event')
      .filter({ hasText: 'is in: 2 supporting, 1 opposing' }),
  ).toBeVisible();
  await shot(dee.page, 'wrong-outcomes-2-desk-tally');
  await shot(watcher.page, 'wrong-outcomes-2-spectator-tally');
  await overlay.page.screenshot({ path: 'e2e/screenshots/wrong-outcomes-2-overlay-vote.png' });

  await deeTray.getByRole('button', { name: /^Roll 4dF \+1 vs Mediocre/ }).click();
  const declared = dee.page.getByTestId('roll-card').first();
  await expect(declared.getByTestId('aspect-action')).toContainText('2 supporting, 1 opposing');
  await expect(declared.locator('header')).toContainText(fact);
  await expect(declared.getByTestId('roll-outcome')).toBeVisible();
  if ((await declared.getByRole('button', { name: 'Create aspect' }).count()) > 0) {
    // Placed: the aspect is the fact the table voted on, already named.
    await expect(declared.getByLabel('Name the advantage')).toHaveValue(fact);
    await declared.getByRole('button', { name: 'Create aspect' }).click();
    await expect(watcher.page.getByTestId('aspect-card').filter({ hasText: fact })).toBeVisible();
  }
  await expect(watcher.page.getByTestId('declaration')).toHaveCount(0);

  // ── Kim declares on her phone; Dee opposes; the GM closes the vote before Lou answers ──
  const rumour = 'The Ganger owes the Tigers a favour';
  await openTab(kim.page, 'Dice');
  const kimTray = kim.page.getByRole('form', { name: 'Roll the dice' });
  await kimTray.locator('select[name="action"]').selectOption('create-advantage');
  await kimTray.getByLabel('Aspect action').selectOption('declaration');
  await kimTray.getByLabel('The fact you declare').fill(rumour);
  await kimTray.locator('select[name="declaration-target"]').selectOption({ label: 'Ganger' });
  await kimTray.getByRole('button', { name: 'Ask the table' }).click();
  await dee.page
    .getByTestId('declaration')
    .filter({ hasText: rumour })
    .getByRole('group', { name: 'Your vote' })
    .getByRole('button', { name: 'Oppose' })
    .click();
  const gmRumour = gm.getByTestId('declaration').filter({ hasText: rumour });
  await expect(gmRumour.getByTestId('declaration-tally')).toContainText('0 supporting, 1 opposing');
  await gmRumour.getByRole('button', { name: 'Close the vote' }).click();
  const kimMine = kimTray.getByTestId('my-declaration');
  await expect(kimMine.getByTestId('declaration-status')).toHaveText(
    'The GM closed the vote: no vote counts as an abstention.',
  );
  await expect(kimMine.getByTestId('declaration-tally')).toContainText('rolls at -1');
  await expect(logOf(watcher.page)).toContainText(
    `The GM closed the vote on “${rumour}”: 0 supporting, 1 opposing; it rolls at -1.`,
  );
  await kimTray.getByRole('button', { name: /^Roll 4dF -1 vs Mediocre/ }).click();
  await expect(
    kim.page.getByTestId('roll-card').first().getByTestId('aspect-action'),
  ).toContainText('0 supporting, 1 opposing');
  await shot(kim.page, 'wrong-outcomes-3-phone-closed-vote');

  // ── Dee attacks the Ganger; the GM rolls his defence and takes a consequence for him ──
  await deeTray.locator('select[name="action"]').selectOption('attack');
  await deeTray.getByLabel('An opposing character').check();
  await deeTray.locator('select[name="opponent"]').selectOption({ label: 'Ganger' });
  await deeTray.getByRole('button', { name: /^Roll 4dF/ }).click();
  const defence = gm.getByTestId('defence').first();
  await defence.locator('select[name="defence-skill"]').selectOption('athletics');
  await defence.getByRole('button', { name: 'Roll defence' }).click();
  await expect(gm.getByTestId('defence')).toHaveCount(0);
  const gmCard = gm.getByTestId('roll-card').first();
  await expect(gmCard.getByTestId('roll-outcome')).toBeVisible();
  // The card is for the Ganger's side: the invoke, and the consequence, which only his
  // controller (the GM) may take — never one for Vex, whom Dee plays.
  await gmCard.locator('select[name="invoke-side"]').selectOption({ label: 'Ganger' });
  await expect(gmCard.getByRole('form', { name: /^Take a consequence for Vex/ })).toHaveCount(0);
  const forGanger = gmCard.getByRole('form', { name: /^Take a consequence for Ganger/ });
  await expect(forGanger).toBeVisible();
  const shiftsBefore = await shiftsOf(gmCard);
  const attackBefore = await gmCard.getByTestId('roll-total').innerText();
  await forGanger.locator('select[name="consequence-slot"]').selectOption({ label: 'mild (+1)' });
  await forGanger.getByLabel('Name it').fill('Winded');
  await forGanger.getByRole('button', { name: 'Take it for the bonus' }).click();
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(taken(page, 'Ganger')).toContainText('Winded');
    await expect(taken(page, 'Vex')).toHaveCount(0);
  }
  await openTab(kim.page, 'Characters');
  await expect(taken(kim.page, 'Ganger')).toContainText('Winded');
  await expect(taken(kim.page, 'Vex')).toHaveCount(0);
  // The +1 went to the defence (the attack's margin is one less), not to the attack.
  await expect.poll(() => shiftsOf(gmCard)).toBe(shiftsBefore - 1);
  await expect(gmCard.getByTestId('roll-total')).toHaveText(attackBefore);
  await expect(logOf(watcher.page)).toContainText(
    /Ganger took the consequence "Winded" for \+1 on the roll: the defence is now .+ against Vex’s .+ — Vex: /,
  );
  // Dee, who plays Vex, may take one for Vex on her own card.
  await expect(
    dee.page
      .getByTestId('roll-card')
      .first()
      .getByRole('form', { name: /^Take a consequence for Vex/ }),
  ).toBeVisible();

  // The GM invokes the Ganger's own aspect on his defence, from the pool: the log says the
  // defence's new total, against the attack's, and whose result it is.
  await gmCard
    .locator('select[name="invoke-aspect"]')
    .selectOption({ label: 'Knife in every pocket (Ganger)' });
  await gmCard.locator('select[name="invoke-pay"]').selectOption('fate-point');
  await gmCard.getByRole('button', { name: '+2' }).click();
  await expect(logOf(watcher.page)).toContainText(
    /Ganger invoked "Knife in every pocket" for \+2 with a fate point: the defence is now .+ against Vex’s .+ — Vex: /,
  );
  await shot(gm, 'wrong-outcomes-4-gm-roll-card');
  await gmCard.screenshot({ path: 'e2e/screenshots/wrong-outcomes-4-gm-roll-card-only.png' });

  gmBot.close();
  lou.close();
  for (const c of contexts) await c.close();
});

/** The shifts a roll card says, "Success (+2)" → 2, "Fail (−1)" → −1. */
async function shiftsOf(card: Locator): Promise<number> {
  const said = await card.getByTestId('roll-outcome').innerText();
  return Number(/\(([+\-−]?\d+)\)/.exec(said)?.[1]?.replace('−', '-') ?? 'NaN');
}

test('narrative: ending the conflict gives the lost levels back, half while the situation remains', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const { gm, links, context } = await createTable(browser, 'The tea house', 'narrative');
  const gmBot = await connectBot(baseURL!, links.gm);
  const dee = await joinAndCreate(browser, links.player, 'Dee', {
    name: 'Mara Quill',
    highConcept: '',
    trouble: '',
    aspects: ['Balloon dancing', 'Speed-reading', 'Conversationalist', 'Freelance writer'],
  });
  const kim = await joinAndCreate(
    browser,
    links.player,
    'Kim',
    {
      name: 'Vera Kell',
      highConcept: '',
      trouble: '',
      // Body, mind, social, professional: rated Good, Fair, Fair, Average as typed.
      aspects: ['Perseverance', 'Computer programming', 'Charmingly effusive', 'Mad scientist'],
    },
    PHONE,
  );
  const watcher = await openAs(browser, links.spectator);
  const contexts = [context, dee.context, kim.context, watcher.context];
  const vera = await characterIdOf(baseURL!, links.gm, 'Vera Kell');
  const { result } = await gmBot.send({
    type: 'character.create',
    npc: true,
    character: {
      name: 'Sifu Zhao',
      aspects: [
        { id: 'body', slot: 'other', text: 'Kung fu', rating: 6 },
        { id: 'mind', slot: 'other', text: 'Oriental philosophy', rating: 3 },
      ],
    },
  });
  const zhao = String(result?.characterId);
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
  await openTab(kim.page, 'Characters');
  const whole = {
    Perseverance: 3,
    'Computer programming': 2,
    'Charmingly effusive': 2,
    'Mad scientist': 1,
  };
  await expect
    .poll(async () => ratingTotal(await aspectRatings(kim.page, 'Vera Kell')))
    .toBeLessThan(ratingTotal(whole));
  const hurt = await aspectRatings(gm, 'Vera Kell');
  const levels = ratingTotal(whole) - ratingTotal(hurt);
  const half = Math.floor(levels / 2);
  // While it runs, her sheet says when they come back.
  await expect(
    characterCard(kim.page, 'Vera Kell').getByTestId('recover-after-conflict'),
  ).toHaveText('Lost levels come back once the conflict is over.');

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
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(logOf(page)).toContainText('The conflict ended.');
    await expect(logOf(page)).toContainText(said);
    await expect
      .poll(async () => ratingTotal(await aspectRatings(page, 'Vera Kell')))
      .toBe(ratingTotal(hurt) + half);
  }
  await expect
    .poll(async () => ratingTotal(await aspectRatings(kim.page, 'Vera Kell')))
    .toBe(ratingTotal(hurt) + half);
  // The rest is the GM's to give back, and Kim's sheet says so.
  if (levels - half > 0) {
    await expect(characterCard(kim.page, 'Vera Kell').getByTestId('recover-when')).toHaveText(
      'The rest comes back when the GM says the situation is over, or after healing.',
    );
  }
  await shot(kim.page, 'wrong-outcomes-6-phone-half-back');

  // The situation is over: the GM gives the rest back from Vera's sheet.
  const gmVera = characterCard(gm, 'Vera Kell').getByTestId('narrative-recovery');
  if (levels - half > 0) {
    await gmVera.getByRole('button', { name: 'Recover lost ratings' }).click();
  }
  await expect.poll(async () => aspectRatings(watcher.page, 'Vera Kell')).toEqual(whole);
  await shot(watcher.page, 'wrong-outcomes-6-spectator-recovered');

  gmBot.close();
  for (const c of contexts) await c.close();
});

test('pirates: recovering from her own consequence is no harder, and the log does not say it is', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { gm, links, context } = await createTable(browser, 'The Gull’s Revenge', 'pirates');
  const gmBot = await connectBot(baseURL!, links.gm);
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await joinAndCreate(browser, links.player, 'Kim', KAI, PHONE);
  const watcher = await openAs(browser, links.spectator);
  // A Portuguese reader at the table too.
  const leitora = await browser.newContext({ locale: 'pt-BR' });
  const pt = await leitora.newPage();
  await pt.goto(links.spectator);
  await expect(pt.getByTestId('table-name')).toBeVisible();
  const contexts = [context, dee.context, kim.context, watcher.context, leitora];
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');
  await gmBot.send({
    type: 'consequence.take',
    characterId: kai,
    slotId: 'moderate',
    text: 'Cracked Ribs',
  });

  // Kim, on her phone, starts recovery on Kai's own consequence: against Great (+4), the
  // consequence's value, no more for treating herself [PIR-RECOVER-1].
  await openTab(kim.page, 'Characters');
  await characterCard(kim.page, 'Kai')
    .getByRole('button', { name: 'Start recovery from “Cracked Ribs”' })
    .click();
  const tray = kim.page.getByRole('form', { name: 'Recovery roll' });
  await expect(tray.getByTestId('recovery-difficulty')).toHaveText('Great (+4)');
  await expect(tray).not.toContainText('two steps harder');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
  for (const page of [gm, dee.page, watcher.page]) {
    await expect(logOf(page)).toContainText(
      'Kai rolled to recover from their own “Cracked Ribs” [',
    );
    await expect(logOf(page)).not.toContainText('two steps harder');
  }
  await expect(logOf(pt)).toContainText('para se recuperar da própria “Cracked Ribs” [');
  await expect(logOf(pt)).not.toContainText('dois degraus');
  await shot(kim.page, 'wrong-outcomes-7-phone-recovery');
  await shot(pt, 'wrong-outcomes-7-pt-log');

  gmBot.close();
  for (const c of contexts) await c.close();
});

test('fate-core: the Fari import preview says what the created character has', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { gm, links, context } = await createTable(browser, 'Imported crew', 'fate-core');
  const dee = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const kim = await takeSeat(browser, links.player, 'Kim', PHONE);
  const watcher = await openAs(browser, links.spectator);
  const contexts = [context, dee.context, kim.context, watcher.context];

  // Kim imports Mira Vell from Fari on her phone: the file has 2 fate points, a checked stress
  // box and a mild consequence; a new character has its refresh (3), clear boxes and none.
  await kim.page
    .getByLabel('Import a character file (Fari, Foundry or Fateboard .json)')
    .setInputFiles(fixture('fari/v6-fate-core.fari.json'));
  const report = kim.page.getByTestId('import-report');
  await expect(report.getByTestId('import-adapted')).toContainText(
    'fate points 2 in the file: a new character starts with its refresh, 3',
  );
  await expect(report.getByTestId('import-dropped')).toContainText(
    'consequence (mild) "Sprained Wrist": a new character starts without consequences',
  );
  await expect(report.getByTestId('import-dropped')).toContainText(
    'stress track PHYSICAL (1 checked): a new character starts with clear boxes',
  );
  // Nothing of that is among what was mapped as it is.
  const mapped = report.locator('details');
  await mapped.getByText(/^Mapped/).click();
  await expect(mapped.getByRole('listitem').first()).toBeVisible();
  await expect(
    mapped.getByRole('listitem').filter({ hasText: /fate points|consequence|stress/ }),
  ).toHaveCount(0);
  await shot(kim.page, 'wrong-outcomes-8-phone-import-preview');
  await kim.page.getByRole('button', { name: 'Create character' }).click();
  await expect(kim.page.getByTestId('table-name')).toBeVisible();

  // What was created is what the preview said, on every screen.
  for (const page of [gm, dee.page, watcher.page]) {
    const card = characterCard(page, 'Mira Vell');
    await expect(card.getByTestId('fate-points').locator('.fp-value')).toHaveText('3');
    await expect(card.locator('.consequences li.taken')).toHaveCount(0);
  }
  await shot(watcher.page, 'wrong-outcomes-8-spectator-imported');
  for (const c of contexts) await c.close();
});
