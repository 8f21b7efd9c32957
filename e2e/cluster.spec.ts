/// <reference lib="dom" />
import { test, expect as baseExpect, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  postgresUnavailable,
  redisServerSkipReason,
  startClusterNodes,
  startPostgres,
  startRedisServer,
} from '@fateboard/server/testing';
import {
  KAI,
  PHONE,
  VEX,
  SCREENSHOTS,
  characterCard,
  inviteLinks,
  joinAndCreate,
  openAs,
  shot,
} from './helpers';

// Cluster mode, played as a group would: one table on a cluster of three nodes (real processes
// on a throwaway PostgreSQL and Redis), each person's browser on another node, as a load
// balancer without sticky sessions would spread them. The GM on node 1; Dee at a desk on node
// 2; Kim on a 390x844 phone on node 3; a spectator on node 3 and the stream overlay on node 2.
// Every screen sees the same scene, the same roll and the same free invoke, and who is here.

const expect = baseExpect.configure({ timeout: 30_000 });
const unavailable = postgresUnavailable() ?? redisServerSkipReason();

/** The link as the load balancer would route it: to this node. */
function via(link: string, node: { url: string }): string {
  const url = new URL(link);
  const to = new URL(node.url);
  url.protocol = to.protocol;
  url.host = to.host;
  return url.toString();
}

/** The "Who is here" row of a seat, by the player's name. */
const seatRow = (page: Page, name: string) =>
  page.getByTestId('presence').locator('li').filter({ hasText: name });

