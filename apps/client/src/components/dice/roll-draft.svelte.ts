import type { Ruleset } from '@fateboard/rules';
import { ACTION_KINDS, usualDefence, zoneAttackStunt } from '@fateboard/rules';
import type { Action, CharacterView, DeclarationView, TableView } from '@fateboard/table';
import { boardTargets, controls, rollRefusal, voteState } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import type { CommandPayload } from '../../lib/session.svelte';
import { i18n, params } from '../../lib/i18n';
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

export const messages = i18n('lib/roll-draft', {
  overcome: 'Overcome',
  'create-advantage': 'Create an advantage',
  attack: 'Attack',
  defend: 'Defend',
  vsPersistence: params(' vs persistence {persistence}'),
  vs: params(' vs {difficulty}'),
  simple: params('Succeed: no roll needed vs {difficulty}'),
  roll: params('Roll {dice}dF {modifier}{versus}'),
  vsZone: params(' vs everyone in {zone}'),
  offBoard: 'Not on the board',
});
// Read inside the draft's getters and the action labels, so a change of language redraws them.
const text = fromStore(messages);

const ACTION_IDS: readonly Action[] = ACTION_KINDS;

/** The four actions, each label a getter in the interface's language. */
export const ACTIONS: readonly { readonly id: Action; readonly label: string }[] = ACTION_IDS.map(
  (id) => ({
    id,
    get label() {
      return text.current[id];
    },
  }),
);

/** The tray's place for the characters with no token, beside the board's zones. */
export const OFF_BOARD = '~off-board';

/** What the roll is against: a difficulty, one character, or everyone in a zone. */
export type Against = 'difficulty' | 'character' | 'zone';

/** What the tray reads from the table: the view, its ruleset and who the person is. */
export interface TrayContext {
  view: TableView;
  ruleset: Ruleset | undefined;
  me: { role: 'gm' | 'player' | 'spectator'; seatId: string | null };
}

/**
 * The dice tray's half-filled roll: every field a person sets, kept through live updates
 * (picks are `Choice`s), and what follows from them — the rating, whether the roll is a simple
 * action, what it is against, the exact odds — down to the `roll` command it sends.
 */
export class RollDraft implements SettledRoll {
  action = $state<Action>('overcome');
  #against = $state<Against>('difficulty');
  /**
   * Everyone in a zone is only ever attacked [CORE-TARGET-1], with a stunt that does it
   * [CORE-TARGET-2]: another action, or a roller without one, picks one of them.
   */
  get against(): Against {
    const zone = this.action === 'attack' && this.zoneStunt !== undefined;
    return this.#against === 'zone' && !zone ? 'character' : this.#against;
  }
  set against(value: Against) {
    this.#against = value;
  }
  difficulty = $state(2);
  reason = $state('');
  /** edgerunner: create-advantage is an aspect action; overcome may remove an aspect. */
  aspectAction = $state<AspectActionKind>('maneuver');
  removesId = $state('');
  /** narrative: strategy, creativity and tools, added up for the side's role. */
  strategy = $state<Strategy>('none');
  creativity = $state<-1 | 0 | 1>(0);
  tool = $state(false);
  /** The defender's strategy in a narrative exchange. */
  opponentStrategy = $state<Strategy>('none');
  /** A declaration to put to the table's vote: its words, and the character it is on ('' the scene). */
  declarationText = $state('');
  declarationTarget = $state('');
  /** The roller's stunts and the helpers ticked for this roll (kept only while they fit). */
  stuntPicks = $state<string[]>([]);
  helperPicks = $state<string[]>([]);

  readonly who: Choice;
  readonly skill: Choice;
  readonly opposing: Choice;
  readonly opponentSkill: Choice;
  /** The zone whose characters the tray offers (OFF_BOARD: those with no token). */
  readonly place: Choice;

