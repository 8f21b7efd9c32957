/// <reference lib="dom" />
import { test, expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { HD, KAI_SKILLS, PHONE, VEX_SKILLS, characterCard, englishOn, shot } from './helpers';

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

const expect = baseExpect.configure({ timeout: 30_000 });
// A control that never turns up fails the step rather than waiting out the whole test.
test.use({ actionTimeout: 30_000 });

interface Screen {
  who: string;
  page: Page;
  phone: boolean;
}

test('pt-BR: a whole Fate Básico session in Portuguese, with no English on any screen', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
  const newPage = async (viewport?: { width: number; height: number }) => {
    const context = await browser.newContext({
      locale: 'pt-BR',
      ...(viewport ? { viewport } : {}),
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    contexts.push(context);
    return context.newPage();
  };
  const screens: Screen[] = [];
  const findings: string[] = [];

  /** Screenshots of every screen at a step, and the English found on each. */
  const step = async (name: string) => {
    for (const s of screens) {
      await shot(s.page, `pt-br-${name}-${s.who}`);
      const english = await englishOn(s.page);
      for (const w of english) findings.push(`${name} / ${s.who}: ${w}`);
      expect.soft(english, `English on ${s.who}'s screen at "${name}"`).toEqual([]);
    }
  };
  /** On a phone, the tab that holds a part; desks show every part at once. */
  const open = async (s: Screen, tab: 'Cena' | 'Personagens' | 'Dados' | 'Registro' | 'Chat') => {
    if (s.phone) await s.page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  };

  // ── The GM creates a Fate Básico table from the landing page.
  const gmPage = await newPage();
  const gm: Screen = { who: 'gm', page: gmPage, phone: false };
  screens.push(gm);
  await gmPage.goto('/');
  await expect(gmPage.getByRole('button', { name: 'Criar mesa' })).toBeVisible();
  await step('01-landing');
  await gmPage.getByLabel('Nome da mesa').fill('Noite de sexta no Mercado de Sal');
  await gmPage.locator('input[name="ruleset"][value="fate-core"]').check();
  await gmPage.getByRole('button', { name: 'Criar mesa' }).click();
  await expect(gmPage.getByTestId('table-name')).toHaveText('Noite de sexta no Mercado de Sal');
  const invites = gmPage.getByTestId('invites');
  await expect(invites).toBeVisible();
  const playerLink = await invites.getByLabel('Link de jogador', { exact: true }).inputValue();
  const spectatorLink = await invites
    .getByLabel('Link de espectador', { exact: true })
    .inputValue();
  await step('02-table-created');

  // ── Dee at a desk, Kim on her phone take seats; a spectator and the overlay open the table.
  const join = async (who: string, name: string, viewport?: typeof PHONE) => {
    const page = await newPage(viewport);
    const s: Screen = { who, page, phone: viewport !== undefined };
    screens.push(s);
    await page.goto(playerLink);
    await expect(page.getByRole('heading', { name: 'Sente-se à mesa' })).toBeVisible();
    await page.getByLabel('Seu nome (como a mesa vai ver)').fill(name);
    await page.getByRole('button', { name: 'Entrar na mesa' }).click();
    await expect(page.getByTestId('editor')).toBeVisible();
    return s;
  };
  const dee = await join('dee', 'Dee');
  const kim = await join('kim-phone', 'Kim', PHONE);
  const spectatorPage = await newPage();
  await spectatorPage.goto(spectatorLink);
  await expect(spectatorPage.getByTestId('table-name')).toBeVisible();
  const spectator: Screen = { who: 'spectator', page: spectatorPage, phone: false };
  screens.push(spectator);
  const overlayPage = await newPage(HD);
  const overlayUrl = new URL(spectatorLink);
  overlayUrl.searchParams.set('overlay', '1');
  await overlayPage.goto(overlayUrl.toString());
  await expect(
    overlayPage.getByRole('main', {
      name: 'Noite de sexta no Mercado de Sal: overlay da transmissão',
    }),
  ).toBeVisible();
  screens.push({ who: 'overlay', page: overlayPage, phone: false });
  await step('03-joined');

  // ── Full characters, typed in Portuguese: five aspects, the skill pyramid, a stunt.
  const writeSheet = async (
    s: Screen,
    sheet: { name: string; aspects: string[]; skills: Record<string, number>; stunt: string[] },
  ) => {
    const editor = s.page.getByTestId('editor');
    await editor.getByLabel('Nome do personagem').fill(sheet.name);
    const [hc, trouble, ...others] = sheet.aspects;
    await editor.locator('input[name^="aspect-high-concept"]').fill(hc!);
    await editor.locator('input[name^="aspect-trouble"]').fill(trouble!);
    const rest = editor.locator('input[name^="aspect-other"]');
    await expect(rest).toHaveCount(others.length);
    for (let i = 0; i < others.length; i++) await rest.nth(i).fill(others[i]!);
    for (const [id, rating] of Object.entries(sheet.skills)) {
      await editor.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
    }
    await editor.getByRole('button', { name: 'Adicionar uma façanha' }).click();
    await editor.getByLabel('Nome da façanha 1').fill(sheet.stunt[0]!);
    await editor.getByLabel('Texto da façanha 1').fill(sheet.stunt[1]!);
    await expect(s.page.getByTestId('sheet-problems')).toHaveCount(0);
  };
  await writeSheet(dee, {
    name: 'Vex',
    aspects: [
      'Contrabandista esperta do Mercado de Sal',
      'Favores demais devidos',
      'Minha irmã pilota a balsa noturna',
      'Nunca sem uma segunda faca',
      'A Guarda do Porto me deve uma',
    ],
    skills: VEX_SKILLS,
    stunt: ['Briga suja', '+2 em Lutar ao atacar alguém desequilibrado.'],
  });
  await writeSheet(kim, {
    name: 'Kai',
    aspects: [
      'Velho soldado calado das Guerras da Fronteira',
      'Pesadelos do cerco',
      'Deve a vida a Vex',
      'Mãos marcadas, mira firme',
      'Ninguém ouve o velho sargento',
    ],
    skills: KAI_SKILLS,
    stunt: ['Muralha de escudos', '+2 em Vigor para defender um aliado ao seu lado.'],
  });
  await step('04-sheets-written');
  for (const s of [dee, kim]) {
    await s.page.getByRole('button', { name: 'Criar personagem' }).click();
    await expect(s.page.getByTestId('table-name')).toBeVisible();
  }
  for (const s of [gm, dee, kim, spectator]) {
    await open(s, 'Personagens');
    for (const name of ['Vex', 'Kai']) await expect(characterCard(s.page, name)).toBeVisible();
  }
  await step('05-characters');

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
