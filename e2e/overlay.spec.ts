/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { SCREENSHOTS, deeAndKim, openGroup, overlayMoment, usualGroup } from './helpers';
import { connectBot, characterIdOf, dealHit, type Bot } from './bot';
import { join } from 'node:path';

const phone = { width: 390, height: 844 };

/** Backgrounds standing in for bright and dark stream video behind the transparent overlay. */
const LIGHT = 'linear-gradient(120deg, #ffffff 0%, #f1ead8 45%, #d9e8f5 100%)';
const DARK = 'linear-gradient(120deg, #04040a 0%, #1d1a2e 50%, #0b1f17 100%)';

/** Screenshots the overlay composited over light, then dark video; the page itself is see-through. */
async function overBoth(overlay: Page, name: string): Promise<void> {
  for (const [tone, bg] of [
    ['light', LIGHT],
    ['dark', DARK],
  ] as const) {
    // CSSOM, not an inline style attribute: the server's CSP forbids those.
    await overlay.evaluate(
      (value) => document.documentElement.style.setProperty('background', value),
      bg,
    );
    await overlay.screenshot({ path: join(SCREENSHOTS, `overlay-${name}-${tone}.png`) });
  }
  await overlay.evaluate(() => document.documentElement.style.removeProperty('background'));
}

async function phoneShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `overlay-phone-${name}.png`) });
}

/** The GM's bot rolls Vex's attack on Kai until it lands a 1- or 2-shift hit, and deals it. */
async function landHit(bot: Bot, vex: string, kai: string): Promise<void> {
  await dealHit(
    bot,
    { characterId: vex, skillId: 'fight', opposition: { characterId: kai, skillId: 'athletics' } },
    /— success \((1 shift|2 shifts)\)/,
  );
}

