import type { Browser, BrowserContext, Page } from '@playwright/test';
import { KAI, MARA, VEX } from './characters';
import { openHeldOverlay, openOverlay } from './overlay';
import {
  PHONE,
  createTable,
  joinAndCreate,
  openAs,
  takeSeat,
  type Links,
  type Viewport,
} from './seats';
import type { SheetPicks } from './sheets';

/** One player of a group: who sits down, on what screen, and with what character. */
export interface SeatPlan {
  /** The name the player joins under. */
  player: string;
  /** The character they make from the template; without one they stop at the editor. */
  character?: SheetPicks & { name: string };
  /** The window's size (PHONE for the phone); a desk's default without it. */
  viewport?: Viewport;
  /** A touch screen too (TOUCH): no hover, a coarse pointer. */
  touch?: boolean;
}

/** A table and who opens it: the GM, the players in order, a spectator, the stream overlay. */
export interface GroupPlan {
  table: string;
  ruleset: string;
  /** The GM's window size; a desk's default without it. */
  gmViewport?: Viewport;
  players: readonly SeatPlan[];
  /** A spectator at a desk; `beforeLoad` runs on its page before it loads (to record frames). */
  spectator?: true | { beforeLoad: (page: Page) => void };
  /**
   * The 1080p stream overlay: `shots` opens it once it shows the table, its screenshots named
   * `<shots>-<name>-overlay.png`; `held` opens it on its own clock (openHeldOverlay), to be
   * held once it has loaded.
   */
  overlay?: { shots: string } | { held: true };
}

/** A page for each seat of a plan, as a tuple of the same length. */
type PagesOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: Page };

/** The opened group: each role's page, the invite links, and one close for every browser. */
export type Group<P extends GroupPlan> = {
  gm: Page;
  links: Links;
  /** Each player's page, in the plan's order. */
  players: PagesOf<P['players']>;
  /** Every browser context, the GM's first, then the players', the spectator's, the overlay's. */
  contexts: BrowserContext[];
  /** Closes every context. */
  close: () => Promise<void>;
} & (P['spectator'] extends undefined ? unknown : { spectator: Page }) &
  (P['overlay'] extends { shots: string }
    ? { overlay: Page; overlayShot: (name: string) => Promise<void> }
    : P['overlay'] extends { held: true }
      ? { overlay: Page; holdOverlay: () => Promise<void> }
      : unknown);

/**
 * The GM creates the table, each player takes a seat in turn (and makes their character when
 * the plan gives one), then the spectator and the overlay open it; each is ready when this
 * resolves.
 */
export async function openGroup<const P extends GroupPlan>(
  browser: Browser,
  plan: P,
): Promise<Group<P>> {
  const { gm, links, context } = await createTable(
    browser,
    plan.table,
    plan.ruleset,
    plan.gmViewport,
  );
  const contexts = [context];
  const players: Page[] = [];
  for (const seat of plan.players) {
    const device = seat.touch ? { hasTouch: true, isMobile: true } : {};
    const joined = seat.character
      ? await joinAndCreate(
          browser,
          links.player,
          seat.player,
          seat.character,
          seat.viewport,
          device,
        )
      : await takeSeat(browser, links.player, seat.player, seat.viewport, device);
    contexts.push(joined.context);
    players.push(joined.page);
  }
  const group: Record<string, unknown> = {
    gm,
    links,
    players,
    contexts,
    close: async () => {
      for (const c of contexts) await c.close();
    },
  };
  if (plan.spectator) {
    const before = plan.spectator === true ? undefined : plan.spectator.beforeLoad;
    const watcher = await openAs(browser, links.spectator, undefined, before);
    contexts.push(watcher.context);
    group.spectator = watcher.page;
  }
  if (plan.overlay && 'shots' in plan.overlay) {
    const stream = await openOverlay(browser, links.spectator, plan.overlay.shots);
    contexts.push(stream.context);
    group.overlay = stream.page;
    group.overlayShot = stream.shot;
  } else if (plan.overlay) {
    const stream = await openHeldOverlay(browser, links.spectator);
    contexts.push(stream.context);
    group.overlay = stream.page;
    group.holdOverlay = stream.hold;
  }
  return group as Group<P>;
}

/** The usual players: Dee with Vex at a desk, Kim with Kai on the phone (PHONE unless given). */
export const deeAndKim = (phone: Viewport = PHONE) =>
  [
    { player: 'Dee', character: VEX },
    { player: 'Kim', character: KAI, viewport: phone },
  ] as const;

/**
 * The usual group's plan: a Fate Core table, Dee with Vex at a desk, Kim with Kai on the phone
 * and a spectator; `more` adds to it or replaces a part (the overlay, another phone).
 */
export const usualGroup = <const M extends Partial<GroupPlan>>(table: string, more?: M) => ({
  table,
  ruleset: 'fate-core',
  players: deeAndKim(),
  spectator: true as const,
  ...(more as M),
});

/**
 * A table of one player, for a spec about one person's screen: Cleo with Mara on `viewport`,
 * the GM on `gmViewport` (a desk's default without either).
 */
export const cleoAlone = (
  table: string,
  ruleset: string,
  viewport?: Viewport,
  gmViewport?: Viewport,
) =>
  ({
    table,
    ruleset,
    gmViewport,
    players: [{ player: 'Cleo', character: MARA, viewport }],
  }) as const;

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

/** The GM creates a table; Dee joins with Vex, then Kim with Kai. */
export async function tableWithTwoPlayers(
  browser: Browser,
  name: string,
  ruleset: string,
): Promise<TwoPlayerTable> {
  const { gm, links, contexts, players, close } = await openGroup(browser, {
    table: name,
    ruleset,
    players: [
      { player: 'Dee', character: VEX },
      { player: 'Kim', character: KAI },
    ],
  });
  return { gm, p1: players[0], p2: players[1], links, contexts, close };
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
