import { fold } from './text';

/**
 * Skill and approach names in the languages Fari's templates use, mapped to Fateboard's skill
 * ids. A file's label is folded and looked up here; a label not found is matched against the
 * ruleset's own names (`adapt-skills.ts`), then reported as dropped.
 */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  athletics: ['athletics', 'athletisme', 'atletismo', 'athletik', 'atletica'],
  burglary: ['burglary', 'cambriolage', 'robo', 'latrocinio', 'einbruch', 'furto', 'infiltrazione'],
  contacts: ['contacts', 'relations', 'contactos', 'kontakte', 'contatos', 'contatti'],
  crafts: ['crafts', 'artisanat', 'oficios', 'handwerk', 'oficio', 'artigianato'],
  deceive: ['deceive', 'tromperie', 'engano', 'enganar', 'tauschen', 'enganacao', 'inganno'],
  drive: ['drive', 'conduite', 'conducir', 'conduccion', 'fahren', 'conducao', 'guidare'],
  empathy: ['empathy', 'empathie', 'empatia'],
  fight: ['fight', 'combat', 'pelear', 'pelea', 'kampf', 'kampfen', 'lutar', 'luta', 'lottare'],
  investigate: [
    'investigate',
    'enquete',
    'investigar',
    'nachforschen',
    'investigacao',
    'investigare',
  ],
  lore: ['lore', 'erudition', 'conocimientos', 'saber', 'wissen', 'conhecimento', 'sapere'],
  medical: ['medical', 'medecine', 'medicina', 'medizin'],
  notice: ['notice', 'perception', 'percepcion', 'wahrnehmung', 'percepcao', 'percezione'],
  physique: ['physique', 'fisico', 'fisicalidad', 'korperkraft', 'fisica'],
  provoke: ['provoke', 'provocation', 'provocar', 'provozieren', 'provocare'],
  rapport: ['rapport', 'relationnel', 'empatia social', 'carisma', 'charisma', 'comunicacao'],
  resources: ['resources', 'ressources', 'recursos', 'ressourcen', 'risorse'],
  shoot: ['shoot', 'tir', 'disparar', 'schiessen', 'atirar', 'tiro', 'sparare'],
  stealth: ['stealth', 'discretion', 'sigilo', 'heimlichkeit', 'furtividade', 'furtivita'],
  survival: ['survival', 'survie', 'supervivencia', 'uberleben', 'sobrevivencia', 'sopravvivenza'],
  will: ['will', 'volonte', 'voluntad', 'wille', 'vontade', 'volonta'],
  // Fate Accelerated's approaches, as the pirates' hack and Fari's FAE templates name them.
  careful: ['careful', 'prudent', 'cuidadoso', 'sorgfaltig', 'cuidadosa', 'attento'],
  clever: [
    'clever',
    'astucieux',
    'ingenioso',
    'ingenieuse',
    'scharfsinnig',
    'esperto',
    'inteligente',
    'ingegnoso',
  ],
  flashy: ['flashy', 'style', 'extravagant', 'llamativo', 'tollkuhn', 'estiloso', 'appariscente'],
  forceful: ['forceful', 'force', 'vigoureux', 'contundente', 'kraftvoll', 'poderoso', 'vigoroso'],
  quick: ['quick', 'rapide', 'rapido', 'schnell', 'veloce'],
  sneaky: ['sneaky', 'sournois', 'furtif', 'sigiloso', 'tuckisch', 'sorrateiro', 'subdolo'],
};

const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(NAMES).flatMap(([id, names]) => names.map((n) => [n, id] as const)),
);

/** The Fateboard skill id a label names, in any of the languages above. */
export function skillIdOf(label: string): string | undefined {
  return BY_NAME.get(fold(label));
}

/** Fate Accelerated's approach ids, which `fate-core` and `edgerunner` have no skill for. */
export const APPROACH_IDS: readonly string[] = [
  'careful',
  'clever',
  'flashy',
  'forceful',
  'quick',
  'sneaky',
];
