import type { Action, CharacterView, DeclarationView } from '@fateboard/table';
import { controls, rollRefusal, voteState } from '@fateboard/table';
import type { CommandPayload } from '../../lib/session.svelte';
import { ratedChoices, type RatedChoice } from './rated-choices';
import { Choice } from '../conflict/choice.svelte';
import {
  featuresOf,
  ladderLabel,
  narrativeActionKind,
  signed,
  type OddsTable,
} from '../../lib/rules';
import { declarationOf } from '../scene/declaration';
import {
  bonusOf,
  countedHelpers,
  helperOptions,
  stillChosen,
  type HelperOption,
} from './roll-bonuses';
import {
  rollCommand,
  rollOdds,
  type AspectActionKind,
  type SettledRoll,
  type Strategy,
} from './settled-roll';
import { RollOpposition, type TrayContext } from './roll-opposition.svelte';
import { text } from './roll-words';

export { ACTIONS } from './roll-words';
export { OFF_BOARD, type Against, type TrayContext } from './roll-opposition.svelte';

/**
 * The dice tray's half-filled roll: every field a person sets, kept through live updates
 * (picks are `Choice`s), and what follows from them — the rating, whether the roll is a simple
 * action, what it is against (`RollOpposition`), the exact odds — down to the `roll` command
 * it sends.
 */
export class RollDraft extends RollOpposition implements SettledRoll {
  action = $state<Action>('overcome');
  difficulty = $state(2);
  reason = $state('');
  /** edgerunner: create-advantage is an aspect action; overcome may remove an aspect. */
  aspectAction = $state<AspectActionKind>('maneuver');
  removesId = $state('');
  /** narrative: strategy, creativity and tools, added up for the side's role. */
  strategy = $state<Strategy>('none');
  creativity = $state<-1 | 0 | 1>(0);
  tool = $state(false);
  /** A declaration to put to the table's vote: its words, and the character it is on ('' the scene). */
  declarationText = $state('');
  declarationTarget = $state('');
  /** The roller's stunts and the helpers ticked for this roll (kept only while they fit). */
  stuntPicks = $state<string[]>([]);
  helperPicks = $state<string[]>([]);

  readonly who: Choice;
  readonly skill: Choice;

  constructor(context: () => TrayContext) {
    super(context);
    this.who = new Choice(() => this.rollers, { usable: (id) => this.standing(id) });
    this.skill = new Choice(() => this.choices, { scope: () => this.who.value });
  }

  /**
   * A roll asked for from a sheet (a skill or rated aspect clicked): that character rolls it.
   * False when the person does not roll for that character or it has no such choice.
   */
  aim(characterId: string, choiceId: string): boolean {
    if (!this.rollers.some((c) => c.id === characterId)) return false;
    this.who.value = characterId;
    if (!this.choices.some((c) => c.id === choiceId)) return false;
    this.skill.value = choiceId;
    return true;
  }

