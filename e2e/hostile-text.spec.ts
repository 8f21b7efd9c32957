/// <reference lib="dom" />
import { test, expect, type Page } from '@playwright/test';
import { connectBotWithToken, tokenOf } from './bot';
import { characterCard, createTable, joinAndCreate, shot } from './helpers';

/**
 * Guarantee 8 (docs/GUARANTEES.md): user text is rendered as text. Aspect, character, seat,
 * scene and compel texts carrying HTML and script reach every screen (GM, player,
 * spectator) through the real server; nothing runs, no such element exists in the page, the
 * text shows literally, and the page's Content Security Policy reports no violation.
 */

const PAYLOADS = [
  `<img src=x onerror="window.__xss('img')">`,
  `<iframe srcdoc="<script>parent.__xss('iframe')</script>"></iframe>`,
  `<a href="javascript:window.__xss('link')">click me</a>`,
  `<script>window.__xss('script')</script>`,
  `<svg onload="window.__xss('svg')"></svg>`,
  `"><img src=x onerror=window.__xss('attr')>`,
];

/** Sends the commands in order as one bot with this token; their results. */
async function command(
  token: string,
  commands: ({ type: string } & Record<string, unknown>)[],
  baseURL: string,
) {
  const bot = await connectBotWithToken(baseURL, token);
  const results: Record<string, string>[] = [];
  for (const c of commands) {
    const ack = await bot.send(c);
    results.push((ack.result ?? {}) as Record<string, string>);
  }
  bot.close();
  return results;
}

/** Records script runs, CSP violations, dialogs and CSP console errors of a page. */
async function watch(page: Page) {
  const seen = { console: [] as string[], dialogs: [] as string[] };
  await page.addInitScript(() => {
    const w = window as unknown as {
      __xssHits: string[];
      __xss: (s: string) => void;
      __csp: string[];
    };
    w.__xssHits = [];
    w.__xss = (s: string) => w.__xssHits.push(s);
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.console.push(m.text());
  });
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => {
    const inPage = await page.evaluate(() => {
      const w = window as unknown as { __xssHits: string[]; __csp: string[] };
      return {
        hits: w.__xssHits,
        csp: w.__csp,
        elements: document.querySelectorAll(
          'img[src="x"], iframe, script:not([src]), svg[onload], a[href^="javascript:" i], [onerror], [onload]',
        ).length,
      };
    });
    return { ...inPage, ...seen };
  };
}

