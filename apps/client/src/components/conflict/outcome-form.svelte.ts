import { ACTION_CHOICES } from '@fateboard/rules';
import type { ActionChoice, ActionEffect, ActionResolution, Ruleset } from '@fateboard/rules';
import type { AspectRef, RollView } from '@fateboard/table';
import { resolveRoll } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import type { CommandPayload } from '../../lib/session.svelte';
import { i18n } from '../../lib/i18n';
import { Draft } from './choice.svelte';

export const messages = i18n('lib/outcome-form', {
  'simply-fail': 'Simply fail',
  'succeed-at-major-cost': 'Succeed at a major cost',
  'no-aspect': 'No aspect',
  'aspect-with-opposition-invoke': 'Create it, the opposition gets a free invoke',
  'full-hit': 'Full hit',
  'hit-minus-one-for-boost': 'One shift less, and a boost',
  'stay-out': 'Stay out of it',
  'take-the-hit': 'Take the hit instead',
  dealHit: 'Deal the hit',
  createAspect: 'Create aspect',
  takeFreeInvoke: 'Take the free invoke',
  removeAspect: 'Remove the aspect',
  takeBoost: 'Take the boost',
  apply: 'Apply the outcome',
});
// Read inside the form's getters and the labels below, so a change of language redraws them.
const text = fromStore(messages);

type Against = 'attack' | 'overcome' | 'create-advantage';
type Protecting = 'self' | 'other';

/** What the outcome form of one roll card reads. */
export interface OutcomeContext {
  ruleset: Ruleset | undefined;
  roll: RollView;
  /** The person plays the roller (or is the GM). */
  controlsActor: boolean;
  /** The aspects an edgerunner assessment may look at, in the invoke list's order. */
  assessable: { key: string; ref: AspectRef }[];
}

/** Each choice's label in the interface's language: a getter per choice, read when shown. */
export const CHOICE_LABEL = Object.defineProperties(
  {},
  Object.fromEntries(
    ACTION_CHOICES.map((c) => [c, { enumerable: true, get: () => text.current[c] }]),
  ),
) as Readonly<Record<ActionChoice, string>>;

/**
 * Applying a roll's outcome: what it grants comes from the table package's `resolveRoll`, the
 * same call `outcome.apply` makes on the server, so the form asks only for what the server will
 * use (an advantage's name, a boost's, an assessed aspect, a choice the rules leave open).
 */
