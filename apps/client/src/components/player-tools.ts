// What only someone who plays uses: the dice tray and the roll card's tools (invoke, defend,
// apply an outcome, take a hit, recover), a character's own recovery and consequence actions,
// the compel offer. One chunk, loaded after the table view (lib/parts.ts): a
// player's page preloads it at once; a spectator's loads it only to show that a roll awaits
// its defence (DefencePrompt says so to every screen).
export { default as DiceTray } from './DiceTray.svelte';
export { default as AbsorbPanel } from './AbsorbPanel.svelte';
export { default as DefencePrompt } from './DefencePrompt.svelte';
export { default as RecoveryOutcome } from './RecoveryOutcome.svelte';
export { default as ApplyOutcome } from './ApplyOutcome.svelte';
export { default as VoluntaryConsequence } from './VoluntaryConsequence.svelte';
export { default as InvokeControls } from './InvokeControls.svelte';
export { default as NarrativeRecovery } from './NarrativeRecovery.svelte';
export { default as ConsequenceActions } from './ConsequenceActions.svelte';
export { default as CompelOffer } from './CompelOffer.svelte';
