import type { Character, Hit, NarrativeSplit } from '@fateboard/rules';
import { narrativeAspectOnSheet, narrativeSplitOption } from '@fateboard/rules';
import { fromStore } from 'svelte/store';
import { signed } from '../../lib/rules';
import { count, i18n } from '../../lib/i18n';

export const messages = i18n('lib/damage-split', {
  allPlaced: count({ one: 'All {count} shift placed.', many: 'All {count} shifts placed.' }),
  tooMany: count({ one: '{count} shift too many.', many: '{count} shifts too many.' }),
  left: count({ one: '{count} shift left to place.', many: '{count} shifts left to place.' }),
  // The rules' `wrong-total` refusal, word for word in English; {shifts} is the hit.
  placeMore: count({
    one: 'Place {count} more shift: the hit is {shifts}.',
    many: 'Place {count} more shifts: the hit is {shifts}.',
  }),
  takeBack: count({
    one: 'Take back {count} shift: the hit is only {shifts}.',
    many: 'Take back {count} shifts: the hit is only {shifts}.',
  }),
});
const text = fromStore(messages);

/** One aspect's stepper: its name, its rating now and after, and whether − and + can move. */
export interface AspectStep {
  id: string;
  name: string;
  rating: number;
  after: number;
  levels: number;
  canLower: boolean;
  canRaise: boolean;
}

/**
 * The defender's spread of a narrative hit, placed one shift at a time with a stepper per
 * rated aspect (− n +). The steppers only keep counts between 0 and the hit; whether the spread
 * is legal, and why not, is the rules package's answer (`narrativeSplitOption`), so the panel
 * never re-implements it. The counts survive live updates: only an aspect's deletion drops its.
 */
export class DamageSplit {
  levels = $state<Record<string, number>>({});
  readonly #character: () => Character;
  readonly #hit: () => Hit;

  constructor(character: () => Character, hit: () => Hit) {
    this.#character = character;
    this.#hit = hit;
  }

  /** The rated aspects and their steppers, in sheet order. */
  get steps(): AspectStep[] {
    const left = this.left;
    return this.#character()
      .aspects.filter(narrativeAspectOnSheet)
      .map((a) => {
        const levels = this.levels[a.id] ?? 0;
        const rating = a.rating ?? 0;
        return {
          id: a.id,
          name: a.text.trim(),
          rating,
          after: rating - levels,
          levels,
          canLower: levels > 0,
          canRaise: left > 0,
        };
      });
  }

  /** The placed counts, for aspects that still exist. */
  get split(): NarrativeSplit {
    const ids = new Set(this.#character().aspects.map((a) => a.id));
    return Object.fromEntries(
      Object.entries(this.levels).filter(([id, l]) => ids.has(id) && l > 0),
    );
  }

  get placed(): number {
    return Object.values(this.split).reduce((sum, l) => sum + l, 0);
  }

  /** Shifts of the hit not placed yet (negative when too many are). */
  get left(): number {
    return Math.max(0, this.#hit().shifts) - this.placed;
  }

  /** "3 shifts left to place", "All 5 shifts placed". */
  get leftWords(): string {
    const left = this.left;
    const t = text.current;
    if (left === 0) return t.allPlaced(this.placed);
    if (left < 0) return t.tooMany(-left);
    return t.left(left);
  }

  /** The rules' answer: the option index `absorb` sends, or the reason in words. */
  get verdict(): { ok: true; option: number } | { ok: false; reason: string } {
    const r = narrativeSplitOption(this.#character(), this.#hit(), this.split);
    if (r.ok) return { ok: true, option: r.value };
    if (r.code !== 'wrong-total' || this.left === 0) return { ok: false, reason: r.message };
    const left = this.left;
    const said = left > 0 ? text.current.placeMore(left) : text.current.takeBack(-left);
    return { ok: false, reason: said.replace('{shifts}', String(Math.max(0, this.#hit().shifts))) };
  }

  /** The spread as the log will read it: "Kung Fu -3, MI6 -2". */
  get summary(): string {
    return this.steps
      .filter((s) => s.levels > 0)
      .map((s) => `${s.name} ${signed(-s.levels)}`)
      .join(', ');
  }

  raise(id: string): void {
    if (this.left <= 0) return;
    this.levels[id] = (this.levels[id] ?? 0) + 1;
  }

  lower(id: string): void {
    const levels = this.levels[id] ?? 0;
    if (levels > 0) this.levels[id] = levels - 1;
  }

  clear(): void {
    this.levels = {};
  }
}