test('a session on the stream overlay, and the phone player told when needed', async ({
  browser,
  baseURL,
}) => {
  // Five browsers on two shared cores: the default three minutes is too tight.
  test.setTimeout(1_200_000);
  // The overlay's own clock stops, so each moment stays for its screenshots however slow the
  // machine, and `runFor` then shows that it leaves a few seconds later. Never a long jump:
  // the document's socket closes itself after 30 silent seconds (by this clock) and would wait
  // for the stopped clock to reconnect.
  const group = await openGroup(
    browser,
    usualGroup('Harbour night', { players: deeAndKim(phone), overlay: { held: true } }),
  );
  const { gm, links, spectator: watcher, overlay, holdOverlay } = group;
  const [dee, kim] = group.players;
  await expect(overlay.getByRole('main', { name: 'Harbour night: stream overlay' })).toBeVisible();
  await holdOverlay();
  /** A few seconds pass on the overlay: what it showed is gone. */
  const momentsPass = async () => {
    await overlay.clock.runFor(6_500);
    await expect(overlay.getByTestId('overlay-event')).toHaveCount(0);
    await expect(overlay.getByTestId('overlay-aspect')).toHaveCount(0);
  };
  const bot = await connectBot(baseURL!, links.gm);
  const vex = await characterIdOf(baseURL!, links.gm, 'Vex');
  const kai = await characterIdOf(baseURL!, links.gm, 'Kai');

  // The overlay page is see-through: only its panels paint.
  const paints = await overlay.evaluate(() =>
    [document.documentElement, document.body, document.querySelector('main')!].map(
      (el) => getComputedStyle(el).backgroundColor,
    ),
  );
  expect(paints).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);

  const event = (kind: string) => overlayMoment(overlay, kind);
  const toast = (page: Page) => page.locator('.toast.attention');
  // A toast that is not sticky may still be up when the next arrives: each check names its own.

  await gm.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.getByRole('button', { name: 'End the scene' })).toBeVisible();

  // 1. The GM pushes an aspect: the overlay's big moment, legible, then gone.
  await gm.getByLabel('New aspect').fill('Storm over the harbour');
  await gm.getByRole('button', { name: 'Add aspect' }).click();
  await gm.getByRole('button', { name: 'Push “Storm over the harbour” to every screen' }).click();
  const moment = overlay.getByTestId('overlay-aspect');
  await expect(moment).toHaveText(/Storm over the harbour/);
  const colours = await moment.evaluate((el) => [
    getComputedStyle(el).color,
    getComputedStyle(el).backgroundColor,
  ]);
  expect(colours[0]).toBe('rgb(255, 255, 255)');
  expect(colours[1]).toBe('rgba(14, 12, 28, 0.9)');
  await overBoth(overlay, '1-aspect');
  await momentsPass();

  // 2. Dee rolls: the dice, the total on the ladder and the outcome, then gone.
  await dee
    .getByRole('form', { name: 'Roll the dice' })
    .getByRole('button', { name: /^Roll 4dF/ })
    .click();
  const roll = event('roll');
  await expect(roll).toContainText('Vex');
  await expect(roll.locator('.die')).toHaveCount(4);
  await expect(roll.getByTestId('overlay-roll-total')).toHaveText(
    /^[A-Z][a-z]+( [A-Z][a-z]+)? \([+−-]?\d+\)$/,
  );
  await expect(roll.getByTestId('overlay-roll-result')).toHaveText(
    /^(fail( \(short by \d+\))?|tie|success( with style)? \(\d+ shifts?\))$/,
  );
  await overBoth(overlay, '2-roll');
  await momentsPass();

  // 3. The GM compels Kai while Kim looks at the log: a toast and a badge on Scene; one tap on
  // the toast brings the compel with Accept in focus.
  await kim.getByRole('tab', { name: 'Log' }).click();
  const compel = 'The harbour master recognises Kai';
  const form = gm.getByRole('form', { name: 'Offer a compel' });
  await form.getByLabel('Compel').selectOption({ label: 'Kai' });
  await form.getByLabel('What happens').fill(compel);
  await form.getByRole('button', { name: 'Offer the compel' }).click();
  await expect(toast(kim)).toContainText(`Compel on Kai: “${compel}”`);
  await expect(kim.getByRole('tab', { name: /Scene/ }).getByTestId('tab-badge')).toHaveText(/^1/);
  await expect(event('compel')).toContainText(compel);
  await phoneShot(kim, '3-compel-toast');
  await overBoth(overlay, '3-compel-offered');
  // Only Kim is asked: not Dee, not the spectator, not the GM who offered it.
  for (const page of [dee, watcher, gm]) await expect(toast(page)).toHaveCount(0);
  await toast(kim).getByRole('button', { name: 'Answer' }).click();
  await expect(kim.getByRole('tab', { name: /Scene/ })).toHaveAttribute('aria-selected', 'true');
  const accept = kim.getByRole('button', { name: 'Accept, gain a fate point' });
  await expect(accept).toBeFocused();
  await kim.keyboard.press('Enter');
  await expect(event('compel').filter({ hasText: 'accepted' })).toBeVisible();
  await expect(kim.getByRole('tab', { name: /Scene/ }).getByTestId('tab-badge')).toHaveCount(0);
  await overBoth(overlay, '3-compel-accepted');
  await momentsPass();

  // 4. The GM gives Kai a fate point: Kim, on Dice, sees a toast and a badge on Characters.
  await kim.getByRole('tab', { name: 'Dice' }).click();
  await gm.getByRole('button', { name: 'Give Kai a fate point' }).click();
  await expect(toast(kim)).toContainText('The GM gave Kai a fate point.');
  const characters = kim.getByRole('tab', { name: /Characters/ });
  await expect(characters.getByTestId('tab-badge')).toHaveText(/^1/);
  await expect(event('fate')).toContainText('The GM gave Kai a fate point.');
  await phoneShot(kim, '4-fate-point');
  await overBoth(overlay, '4-fate-point');
  await momentsPass();
  await characters.click();
  await expect(characters.getByTestId('tab-badge')).toHaveCount(0);

  // Free invokes on the overlay show their count and who holds them.
  await bot.send({
    type: 'aspect.add',
    kind: 'situation',
    text: 'Slick cobbles',
    freeInvokes: 2,
    owner: 'gm',
  });
  await expect(
    overlay
      .getByTestId('overlay-aspect-chip')
      .filter({ hasText: 'Slick cobbles' })
      .getByTestId('overlay-invokes'),
  ).toHaveText('2 free invokes · GM');

  // 5. Vex attacks Kai while Kim looks at the log: Kai's defence waits on Kim. A toast and a
  // badge on Dice; one tap brings the defence's skill picker, in focus. The overlay shows the
  // attack waiting, then both sides' dice and the outcome once Kim rolls.
  await kim.getByRole('tab', { name: 'Log' }).click();
  const attack = await bot.send({
    type: 'roll',
    characterId: vex,
    skillId: 'fight',
    action: 'attack',
    defender: kai,
  });
  const dice = kim.getByRole('tab', { name: /Dice/ });
  await expect(toast(kim).filter({ hasText: 'must defend' })).toContainText(
    'Kai must defend against Vex: roll the defence.',
  );
  await expect(dice.getByTestId('tab-badge')).toHaveText(/^1/);
  for (const page of [dee, watcher, gm]) await expect(toast(page)).toHaveCount(0);
  await expect(event('roll').getByTestId('overlay-roll-result')).toHaveText('Kai rolls to defend');
  await phoneShot(kim, '5-defence-toast');
  await overBoth(overlay, '5-attack-awaits-defence');
  await toast(kim)
    .filter({ hasText: 'must defend' })
    .getByRole('button', { name: 'Defend' })
    .click();
  await expect(dice).toHaveAttribute('aria-selected', 'true');
  const defenceSkill = kim.getByTestId('defence').locator('select[name="defence-skill"]');
  await expect(defenceSkill).toBeFocused();
  // Kim defends with her third best skill, not the one offered first.
  const third = await defenceSkill.locator('option').nth(2).getAttribute('value');
  await defenceSkill.selectOption(third ?? '');
  await phoneShot(kim, '5-defence-prompt');
  await kim.getByRole('button', { name: 'Roll defence' }).click();
  await expect(kim.getByTestId('defence')).toHaveCount(0);
  await expect(toast(kim).filter({ hasText: 'must defend' })).toHaveCount(0);
  await expect(dice.getByTestId('tab-badge')).toHaveCount(0);
  // The attack's card on the overlay now holds Kai's dice too, and the outcome.
  const defended = event('roll');
  await expect(defended.getByTestId('overlay-roll-against')).toHaveText(
    /^[A-Z][a-z]+( [A-Z][a-z]+)? \([+−-]?\d+\)$/,
  );
  await expect(defended).toContainText('vs Kai');
  await expect(defended.locator('.die')).toHaveCount(8);
  await expect(defended.getByTestId('overlay-roll-result')).toHaveText(
    /^(fail( \(short by \d+\))?|tie|success( with style)? \(\d+ shifts?\))$/,
  );
  expect(attack.result?.rollId).toBeTruthy();
  await overBoth(overlay, '5-defence-rolled');
  await momentsPass();

  // 6. A hit lands on Kai while Kim looks at the log: the Dice badge, and the toast's one tap
  // to the absorb panel. The overlay, with motion reduced, shows the stress taken, then clears.
  await overlay.emulateMedia({ reducedMotion: 'reduce' });
  await kim.getByRole('tab', { name: 'Log' }).click();
  await landHit(bot, vex, kai);
  await expect(dice.getByTestId('tab-badge')).toHaveText(/^1/);
  await expect(toast(kim).filter({ hasText: 'is hit' })).toContainText(
    /Kai is hit: [12] shifts? to absorb\./,
  );
  for (const page of [dee, watcher, gm]) await expect(toast(page)).toHaveCount(0);
  await phoneShot(kim, '6-hit-toast');
  await toast(kim)
    .filter({ hasText: 'is hit' })
    .getByRole('button', { name: 'Take the hit' })
    .click();
  await expect(dice).toHaveAttribute('aria-selected', 'true');
  const panel = kim.getByTestId('absorb-panel');
  // Focus lands on the panel's first control (the harm kind, where the game asks it).
  await expect(panel.locator(':focus')).toHaveCount(1);
  await panel.getByTestId('absorb-options').getByRole('radio').first().check();
  await phoneShot(kim, '6-absorb');
  await panel.getByRole('button', { name: 'Absorb' }).click();
  const harm = event('harm');
  await expect(harm).toContainText(/^Hit taken\s*Kai absorbed [12] shifts?/);
  expect(await harm.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await expect(dice.getByTestId('tab-badge')).toHaveCount(0);
  await overBoth(overlay, '6-stress');
  await momentsPass();

  // 7. Another hit: Kim takes a mild consequence and names it; the overlay says so.
  await landHit(bot, vex, kai);
  await toast(kim)
    .filter({ hasText: 'is hit' })
    .getByRole('button', { name: 'Take the hit' })
    .click();
  await panel.getByRole('radio', { name: 'mild consequence', exact: true }).check();
  await panel.getByLabel('Name the mild consequence').fill('Twisted ankle');
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(panel).toHaveCount(0);
  await expect(harm).toContainText(
    /Kai absorbed [12] shifts?: mild consequence \(“Twisted ankle”\)/,
  );
  await overBoth(overlay, '7-consequence');
  await momentsPass();

  // 8. The GM's nameless deckhand has no stress to speak of: the GM rules it out of the fight.
  const deckhand = await bot.send({
    type: 'character.create',
    npc: true,
    character: { name: 'Deckhand', skills: [{ id: 'fight', rating: 1 }] },
  });
  await bot.send({ type: 'taken-out', characterId: String(deckhand.result?.characterId) });
  await expect(event('out')).toContainText('Deckhand was taken out.');
  await overBoth(overlay, '8-taken-out');
  await momentsPass();
  await overBoth(overlay, '9-clear');

  bot.close();
  await group.close();
});
