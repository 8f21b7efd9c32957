import { untrack } from 'svelte';
import { ladderLabel as englishLadder } from '@fateboard/rules';
import type { LogEntry, RollSide, RollView, TableView } from '@fateboard/table';
import { modifiersWords, resultWords } from '../../lib/game-words';
import { ladderLabel } from '../../lib/rules';
import { i18n, params } from '../../lib/i18n';
import { sayEntry } from '../log/log-words';

export const messages = i18n('lib/overlay-events', {
  someone: 'Someone',
  rollsToDefend: params('{name} rolls to defend'),
  conceded: params('{name} conceded'),
});

/**
 * The stream overlay's moments, derived from the public document's changes: a newly pushed
 * aspect (the spotlight's time changed), and each new log entry of a kind a viewer cares about,
 * each one event, shown for a few seconds and then gone. The log already says each thing in players' words, so an event carries its sentence;
 * a roll carries its dice too, read from the roll entry the log line names.
 */

export type OverlayKind =
  | 'aspect'
  | 'roll'
  | 'conflict'
  | 'outcome'
  | 'compel'
  | 'fate'
  | 'invoke'
  | 'harm'
  | 'consequence'
  | 'out'
  | 'declaration';

export interface OverlaySide {
  who: string;
  /** Each die: -1, 0 or +1. */
  faces: number[];
  total: number;
  /** The total on the ladder, e.g. `Good (+3)`. */
  ladder: string;
  /** What the side added besides the dice, e.g. `Brawler (stunt) +2, help from Kai +1`. */
  bonuses?: string;
}

export interface OverlayRoll extends OverlaySide {
  /** The opposing character's roll: a defence, or passive opposition. */
  against?: OverlaySide;
  /** Without an opposing roll, the difficulty it was against, e.g. `Fair (+2)`. */
  difficulty?: string;
  /** e.g. `success with style (3 shifts)`, or what the roll still waits for. */
  result: string;
}

export interface OverlayEvent {
  /** An event replaces a shown one with the same key (a roll shown again after an invoke). */
  key: string;
  kind: OverlayKind;
  /** The log's sentence (user text inside: render as text). */
  text: string;
  roll?: OverlayRoll;
  /**
   * The keys of shown events this one ends: a concession ends the attacks that awaited the
   * conceder's defence, whose cards would still say they wait for it.
   */
  ends?: string[];
}

/** Which log entries the overlay shows, by command type; every other entry is table business. */
const KIND_OF: Readonly<Record<string, OverlayKind>> = {
  roll: 'roll',
  invoke: 'invoke',
  'outcome.apply': 'outcome',
  // A defence decides the roll it answers: the roll shows again with both sides and its outcome.
  defend: 'roll',
  'compel.offer': 'compel',
  'compel.accept': 'compel',
  'compel.refuse': 'compel',
  'fate-point.give': 'fate',
  'free-invoke.pass': 'invoke',
  absorb: 'harm',
  // Taken by choice (edgerunner's bonus on a roll) or written by the GM: not a hit.
  'consequence.take': 'consequence',
  'taken-out': 'out',
  concede: 'out',
  // edgerunner: a fact put to the vote, and the vote's result (not each vote) [ER-DECLARE-4].
  'declaration.propose': 'declaration',
  'declaration.close': 'declaration',
};

function kindOf(entry: LogEntry): OverlayKind | undefined {
  // A GM adjustment shows only when it moved fate points (not a skill or a stress box).
  if (entry.type === 'gm.adjust') return entry.movements?.length ? 'fate' : undefined;
  if (entry.type === 'declaration.vote') {
    return entry.msg?.id === 'declarationVoteIn' ? 'declaration' : undefined;
  }
  return KIND_OF[entry.type];
}

function nameOf(view: TableView, id: string): string {
  return view.characters.find((c) => c.id === id)?.name ?? messages.get().someone;
}

function sideOf(view: TableView, side: RollSide): OverlaySide {
  const { faces, total, label } = side;
  // The stored label is the ladder's English: say the ladder in the reader's language (a label
  // of another kind stays as it is).
  const ladder = label === '' || label === englishLadder(total) ? ladderLabel.get()(total) : label;
  const bonuses = side.modifiers.length > 0 ? modifiersWords.get()(side.modifiers) : '';
  return {
    who: nameOf(view, side.characterId),
    faces: [...faces],
    total,
    ladder,
    ...(bonuses ? { bonuses } : {}),
  };
}

function rollOf(view: TableView, roll: RollView): OverlayRoll {
  const defence = roll.defence;
  // Until the defender rolls, the roll has no outcome: say who it waits for instead.
  const result =
    defence?.status === 'awaiting'
      ? messages.get().rollsToDefend({ name: nameOf(view, defence.characterId) })
      : defence?.status === 'conceded'
        ? messages.get().conceded({ name: nameOf(view, defence.characterId) })
        : resultWords.get()(roll.outcome, roll.shifts);
  return {
    ...sideOf(view, roll.actor),
    ...(roll.opposition
      ? { against: sideOf(view, roll.opposition) }
      : roll.difficulty !== undefined && !roll.defence
        ? { difficulty: ladderLabel.get()(roll.difficulty + (roll.difficultyBonus ?? 0)) }
        : {}),
    result,
  };
}

