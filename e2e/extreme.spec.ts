import { test, expect } from '@playwright/test';
import { characterIdOf, connectBot, dealHit } from './bot';
import { KAI, characterCard, openGroup, shot, usualGroup } from './helpers';

// Rules text 001 (Extreme Consequences): an 8-shift hit lands on Kai, played by Kim on a
// phone. Of the ways to absorb it she takes the extreme consequence rather than a severe one and a
// box, names it, and says which aspect it replaces for good: not the High Concept, which the panel
// never offers, and not the first aspect listed either. Every screen shows the aspect replaced;
// the extreme is spent until the next major milestone, so the next big hit no longer offers it.
// NPCs have no fate points of their own: their card shows the GM pool.

test('fate-core: a phone player takes the extreme consequence, replacing the aspect she picks', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const group = await openGroup(browser, usualGroup('Extreme'));
  const { gm, links, spectator: watcher } = group;
  const [dee, kim] = group.players;
  const bot = await connectBot(baseURL ?? '', links.gm);
  const kai = await characterIdOf(baseURL ?? '', links.gm, 'Kai');
  const vex = await characterIdOf(baseURL ?? '', links.gm, 'Vex');

  // The GM adds a brute; an NPC spends the GM pool, so his card shows the pool, not his own.
  await gm.getByRole('button', { name: 'Add an NPC' }).click();
  const npcEditor = gm.getByTestId('gm-create-npc');
  await npcEditor.locator('input[name="character-name"]').fill('Harbour brute');
  await npcEditor.locator('input[name^="aspect-high-concept"]').fill('Hired muscle with a hook');
  await npcEditor.getByRole('button', { name: 'Create NPC' }).click();
  const brute = await characterIdOf(baseURL ?? '', links.gm, 'Harbour brute');
  await bot.send({ type: 'scene.start', name: 'The docks', characterIds: [kai, vex, brute] });
  for (const page of [gm, watcher]) {
    const pool = characterCard(page, 'Harbour brute').getByTestId('fate-points');
    await expect(pool).toHaveAttribute('aria-label', 'Spends the GM pool: 2 fate points');
  }

  // An 8-shift hit: the brute at Legendary Fight against Kai's Mediocre Will.
  await bot.send({
    type: 'gm.adjust',
    adjust: { what: 'skill', characterId: brute, skillId: 'fight', rating: 8 },
  });
  await dealHit(
    bot,
    { characterId: brute, skillId: 'fight', opposition: { characterId: kai, skillId: 'will' } },
    /success with style \(8 shifts\)/,
  );

  await kim.getByRole('tab', { name: /Dice/ }).click();
  const panel = kim.getByTestId('absorb-panel');
  await expect(panel).toContainText('Kai: take the hit (8 shifts)');
  const options = panel.getByTestId('absorb-options').locator('label');
  const labels = (await options.allTextContents()).map((l) => l.trim());
  const extreme = labels.indexOf('extreme consequence');
  expect(extreme, labels.join(' | ')).toBeGreaterThanOrEqual(0);
  await options.nth(extreme).getByRole('radio').check();
  await panel.getByLabel('Name the extreme consequence').fill('Lost my left hand');
  const replaces = panel.getByLabel('The aspect it replaces, for good');
  const offered = await replaces.locator('option:not([disabled])').allTextContents();
  expect(offered).not.toContain(KAI.highConcept);
  expect(offered[0]).toBe(KAI.trouble);
  const gone = offered[1]!;
  await replaces.selectOption({ label: gone });
  await shot(kim, 'extreme-1-phone-picks-aspect');
  await panel.getByRole('button', { name: 'Absorb' }).click();
  await expect(panel).toHaveCount(0);

  for (const page of [gm, dee, watcher, kim]) {
    if (page === kim) await kim.getByRole('tab', { name: 'Characters' }).click();
    const card = characterCard(page, 'Kai');
    await expect(card).toContainText('Lost my left hand');
    await expect(card).not.toContainText(gone);
    await expect(card).toContainText(KAI.highConcept);
  }
  await kim.getByRole('tab', { name: 'Log' }).click();
  await expect(kim.getByTestId('log')).toContainText(
    'Kai absorbed 8 shifts: extreme consequence (“Lost my left hand”)',
  );
  await shot(kim, 'extreme-2-phone-replaced');
  await shot(watcher, 'extreme-2-spectator-replaced');

  // Once between major milestones: the next 8-shift hit offers no extreme.
  await dealHit(
    bot,
    { characterId: brute, skillId: 'fight', opposition: { characterId: kai, skillId: 'will' } },
    /success with style \(8 shifts\)/,
  );
  await kim.getByRole('tab', { name: /Dice/ }).click();
  await expect(panel).toContainText('Kai: take the hit (8 shifts)');
  await expect(panel.getByTestId('absorb-options')).not.toContainText('extreme');

  bot.close();
  await group.close();
});
