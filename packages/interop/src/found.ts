import type { HarmKind, Severity } from '@fateboard/rules';

/**
 * What a reader found in another program's file, before any ruleset is applied: the readers
 * (fari/, foundry/, export/) only understand their format, and `adapt.ts` (with its
 * `adapt-*.ts` parts) alone knows the rulesets. Text here is already plain (markup stripped).
 */
export interface FoundCharacter {
  name: string;
  aspects: FoundAspect[];
  /** Skills or approaches, as labelled in the file. */
  skills: FoundSkill[];
  stunts: { id?: string; name: string; text: string }[];
  refresh?: number;
  fatePoints?: number;
  stress: FoundTrack[];
  consequences: FoundConsequence[];
  primaryMagic?: boolean;
  /** What the reader saw and could not map to anything, one line each, for the report. */
  dropped: string[];
}

/** Where the file says an aspect sits; `other` when its label says nothing more. */
export type AspectRole = 'high-concept' | 'trouble' | 'ship' | 'other';

export interface FoundAspect {
  /** An id the file gave it that Fateboard may keep (its own exports write them). */
  id?: string;
  label: string;
  role: AspectRole;
  text: string;
  rating?: number;
  permanent?: boolean;
}

export interface FoundSkill {
  id?: string;
  label: string;
  rating: number;
}

export interface FoundTrack {
  label: string;
  kind: HarmKind;
  boxes: { value: number; checked: boolean }[];
}

export interface FoundConsequence {
  label: string;
  /** Unknown when the label names no severity; the slot is then taken in order. */
  severity: Severity | undefined;
  text: string;
  taken: boolean;
}