export class OutcomeForm {
  // An advantage's name starts as the roll's "What for": the roller named it there already. A
  // declaration's aspect is the fact the table voted on: its words, on its target
  // [ER-DECLARE-4]. The roller may still reword either.
  readonly #advantage = new Draft(
    () => this.#c.roll.declaration?.text ?? this.#c.roll.reason ?? '',
    () => this.#c.roll.id,
  );
  boost = $state('');
  /** A defence says what it defended against and whom it protected. */
  against = $state<Against>('attack');
  protecting = $state<Protecting>('self');
  pickedChoice = $state<ActionChoice | ''>('');
  pickedAssessed = $state('');

  constructor(private readonly context: () => OutcomeContext) {}

  get #c(): OutcomeContext {
    return this.context();
  }

  get advantage(): string {
    return this.#advantage.value;
  }
  set advantage(text: string) {
    this.#advantage.value = text;
  }

  #resolve(choice?: ActionChoice): ActionResolution | undefined {
    const { ruleset, roll } = this.#c;
    if (!ruleset) return undefined;
    const result = resolveRoll(ruleset, roll, {
      ...(roll.action === 'create-advantage'
        ? { target: this.assessment ? ('existing-aspect' as const) : ('new-aspect' as const) }
        : {}),
      ...(roll.action === 'defend' ? { against: this.against, protecting: this.protecting } : {}),
      ...(choice ? { choice } : {}),
    });
    return result.ok ? result.value : undefined;
  }

  /** edgerunner: an assessment gains its invoke on an aspect that exists. */
  get assessment(): boolean {
    return this.#c.roll.aspectAction === 'assessment';
  }

  // Read by most getters below, each render: resolved once per change of the roll or form.
  readonly resolved: ActionResolution | undefined = $derived.by(() => this.#resolve());

  get choices(): ActionChoice[] {
    return this.resolved?.choices ?? [];
  }

  /** The picked choice while the rules still offer it; '' for the default. */
  get choice(): ActionChoice | '' {
    return this.pickedChoice && this.choices.includes(this.pickedChoice) ? this.pickedChoice : '';
  }
  set choice(choice: ActionChoice | '') {
    this.pickedChoice = choice;
  }

  /** The effects with the person's choice. */
  readonly effects: ActionEffect[] = $derived.by(
    () => this.#resolve(this.choice || undefined)?.effects ?? [],
  );

  grants(type: ActionEffect['type']): boolean {
    return this.effects.some((e) => e.type === type);
  }

  /** A name is asked only for what the outcome grants (no boost for a Fate Core overcome's tie). */
  get wantsAspect(): boolean {
    return (
      this.#c.roll.action === 'create-advantage' && !this.assessment && this.grants('create-aspect')
    );
  }
  get wantsBoost(): boolean {
    return this.grants('boost');
  }
  get removesAspect(): boolean {
    return !!this.#c.roll.removes && this.resolved?.removesAspect === true;
  }
  /** A hit on the defender, or (narrative) damage to whoever lost the exchange, attacker included. */
  get dealsHarm(): boolean {
    return this.grants('hit') || this.resolved?.damage !== undefined;
  }

  get assessedKey(): string {
    const list = this.#c.assessable;
    return list.some((t) => t.key === this.pickedAssessed)
      ? this.pickedAssessed
      : (list[0]?.key ?? '');
  }
  set assessedKey(key: string) {
    this.pickedAssessed = key;
  }
  get assessedRef(): AspectRef | undefined {
    const key = this.assessedKey;
    return this.#c.assessable.find((t) => t.key === key)?.ref;
  }

  /** Whether the card offers to apply the outcome at all. */
  get canApply(): boolean {
    const { roll, controlsActor } = this.#c;
    if (!controlsActor || roll.applied || roll.defence?.status === 'awaiting') return false;
    return (
      roll.action === 'create-advantage' ||
      // A missed attack deals nothing and has nothing to apply; a tie's boost is below.
      (roll.action === 'attack' && !!roll.opposition && this.dealsHarm) ||
      roll.action === 'defend' ||
      !!roll.removes ||
      this.choices.length > 0 ||
      this.wantsBoost
    );
  }

  get label(): string {
    const { roll } = this.#c;
    const t = text.current;
    if (roll.action === 'attack' && this.dealsHarm) return t.dealHit;
    if (this.wantsAspect) return t.createAspect;
    if (this.assessment && this.grants('free-invokes')) return t.takeFreeInvoke;
    if (this.removesAspect) return t.removeAspect;
    if (this.wantsBoost) return t.takeBoost;
    return t.apply;
  }

  /** Every name the outcome needs is given. */
  get ready(): boolean {
    return !(
      (this.wantsAspect && !this.advantage.trim()) ||
      (this.wantsBoost && !this.boost.trim()) ||
      (this.assessment && !this.assessedRef)
    );
  }

  /** The fields of `outcome.apply` besides the roll id. */
  payload(): Omit<CommandPayload<'outcome.apply'>, 'rollId'> {
    const { roll } = this.#c;
    // outcome.apply takes a create-advantage's aspect even when the outcome places none (a
    // tie's boost, a failure): it says the roll tried for a new one, and its text is unused.
    const attempted =
      roll.action === 'create-advantage' && !this.assessment && !this.wantsAspect
        ? { text: this.boost.trim() || 'No aspect' }
        : undefined;
    return {
      ...(this.wantsAspect && this.advantage.trim()
        ? {
            aspect: {
              text: this.advantage.trim(),
              ...(roll.declaration?.targetId ? { characterId: roll.declaration.targetId } : {}),
            },
          }
        : {}),
      ...(attempted ? { aspect: attempted } : {}),
      ...(this.wantsBoost && this.boost.trim() ? { boost: this.boost.trim() } : {}),
      ...(this.assessment && this.assessedRef ? { aspect: this.assessedRef } : {}),
      ...(this.choice ? { choice: this.choice } : {}),
      ...(roll.action === 'defend' ? { against: this.against, protecting: this.protecting } : {}),
    };
  }

  /** After a successful apply: the names typed are used up. */
  reset(): void {
    this.#advantage.reset();
    this.boost = '';
  }
}
