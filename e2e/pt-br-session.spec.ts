/// <reference lib="dom" />
import { test } from '@playwright/test';
import { characterCard } from './helpers';
import { expect, openTheTableInPortuguese, writeTheCharacters, type Screen } from './stories/pt-br';

// A whole Fate Core session played in Brazilian Portuguese by a group: every browser speaks
// pt-BR. The GM creates the table (Fate Básico), Dee joins at a desk and Kim on a 390x844
// phone, a spectator and the stream overlay watch. Dee and Kim write full characters in
// Portuguese, the GM sets a scene with situation aspects, Dee rolls (with her second skill
// option) and invokes an aspect, the GM compels Kai, Dee's attacks hit Kai, who absorbs them
// with stress and a consequence and then concedes; chat, the roll feed, the rules reference and
// the log.
//
// At every step, on every screen, no English: each visible text node and each aria-label,
// title, placeholder and alt is split into words, and none may be a word of the interface's
// English that no Portuguese string says (e2e/english-words.json, kept current by the client's
// english-words.test.ts). Text marked `translate="no"` (content as written, like the book's
// ready-made characters) is not interface. The checks are soft, so one run lists every English
// word it met.
//
// The table, its people and the characters they write are in stories/pt-br.ts.

// A control that never turns up fails the step rather than waiting out the whole test.
test.use({ actionTimeout: 30_000 });