  constructor(private readonly context: () => TrayContext) {
    // A taken-out character acts no more this scene: neither the next roller nor opponent.
    const standing = (id: string) => !this.#c.view.characters.find((c) => c.id === id)?.takenOut;
    this.who = new Choice(() => this.rollers, { usable: standing });
    this.skill = new Choice(() => this.choices, { scope: () => this.who.value });
    // An opponent who becomes the roller is not gone: the next one stands in meanwhile.
    const here = (id: string) => this.#c.view.characters.some((c) => c.id === id);
    // On a board, the zone first, then someone in it: the roller's own zone when anyone else
    // stands there (a brawl), else the first zone with anyone in it.
    this.place = new Choice(() => this.places, {
      preferred: () => {
        const mine = this.#c.view.board.tokens.find((t) => t.characterId === this.who.value);
        return mine?.zoneId;
      },
    });
    this.opposing = new Choice(() => this.opponents, { usable: standing, exists: here });
    // The opponent's skill for the odds: the one that usually defends against this roll's.
    this.opponentSkill = new Choice(() => this.opponentChoices, {
      scope: () => this.opposing.value,
      preferred: () => {
        const ruleset = this.#c.ruleset;
        const opponent = this.opponent;
        return ruleset && opponent
          ? usualDefence(ruleset, this.skill.value || undefined, opponent.skills)
          : undefined;
      },
    });
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

  get #c(): TrayContext {
    return this.context();
  }
  get #me() {
    const { role, seatId } = this.#c.me;
    return { role, ...(seatId ? { seatId } : {}) };
  }

  /** The characters the person rolls for: their own, or every one for the GM. */
  get rollers(): CharacterView[] {
    return this.#c.view.characters.filter((c) => controls(this.#me, c));
  }
  get roller(): CharacterView | undefined {
    return this.#c.view.characters.find((c) => c.id === this.who.value);
  }
  get usesAspects(): boolean {
    return this.#c.ruleset?.skills === null;
  }
  // Read many times a render (the list, the rating, the command): computed once per change.
  readonly choices: RatedChoice[] = $derived.by(() => ratedChoices(this.#c.ruleset, this.roller));
  get baseRating(): number {
    return this.choices.find((c) => c.id === this.skill.value)?.rating ?? 0;
  }
  /** Who the board offers as defenders, zone by zone (`boardTargets`, as the reducer reads it). */
  readonly targets = $derived.by(() => boardTargets(this.#c.view, this.who.value));
  /** Whether the scene has a board to pick defenders from. */
  get onBoard(): boolean {
    return this.#c.view.board.zones.length > 0;
  }
  /**
   * The zones the tray offers: for one opponent, those with anyone in them (and the
   * characters off the board); for an attack on a zone, those the reducer takes.
   */
  get places(): { id: string; name: string }[] {
    if (!this.onBoard) return [];
    const t = this.targets;
    const zone = this.against === 'zone';
    const zones = t.zones
      .filter((z) => (zone ? z.everyone : z.defenders.length > 0))
      .map((z) => ({ id: z.zone.id, name: z.zone.name }));
    const off =
      !zone && t.offBoard.length > 0 ? [{ id: OFF_BOARD, name: text.current.offBoard }] : [];
    return [...zones, ...off];
  }
  /** The roller's stunt that attacks everyone in a zone [CORE-TARGET-2], if any. */
  get zoneStunt(): string | undefined {
    return this.roller === undefined ? undefined : zoneAttackStunt(this.roller)?.name;
  }
  /** Whether some zone holds anyone to attack all at once (with the roller's stunt). */
  get zoneAttackable(): boolean {
    return this.targets.zones.some((z) => z.everyone);
  }
  /** The defenders in the chosen zone (an attack on everyone there asks each of them). */
  get inPlace(): CharacterView[] {
    const p = this.place.value;
    if (p === OFF_BOARD) return this.targets.offBoard;
    return this.targets.zones.find((z) => z.zone.id === p)?.defenders ?? [];
  }
  /** The zone attacked whole, when the roll is one [CORE-TARGET-1]. */
  get zoneAttack(): string | undefined {
    if (this.against !== 'zone' || this.isDeclaration || this.removing) return undefined;
    const p = this.place.value;
    return p && p !== OFF_BOARD ? p : undefined;
  }
  /** Everyone the roll may be against, wherever they stand. */
  get allOpponents(): CharacterView[] {
    return this.#c.view.characters.filter((c) => c.id !== this.who.value);
  }
  /** The opponents offered: on a board, those in the chosen zone. */
  get opponents(): CharacterView[] {
    return this.onBoard ? this.inPlace : this.allOpponents;
  }
  get opponent(): CharacterView | undefined {
    return this.#c.view.characters.find((c) => c.id === this.opposing.value);
  }
  readonly opponentChoices: RatedChoice[] = $derived.by(() =>
    ratedChoices(this.#c.ruleset, this.opponent),
  );
  get opponentRating(): number {
    return this.opponentChoices.find((c) => c.id === this.opponentSkill.value)?.rating ?? 0;
  }

  /** What this game adds to a roll. */
  get caps() {
    return featuresOf(this.#c.ruleset);
  }
  get isAspectAction(): boolean {
    return this.caps.aspectActions && this.action === 'create-advantage';
  }
  get isDeclaration(): boolean {
    return this.isAspectAction && this.aspectAction === 'declaration';
  }

  /** The roller's declaration before the table (voted on, or voted and waiting for its roll). */
  get declaration(): DeclarationView | undefined {
    return this.isDeclaration ? declarationOf(this.#c.view, this.roller?.id) : undefined;
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
    return this.#c.view.aspects;
  }
  get removing() {
    return this.caps.removal && this.action === 'overcome'
      ? this.removable.find((a) => a.id === this.removesId)
      : undefined;
  }

  #role(): 'aggressor' | 'defender' {
    return this.action === 'defend' ? 'defender' : 'aggressor';
  }
  get sideMods(): { label: string; value: number }[] {
    const ruleset = this.#c.ruleset;
    if (!ruleset || !this.caps.sideModifiers) return [];
    const r = ruleset.sideModifiers(
      { strategy: this.strategy, creativity: this.creativity, tool: this.tool },
      this.#role(),
    );
    return r.ok ? r.value : [];
  }
  get opponentMod(): number {
    const ruleset = this.#c.ruleset;
    if (!ruleset || !this.caps.sideModifiers) return 0;
    const r = ruleset.sideModifiers(
      { strategy: this.opponentStrategy },
      this.#role() === 'defender' ? 'aggressor' : 'defender',
    );
    return r.ok ? r.value.reduce((sum, m) => sum + m.value, 0) : 0;
  }
  /** The character the roll acts against, who cannot help it [CORE-TEAMWORK-2]. */
  get opposingIds(): string[] {
    if (this.zoneAttack !== undefined) return this.inPlace.map((c) => c.id);
    const acrossTable = !this.isDeclaration && !this.removing && this.against === 'character';
    return acrossTable && this.opposing.value ? [this.opposing.value] : [];
  }
  /** Who may help this roll, and where each stands: none unless it rolls a skill [CORE-TEAMWORK-1]. */
  get helperOptions(): HelperOption[] {
    if (this.usesAspects || this.isDeclaration) return [];
    return helperOptions(this.#c.view, this.roller, this.skill.value, this.#me, this.opposingIds);
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
    const helpers = this.#c.view.characters.filter((c) => helping.includes(c.id));
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
      const name = this.#c.view.board.zones.find((z) => z.id === zone)?.name ?? '';
      return text.current.vsZone({ zone: name });
    }
    return this.isDeclaration || this.against === 'difficulty'
      ? text.current.vs({ difficulty: ladderLabel.get()(this.target) })
      : '';
  }
  /** Acting against a character asks them for their own defence; only a defence rolls both sides. */
  get asksDefence(): boolean {
    return this.action !== 'defend';
  }

  /** The odds the tray shows (`rollOdds`): none for a simple action, or with a side missing. */
  readonly odds: OddsTable | null = $derived.by(() => rollOdds(this.#c.ruleset, this));

  /** How many Fate dice the game rolls (4, or 3 in narrative). */
  get dice(): number {
    return this.#c.ruleset?.diceCount ?? 4;
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