test('a table played across three nodes: every screen alike, whoever serves it', async ({
  browser,
}) => {
  test.skip(unavailable !== undefined, unavailable);
  test.setTimeout(900_000);
  const [pg, redis] = await Promise.all([startPostgres(), startRedisServer()]);
  const cluster = await startClusterNodes({
    count: 3,
    databaseUrl: await pg.createDatabase(),
    redisUrl: redis.url,
    // The run's own client build (playwright.config.ts builds it before any spec).
    env: { CLIENT_DIR: join(process.env.E2E_DATA_DIR!, 'client') },
  });
  const contexts: { close(): Promise<void> }[] = [];
  try {
    const [one, two, three] = cluster.nodes as [
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
    ];
    // ── The GM makes the table on node 1.
    const gmContext = await browser.newContext({
      baseURL: one.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    contexts.push(gmContext);
    const gm = await gmContext.newPage();
    await gm.goto('/');
    await gm.getByLabel('Table name').fill('The Salt Market');
    await gm.locator('input[name="ruleset"][value="fate-core"]').check();
    await gm.getByRole('button', { name: 'Create table' }).click();
    await expect(gm.getByTestId('table-name')).toHaveText('The Salt Market');
    const links = await inviteLinks(gm);

    // ── The players on nodes 2 and 3 make their characters; the watchers come in.
    const dee = await joinAndCreate(browser, via(links.player, two), 'Dee', VEX);
    contexts.push(dee.context);
    // Node 2 began serving the table with Dee: it heard at once that the GM is on node 1,
    // well before node 1's next presence renewal (every 10 s).
    await expect(seatRow(dee.page, 'GM')).toContainText('online', { timeout: 4_000 });
    const kim = await joinAndCreate(browser, via(links.player, three), 'Kim', KAI, PHONE);
    contexts.push(kim.context);
    const watcher = await openAs(browser, via(links.spectator, three));
    contexts.push(watcher.context);
    const overlayContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    contexts.push(overlayContext);
    const overlay = await overlayContext.newPage();
    const overlayUrl = new URL(via(links.spectator, two));
    overlayUrl.searchParams.set('overlay', '1');
    await overlay.goto(overlayUrl.toString());
    await expect(
      overlay.getByRole('main', { name: 'The Salt Market: stream overlay' }),
    ).toBeVisible();
    const desks = [gm, dee.page, watcher.page];
    const phone = kim.page;
    for (const page of [...desks, phone]) {
      if (page === phone) await phone.getByRole('tab', { name: /^Characters/ }).click();
      for (const name of ['Vex', 'Kai']) await expect(characterCard(page, name)).toBeVisible();
    }

    // ── The GM's scene, with a pushed aspect, on every screen whatever node serves it.
    await gm.getByLabel('Scene name').fill('The Salt Market at dusk');
    await gm.getByRole('button', { name: 'Start a scene' }).click();
    for (const text of ['Crowded Fish Stalls', 'Rain-Slick Cobbles']) {
      await gm.getByLabel('New aspect').fill(text);
      await gm.getByRole('button', { name: 'Add aspect' }).click();
      await expect(gm.getByTestId('aspect-card').filter({ hasText: text })).toBeVisible();
    }
    await gm.getByRole('button', { name: 'Push “Rain-Slick Cobbles” to every screen' }).click();
    await expect(overlay.getByTestId('overlay-aspect')).toContainText('Rain-Slick Cobbles');
    await phone.getByRole('tab', { name: /^Scene/ }).click();
    for (const page of [...desks, phone]) {
      await expect(page.getByTestId('spotlight-strip')).toContainText('Rain-Slick Cobbles');
      await expect(
        page.getByTestId('aspect-card').filter({ hasText: 'Crowded Fish Stalls' }),
      ).toBeVisible();
    }

    // ── Dee (node 2) creates an advantage with her best skill against Terrible (−2): a
    // success whatever the dice. Her command goes to the table's writer on another node.
    const tray = dee.page.getByRole('form', { name: 'Roll the dice' });
    const skill = tray.locator('select[name="skill"]');
    const best = await skill.evaluate((select: HTMLSelectElement): string => {
      const bonus = (o: HTMLOptionElement) => Number(/\(([+-]\d+)\)/.exec(o.text)?.[1] ?? -9);
      const options = Array.from(select.querySelectorAll('option'));
      options.sort((a, b) => bonus(b) - bonus(a));
      return options[0]?.value ?? '';
    });
    await skill.selectOption(best);
    await tray.locator('select[name="action"]').selectOption('create-advantage');
    await tray.locator('select[name="difficulty"]').selectOption('-2');
    await tray.getByRole('button', { name: /^Roll 4dF/ }).click();
    const card = dee.page.getByTestId('roll-card').first();
    await expect(card.getByTestId('roll-outcome')).toHaveText(/^Success/);
    const withStyle = /with style/.test(
      (await card.getByTestId('roll-outcome').textContent()) ?? '',
    );
    await card.getByLabel('Name the advantage').fill('Lost in the Crowd');
    await card.getByRole('button', { name: 'Create aspect' }).click();
    const holder = `${withStyle ? 2 : 1} free invoke${withStyle ? 's' : ''} · Vex`;
    for (const page of [...desks, phone]) {
      const aspect = page.getByTestId('aspect-card').filter({ hasText: 'Lost in the Crowd' });
      await expect(aspect.getByTestId('free-invoke-holder')).toHaveText(holder);
    }
    await expect(
      overlay.getByTestId('overlay-aspect-chip').filter({ hasText: 'Lost in the Crowd' }),
    ).toBeVisible();

    // ── Who is here, as the spectator on node 3 sees it: the GM (node 1), Dee (node 2) and
    // Kim (node 3) online.
    for (const name of ['GM', 'Dee', 'Kim']) {
      await expect(seatRow(watcher.page, name)).toContainText('online');
    }
    await shot(gm, 'cluster-gm-node-1');
    await shot(dee.page, 'cluster-dee-node-2');
    await shot(phone, 'cluster-kim-phone-node-3');
    await shot(watcher.page, 'cluster-spectator-node-3');
    await overlay.screenshot({ path: join(SCREENSHOTS, 'cluster-overlay-node-2.png') });

    // One node wrote the table; the others forwarded to it.
    let forwarded = 0;
    for (const node of cluster.nodes) {
      const text = await (await fetch(`${node.url}/metrics`)).text();
      for (const line of text.split('\n')) {
        if (line.startsWith('fateboard_forwarded_commands_total{') && line.includes('applied')) {
          forwarded += Number(line.split(' ').pop());
        }
      }
    }
    expect(forwarded).toBeGreaterThan(0);
  } catch (error) {
    console.error(cluster.output());
    throw error;
  } finally {
    for (const context of contexts) await context.close();
    await cluster.close();
    await redis.stop();
    await pg.stop();
  }
});
