/// <reference lib="dom" />
import { test, expect as baseExpect, type Page } from '@playwright/test';
import {
  KAI_SKILLS,
  VEX_SKILLS,
  characterCard,
  createTable,
  openAs,
  shot,
  takeSeat,
  PHONE,
  openOverlay,
  fillSheet,
  concede,
} from './helpers';

// A whole Fate Core session, played as a group plays it. The GM and Dee at desks, Kim
// on a 390x844 phone, a spectator and the stream overlay (1920x1080), all at once. Dee and Kim
// make their characters in the editor (a full pyramid each, different builds), the GM makes an
// NPC; a scene with pushed aspects; Dee creates an advantage and invokes its free invoke; a
// conflict of several exchanges in which Kim defends with a skill she picks, absorbs stress,
// takes a consequence and concedes, and the GM's thug is taken out; the scene ends, a new
// session starts, and Dee treats Kai's consequence with a recovery roll.
//
// Every action is a person's, through the UI. The dice are real, so the fight runs until what it
// needs has happened (a hit on Kai, then another, then Vex's hits on the thug) with a bound on
// the exchanges: 20 of them (60 turns), since the thug absorbs up to five hits and a run of
// misses on either side made 10 too few now and then.

// Five browsers and a server on two cores shared with other runs: a step may take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Person {
  page: Page;
  phone: boolean;
}

