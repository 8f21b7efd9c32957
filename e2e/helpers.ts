/// <reference lib="dom" />
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngPicture as pngBands } from '@fateboard/server/png';

/**
 * Screenshots of each view land here (gitignored), so a person can look. A full page capture
 * is taller than the screen: what is fixed to the screen (a modal sheet, its backdrop, the
 * sticky tabs) shows at the screen's place in it, with the page going on below; such views
 * are taken as the screen shows them (`fullPage: false`).
 */
export const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

export interface Links {
  gm: string;
  player: string;
  spectator: string;
}

/** The characters the specs seat: Dee plays Vex, Kim plays Kai. */
export const VEX = {
  name: 'Vex',
  highConcept: 'Street-smart fixer',
  trouble: 'Too many favours owed',
  aspects: [
    'Knows every back door in the Docks',
    'My sister runs the Gull',
    'Never forgets a face',
  ],
};
/** Vex's full Fate Core pyramid: Great Fight, Good Athletics and Notice, Fair Physique, Stealth and Empathy, Average rest. */
export const VEX_SKILLS: Record<string, number> = {
  fight: 4,
  athletics: 3,
  notice: 3,
  physique: 2,
  stealth: 2,
  empathy: 2,
  will: 1,
  lore: 1,
  rapport: 1,
  shoot: 1,
};
/** Kai: Great Physique (two extra boxes), Good Fight and Will, Fair Athletics, Notice, Provoke. */
export const KAI_SKILLS: Record<string, number> = {
  physique: 4,
  fight: 3,
  will: 3,
  athletics: 2,
  notice: 2,
  provoke: 2,
  stealth: 1,
  lore: 1,
  rapport: 1,
  crafts: 1,
};
export const KAI = {
  name: 'Kai',
  highConcept: 'Quiet old soldier',
  trouble: 'Nightmares of the war',
  aspects: ['The Red Company still owes me', 'Gentle with horses', 'Up before the bugle'],
};

/** A table with its GM and two seated players (Dee with Vex, Kim with Kai). */
export interface TwoPlayerTable {
  gm: Page;
  p1: Page;
  p2: Page;
  links: Links;
  /** The three browser contexts, the GM's first. */
  contexts: BrowserContext[];
  /** Closes every context. */
  close(): Promise<void>;
}

/** The GM creates a table through the landing page and reads its three links. */
export async function createTable(
  browser: Browser,
  name: string,
  ruleset: string,
  viewport?: { width: number; height: number },
): Promise<{ gm: Page; links: Links; context: BrowserContext }> {
  const context = await browser.newContext({
    ...(viewport ? { viewport } : {}),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const gm = await context.newPage();
  await gm.goto('/');
  await gm.getByLabel('Table name').fill(name);
  await gm.locator(`input[name="ruleset"][value="${ruleset}"]`).check();
  await gm.getByRole('button', { name: 'Create table' }).click();
  await expect(gm.getByTestId('table-name')).toHaveText(name);
  return { gm, links: await inviteLinks(gm), context };
}

/** The invite links a new table's GM sees at once. */
export async function inviteLinks(gm: Page): Promise<Links> {
  const invites = gm.getByTestId('invites');
  await expect(invites).toBeVisible();
  return {
    gm: await invites.getByLabel('GM link').inputValue(),
    player: await invites.getByLabel('Player link').inputValue(),
    spectator: await invites.getByLabel('Spectator link').inputValue(),
  };
}

/** The phone every spec plays on: an iPhone 12–15's CSS viewport. */
export const PHONE = { width: 390, height: 844 };

/** A phone's touch screen too (`hasTouch`, `isMobile`): no hover, a coarse pointer. */
export const TOUCH = { hasTouch: true, isMobile: true };

/**
 * A person opens a player link and takes a seat under `name`; resolves once the seat is taken
 * (the editor or a prepared character to claim is next).
 */
export async function takeSeat(
  browser: Browser,
  link: string,
  name: string,
  viewport?: { width: number; height: number },
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ ...(viewport ? { viewport } : {}), ...device });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect(page.getByRole('button', { name: 'Join the table' })).toHaveCount(0);
  return { page, context };
}

/** A player opens the player link, takes a seat and creates a character from the template. */
export async function joinAndCreate(
  browser: Browser,
  link: string,
  player: string,
  character: SheetPicks & { name: string },
  viewport?: { width: number; height: number },
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await takeSeat(browser, link, player, viewport, device);
  await page.getByLabel('Character name').fill(character.name);
  await fillTemplate(page, character);
  await page.getByRole('button', { name: 'Create character' }).click();
  await expect(page.getByTestId('table-name')).toBeVisible();
  return { page, context };
}

