import type { Ruleset } from '@fateboard/rules';
import { usualDefence, zoneAttackStunt } from '@fateboard/rules';
import type { Action, CharacterView, TableView } from '@fateboard/table';
import { boardTargets } from '@fateboard/table';
import { Choice } from '../conflict/choice.svelte';
import { ratedChoices, type RatedChoice } from './rated-choices';
import type { Strategy } from './settled-roll';
import { text } from './roll-words';

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
 * The other side of a roll in the dice tray: what it is against (a difficulty, one character,
 * everyone in a zone), the opponents and zones offered, the opponent's skill and strategy for
 * the odds. `RollDraft` (roll-draft.svelte.ts) is one, adding the roller's side; the roller's
 * picks it reads here are the abstract members.
 */
export abstract class RollOpposition {
  abstract action: Action;
  abstract readonly who: Choice;
  abstract readonly skill: Choice;
  abstract readonly roller: CharacterView | undefined;
  abstract readonly isDeclaration: boolean;
  abstract readonly removing: { readonly persistence?: number } | undefined;
  abstract readonly caps: { readonly sideModifiers: boolean };

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
  /** The defender's strategy in a narrative exchange. */
  opponentStrategy = $state<Strategy>('none');

  readonly opposing: Choice;
  readonly opponentSkill: Choice;
  /** The zone whose characters the tray offers (OFF_BOARD: those with no token). */
  readonly place: Choice;

  constructor(protected readonly context: () => TrayContext) {
    // An opponent who becomes the roller is not gone: the next one stands in meanwhile.
    const here = (id: string) => this.c.view.characters.some((c) => c.id === id);
    // On a board, the zone first, then someone in it: the roller's own zone when anyone else
    // stands there (a brawl), else the first zone with anyone in it.
    this.place = new Choice(() => this.places, {
      preferred: () => {
        const mine = this.c.view.board.tokens.find((t) => t.characterId === this.who.value);
        return mine?.zoneId;
      },
    });
    this.opposing = new Choice(() => this.opponents, {
      usable: (id) => this.standing(id),
      exists: here,
    });
    // The opponent's skill for the odds: the one that usually defends against this roll's.
    this.opponentSkill = new Choice(() => this.opponentChoices, {
      scope: () => this.opposing.value,
      preferred: () => {
        const ruleset = this.c.ruleset;
        const opponent = this.opponent;
        return ruleset && opponent
          ? usualDefence(ruleset, this.skill.value || undefined, opponent.skills)
          : undefined;
      },
    });
  }

  protected get c(): TrayContext {
    return this.context();
  }
  /** A taken-out character acts no more this scene: neither the next roller nor opponent. */
  protected standing(id: string): boolean {
    return !this.c.view.characters.find((c) => c.id === id)?.takenOut;
  }

  /** Who the board offers as defenders, zone by zone (`boardTargets`, as the reducer reads it). */
  readonly targets = $derived.by(() => boardTargets(this.c.view, this.who.value));
  /** Whether the scene has a board to pick defenders from. */
  get onBoard(): boolean {
    return this.c.view.board.zones.length > 0;
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
    return this.c.view.characters.filter((c) => c.id !== this.who.value);
  }
  /** The opponents offered: on a board, those in the chosen zone. */
  get opponents(): CharacterView[] {
    return this.onBoard ? this.inPlace : this.allOpponents;
  }
  get opponent(): CharacterView | undefined {
    return this.c.view.characters.find((c) => c.id === this.opposing.value);
  }
  readonly opponentChoices: RatedChoice[] = $derived.by(() =>
    ratedChoices(this.c.ruleset, this.opponent),
  );
  get opponentRating(): number {
    return this.opponentChoices.find((c) => c.id === this.opponentSkill.value)?.rating ?? 0;
  }

  /** The side the roller takes in a narrative exchange: a defence defends, all else acts. */
  protected role(): 'aggressor' | 'defender' {
    return this.action === 'defend' ? 'defender' : 'aggressor';
  }
  get opponentMod(): number {
    const ruleset = this.c.ruleset;
    if (!ruleset || !this.caps.sideModifiers) return 0;
    const r = ruleset.sideModifiers(
      { strategy: this.opponentStrategy },
      this.role() === 'defender' ? 'aggressor' : 'defender',
    );
    return r.ok ? r.value.reduce((sum, m) => sum + m.value, 0) : 0;
  }
  /** The character the roll acts against, who cannot help it [CORE-TEAMWORK-2]. */
  get opposingIds(): string[] {
    if (this.zoneAttack !== undefined) return this.inPlace.map((c) => c.id);
    const acrossTable = !this.isDeclaration && !this.removing && this.against === 'character';
    return acrossTable && this.opposing.value ? [this.opposing.value] : [];
  }
  /** Acting against a character asks them for their own defence; only a defence rolls both sides. */
  get asksDefence(): boolean {
    return this.action !== 'defend';
  }
}