  get #me() {
    const { role, seatId } = this.c.me;
    return { role, ...(seatId ? { seatId } : {}) };
  }

  /** The characters the person rolls for: their own, or every one for the GM. */
  get rollers(): CharacterView[] {
    return this.c.view.characters.filter((c) => controls(this.#me, c));
  }
  get roller(): CharacterView | undefined {
    return this.c.view.characters.find((c) => c.id === this.who.value);
  }
  get usesAspects(): boolean {
    return this.c.ruleset?.skills === null;
  }
  // Read many times a render (the list, the rating, the command): computed once per change.
  readonly choices: RatedChoice[] = $derived.by(() => ratedChoices(this.c.ruleset, this.roller));
  get baseRating(): number {
    return this.choices.find((c) => c.id === this.skill.value)?.rating ?? 0;
  }

  /** What this game adds to a roll. */
  get caps() {
    return featuresOf(this.c.ruleset);
  }
  get isAspectAction(): boolean {
    return this.caps.aspectActions && this.action === 'create-advantage';
  }
  get isDeclaration(): boolean {
    return this.isAspectAction && this.aspectAction === 'declaration';
  }

  /** The roller's declaration before the table (voted on, or voted and waiting for its roll). */
  get declaration(): DeclarationView | undefined {
    return this.isDeclaration ? declarationOf(this.c.view, this.roller?.id) : undefined;
  }
  get declarationId(): string | undefined {
    return this.declaration?.id;
  }
  /** The declaration's skill: the table's tally so far, supporters − opposers [ER-DECLARE-1]. */
  get declared(): number {
    const d = this.declaration;
    return d ? voteState(d).skill : 0;
  }
  /**
   * Whether the roll may go: anything but a declaration, or a declaration whose vote is over
   * (the table's rollRefusal, as the server decides) [ER-DECLARE-4].
   */
  get canRoll(): boolean {
    if (!this.roller) return false;
    if (this.against === 'zone' && this.zoneAttack === undefined) return false;
    if (!this.isDeclaration) return true;
    const d = this.declaration;
    return d !== undefined && rollRefusal(d) === undefined;
  }

  get removable() {
    return this.c.view.aspects;
  }
  get removing() {
    return this.caps.removal && this.action === 'overcome'
      ? this.removable.find((a) => a.id === this.removesId)
      : undefined;
  }

  get sideMods(): { label: string; value: number }[] {
    const ruleset = this.c.ruleset;
    if (!ruleset || !this.caps.sideModifiers) return [];
    const r = ruleset.sideModifiers(
      { strategy: this.strategy, creativity: this.creativity, tool: this.tool },
      this.role(),
    );
    return r.ok ? r.value : [];
  }
  /** Who may help this roll, and where each stands: none unless it rolls a skill [CORE-TEAMWORK-1]. */
  get helperOptions(): HelperOption[] {
    if (this.usesAspects || this.isDeclaration) return [];
    return helperOptions(this.c.view, this.roller, this.skill.value, this.#me, this.opposingIds);
  }
  /** The ticked stunts that are the roller's own [CORE-STUNT-1]. */
  get stunts(): string[] {
    return stillChosen(
      this.stuntPicks,
      (this.roller?.stunts ?? []).map((s) => s.id),
    );
  }
  /** The helpers the roll counts: those who agreed, and the ones the GM ticked. */
  get helping(): string[] {
    return countedHelpers(this.helperOptions, this.helperPicks);
  }
  get bonus(): number {
    const roller = this.roller;
    if (!roller) return 0;
    const helping = this.helping;
    const helpers = this.c.view.characters.filter((c) => helping.includes(c.id));
    return bonusOf(roller, this.stunts, this.skill.value, helpers);
  }
  get rating(): number {
    return (
      (this.isDeclaration ? this.declared : this.baseRating) +
      this.sideMods.reduce((sum, m) => sum + m.value, 0) +
      this.bonus
    );
  }

  /**
   * narrative: an overcome or create-advantage the aspect alone is higher than is not rolled
   * [NAR-SIMPLE-1]; modifiers change the roll, not whether there is one (as the table decides).
   */
  get simple(): boolean {
    return (
      this.usesAspects &&
      this.against === 'difficulty' &&
      (this.action === 'overcome' || this.action === 'create-advantage') &&
      narrativeActionKind(this.baseRating, this.difficulty) === 'simple'
    );
  }
  get target(): number {
    const removing = this.removing;
    return removing ? (removing.persistence ?? 0) : this.isDeclaration ? 0 : this.difficulty;
  }
  get versus(): string {
    const removing = this.removing;
    if (removing) return text.current.vsPersistence({ persistence: removing.persistence ?? 0 });
    const zone = this.zoneAttack;
    if (zone !== undefined) {
      const name = this.c.view.board.zones.find((z) => z.id === zone)?.name ?? '';
      return text.current.vsZone({ zone: name });
    }
    return this.isDeclaration || this.against === 'difficulty'
      ? text.current.vs({ difficulty: ladderLabel.get()(this.target) })
      : '';
  }

  /** The odds the tray shows (`rollOdds`): none for a simple action, or with a side missing. */
  readonly odds: OddsTable | null = $derived.by(() => rollOdds(this.c.ruleset, this));

  /** How many Fate dice the game rolls (4, or 3 in narrative). */
  get dice(): number {
    return this.c.ruleset?.diceCount ?? 4;
  }

  /** The submit button's words. */
  get label(): string {
    const dice = this.dice;
    return this.simple
      ? text.current.simple({ difficulty: ladderLabel.get()(this.difficulty) })
      : text.current.roll({ dice, modifier: signed(this.rating), versus: this.versus });
  }

  /** The `roll` command's fields (`rollCommand`), or undefined with no roller. */
  command(): CommandPayload<'roll'> | undefined {
    return rollCommand(this);
  }

  /** The `declaration.propose` command's fields, or undefined with no roller or no words. */
  proposal(): CommandPayload<'declaration.propose'> | undefined {
    const roller = this.roller;
    const text = this.declarationText.trim();
    if (!roller || !text) return undefined;
    const target = this.declarationTarget;
    return { characterId: roller.id, text, ...(target ? { targetId: target } : {}) };
  }

  /** After the roll went out: the reason is used up, and each declaration is a new question. */
  sent(): void {
    if (this.isDeclaration) {
      this.declarationText = '';
      this.declarationTarget = '';
    }
    this.reason = '';
    this.removesId = '';
    // A stunt or a friend's help is for the roll it was named on.
    this.stuntPicks = [];
    this.helperPicks = [];
  }
}