/** The GM creates a table; Dee joins with Vex, then Kim with Kai. */
export async function tableWithTwoPlayers(
  browser: Browser,
  name: string,
  ruleset: string,
): Promise<TwoPlayerTable> {
  const { gm, links, context } = await createTable(browser, name, ruleset);
  const a = await joinAndCreate(browser, links.player, 'Dee', VEX);
  const b = await joinAndCreate(browser, links.player, 'Kim', KAI);
  const contexts = [context, a.context, b.context];
  return {
    gm,
    p1: a.page,
    p2: b.page,
    links,
    contexts,
    async close() {
      for (const c of contexts) await c.close();
    },
  };
}

/** The same table with a spectator watching too. */
export interface WatchedTable extends TwoPlayerTable {
  spectator: Page;
  /** Every screen: the GM's, Dee's, Kim's and the spectator's. */
  screens: Page[];
}

/** The GM creates a table, Dee and Kim join with Vex and Kai, and a spectator opens it. */
export async function watchedTableWithTwoPlayers(
  browser: Browser,
  name: string,
  ruleset: string,
): Promise<WatchedTable> {
  const table = await tableWithTwoPlayers(browser, name, ruleset);
  const watcher = await openAs(browser, table.links.spectator);
  // close() closes every context in this list, the spectator's last.
  table.contexts.push(watcher.context);
  return {
    ...table,
    spectator: watcher.page,
    screens: [table.gm, table.p1, table.p2, watcher.page],
  };
}

/** A character's card on a page, by the character's name. */
export const characterCard = (page: Page, name: string) =>
  page.getByTestId('character-card').filter({ has: page.getByRole('heading', { name }) });

/**
 * Fills the sheet until the ruleset has no more problems: aspects by slot, then skills
 * raised one pick at a time into whatever shape the ruleset asks for.
 */
const SKILL_SPREADS: Record<string, number[]> = {
  'fate-core': [4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
  pirates: [3, 2, 2, 1, 1, 0],
};

/** A sheet's further aspects when a spec names none: each different, as a player's would be. */
const MORE_ASPECTS = ['Owes the harbourmaster', 'A map nobody else can read', 'Lucky coat'];

/**
 * What a player writes on a sheet. `skills`, when given, rates those skills (by id) and leaves
 * every other at Mediocre, in place of the game's spread filled from the top of the list;
 * `ratings` rates the aspects in order (narrative), in place of 3, 2, 2, 1.
 */
export interface SheetPicks {
  highConcept: string;
  trouble: string;
  aspects?: string[];
  skills?: Record<string, number>;
  ratings?: number[];
}

export async function fillTemplate(page: Page, character: SheetPicks): Promise<void> {
  const ruleset = await page.getByTestId('editor').getAttribute('data-ruleset');
  const hc = page.locator('input[name^="aspect-high-concept"]');
  if (await hc.count()) await hc.first().fill(character.highConcept);
  const trouble = page.locator('input[name^="aspect-trouble"]');
  if (await trouble.count()) await trouble.first().fill(character.trouble);
  const others = page.locator('input[name^="aspect-other"], input[name^="aspect-ship"]');
  for (let i = 0; i < (await others.count()); i++) {
    const aspects = character.aspects ?? MORE_ASPECTS;
    // A pirate crew's sheet has ship aspects besides: past the list, numbered.
    await others.nth(i).fill(aspects[i] ?? `${aspects[i % aspects.length]!} (${String(i + 1)})`);
  }
  const ratings = page.locator('select[name^="aspect-rating"]');
  const aspectSpread = character.ratings ?? [3, 2, 2, 1];
  for (let i = 0; i < (await ratings.count()); i++) {
    await ratings.nth(i).selectOption(String(aspectSpread[i] ?? 0));
  }
  const skills = page.locator('select[name^="skill-"]');
  if (character.skills) {
    for (const id of Object.keys(character.skills)) {
      await expect(page.locator(`select[name="skill-${id}"]`), `skill ${id}`).toHaveCount(1);
    }
    for (const select of await skills.all()) {
      const id = (await select.getAttribute('name'))!.slice('skill-'.length);
      await select.selectOption(String(character.skills[id] ?? 0));
    }
  } else {
    const spread = SKILL_SPREADS[ruleset ?? ''] ?? [];
    for (let i = 0; i < spread.length; i++) await skills.nth(i).selectOption(String(spread[i]));
  }
  await expect(page.getByTestId('sheet-problems')).toHaveCount(0);
}

export async function openAs(
  browser: Browser,
  link: string,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('table-name')).toBeVisible();
  return { page, context };
}