test('hostile text is shown as text on every screen: nothing runs, no CSP violation', async ({
  browser,
  request,
  baseURL,
}) => {
  const created = await request.post('/api/tables', {
    data: { name: PAYLOADS[0]!.slice(0, 80), ruleset: 'fate-core' },
  });
  expect(created.status()).toBe(201);
  const { id, links } = (await created.json()) as {
    id: string;
    links: Record<'gm' | 'player' | 'spectator', string>;
  };

  // A player joins and makes a character with hostile names; the GM fills the table.
  const [joined, made] = await command(
    tokenOf(links.player),
    [
      { type: 'join', name: PAYLOADS[5]!.slice(0, 80) },
      {
        type: 'character.create',
        character: {
          name: PAYLOADS[1]!.slice(0, 80),
          aspects: [
            { id: 'high-concept', slot: 'high-concept', text: PAYLOADS[2] },
            { id: 'trouble', slot: 'trouble', text: PAYLOADS[3] },
            { id: 'aspect-3', slot: 'other', text: PAYLOADS[4] },
            { id: 'aspect-4', slot: 'other', text: '' },
            { id: 'aspect-5', slot: 'other', text: '' },
          ],
          skills: [
            { id: 'fight', rating: 4 },
            { id: 'athletics', rating: 3 },
            { id: 'shoot', rating: 3 },
            { id: 'notice', rating: 2 },
            { id: 'stealth', rating: 2 },
            { id: 'lore', rating: 2 },
            { id: 'rapport', rating: 1 },
            { id: 'empathy', rating: 1 },
            { id: 'deceive', rating: 1 },
            { id: 'provoke', rating: 1 },
          ],
        },
      },
    ],
    baseURL!,
  );
  const characterId = made!.characterId!;
  const seatToken = joined!.seatToken!;
  const gmResults = await command(
    tokenOf(links.gm),
    [
      { type: 'scene.start', name: PAYLOADS[4]!.slice(0, 80), characterIds: [characterId] },
      ...PAYLOADS.map((text) => ({ type: 'aspect.add', kind: 'situation', text })),
      { type: 'compel.offer', characterId, text: PAYLOADS[0] },
      { type: 'compel.offer', characterId, text: PAYLOADS[2] },
      { type: 'gm.prepare', kind: 'situation', text: PAYLOADS[1], note: PAYLOADS[0] },
      { type: 'gm.note', text: PAYLOADS.join(' ') },
    ],
    baseURL!,
  );
  const firstAspect = gmResults[1]!.aspectId!;
  await command(
    tokenOf(links.gm),
    [{ type: 'spotlight.push', ref: { aspectId: firstAspect } }],
    baseURL!,
  );

  const screens: { name: string; link: string }[] = [
    { name: 'gm', link: links.gm },
    { name: 'player', link: `${new URL(links.player).origin}/t/${id}#token=${seatToken}` },
    { name: 'spectator', link: links.spectator },
  ];
  for (const screen of screens) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const report = await watch(page);
    await page.goto(screen.link);
    await expect(page.getByTestId('table-name')).toBeVisible();
    // The hostile texts are there, literally, as text.
    await expect(page.getByText(PAYLOADS[3]!, { exact: false }).first()).toBeVisible();
    await expect(
      page.getByText(PAYLOADS[0]!.slice(0, 40), { exact: false }).first(),
    ).toBeAttached();
    // Give any handler a chance to fire, then look.
    await page.waitForTimeout(1500);
    const result = await report();
    expect(result, screen.name).toEqual({
      hits: [],
      csp: [],
      elements: 0,
      console: [],
      dialogs: [],
    });
    if (screen.name === 'spectator') {
      // A control: the same text inserted as HTML is caught (CSP blocks the inline handler
      // and reports it, or it runs), so a clean report above means something.
      await page.evaluate((html) => {
        const div = document.createElement('div');
        div.innerHTML = html;
        document.body.append(div);
      }, PAYLOADS[0]!);
      await expect
        .poll(async () => {
          const r = await report();
          return r.hits.length + r.csp.length + r.console.length;
        })
        .toBeGreaterThan(0);
    }
    await context.close();
  }
});

/**
 * Guarantee 8: right-to-left names are bidi islands. A name in Arabic ending in a digit,
 * shown inline next to the UI's own words ("Player: …", "plays …"), would otherwise pull
 * the digit and the words around it into its right-to-left run. Every element showing a
 * name or an aspect isolates it (`<bdi>` or `unicode-bidi: isolate`).
 */
test('a right-to-left name is isolated from the text around it', async ({ browser }) => {
  const player = 'مريم 2';
  const character = { name: 'زيرا the Bold', highConcept: 'ساحرة البحر', trouble: 'Owes 3 debts' };
  const { gm, links, context } = await createTable(browser, 'طاولة 7', 'fate-core');
  const seated = await joinAndCreate(browser, links.player, player, character);
  const page = seated.page;

  const bidiOf = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((el) => ({
      tag: el.tagName,
      bidi: getComputedStyle(el).unicodeBidi,
      text: el.textContent,
    }));
  // The role badge: the player's own name inside "Player: …".
  expect(await bidiOf(page.getByTestId('my-name'))).toEqual({
    tag: 'BDI',
    bidi: 'isolate',
    text: player,
  });
  for (const screen of [page, gm]) {
    await expect(screen.getByTestId('seat-name').filter({ hasText: player })).toBeVisible();
    expect(await bidiOf(screen.getByTestId('seat-name').filter({ hasText: player }))).toMatchObject(
      { bidi: 'isolate' },
    );
    const card = characterCard(screen, character.name);
    expect(await bidiOf(card.getByRole('heading', { name: character.name }))).toMatchObject({
      bidi: 'isolate',
    });
    expect(await bidiOf(card.getByText(character.highConcept).first())).toMatchObject({
      bidi: 'isolate',
    });
    expect(await bidiOf(screen.getByTestId('table-name'))).toMatchObject({ bidi: 'isolate' });
  }
  // "plays …" after the seat's name keeps its words in order: the character's name is a <bdi>.
  expect(await page.locator('bdi', { hasText: character.name }).count()).toBeGreaterThan(0);
  await shot(page, 'hostile-text-rtl-player');
  await shot(gm, 'hostile-text-rtl-gm');
  await seated.context.close();
  await context.close();
});
