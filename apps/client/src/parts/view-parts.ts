import { lazy } from '../lib/lazy';
import { partGroup } from './part-group';

// The table view's panels that its first paint does not need, out of the JavaScript the page
// loads up front (its budget: 130 KB gzipped, `pnpm --filter @fateboard/bench client-budget`):
// what sits below the scene (declarations, the conflict, compels), the characters, the
// countdowns and a pushed handout over the table, who is here, the recent rolls and the
// prompts to help beside the dice tray (itself a chunk of its own), as one chunk (table-parts.ts)
// that the table's page starts loading once its session has opened its sockets (TablePage);
// the scene board, a chunk of its own, when its tab or column is drawn.
const part = partGroup(() => import('./table-parts'));
export const viewParts = {
  declarations: part('Declarations'),
  conflict: part('Conflict'),
  compels: part('Compels'),
  characters: part('Characters'),
  countdowns: part('Countdowns'),
  handoutStage: part('HandoutStage'),
  presence: part('Presence'),
  recentRolls: part('RecentRolls'),
  rollsPanel: part('RollsPanel'),
  helpPrompts: part('HelpPrompts'),
};
export const board = lazy(() => import('../components/board/Board.svelte'));

/** Starts loading the table view's panels (a failure is left for the part to report). */
export function preloadViewParts(): void {
  viewParts.declarations.preload();
}
