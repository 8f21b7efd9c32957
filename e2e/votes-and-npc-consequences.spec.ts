import { test, expect, type Page } from '@playwright/test';
import {
  KAI,
  PHONE,
  VEX,
  askTheTable,
  characterCard,
  createTable,
  joinAndCreate,
  openAs,
  openHeldOverlay,
  shot,
  openTab,
  logOf,
  openTheVote,
  shiftsOf,
  vote,
} from './helpers';
import { characterIdOf, connectBot, createNpc, type Bot } from './bot';

// Two outcomes a group playing a whole Edgerunner session found wrong, played again as the group
// did, at a table with a GM at a desk, a player at a desk, a player on a 390x844 phone, a
// spectator and the 1080p stream overlay:
// - the declaration is the table's vote, each voter on their own screen, the tally live
//   everywhere, the roll waiting for the votes or the GM closing them [ER-DECLARE-4];
// - the GM, defending with an NPC, takes a consequence for the NPC and it lands on the NPC,
//   adding to the defence [ER-CONSEQ-2]; the defence's invoke logs the defence's total.
// Setting up (a seat that only votes, an NPC, the GM's hand-written consequence) goes through
// the command API (./bot); what the test checks is what the browsers show.

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
  const ganger = await createNpc(gmBot, {
    name: 'Ganger',
    aspects: [
      { id: 'hc', slot: 'high-concept', text: 'Knife in every pocket' },
      { id: 'tr', slot: 'trouble', text: 'Owes the Tigers' },
    ],
    skills: [
      { id: 'fight', rating: 2 },
      { id: 'athletics', rating: 1 },
    ],
  });
  // A scene with everyone in it: the GM's pool holds a point per player.
  await gmBot.send({
    type: 'scene.start',
    name: 'Under the overpass',
    characterIds: [vex, kai, ganger],
  });

  // ── Dee puts a fact to the table's vote from her desk ─────────────────────────────────
  const fact = 'The old subway tunnel is still open';
  const deeTray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await askTheTable(deeTray, fact, 'The scene');
  const mine = deeTray.getByTestId('my-declaration');
  await expect(mine.getByTestId('declaration-tally')).toContainText(
    '0 supporting, 0 opposing, 0 abstaining',
  );
  // The roll waits for the votes.
  await expect(
    deeTray.getByRole('button', { name: /^Roll once the table has voted/ }),
  ).toBeDisabled();

  // Kim's phone: a toast takes her to the prompt, with the fact's words and three buttons.
  const { prompt: kimPrompt, choices: kimVote } = await openTheVote(kim.page, 'Vex', fact);
  await shot(kim.page, 'wrong-outcomes-1-phone-vote-prompt');
  await kimVote.getByRole('button', { name: 'Support' }).click();
  await expect(kimVote).toHaveCount(0);

  // The GM supports at the desk; the tally moves on every screen, the spectator's too, who
  // has nothing to vote with.
  await vote(gm, 'Support', fact);
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
  await askTheTable(kimTray, rumour, 'Ganger');
  await vote(dee.page, 'Oppose', rumour);
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
