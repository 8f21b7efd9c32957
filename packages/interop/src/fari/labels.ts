import type { Severity } from '@fateboard/rules';
import type { AspectRole } from '../found';
import { stripMarkup } from '../markup';
import { fold } from '../text';

/**
 * The words Fari's own templates (and people editing them) put in section and block labels,
 * in English, French, Spanish, German and Portuguese (Italian where it costs one word).
 * Labels are folded first (`fold`: lower case, no accents, no punctuation), so `HIGH CONCEPT`,
 * `High&nbsp;Concept` and `Conceito` all match. A label matches a word when it contains it as
 * whole words.
 */

export type SectionKind =
  'aspects' | 'skills' | 'stunts' | 'refresh' | 'fate-points' | 'stress' | 'consequences';

const SECTION_WORDS: Readonly<Record<SectionKind, readonly string[]>> = {
  aspects: ['aspects', 'aspect', 'aspectos', 'aspekte', 'aspetti', 'aspectes'],
  skills: [
    'skills',
    'skill',
    'approaches',
    'approach',
    'competences',
    'approches',
    'habilidades',
    'enfoques',
    'aproximaciones',
    'fertigkeiten',
    'herangehensweisen',
    'ansatze',
    'pericias',
    'abordagens',
    'abilita',
    'approcci',
  ],
  stunts: ['stunts', 'stunt', 'prouesses', 'proezas', 'trucos', 'tricks', 'facanhas', 'talenti'],
  refresh: [
    'refresh',
    'recharge',
    'recuperacion',
    'renovacion',
    'erholung',
    'auffrischung',
    'recarga',
    'ricarica',
  ],
  'fate-points': [
    'fate points',
    'fate point',
    'points de destin',
    'puntos de destino',
    'schicksalspunkte',
    'pontos de destino',
    'punti fato',
  ],
  stress: ['stress', 'estres', 'estresse', 'tension'],
  consequences: [
    'consequences',
    'consequence',
    'consecuencias',
    'konsequenzen',
    'folgen',
    'consequencias',
    'conseguenze',
  ],
};

const HIGH_CONCEPT = [
  'high concept',
  'concept',
  'idee centrale',
  'concepto',
  'concepto principal',
  'konzept',
  'titelaspekt',
  'conceito',
  'conceito principal',
  'concetto',
];
const TROUBLE = [
  'trouble',
  'probleme',
  'complication',
  'problema',
  'complicacion',
  'dilemma',
  'komplikation',
  'schwierigkeit',
  'dificuldade',
  'complicacao',
  'guaio',
];
const SHIP = ['ship', 'navire', 'bateau', 'barco', 'nave', 'schiff', 'navio'];
const PHYSICAL = ['physical', 'physique', 'fisico', 'korperlich', 'physisch', 'fisica'];
const MENTAL = ['mental', 'mentale', 'geistig', 'psychisch'];
const SEVERITY_WORDS: Readonly<Record<Severity, readonly string[]>> = {
  mild: ['mild', 'legere', 'leger', 'leve', 'leicht', 'suave', 'lieve'],
  moderate: ['moderate', 'moderee', 'modere', 'moderada', 'mittel', 'mittelschwer', 'moderata'],
  severe: ['severe', 'grave', 'severa', 'schwer', 'sevee'],
  extreme: ['extreme', 'extrema', 'extrem'],
};

/**
 * Whether the label, folded, contains one of `words` (each itself folded) as whole words. The
 * same label is asked about many word lists in a row (`sectionKind` tries seven): it is folded
 * once, not once a list, since a label can be as long as the file.
 */
const hasAny = (label: string, words: readonly string[]): boolean => {
  const padded = paddedFold(label);
  return words.some((w) => padded.includes(` ${w} `));
};

let lastLabel: string | undefined;
let lastPadded = '';
/** ` ${fold(label)} `, remembered for the last label asked about. */
function paddedFold(label: string): string {
  if (label !== lastLabel) {
    lastPadded = ` ${fold(label)} `;
    lastLabel = label;
  }
  return lastPadded;
}

/** What a section's label says it holds, if the label is one Fari's templates use. */
export function sectionKind(label: string): SectionKind | undefined {
  // Fate points before refresh and stunts: "Fate Points / Refresh" is the counter's section.
  const order: SectionKind[] = [
    'fate-points',
    'refresh',
    'consequences',
    'stress',
    'stunts',
    'aspects',
    'skills',
  ];
  return order.find((kind) => hasAny(label, SECTION_WORDS[kind]));
}

export const isHighConcept = (label: string): boolean => hasAny(label, HIGH_CONCEPT);
export const isTrouble = (label: string): boolean => hasAny(label, TROUBLE);
export const isShip = (label: string): boolean => hasAny(label, SHIP);

/** The slot an aspect's label names, `other` when it names none. */
export function aspectRole(label: string): AspectRole {
  if (isHighConcept(label)) return 'high-concept';
  if (isTrouble(label)) return 'trouble';
  if (isShip(label)) return 'ship';
  return 'other';
}
export const isRefresh = (label: string): boolean => hasAny(label, SECTION_WORDS.refresh);
export const isFatePoints = (label: string): boolean => hasAny(label, SECTION_WORDS['fate-points']);

export function harmKindOf(label: string): 'physical' | 'mental' | 'any' {
  if (hasAny(label, PHYSICAL)) return 'physical';
  if (hasAny(label, MENTAL)) return 'mental';
  return 'any';
}

export function severityOf(label: string): Severity | undefined {
  const order: Severity[] = ['extreme', 'severe', 'moderate', 'mild'];
  const named = order.find((s) => hasAny(label, SEVERITY_WORDS[s]));
  if (named) return named;
  // "2", "4", "6", "8": a consequence labelled by the shifts it absorbs.
  const n = /(^|\D)([2468])(\D|$)/.exec(plainDigits(label))?.[2];
  const byShifts: Readonly<Record<string, Severity>> = {
    '2': 'mild',
    '4': 'moderate',
    '6': 'severe',
    '8': 'extreme',
  };
  return n === undefined ? undefined : byShifts[n];
}

const plainDigits = (label: string): string => stripMarkup(label, { lineBreak: ' ', tag: ' ' });

/** A block counting an index card's free invokes, as Fari's Fate card templates label it. */
const FREE_INVOKES = [
  'free invokes',
  'free invoke',
  'free invocations',
  'invocations gratuites',
  'invocation gratuite',
  'invocaciones gratuitas',
  'invocaciones gratis',
  'invocacion gratuita',
  'freie einsatze',
  'freier einsatz',
  'kostenlose einsatze',
  'invocacoes gratuitas',
  'invocacoes gratis',
  'invocacao gratuita',
];
/** An index card made as a boost (its title label, in Fari's Fate card collection). */
const BOOST = ['boost', 'boosts', 'coup de pouce', 'impulso', 'impulsos', 'schub', 'vorteilchen'];

export const isFreeInvokes = (label: string): boolean => hasAny(label, FREE_INVOKES);
export const isBoost = (label: string): boolean => hasAny(label, BOOST);
