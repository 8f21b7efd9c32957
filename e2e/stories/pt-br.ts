import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  characterCard,
  englishOn,
  HD,
  KAI_SKILLS,
  PHONE,
  shot,
  VEX_SKILLS,
  patientExpect,
} from '../helpers';

/** Five browsers and a server on two cores shared with other runs: a step may take a while. */
export const expect = patientExpect;

// The table of e2e/pt-br-session.spec.ts, where every browser speaks pt-BR: the GM creates it
// from the landing page, Dee joins at a desk and Kim on a 390x844 phone, a spectator and the
// stream overlay watch; Dee and Kim write full characters in Portuguese. At each step every
// screen is checked for English words.

export interface Screen {
  who: string;
  page: Page;
  phone: boolean;
}

export type Tab = 'Cena' | 'Personagens' | 'Dados' | 'Registro' | 'Chat';

/** The Portuguese table: its people, and the checks every step runs on every screen. */
export interface MesaDeSexta {
  gm: Screen;
  dee: Screen;
  kim: Screen;
  spectator: Screen;
  /** Screenshots of every screen at a step, and the English found on each (soft checks). */
  step: (name: string) => Promise<void>;
  /** On a phone, the tab that holds a part; desks show every part at once. */
  open: (s: Screen, tab: Tab) => Promise<void>;
  /** Every English word met so far, with the step and screen it was on. */
  findings: string[];
  contexts: BrowserContext[];
}

/**
 * The GM creates a Fate Básico table from the landing page; Dee at a desk, Kim on her phone
 * take seats; a spectator and the overlay open the table.
 */
export async function openTheTableInPortuguese(browser: Browser): Promise<MesaDeSexta> {
  const contexts: BrowserContext[] = [];
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
  return { gm, dee, kim, spectator, step, open, findings, contexts };
}

/** A character as its player types it in Portuguese: five aspects, the pyramid, a stunt. */
interface Ficha {
  name: string;
  aspects: string[];
  skills: Record<string, number>;
  stunt: string[];
}

/** Writes a full character in the editor; it has no problems left. */
async function writeSheet(s: Screen, sheet: Ficha): Promise<void> {
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
}

/**
 * Full characters, typed in Portuguese: Dee's Vex and Kim's Kai, five aspects, the skill
 * pyramid and a stunt each; then both are created and every screen shows them.
 */
export async function writeTheCharacters(m: MesaDeSexta): Promise<void> {
  const { gm, dee, kim, spectator, step, open } = m;
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
}
