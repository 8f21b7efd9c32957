import type { AspectSlot, Character, Problem, Ruleset, SkillSpread } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import { nameKey, sameNamed, sheetDraft, withSheet } from '@fateboard/table';
import { i18n } from '../../lib/i18n';

export const messages = i18n('lib/sheet-editor', {
  unnamed: 'Unnamed',
});

/**
 * The highest rating an NPC's editor offers: the games cap a player character's start (the
 * spread's cap), not the GM's foes, but a Fantastic (+6) boss is as far as a sheet goes.
 */
export const NPC_RATING_CAP = 6;

export interface DraftAspect {
  id: string;
  slot: AspectSlot;
  text: string;
  rating?: number;
  permanent?: boolean;
}

/**
 * The character editor's state: what the player types, and — computed by the same functions
 * the server runs (`sheetDraft` / `withSheet` from @fateboard/table, the rules' `deriveSheet`
 * and `skillSpread`) — the sheet as it will be stored, its spread rung by rung and its
 * problems. Nothing derived (stress boxes, slots, refresh) is typed by the player.
 */
export class SheetEditor {
  name = $state('');
  aspects = $state<DraftAspect[]>([]);
  /** Every skill of the ruleset, by id (0 = Mediocre). */
  ratings = $state<Record<string, number>>({});
  stunts = $state<{ id: string; name: string; text: string; zoneAttack?: boolean }[]>([]);
  primaryMagic = $state(false);

  /** The sheet as the server will store it, everything derived. */
  readonly result: { character: Character; problems: Problem[] } = $derived.by(() =>
    this.#derive(),
  );
  get draft(): Character {
    return this.result.character;
  }
  get problems(): Problem[] {
    return this.result.problems;
  }
  readonly spread: SkillSpread = $derived.by(() => this.ruleset.skillSpread(this.draft));

  /**
   * The ratings a skill (or narrative's rated aspect) may be given, Mediocre up: a player
   * character's up to the cap its spread states, never above it; an NPC's up to
   * `NPC_RATING_CAP`. A rating already above (an older sheet) stays on offer.
   */
  ratingChoices(current = 0): number[] {
    const cap = Math.max(this.npc ? NPC_RATING_CAP : this.spread.cap, current);
    return Array.from({ length: cap + 1 }, (_, i) => i);
  }

  /**
   * The other character at the table who already has the name typed (compared as the server
   * does: `sameNamed`), or undefined. Keeping one's own name is never a clash.
   */
  nameTakenBy(others: Iterable<{ id: string; name: string }>): string | undefined {
    if (this.initial && nameKey(this.initial.name) === nameKey(this.name)) return undefined;
    return sameNamed(others, this.name, this.initial?.id)?.name;
  }

  #stuntSeq = 0;

  constructor(
    readonly ruleset: Ruleset,
    readonly npc: boolean,
    /** A character in play to edit, instead of the ruleset's blank template. */
    readonly initial?: Character,
  ) {
    this.load(initial ?? ruleset.newCharacter({ id: 'draft', name: '', npc }));
  }

  /** Fills the editor from a character or a ready-made sheet (the player may rename it). */
  load(from: Character | Sheet): void {
    this.name = from.name;
    const template = this.ruleset.newCharacter({ id: 'draft', name: '', npc: this.npc });
    // Only what a sheet carries: a character in play also holds what the game did to its
    // aspects (a narrative aspect's baseRating), which the sheet schema refuses.
    this.aspects = (from.aspects ?? template.aspects).map(
      ({ id, slot, text, rating, permanent }) => ({
        id,
        slot,
        text,
        ...(rating === undefined ? {} : { rating }),
        ...(permanent === undefined ? {} : { permanent }),
      }),
    );
    const given = new Map((from.skills ?? []).map((s) => [s.id, s.rating]));
    this.ratings = Object.fromEntries(
      (this.ruleset.skills ?? []).map((s) => [s.id, given.get(s.id) ?? 0]),
    );
    this.stunts = (from.stunts ?? []).map((s) => ({ ...s }));
    this.primaryMagic = from.primaryMagic ?? false;
  }

  /** What the player wrote, as the command carries it. */
  sheet(): Sheet {
    const fixed = new Set(this.initial?.skills.map((s) => s.id) ?? []);
    const template = this.ruleset.newCharacter({ id: 'draft', name: '' });
    for (const s of template.skills) fixed.add(s.id);
    return {
      name: this.name.trim() || messages.get().unnamed,
      aspects: this.aspects.map((a) => ({ ...a, text: a.text.trim() })),
      skills: Object.entries(this.ratings)
        .filter(([id, rating]) => rating !== 0 || fixed.has(id))
        .map(([id, rating]) => ({ id, rating })),
      stunts: this.stunts
        .filter((s) => s.name.trim() || s.text.trim())
        .map((s) => ({
          id: s.id,
          name: s.name.trim(),
          text: s.text.trim(),
          // An active stunt that attacks everyone in a zone [CORE-TARGET-2].
          ...(s.zoneAttack === true ? { zoneAttack: true } : {}),
        })),
      ...(this.ruleset.id === 'pirates' ? { primaryMagic: this.primaryMagic } : {}),
    };
  }

  addStunt(): void {
    this.stunts.push({
      id: `stunt-${Date.now().toString(36)}-${this.#stuntSeq++}`,
      name: '',
      text: '',
    });
  }

  #derive(): { character: Character; problems: Problem[] } {
    const sheet = this.sheet();
    if (!this.initial) return sheetDraft(this.ruleset, 'draft', sheet, this.npc);
    const character = withSheet(this.ruleset, this.initial, sheet);
    return { character, problems: this.ruleset.validateCharacter(character) };
  }
}