// @axe-core/playwright is installed in apps/client (the client's dev tools); load it from there.
interface AxeResults {
  violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
}
type AxeBuilderCtor = new (options: { page: Page }) => { analyze(): Promise<AxeResults> };
const requireFromClient = createRequire(new URL('../apps/client/package.json', import.meta.url));
const axeModule = requireFromClient('@axe-core/playwright') as {
  default?: AxeBuilderCtor;
  AxeBuilder?: AxeBuilderCtor;
};
const AxeBuilder = (axeModule.default ?? axeModule.AxeBuilder) as AxeBuilderCtor;

/** No serious or critical axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

/**
 * Active defence: the defender's player rolls the defence the latest roll awaits, with the
 * lowest skill (or rated aspect) listed, and the prompt goes.
 */
/** Concedes the defence a prompt asks for: Concede, then the confirmation it asks for. */
export async function concede(prompt: Locator): Promise<void> {
  await prompt.getByRole('button', { name: 'Concede', exact: true }).click();
  await prompt.getByRole('button', { name: 'Yes, concede' }).click();
}

export async function defendWithLowest(page: Page): Promise<void> {
  const prompt = page.getByTestId('defence').first();
  const select = prompt.locator('select[name="defence-skill"]');
  const last = await select.locator('option').last().getAttribute('value');
  await select.selectOption(last ?? '');
  await prompt.getByRole('button', { name: 'Roll defence' }).click();
  await expect(page.getByTestId('defence')).toHaveCount(0);
}

/**
 * A table's stream overlay (`?overlay=1` on the spectator link) at 1080p on its own clock, for
 * specs that check its brief moments: `hold()`, once the page has loaded, stops the clock so each
 * moment stays up for its checks and screenshots. It steps 1 s, never far: the socket provider
 * closes a socket silent for 30 s by this clock, and with the clock stopped it would not reconnect.
 */
export async function openHeldOverlay(
  browser: Browser,
  spectatorLink: string,
): Promise<{ page: Page; context: BrowserContext; hold: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const url = new URL(spectatorLink);
  url.searchParams.set('overlay', '1');
  await page.clock.install();
  await page.goto(url.toString());
  return { page, context, hold: () => page.clock.pauseAt(Date.now() + 1_000) };
}

/**
 * The element is the page's active element: what the person's next keystroke goes into.
 * `toBeFocused()` also needs `document.hasFocus()`, which headless Chromium drops now and then
 * for one of several windows open at once; a form keeping its focus is about the active element.
 */
export async function expectActive(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => el === el.ownerDocument.activeElement), {
      message: 'the control keeps the focus',
    })
    .toBe(true);
}

/**
 * The GM attacks `target` with `attacker` from the dice tray, against the defender's own roll
 * (the defender picks their skill: the tray's only sets the odds). An attack starts a conflict.
 */
export async function attackWithTray(gm: Page, attacker: string, target: string): Promise<void> {
  const tray = gm.getByRole('form', { name: 'Roll the dice' });
  await tray.locator('select[name="roller"]').selectOption({ label: attacker });
  await tray.locator('select[name="action"]').selectOption('attack');
  await tray.getByLabel('An opposing character').check();
  await tray.locator('select[name="opponent"]').selectOption({ label: target });
  await expect(tray).toContainText('They pick their own defence and roll it');
  await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
}

/** A character as a player types it into the editor. */
export interface Build {
  name: string;
  /** High concept, trouble, then the three other aspects. */
  aspects: [string, string, string, string, string];
  skills: Record<string, number>;
  stunts: [string, string][];
}

/** Fills the character editor as a player would: aspects, skills, stunts. */
export async function fillSheet(editor: Locator, build: Build): Promise<void> {
  await editor.getByLabel('Character name').fill(build.name);
  const [hc, trouble, ...others] = build.aspects;
  await editor.locator('input[name^="aspect-high-concept"]').fill(hc);
  await editor.locator('input[name^="aspect-trouble"]').fill(trouble);
  const more = editor.locator('input[name^="aspect-other"]');
  await expect(more).toHaveCount(others.length, { timeout: 20_000 });
  for (let i = 0; i < others.length; i++) await more.nth(i).fill(others[i]!);
  for (const [id, rating] of Object.entries(build.skills)) {
    await editor.locator(`select[name="skill-${id}"]`).selectOption(String(rating));
  }
  for (let i = 0; i < build.stunts.length; i++) {
    await editor.getByRole('button', { name: 'Add a stunt' }).click();
    await editor.getByLabel(`Stunt ${i + 1} name`).fill(build.stunts[i]![0]);
    await editor.getByLabel(`Stunt ${i + 1} text`).fill(build.stunts[i]![1]);
  }
}