test('pt-BR: a whole Fate Básico session in Portuguese, with no English on any screen', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  // ── The GM creates a Fate Básico table; Dee at a desk, Kim on her phone take seats; a
  // spectator and the overlay open the table.
  const m = await openTheTableInPortuguese(browser);
  const { gm, dee, kim, spectator, step, open, findings, contexts } = m;
  const gmPage = gm.page;
  const spectatorPage = spectator.page;

  // ── Full characters, typed in Portuguese: five aspects, the skill pyramid, a stunt.
  await writeTheCharacters(m);

  // ── The GM sets the scene, with two situation aspects.
  await gmPage.getByRole('button', { name: 'Fechar os links de convite' }).click();
  await gmPage.getByLabel('Nome da cena').fill('O Mercado de Sal ao anoitecer');
  await gmPage.getByRole('button', { name: 'Começar uma cena' }).click();
  await expect(gmPage.getByRole('button', { name: 'Encerrar a cena' })).toBeVisible();
  for (const text of ['Barracas de peixe lotadas', 'Paralelepípedos molhados de chuva']) {
    await gmPage.getByLabel('Novo aspecto').fill(text);
    await gmPage.getByRole('button', { name: 'Adicionar aspecto' }).click();
    await expect(gmPage.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
  }
  for (const s of [dee, kim, spectator]) {
    await open(s, 'Cena');
    await expect(
      s.page.getByTestId('aspect-card').filter({ hasText: 'Paralelepípedos molhados de chuva' }),
    ).toBeVisible();
  }
  await step('06-scene');

  // ── Dee rolls with the second skill the tray offers, not the first.
  const deeTray = dee.page.getByRole('form', { name: 'Rolar os dados' });
  const skills = deeTray.locator('select[name="skill"]');
  const second = await skills.locator('option').nth(1).getAttribute('value');
  await skills.selectOption(second ?? '');
  await deeTray.getByLabel('Para quê (opcional)').fill('Sumir entre as barracas');
  await deeTray.getByRole('button', { name: /^Rolar 4dF/ }).click();
  const deeCard = dee.page.getByTestId('roll-card').first();
  await expect(deeCard.getByTestId('roll-outcome')).toBeVisible();
  for (const s of [kim, spectator]) {
    await open(s, 'Dados');
    await expect(s.page.getByTestId('roll-card').first()).toContainText('Vex');
  }
  await step('07-rolled');

  // ── She invokes her high concept for +2, paying a fate point.
  const total = async () =>
    Number((await deeCard.getByTestId('roll-total').textContent())?.replace(/[^\d-]/g, ''));
  const before = await total();
  const invokeAspect = deeCard.locator('select[name="invoke-aspect"]');
  const hc = await invokeAspect
    .locator('option', { hasText: 'Contrabandista esperta' })
    .first()
    .getAttribute('value');
  await invokeAspect.selectOption(hc ?? '');
  await deeCard.getByRole('button', { name: '+2', exact: true }).click();
  await expect.poll(total).toBe(before + 2);
  await step('08-invoked');

  // ── The GM compels Kai; Kim accepts on her phone.
  const compelText = 'Os pesadelos voltam e Kai não dorme antes da luta';
  const offer = gmPage.getByRole('form', { name: 'Propor forçar um aspecto' });
  await offer.getByRole('combobox', { name: 'Forçar' }).selectOption({ label: 'Kai' });
  await offer.getByLabel('O que acontece').fill(compelText);
  await offer.getByRole('button', { name: 'Propor o forçar' }).click();
  await open(kim, 'Cena');
  const kimCompels = kim.page.getByRole('region', { name: 'Forçar aspectos' });
  await expect(kimCompels.getByTestId('compel').filter({ hasText: compelText })).toBeVisible();
  await step('09-compel-offered');
  await kimCompels.getByRole('button', { name: 'Aceitar, ganhar um ponto de destino' }).click();
  await expect(kimCompels).toContainText('Nenhum aspecto sendo forçado.');
  await step('10-compel-accepted');

  // ── Dee attacks Kai until he has absorbed hits with stress and with a consequence.
  const attack = async () => {
    await deeTray.locator('select[name="skill"]').selectOption('fight');
    await deeTray.locator('select[name="action"]').selectOption('attack');
    await deeTray.getByLabel('Um personagem oponente').check();
    await deeTray.locator('select[name="opponent"]').selectOption({ label: 'Kai' });
    await deeTray.getByRole('button', { name: /^Rolar 4dF/ }).click();
    await open(kim, 'Dados');
    await expect(kim.page.getByTestId('defence').first()).toBeVisible();
  };
  let stressed = false;
  let consequence = false;
  let firstAttack = true;
  for (let i = 0; i < 12 && !(stressed && consequence); i++) {
    await attack();
    if (firstAttack) await step('11-defence-awaited');
    firstAttack = false;
    const prompt = kim.page.getByTestId('defence').first();
    const skill = prompt.locator('select[name="defence-skill"]');
    const last = await skill.locator('option').last().getAttribute('value');
    await skill.selectOption(last ?? '');
    await prompt.getByRole('button', { name: 'Rolar defesa' }).click();
    await expect(kim.page.getByTestId('defence')).toHaveCount(0);
    const outcome = deeCard.getByTestId('roll-outcome');
    await expect(outcome).toBeVisible();
    if (!/\bsuccess/.test((await outcome.getAttribute('class')) ?? '')) continue;
    await deeCard.getByRole('button', { name: 'Causar o golpe' }).click();
    await open(kim, 'Dados');
    const panel = kim.page.getByTestId('absorb-panel');
    await expect(panel).toBeVisible();
    const labels = (
      await panel.getByTestId('absorb-options').locator('label').allTextContents()
    ).map((l) => l.trim());
    const box = (l: string) => /box|caixa/i.test(l);
    const conseq = (l: string) => /consequence|consequência/i.test(l) && !/extrem/i.test(l);
    let pick = labels.findIndex((l) => box(l) && conseq(l));
    if (pick < 0 && !stressed) pick = labels.findIndex((l) => box(l) && !conseq(l));
    if (pick < 0) pick = labels.findIndex(conseq);
    expect(pick, `Kai's ways to absorb: ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
    await panel.getByTestId('absorb-options').getByRole('radio').nth(pick).check();
    const names = panel.getByLabel(/^Dê nome à consequência/);
    for (let n = 0; n < (await names.count()); n++) await names.nth(n).fill('Costelas trincadas');
    await step(`12-absorbing-${i}`);
    await panel.getByRole('button', { name: 'Absorver', exact: true }).click();
    await expect(panel).toHaveCount(0);
    if (box(labels[pick]!)) stressed = true;
    if (conseq(labels[pick]!)) consequence = true;
    await step(`13-absorbed-${i}`);
  }
  expect(stressed && consequence, 'Kai absorbed with stress and a consequence').toBe(true);
  for (const s of [gm, dee, kim, spectator]) {
    await open(s, 'Personagens');
    await expect(characterCard(s.page, 'Kai')).toContainText('Costelas trincadas');
  }
  await step('14-hurt');

  // ── The next attack: Kim concedes instead of defending.
  await attack();
  await kim.page
    .getByTestId('defence')
    .first()
    .getByRole('button', { name: 'Conceder', exact: true })
    .click();
  // Conceding asks again: a slip must not concede.
  await kim.page
    .getByTestId('defence')
    .first()
    .getByRole('button', { name: 'Sim, conceder' })
    .click();
  await expect(kim.page.getByTestId('defence')).toHaveCount(0);
  await open(kim, 'Registro');
  await expect(kim.page.getByTestId('log')).toContainText('Kai concedeu o conflito');
  await step('15-conceded');

  // ── Chat, in Portuguese.
  const chat = async (s: Screen, text: string) => {
    await open(s, 'Chat');
    const panel = s.page.getByTestId('chat');
    await panel.getByTestId('chat-input').fill(text);
    await panel.getByTestId('chat-input').press('Enter');
    await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  };
  await chat(dee, 'Boa, Kai! Sai dessa que eu seguro o capanga.');
  await chat(kim, 'Estou sangrando, mas sigo com vocês.');
  await chat(gm, 'A chuva aperta e o mercado esvazia.');
  await open(spectator, 'Chat');
  await expect(spectatorPage.getByTestId('chat')).toContainText('A chuva aperta');
  await step('16-chat');

  // ── The session's roll feed.
  await dee.page.getByRole('button', { name: 'Todas as rolagens da sessão' }).click();
  await expect(dee.page.getByTestId('roll-feed').getByTestId('feed-roll').first()).toBeVisible();
  await open(kim, 'Dados');
  await kim.page.getByRole('button', { name: 'Todas as rolagens da sessão' }).click();
  await expect(kim.page.getByTestId('roll-feed').getByTestId('feed-roll').first()).toBeVisible();
  await step('17-roll-feed');

  // ── The rules reference, on the phone and at a desk.
  await kim.page.getByRole('button', { name: 'Regras: as ações e seus resultados' }).click();
  const kimRules = kim.page.getByRole('dialog', { name: /^Regras/ });
  await expect(kimRules).toBeVisible();
  await dee.page.getByRole('button', { name: 'Regras: invocar e forçar' }).first().click();
  await expect(dee.page.getByRole('dialog', { name: /^Regras/ })).toBeVisible();
  await step('18-rules');
  for (const s of [kim, dee]) {
    await s.page.keyboard.press('Escape');
    await expect(s.page.getByRole('dialog', { name: /^Regras/ })).toHaveCount(0);
  }

  // ── The log, on every screen.
  for (const s of [gm, dee, kim, spectator]) {
    await open(s, 'Registro');
    const log = s.page.getByTestId('log');
    await expect(log).toContainText('Kai absorveu');
    await expect(log).toContainText('Kai concedeu o conflito');
  }
  await step('19-log');

  for (const c of contexts.reverse()) await c.close();
  // Every English word met, in one list (each step's soft check says where too).
  expect(findings, `English words on Portuguese screens:\n${findings.join('\n')}`).toEqual([]);
});
