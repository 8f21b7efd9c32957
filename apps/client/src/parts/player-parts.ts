import type { Component, ComponentProps } from 'svelte';
import { lazy } from '../lib/lazy';
import type { LazyComponent } from '../lib/lazy';
import type * as PlayerTools from './player-tools';

// The player's tools (player-tools.ts), loaded on first use as one chunk; each export its own
// part. Apart from parts/app-parts.ts: components inside that chunk (the dice tray's help buttons)
// use parts/app-parts.ts, and would otherwise import the module that loads their own chunk.

type Tools = typeof PlayerTools;
// One import for all ten parts: each import() call runs Vite's preload helper over the chunk's
// dependencies again (on a slow phone, tens of milliseconds a call while the table opens).
let loading: Promise<Tools> | undefined;
const playerTools = (): Promise<Tools> =>
  (loading ??= import('./player-tools').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
function tool<K extends keyof Tools>(name: K): LazyComponent<ComponentProps<Tools[K]>> {
  return lazy(async () => ({
    default: (await playerTools())[name] as Component<ComponentProps<Tools[K]>>,
  }));
}
export const tools = {
  diceTray: tool('DiceTray'),
  absorbPanel: tool('AbsorbPanel'),
  defencePrompt: tool('DefencePrompt'),
  recoveryOutcome: tool('RecoveryOutcome'),
  applyOutcome: tool('ApplyOutcome'),
  voluntaryConsequence: tool('VoluntaryConsequence'),
  invokeControls: tool('InvokeControls'),
  narrativeRecovery: tool('NarrativeRecovery'),
  consequenceActions: tool('ConsequenceActions'),
  compelOffer: tool('CompelOffer'),
};

/** Starts loading every player tool (a seated player or the GM needs them soon). */
export function preloadPlayerTools(): void {
  for (const part of Object.values(tools)) part.preload();
}
