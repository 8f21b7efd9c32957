import { test, expect as baseExpect } from '@playwright/test';

// Five browsers share two cores with other runs: a slow answer is not a wrong one.
const expect = baseExpect.configure({ timeout: 20_000 });
import {
  askTheTable,
  aspectOn,
  characterCard,
  newRollCard,
  openTab,
  overlayMoment,
  shiftsOf,
  shot,
  vote,
} from './helpers';
import { invokesFor, invokeWords } from './stories/edgerunner';
import {
  endTheSceneAndTheSession,
  playTheNextScene,
  talkTheDebtDown,
} from './stories/edgerunner-aftermath';
import { playTheConflict, startTheConflict } from './stories/edgerunner-conflict';
import { seatTheEdgerunners } from './stories/edgerunner-table';

// A whole Edgerunner session as a group plays it (text 002). The GM at a desk, Dee
// (Jade) at a desk, Kim (Hargan) on a 390x844 phone, a spectator and the stream overlay. The
// characters are built in the editor; the GM pushes the scene's aspects; Dee declares a fact
// with the table's support, Kim assesses Gatto's cigar; a conflict of three exchanges in which
// Kim defends on her phone, Jade takes a consequence for a bonus and then concedes, and Hargan
// takes Gatto out; the scene ends, a new session refreshes, and the consequences clear on the
// text's clock. Every action is a person's, through the app; the dice are real, so where they
// decide, the spec reads what they said and checks what follows from it. A socket bot only
// reads the log history at the end.

test('edgerunner: a whole session, from the editor to the next session’s clock', async ({
  browser,
}) => {
  // Five browsers on two shared cores (with other runs beside them), and dice that sometimes
  // ask for another roll.
  test.setTimeout(1_800_000);

  // ── The table, the people and their characters ──────────────────────────────────────────
  const t = await seatTheEdgerunners(browser);
  const { gm, dee, kim, spectator, overlay, screens, passTime, contexts } = t;

  // ── The scene, its aspects pushed to every screen ───────────────────────────────────────
  await gm.getByLabel('Scene name').fill('The Arasaka lobby, midnight');
  await gm.getByRole('button', { name: 'Start a scene' }).click();
  for (const text of ['Neon rain on the glass', 'Cameras in every corner']) {
    await gm.getByLabel('New aspect').fill(text);
    await gm.getByRole('button', { name: 'Add aspect' }).click();
    await expect(aspectOn(gm, text)).toBeVisible();
  }
  await gm.getByRole('button', { name: 'Push “Cameras in every corner” to every screen' }).click();
  for (const page of screens) {
    await openTab(page, 'Scene');
    await expect(page.getByTestId('spotlight-strip')).toContainText('Cameras in every corner');
    await expect(aspectOn(page, 'Neon rain on the glass')).toBeVisible();
  }
  await expect(overlay.getByTestId('overlay-aspect')).toContainText('Cameras in every corner');
  await expect(overlay.getByTestId('overlay-aspect-chip')).toHaveText([
    'Neon rain on the glass',
    'Cameras in every corner',
  ]);
  await shot(overlay, 'session-edgerunner-04-overlay-pushed');
  await shot(kim, 'session-edgerunner-04-phone-pushed');
  await shot(gm, 'session-edgerunner-04-gm-scene');
  await passTime();
  await expect(overlay.getByTestId('overlay-aspect')).toHaveCount(0);

  // ── A declaration: Kim (on her phone) and the GM vote for Dee's fact, so it rolls at +2
  // [ER-DECLARE-1] [ER-DECLARE-4] ──────────────────────────────────────────────────────────
  const declared = 'The cameras loop every ninety seconds';
  const deeTray = dee.getByRole('form', { name: 'Roll the dice' });
  let declaredShifts = -1;
  for (let tries = 0; declaredShifts < 0 && tries < 5; tries++) {
    await askTheTable(deeTray, declared);
    for (const voter of [kim, gm]) {
      await openTab(voter, 'Scene');
      await vote(voter, 'Support');
    }
    await expect(deeTray.getByTestId('declaration-skill')).toContainText('rolls at +2');
    const card = await newRollCard(dee, () =>
      deeTray.getByRole('button', { name: /^Roll 4dF \+2 vs Mediocre/ }).click(),
    );
    await expect(card.getByTestId('aspect-action')).toContainText('2 supporting, 0 opposing');
    await expect(card.getByTestId('roll-outcome')).toBeVisible();
    const shifts = await shiftsOf(card);
    if (shifts < 0) {
      // Not placed: the table lets Dee try the fact again, as groups do.
      await expect(card.getByTestId('aspect-action')).toContainText('Not placed');
      continue;
    }
    declaredShifts = shifts;
    const invokes = invokesFor(shifts);
    await expect(card.getByTestId('aspect-action')).toContainText(
      `buy ${invokeWords(invokes)}, persistence ${shifts}`,
    );
    // The advantage is the fact the table voted on, already named.
    await expect(card.getByLabel('Name the advantage')).toHaveValue(declared);
    await card.getByRole('button', { name: 'Create aspect' }).click();
    for (const page of screens) {
      await openTab(page, 'Scene');
      const aspect = aspectOn(page, declared);
      await expect(aspect.getByTestId('persistence')).toHaveText(`Persistence ${shifts}`);
      await expect(aspect.getByTestId('free-invokes')).toHaveAttribute(
        'aria-label',
        `${invokeWords(invokes)} for Jade (Dee)`,
      );
    }
    await expect(
      overlay.getByTestId('overlay-aspect-chip').filter({ hasText: declared }),
    ).toContainText(`${invokeWords(invokes)} · Jade`);
  }
  expect(declaredShifts, 'the declaration was placed within five tries').toBeGreaterThanOrEqual(0);
  await shot(dee, 'session-edgerunner-05-dee-declared');
  await shot(overlay, 'session-edgerunner-05-overlay-declared');
  await passTime();

  await startTheConflict(t);
  await playTheConflict(t, { declared, declaredShifts });
  for (const page of screens) {
    await openTab(page, 'Characters');
    await expect(characterCard(page, 'Gatto')).toContainText('Taken out');
    await openTab(page, 'Scene');
    await expect(
      page.getByTestId('conflict').getByTestId('turn').filter({ hasText: 'Gatto' }),
    ).toHaveCount(0);
  }
  // Jade's concession may still be on the overlay: its own "out" moment.
  await expect(overlayMoment(overlay, 'out').filter({ hasText: 'Gatto' })).toContainText('Gatto');
  await shot(overlay, 'session-edgerunner-17-overlay-taken-out');
  await shot(gm, 'session-edgerunner-17-gm-taken-out');
  await shot(dee, 'session-edgerunner-17-dee-taken-out');
  await shot(kim, 'session-edgerunner-17-phone-taken-out');
  await shot(spectator, 'session-edgerunner-17-spectator-taken-out');
  await passTime();
  await gm.getByTestId('conflict').getByRole('button', { name: 'End conflict' }).click();

  // The GM lets the cameras go: a temporary aspect removed from every screen.
  await gm.getByRole('button', { name: 'Remove “Cameras in every corner”' }).click();
  for (const page of screens) {
    await openTab(page, 'Scene');
    await expect(aspectOn(page, 'Cameras in every corner')).toHaveCount(0);
  }

  await endTheSceneAndTheSession(t, declared);
  const severeNow = await talkTheDebtDown(t);
  await playTheNextScene(t, severeNow);

  for (const c of contexts.reverse()) await c.close();
});
