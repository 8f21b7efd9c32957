import { partGroup } from './part-group';

// The player's tools (player-tools.ts), loaded on first use as one chunk; each export its own
// part. Apart from parts/app-parts.ts: components inside that chunk (the dice tray's help buttons)
// use parts/app-parts.ts, and would otherwise import the module that loads their own chunk.
const tool = partGroup(() => import('./player-tools'));
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
