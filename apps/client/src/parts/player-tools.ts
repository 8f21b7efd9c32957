// What only someone who plays uses: the dice tray and the roll card's tools (invoke, defend,
// apply an outcome, take a hit, recover), a character's own recovery and consequence actions,
// the compel offer. One chunk, loaded after the table view (parts/app-parts.ts): a
// player's page preloads it at once; a spectator's loads it only to show that a roll awaits
// its defence (DefencePrompt says so to every screen).
export { default as DiceTray } from '../components/dice/DiceTray.svelte';
export { default as AbsorbPanel } from '../components/conflict/AbsorbPanel.svelte';
export { default as DefencePrompt } from '../components/conflict/DefencePrompt.svelte';
export { default as RecoveryOutcome } from '../components/recovery/RecoveryOutcome.svelte';
export { default as ApplyOutcome } from '../components/conflict/ApplyOutcome.svelte';
export { default as VoluntaryConsequence } from '../components/conflict/VoluntaryConsequence.svelte';
export { default as InvokeControls } from '../components/scene/InvokeControls.svelte';
export { default as NarrativeRecovery } from '../components/recovery/NarrativeRecovery.svelte';
export { default as ConsequenceActions } from '../components/conflict/ConsequenceActions.svelte';
export { default as CompelOffer } from '../components/scene/CompelOffer.svelte';
