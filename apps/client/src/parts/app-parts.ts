import { lazy } from '../lib/lazy';

// The parts of the client loaded on first use, each in its own chunk: what a spectator never
// sees and a player rarely opens stays out of what the table view loads up front. The
// player's tools, one chunk of their own, are loaded by parts/player-parts.ts.

/** The landing page: creating and restoring tables (never needed once at a table). */
export const landing = lazy(() => import('../views/Landing.svelte'));
/** The stream overlay (`?overlay=1` only). */
export const overlay = lazy(() => import('../views/Overlay.svelte'));
/** Joining as a player: claiming or creating a character (with the character editor). */
export const join = lazy(() => import('../views/Join.svelte'));
/** The character editor with its import (a GM creating, anyone editing a sheet). */
export const characterEditor = lazy(
  () => import('../components/characters/CharacterEditor.svelte'),
);
/** The GM's tools: scene and session, prep, countdowns, notes, adjustments. */
export const gmTools = lazy(() => import('../components/gm/GmTools.svelte'));
/** The GM's table files: export, Fari scenes. */
export const tableFiles = lazy(() => import('../components/gm/TableFiles.svelte'));
/** The session's full roll feed, opened from the recent rolls. */
export const rollFeed = lazy(() => import('../components/rolls/RollFeed.svelte'));
/** The table chat's panel (its messages and unread count load up front: components/chat/table-chat). */
export const chatPanel = lazy(() => import('../components/chat/ChatPanel.svelte'));
/** The rules reference, opened from a "?" at the dice tray, the hit panel, a compel, recovery. */
export const rulesReference = lazy(() => import('../components/help/RulesReference.svelte'));

/** The keyboard shortcuts and their `?` sheet (spectators too: it says what they cannot do). */
export const keyboardShortcuts = lazy(() => import('../components/shell/KeyboardShortcuts.svelte'));

/** The fate point summary and the log, in every reader's language (components/log/log-words). */
export const logPanel = lazy(() => import('../components/log/Log.svelte'));

/** The GM's invite links and their rotation (never a player's or a spectator's). */
export const invites = lazy(() => import('../components/gm/Invites.svelte'));
export const rotateLinks = lazy(() => import('../components/gm/RotateLinks.svelte'));