/** On a phone, opens the tab that holds a section; desks show every section at once. */
async function open(p: Person, tab: 'Scene' | 'Characters' | 'Dice' | 'Log'): Promise<void> {
  if (p.phone) await p.page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

/** A total as the roll card writes it: `+3`, `+0`, `-1`. */
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** A number shown on a character's card: their fate points. */
async function fatePoints(page: Page, name: string): Promise<number> {
  const text = await characterCard(page, name)
    .getByTestId('fate-points')
    .locator('.fp-value')
    .textContent();
  return Number(text);
}

test('fate-core: a whole session — characters, scene, advantage, a conflict with a concession and a take-out, recovery next session', async ({
  browser,
}) => {
  // Five browsers on two shared cores, and a fight as long as the dice make it.
  test.setTimeout(1_800_000);

  // ── The GM creates the table; Dee (desk), Kim (phone), a spectator and the overlay open it.
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
  await dee.page.getByRole('button', { name: 'Create character' }).click();
  await expect(dee.page.getByTestId('table-name')).toBeVisible();

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
  await kim.page.getByRole('button', { name: 'Create character' }).click();
  await expect(kim.page.getByTestId('table-name')).toBeVisible();

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

  // ── A scene: the GM starts it and pushes a situation aspect to every screen.
  await gm.page.getByLabel('Scene name').fill('The Salt Market at dusk');
  await gm.page.getByRole('button', { name: 'Start a scene' }).click();
  await expect(gm.page.getByRole('button', { name: 'End the scene' })).toBeVisible();
  for (const text of ['Crowded Fish Stalls', 'Rain-Slick Cobbles']) {
    await gm.page.getByLabel('New aspect').fill(text);
    await gm.page.getByRole('button', { name: 'Add aspect' }).click();
    await expect(gm.page.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
  }
  await gm.page.getByRole('button', { name: 'Push “Rain-Slick Cobbles” to every screen' }).click();
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Rain-Slick Cobbles');
  await overlayShot('3-pushed-moment');
  for (const p of people) {
    await open(p, 'Scene');
    await expect(p.page.getByTestId('spotlight-strip')).toContainText('Rain-Slick Cobbles');
    await expect(
      p.page.getByTestId('aspect-card').filter({ hasText: 'Crowded Fish Stalls' }),
    ).toBeVisible();
  }
  await expect(
    overlay.getByTestId('overlay-aspect-chip').filter({ hasText: 'Crowded Fish Stalls' }),
  ).toBeVisible();
  await beat('3-scene-pushed');
  // The moment leaves the overlay; the aspect stays in its strip.
  await expect(overlay.getByTestId('overlay-aspect')).toHaveCount(0);
  await expect(
    overlay.getByTestId('overlay-aspect-chip').filter({ hasText: 'Rain-Slick Cobbles' }),
  ).toBeVisible();

  // ── Dee creates an advantage, reading the crowd with Notice against Terrible (−2): Good +3
  // with the worst dice (−1) still beats it, so the advantage is always placed.
  const deeTray = dee.page.getByRole('form', { name: 'Roll the dice' });
  await deeTray.locator('select[name="skill"]').selectOption('notice');
  await deeTray.locator('select[name="action"]').selectOption('create-advantage');
  await deeTray.locator('select[name="difficulty"]').selectOption('-2');
  await deeTray.getByLabel('What for (optional)').fill('Slip between the stalls');
  await deeTray.getByRole('button', { name: 'Roll 4dF +3 vs Terrible (-2)' }).click();
  const advantageCard = dee.page.getByTestId('roll-card').first();
  await expect(advantageCard.getByTestId('roll-outcome')).toHaveText(/^Success/);
  const withStyle = /with style/.test(
    (await advantageCard.getByTestId('roll-outcome').textContent()) ?? '',
  );
  const invokes = withStyle ? 2 : 1;
  await advantageCard.getByLabel('Name the advantage').fill('Lost in the Crowd');
  await advantageCard.getByRole('button', { name: 'Create aspect' }).click();
  const holder = `${invokes} free invoke${invokes === 1 ? '' : 's'} · Vex`;
  for (const p of people) {
    await open(p, 'Scene');
    const card = p.page.getByTestId('aspect-card').filter({ hasText: 'Lost in the Crowd' });
    await expect(card.getByTestId('free-invoke-holder')).toHaveText(holder);
  }
  await expect(
    overlay
      .getByTestId('overlay-aspect-chip')
      .filter({ hasText: 'Lost in the Crowd' })
      .getByTestId('overlay-invokes'),
  ).toHaveText(holder);
  await open(kim, 'Log');
  for (const p of people) {
    await expect(p.page.getByTestId('log')).toContainText(
      `Vex created an advantage — ${withStyle ? 'success with style' : 'success'}`,
    );
  }
  await beat('4-advantage');

  // ── The conflict: the thug steps out of the crowd. The GM starts it and puts the thug first,
  // then Kai, then Vex, with the arrows.
  const conflictOf = (p: Person) => p.page.getByTestId('conflict');
  await conflictOf(gm).getByRole('button', { name: 'Start a conflict' }).click();
  const turns = conflictOf(gm).getByTestId('turn');
  await expect(turns).toHaveCount(3);
  for (const [i, name] of ['Dockside Thug', 'Kai', 'Vex'].entries()) {
    for (;;) {
      const names = await turns.locator('span:first-child').allTextContents();
      const at = names.indexOf(name);
      if (at <= i) break;
      await conflictOf(gm)
        .getByRole('button', { name: `Move ${name} up` })
        .click();
      await expect(turns.nth(at - 1)).toContainText(name);
    }
  }
  const order = [/Dockside Thug/, /Kai/, /Vex/];
  /** Every screen marks whose turn it is, in the exchange given. */
  const turnIs = async (name: string, exchange: number) => {
    for (const p of people) {
      await open(p, 'Scene');
      await expect(conflictOf(p).locator('[aria-current="step"]')).toContainText(name);
      await expect(conflictOf(p)).toContainText(`Exchange ${exchange}`);
    }
  };
  for (const p of people) {
    await open(p, 'Scene');
    await expect(conflictOf(p).getByTestId('turn')).toHaveText(order);
  }
  /** Whose turn the GM's screen marks, and in which exchange. */
  const current = async () => {
    const name = await conflictOf(gm).locator('[aria-current="step"] > span').first().textContent();
    const badge = await conflictOf(gm)
      .getByText(/^Exchange \d+$/)
      .textContent();
    return { name: name?.trim() ?? '', exchange: Number(/\d+/.exec(badge ?? '')?.[0]) };
  };
  // The turn stays with whoever the conflict started with, wherever the GM moved them.
  const first = await current();
  expect(first.exchange).toBe(1);
  await turnIs(first.name, 1);
  await beat('5-conflict-started');

  const gmTray = gm.page.getByRole('form', { name: 'Roll the dice' });
  const deeTrayAttack = async () => {
    await deeTray.locator('select[name="skill"]').selectOption('fight');
    await deeTray.locator('select[name="action"]').selectOption('attack');
    await deeTray.getByLabel('An opposing character').check();
    await deeTray.locator('select[name="opponent"]').selectOption({ label: 'Dockside Thug' });
    await expect(deeTray).toContainText('They pick their own defence and roll it');
    await deeTray.getByRole('button', { name: /^Roll 4dF \+4$/ }).click();
  };
  /** The latest roll's outcome as every screen shows it, once the defence is rolled. */
  const outcomeOf = async (p: Person): Promise<string> => {
    await open(p, 'Dice');
    const outcome = p.page.getByTestId('roll-card').first().getByTestId('roll-outcome');
    await expect(outcome).toBeVisible();
    return (await outcome.textContent()) ?? '';
  };
  const isHit = (outcome: string) => /^Success/.test(outcome);
  const logSays = async (line: string | RegExp) => {
    for (const p of people) {
      await open(p, 'Log');
      await expect(p.page.getByTestId('log')).toContainText(line);
    }
  };

  let kaiStress = false;
  let kaiConsequence = ''; // the severity of the consequence Kai took, once he took one
  let kaiConceded = false;
  let thugOut = false;
  let invoked = false;
  let vexAttacks = 0;
  let exchange = 1;
  let acting = '';
  for (let turn = 0; turn < 60 && !(kaiConceded && thugOut); turn++) {
    // The turn moves on from whoever just acted, on every screen.
    if (acting) {
      await expect(conflictOf(gm).locator('[aria-current="step"]')).not.toContainText(acting);
    }
    ({ name: acting, exchange } = await current());
    await turnIs(acting, exchange);
    if (acting === 'Dockside Thug') {
      // The thug's turn: while Kai is in the fight, the GM attacks him.
      if (!kaiConceded) {
        await gmTray.locator('select[name="roller"]').selectOption({ label: 'Dockside Thug' });
        await gmTray.locator('select[name="skill"]').selectOption('fight');
        await gmTray.locator('select[name="action"]').selectOption('attack');
        await gmTray.getByLabel('An opposing character').check();
        await gmTray.locator('select[name="opponent"]').selectOption({ label: 'Kai' });
        await gmTray.getByRole('button', { name: /^Roll 4dF \+4$/ }).click();
        for (const p of [dee, spectator]) {
          await expect(p.page.getByTestId('awaiting-defence').first()).toContainText(
            'Waiting for Kai’s defence roll',
          );
        }
        // Kim is told on her phone, wherever she is, and opens the prompt.
        await open(kim, 'Dice');
        const prompt = kim.page.getByTestId('defence');
        await expect(prompt).toContainText('Kai must defend against Dockside Thug');
        if (kaiStress && kaiConsequence) {
          // Hurt and outmatched, Kim concedes before rolling: 1 + 1 per consequence this conflict.
          const before = await fatePoints(gm.page, 'Kai');
          await shot(kim.page, 'session-fc-9-kim-phone-concedes');
          await concede(prompt);
          await expect(
            overlay.locator('[data-testid="overlay-event"][data-kind="out"]'),
          ).toContainText('Kai conceded the conflict and gets 2 fate points.');
          await overlayShot('9-concession-moment');
          await logSays('Kai conceded the conflict and gets 2 fate points.');
          for (const p of people) {
            await open(p, 'Characters');
            await expect(
              characterCard(p.page, 'Kai').getByTestId('fate-points').locator('.fp-value'),
            ).toHaveText(String(before + 2));
          }
          await expect(overlayPoints('Kai')).toHaveText(String(before + 2));
          for (const p of people) {
            await open(p, 'Dice');
            await expect(p.page.getByTestId('defence')).toHaveCount(0);
            await expect(p.page.getByTestId('roll-card').first()).toContainText(
              'Kai conceded the conflict',
            );
            await open(p, 'Scene');
            await expect(conflictOf(p).getByTestId('turn')).toHaveText([/Dockside Thug/, /Vex/]);
          }
          await beat('9-concession');
          kaiConceded = true;
        } else {
          // She defends with a skill of her choosing: Athletics, not the first on the list.
          const skill = prompt.locator('select[name="defence-skill"]');
          const values = await skill
            .locator('option')
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
          expect(values[0]).not.toBe('athletics');
          expect(values).toContain('athletics');
          await skill.selectOption('athletics');
          if (exchange === 1) await shot(kim.page, 'session-fc-6-kim-phone-defence');
          await prompt.getByRole('button', { name: 'Roll defence' }).click();
          await logSays('Kai rolled to defend');
          const outcome = await outcomeOf(gm);
          for (const p of people) expect(await outcomeOf(p)).toBe(outcome);
          if (isHit(outcome)) {
            const card = gm.page.getByTestId('roll-card').first();
            await card.getByRole('button', { name: 'Deal the hit' }).click();
            // The hit waits on Kim's phone: she absorbs it there.
            await open(kim, 'Dice');
            const panel = kim.page.getByTestId('absorb-panel');
            await expect(panel).toContainText('Kai: take the hit');
            const labels = await panel
              .getByTestId('absorb-options')
              .locator('label')
              .allTextContents();
            const boxOnly = labels.findIndex((l) => !/consequence/.test(l));
            const withConsequence = labels.findIndex((l) =>
              /^\s*(mild|moderate|severe) consequence/.test(l),
            );
            const pick = !kaiStress && boxOnly >= 0 ? boxOnly : withConsequence;
            expect(pick, `Kai's ways to absorb: ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
            const label = labels[pick]!.trim();
            await panel.getByTestId('absorb-options').getByRole('radio').nth(pick).check();
            const severity = /^(mild|moderate|severe) consequence/.exec(label)?.[1];
            if (severity) {
              await panel.getByLabel(`Name the ${severity} consequence`).fill('Cracked Ribs');
            }
            await shot(kim.page, `session-fc-7-kim-phone-absorbs-${exchange}`);
            await panel.getByRole('button', { name: 'Absorb' }).click();
            await expect(
              overlay.locator('[data-testid="overlay-event"][data-kind="harm"]').last(),
            ).toContainText('Kai absorbed');
            await overlayShot(`7-kai-hit-${exchange}-moment`);
            await logSays(`Kai absorbed`);
            if (/box/.test(label)) kaiStress = true;
            if (severity) kaiConsequence = severity;
            for (const p of people) {
              await open(p, 'Characters');
              const kai = characterCard(p.page, 'Kai');
              if (/box/.test(label)) {
                const value = /(\d)-point physical box/.exec(label)![1];
                await expect(kai.getByLabel(`Physical stress box ${value}, checked`)).toBeVisible();
              }
              if (severity) {
                await expect(kai.locator('.consequences li.taken')).toContainText('Cracked Ribs');
              }
            }
            await beat(`7-kai-hit-${exchange}`);
          }
        }
      }
      await gm.page.getByRole('button', { name: 'Next turn' }).click();
    } else if (acting === 'Kai') {
      // Kai's turn: Kim holds her ground and ends her turn.
      await open(kim, 'Scene');
      await kim.page.getByRole('button', { name: 'End my turn' }).click();
    } else {
      // Vex's turn: Dee attacks the thug until he drops; the GM rolls his defence.
      // Until Kai is out of it, Vex makes one attack and then watches his back.
      if (!thugOut && (kaiConceded || vexAttacks === 0)) {
        vexAttacks++;
        await deeTrayAttack();
        const prompt = gm.page.getByTestId('defence').first();
        await expect(prompt).toContainText('Dockside Thug must defend against Vex');
        await prompt.locator('select[name="defence-skill"]').selectOption('athletics');
        await prompt.getByRole('button', { name: 'Roll defence' }).click();
        let outcome = await outcomeOf(dee);
        const card = dee.page.getByTestId('roll-card').first();
        if (!invoked) {
          // Dee spends the free invoke her advantage earned: +2 on the attack.
          const total = Number(
            (await card.getByTestId('roll-total').textContent())?.replace('+', ''),
          );
          const pick = card.locator('select[name="invoke-aspect"]');
          const value = await pick
            .locator('option', { hasText: 'Lost in the Crowd' })
            .getAttribute('value');
          await pick.selectOption(value ?? '');
          await expect(card.locator('select[name="invoke-pay"]')).toHaveValue('free');
          await card.getByRole('button', { name: '+2' }).click();
          await expect(card.getByTestId('roll-total')).toHaveText(signed(total + 2));
          await expect(card).toContainText('+2 from “Lost in the Crowd” (free invoke)');
          invoked = true;
          const left = invokes - 1;
          for (const p of people) {
            await open(p, 'Scene');
            const aspect = p.page
              .getByTestId('aspect-card')
              .filter({ hasText: 'Lost in the Crowd' });
            if (left > 0) {
              await expect(aspect.getByTestId('free-invoke-holder')).toHaveText(
                `1 free invoke · Vex`,
              );
            } else {
              await expect(aspect.getByTestId('free-invoke-holder')).toHaveCount(0);
            }
          }
          await beat('8-vex-invokes');
          outcome = await outcomeOf(dee);
        }
        if (isHit(outcome)) {
          await card.getByRole('button', { name: 'Deal the hit' }).click();
          // The GM absorbs for the thug: stress first, then his consequences, as long as he can.
          const panel = gm.page.getByTestId('absorb-panel');
          await expect(panel).toBeVisible();
          const options = panel.getByTestId('absorb-options').locator('label');
          const labels = (await options.allTextContents()).map((l) => l.trim());
          // Nothing left to absorb it with but the extreme consequence (or nothing at all): the
          // GM takes the thug out, on every screen and the overlay.
          if (labels.every((l) => /extreme/.test(l))) {
            await shot(gm.page, 'session-fc-10-gm-no-way-to-absorb');
            await panel
              .getByRole('button', { name: /^(Taken out|Out of the fight instead)/ })
              .click();
            // Kai's concession may still be on the overlay: its own "out" moment.
            await expect(
              overlay
                .locator('[data-testid="overlay-event"][data-kind="out"]')
                .filter({ hasText: 'Dockside Thug' }),
            ).toContainText('Dockside Thug was taken out.');
            await overlayShot('10-taken-out-moment');
            await logSays('Dockside Thug was taken out.');
            for (const p of people) {
              await open(p, 'Characters');
              await expect(characterCard(p.page, 'Dockside Thug')).toContainText('Taken out');
              await open(p, 'Scene');
              await expect(conflictOf(p).getByTestId('turn')).toHaveText([/Vex/]);
            }
            await beat('10-thug-taken-out');
            thugOut = true;
          } else {
            // The GM keeps the thug standing with the biggest price he can pay (no extreme).
            let pick = labels.length - 1;
            while (pick > 0 && /extreme/.test(labels[pick]!)) pick--;
            await options.nth(pick).getByRole('radio').check();
            for (const severity of ['mild', 'moderate', 'severe']) {
              const name = panel.getByLabel(`Name the ${severity} consequence`);
              if (await name.count()) await name.fill(`Thug’s ${severity} wound`);
            }
            await panel.getByRole('button', { name: 'Absorb' }).click();
            await expect(panel).toHaveCount(0);
            await logSays('Dockside Thug absorbed');
          }
        }
      }
      // Dee ends Vex's turn.
      await open(dee, 'Scene');
      await dee.page.getByRole('button', { name: 'End my turn' }).click();
    }
  }
  expect(kaiConceded && thugOut, `after ${exchange} exchanges`).toBe(true);
  expect(exchange).toBeGreaterThanOrEqual(3);

  // ── The scene ends: the conflict is over, stress clears, consequences stay.
  await gm.page.getByRole('button', { name: 'End conflict' }).click();
  await gm.page.getByRole('button', { name: 'End the scene' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const kai = characterCard(p.page, 'Kai');
    await expect(kai.locator('[aria-label$=", checked"]')).toHaveCount(0);
    await expect(kai.locator('.consequences li.taken')).toContainText('Cracked Ribs');
    await expect(characterCard(p.page, 'Dockside Thug')).not.toContainText('Taken out');
  }
  await beat('11-scene-ended');

  // ── A new session: refresh; Kai keeps the points above his refresh.
  const kaiPoints = await fatePoints(gm.page, 'Kai');
  await gm.page.getByRole('button', { name: 'Start a session (refresh)' }).click();
  await logSays(/session/i);
  for (const p of people) {
    await open(p, 'Characters');
    expect(await fatePoints(p.page, 'Kai')).toBe(Math.max(kaiPoints, 2));
  }

  // Dee treats Kai's consequence: an overcome in the tray, against Fair for a mild consequence
  // and Great for a moderate one; Vex's Empathy is Fair (+2).
  const difficulties: Record<string, string> = {
    mild: 'Fair (+2)',
    moderate: 'Great (+4)',
    severe: 'Fantastic (+6)',
  };
  const difficulty = difficulties[kaiConsequence] ?? '';
  await characterCard(dee.page, 'Kai')
    .getByRole('button', { name: 'Treat “Cracked Ribs”' })
    .click();
  const recoveryTray = dee.page.getByRole('form', { name: 'Recovery roll' });
  await expect(recoveryTray.getByTestId('recovery-difficulty')).toHaveText(difficulty);
  await expect(recoveryTray.getByTestId('recovery-aim')).toContainText(
    `Treating Kai’s ${kaiConsequence} consequence`,
  );
  await recoveryTray.locator('select[name="skill"]').selectOption('empathy');
  await shot(dee.page, 'session-fc-12-dee-recovery-tray');
  await recoveryTray.getByRole('button', { name: `Roll 4dF +2 vs ${difficulty}` }).click();
  const recoveryCard = dee.page.getByTestId('roll-card').first();
  await expect(recoveryCard.getByTestId('roll-outcome')).toBeVisible();
  // Short of it, Dee pays fate points to invoke Vex's aspects, one aspect each time.
  const vexAspects = ['Street-Smart Fixer', 'My Sister Runs', 'The Harbour Watch'];
  for (const text of vexAspects) {
    if (!/^Fail/.test((await recoveryCard.getByTestId('roll-outcome').textContent()) ?? '')) break;
    const pick = recoveryCard.locator('select[name="invoke-aspect"]');
    const value = await pick.locator('option', { hasText: text }).first().getAttribute('value');
    await pick.selectOption(value ?? '');
    const total = Number(
      (await recoveryCard.getByTestId('roll-total').textContent())?.replace('+', ''),
    );
    await recoveryCard.getByRole('button', { name: '+2' }).click();
    await expect(recoveryCard.getByTestId('roll-total')).toHaveText(signed(total + 2));
  }
  await expect(recoveryCard.getByTestId('roll-outcome')).not.toHaveText(/^Fail/);
  await recoveryCard.getByLabel('Name while it recovers').fill('Strapped Ribs');
  await recoveryCard.getByRole('button', { name: 'Start recovery ★' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const taken = characterCard(p.page, 'Kai').locator('.consequences li.taken').first();
    await expect(taken).toContainText('Strapped Ribs');
    await expect(taken.getByTestId('recovering')).toHaveText('★ recovering');
  }
  await logSays('Kai');
  await beat('12-recovery');

  // The recovery began between scenes, so the next scene is the whole one a mild consequence
  // waits out; a moderate one waits a whole session and outlasts it [FC-RECOVER-4].
  await open(gm, 'Scene');
  await gm.page.getByLabel('Scene name').fill('Quiet night at the Harbour Watch');
  await gm.page.getByRole('button', { name: 'Start a scene' }).click();
  await gm.page.getByRole('button', { name: 'End the scene' }).click();
  for (const p of people) {
    await open(p, 'Characters');
    const kai = characterCard(p.page, 'Kai').locator('.consequences li.taken');
    if (kaiConsequence === 'mild') await expect(kai).toHaveCount(0);
    else await expect(kai.first()).toContainText('Strapped Ribs');
  }
  await beat('13-next-scene');

  for (const c of contexts.reverse()) await c.close();
});