/** How far a feed has read a document: the newest log entry's number, the spotlight's time. */
export interface Seen {
  n: number;
  spotlightAt: number;
}

/** Everything in this view already seen: where a feed opened on it starts. */
export function seenOf(view: TableView): Seen {
  return { n: view.log.at(-1)?.n ?? 0, spotlightAt: view.spotlight?.at ?? 0 };
}

/** The overlay events since `seen`, oldest first: a newly pushed aspect, then the log's. */
export function overlayEventsSince(view: TableView, seen: Seen): OverlayEvent[] {
  const events: OverlayEvent[] = [];
  // Each sentence in the reader's language (the entry's English `text` only where it has no message).
  const say = sayEntry.get();
  const name = (id: string) => view.characters.find((c) => c.id === id)?.name;
  // Pushing an aspect writes no log line: a new spotlight time is the news.
  if (view.spotlight && view.spotlight.at !== seen.spotlightAt) {
    events.push({ key: 'aspect', kind: 'aspect', text: view.spotlight.text });
  }
  for (const entry of view.log) {
    if (entry.n <= seen.n) continue;
    const kind = kindOf(entry);
    if (!kind) continue;
    const roll = entry.rollId ? view.rolls.find((r) => r.id === entry.rollId) : undefined;
    if (kind === 'invoke' && roll) {
      // An invoke changes the roll's total: show the sentence and the roll again.
      events.push({ key: `n${entry.n}`, kind, text: say(entry, name) });
      events.push({ key: `roll:${roll.id}`, kind: 'roll', text: '', roll: rollOf(view, roll) });
      continue;
    }
    if (kind === 'roll' && roll) {
      events.push({
        key: `roll:${roll.id}`,
        kind,
        text: say(entry, name),
        roll: rollOf(view, roll),
      });
      continue;
    }
    // A roll's line without a roll: the attack that started a conflict says so.
    if (kind === 'roll') {
      events.push({ key: `n${entry.n}`, kind: 'conflict', text: say(entry, name) });
      continue;
    }
    if (entry.type === 'concede' && entry.characterId !== undefined) {
      const ended = view.rolls
        .filter(
          (r) => r.defence?.status === 'conceded' && r.defence.characterId === entry.characterId,
        )
        .map((r) => `roll:${r.id}`);
      events.push({ key: `n${entry.n}`, kind, text: say(entry, name), ends: ended });
      continue;
    }
    events.push({ key: `n${entry.n}`, kind, text: say(entry, name) });
  }
  return events;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** At most this many events at once besides the aspect: older ones leave early. */
export const MAX_SHOWN = 4;

/**
 * The events on screen now. `update(view)` after each change of the document adds the new
 * events; each leaves after `lifetimeMs`. The spotlit aspect has its own place (`aspect`).
 */
export class OverlayFeed {
  aspect = $state<OverlayEvent | null>(null);
  events = $state<OverlayEvent[]>([]);
  #seen: Seen;
  #timers = new Map<string, unknown>();

  constructor(
    view: TableView,
    private readonly lifetimeMs = 6000,
    private readonly timers: Timers = realTimers,
  ) {
    // What happened before the overlay opened is not news.
    this.#seen = seenOf(view);
  }

  update(view: TableView): void {
    const events = overlayEventsSince(view, this.#seen);
    const now = seenOf(view);
    this.#seen = { n: Math.max(this.#seen.n, now.n), spotlightAt: now.spotlightAt };
    // Called from an effect: the events it reads here must not become its dependencies.
    untrack(() => {
      for (const e of events) this.#show(e);
    });
  }

  #show(event: OverlayEvent): void {
    this.#drop(event.key);
    for (const key of event.ends ?? []) this.#drop(key);
    if (event.kind === 'aspect') this.aspect = event;
    else {
      this.events.push(event);
      while (this.events.length > MAX_SHOWN) this.#drop(this.events[0]!.key);
    }
    this.#timers.set(
      event.key,
      this.timers.set(() => this.#drop(event.key), this.lifetimeMs),
    );
  }

  #drop(key: string): void {
    const timer = this.#timers.get(key);
    if (timer !== undefined) this.timers.clear(timer);
    this.#timers.delete(key);
    if (this.aspect?.key === key) this.aspect = null;
    const i = this.events.findIndex((e) => e.key === key);
    if (i >= 0) this.events.splice(i, 1);
  }

  destroy(): void {
    for (const timer of this.#timers.values()) this.timers.clear(timer);
    this.#timers.clear();
  }
}