/** The stream overlay's screen: a 1080p broadcast canvas. */
export const HD = { width: 1920, height: 1080 };

/** The overlay composited over dark stream video (the page itself is see-through). */
const VIDEO = 'linear-gradient(120deg, #04040a 0%, #1d1a2e 50%, #0b1f17 100%)';

/**
 * Opens a spectator link as the stream overlay at 1080p, once it shows the table. `shot(name)`
 * takes it over dark video as `<prefix>-<name>-overlay.png`.
 */
export async function openOverlay(
  browser: Browser,
  spectatorLink: string,
  prefix: string,
): Promise<{ page: Page; context: BrowserContext; shot: (name: string) => Promise<void> }> {
  const context = await browser.newContext({ viewport: HD });
  const page = await context.newPage();
  const url = new URL(spectatorLink);
  url.searchParams.set('overlay', '1');
  await page.goto(url.toString());
  await expect(page.getByRole('main', { name: /: stream overlay$/ })).toBeVisible();
  return {
    page,
    context,
    shot: async (name) => {
      await page.evaluate(
        (bg) => document.documentElement.style.setProperty('background', bg),
        VIDEO,
      );
      await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}-overlay.png`) });
      await page.evaluate(() => document.documentElement.style.removeProperty('background'));
    },
  };
}

/** The chat panel of a page (on a phone, after opening its tab: openChat). */
export const chat = (page: Page) => page.getByTestId('chat');

export async function openChat(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Chat/ });
  if (await tab.isVisible()) await tab.click();
  await expect(chat(page)).toBeVisible();
}

export async function chatSay(page: Page, text: string, to?: string): Promise<void> {
  const panel = chat(page);
  if (to !== undefined) await panel.getByTestId('chat-to').selectOption({ label: to });
  await panel.getByTestId('chat-input').fill(text);
  // Enter sends.
  await panel.getByTestId('chat-input').press('Enter');
  // The field empties as the message leaves; it is sent once it shows in the sender's own list.
  await expect(panel.getByTestId('chat-input')).toHaveValue('');
  await expect(panel.getByTestId('chat-message').filter({ hasText: text }).last()).toBeVisible();
}

export const chatMessage = (page: Page, text: string) =>
  chat(page).getByTestId('chat-message').filter({ hasText: text });

/** Every WebSocket frame a page receives, as text, from the moment it is called. */
export function recordFrames(page: Page): () => string {
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
    );
  });
  return () => frames.join('\n');
}

/** A real PNG of `width`×`height` to upload as a picture (two colours in diagonal bands). */
export function pngPicture(
  width: number,
  height: number,
  a: [number, number, number],
  b: [number, number, number],
): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = pngBands(width, height, a, b);
  return { name: `picture-${width}x${height}.png`, mimeType: 'image/png', buffer };
}

/**
 * The interface's English that no Portuguese string says (e2e/english-words.json, kept current
 * by the client's english-words.test.ts): a word of it on a Portuguese screen is English left.
 */
const ENGLISH = new Set<string>(
  JSON.parse(readFileSync(join(import.meta.dirname, 'english-words.json'), 'utf8')) as string[],
);

/** The texts a reader meets on the page: visible text nodes and the labels of visible elements. */
function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent ?? '';
      if (!el || text.trim() === '' || el.closest('script, style, noscript')) continue;
      // Content marked as not for translation (the book's ready-made characters) is as written.
      if (el.closest('[translate="no"]')) continue;
      // An option shows when its select does (in the select, or its list when opened).
      const shown = el instanceof HTMLOptionElement ? el.closest('select') : el;
      if (!shown?.checkVisibility()) continue;
      out.push(text);
    }
    const labelled = document.body.querySelectorAll<HTMLElement>(
      '[aria-label], [title], [placeholder], [alt]',
    );
    for (const el of Array.from(labelled)) {
      if (!el.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** The texts on a page that hold English words: each text once, with its English words. */
export async function englishOn(page: Page): Promise<string[]> {
  const found = new Map<string, Set<string>>();
  for (const raw of await textsOf(page)) {
    const text = raw.trim().replace(/\s+/g, ' ').slice(0, 100);
    for (const m of raw.matchAll(/\p{L}+/gu)) {
      const word = m[0].toLowerCase();
      if (!ENGLISH.has(word)) continue;
      const words = found.get(text) ?? new Set<string>();
      words.add(word);
      found.set(text, words);
    }
  }
  return [...found].map(([text, words]) => `«${text}» [${[...words].join(' ')}]`);
}
