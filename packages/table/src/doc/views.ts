import type * as Y from 'yjs';
import type { Outcome, RulesetId } from '@fateboard/rules';
import type { ActorRef, FateSummaryRow, LogEntry } from '../log/entry';

// The log's types are the views' too (a table view holds its log).
export type { ActorRef, FateSummaryRow, LogEntry } from '../log/entry';
import type { Action, Sheet, TableAspectKind } from '../commands/schemas';
import type { CharacterRecord } from './character-store';
import { readCharacter } from './character-store';
import { foldSummary, lastSessionStart, readFp, readLog } from '../log/log';
import type { GmFeed, PubFeed } from './roots';
import { gmRoots, pubRoots } from './schema';
import type { YMap } from './ymap';
import { bool, counts, num, optStr, peek, str } from './ymap';

export interface SeatView {
  id: string;
  name: string;
  characterId?: string;
}

export type CharacterView = CharacterRecord;

export interface AspectView {
  id: string;
  kind: TableAspectKind;
  text: string;
  /** The character the aspect is placed on, for kind `character` (and boosts held by one). */
  characterId?: string;
  at: number;
  /** Free invokes by owner (seat id or `gm`). */
  freeInvokes: Record<string, number>;
  /** edgerunner: the shifts it was created with, which a removal roll must meet [ER-REMOVE-1]. */
  persistence?: number;
}

export interface RollSide {
  characterId: string;
  skillId?: string;
  aspectId?: string;
  /** The skill's (or rated aspect's) rating. */
  rating: number;
  modifiers: { label: string; value: number }[];
  faces: number[];
  /** +2 per invoke. */
  bonus: number;
  total: number;
  /** The total on the ladder, e.g. `Good (+3)`. */
  label: string;
}

export interface RollInvoke {
  /** `actor` or `opposition` (the opposing character's roll, or raising a difficulty). */
  side: 'actor' | 'opposition';
  /** The aspect's key: its id on the table, or `characterId/aspectId` on a sheet. */
  aspectKey: string;
  aspectText: string;
  free: boolean;
  effect: '+2' | 'reroll';
  by: ActorRef;
}

export interface RollView {
  id: string;
  at: number;
  by: ActorRef;
  action: Action;
  reason?: string;
  actor: RollSide;
  difficulty?: number;
  /** +2 per invoke raising the difficulty. */
  difficultyBonus?: number;
  opposition?: RollSide;
  invokes: RollInvoke[];
  outcome: Outcome;
  shifts: number;
  /** The outcome's effects (advantage, boost) were applied. */
  applied: boolean;
  /** edgerunner: a declaration, assessment or maneuver [ER-DECLARE-2]. */
  aspectAction?: 'declaration' | 'assessment' | 'maneuver';
  /** edgerunner: the players supporting and opposing a declaration [ER-DECLARE-1]. */
  declaration?: { supporters: number; opposers: number };
  /** edgerunner: the table aspect this roll tries to remove, against its persistence. */
  removes?: { aspectId: string; characterId?: string };
  /**
   * A recovery roll: the overcome against a consequence that starts its recovery
   * [FC-RECOVER-1..3] [PIR-RECOVER-1..2]; `text` is the consequence's name when rolled.
   */
  recovers?: { characterId: string; slotId: string; text: string; treatingSelf: boolean };
  /** narrative: a simple action, not rolled [NAR-SIMPLE-1]. */
  simple?: boolean;
  /** narrative: a healing action for this character's physical damage [NAR-RECOVER-2]… */
  heals?: string;
  /** …set once the recovery it allowed was made: a healing heals once. */
  healed?: boolean;
  /** A hit the applied outcome left for a character to absorb (narrative damage included). */
  hit?: { characterId: string; shifts: number };
  /**
   * The defender who rolls their own defence: `awaiting` it (no opposition side yet, the
   * outcome undecided), `rolled`, or `conceded` instead (the roll is then over).
   */
  defence?: { characterId: string; status: DefenceStatus };
}

export type DefenceStatus = 'awaiting' | 'rolled' | 'conceded';

export interface CompelView {
  id: string;
  characterId: string;
  text: string;
  aspectText?: string;
  offeredBy: ActorRef;
  /** The character paying when a player compels another character. */
  fromCharacterId?: string;
  /** A player's compel on their own character: only the GM decides it. */
  self: boolean;
  at: number;
}

export interface ConflictView {
  active: boolean;
  order: string[];
  turn: number;
  round: number;
}

export interface SceneView {
  active: boolean;
  name: string;
  startedAt?: number;
  present: string[];
}

export interface SpotlightView {
  aspectId: string;
  characterId?: string;
  text: string;
  at: number;
}

export interface TableView {
  schemaVersion: number;
  id: string;
  name: string;
  ruleset: RulesetId;
  gmPool: number;
  spotlight: SpotlightView | null;
  seats: SeatView[];
  characters: CharacterView[];
  aspects: AspectView[];
  scene: SceneView;
  compels: CompelView[];
  conflict: ConflictView;
  rolls: RollView[];
  log: LogEntry[];
  /**
   * This session's fate point movements per character (the whole table's when no session
   * was started), sorted by character id: the `fp` map plus the log rows since the newest
   * `session.start`.
   */
  fateSummary: FateSummaryRow[];
}

export interface HiddenView {
  id: string;
  kind: 'aspect' | 'npc';
  aspectKind?: TableAspectKind;
  text: string;
  characterId?: string;
  freeInvokes: number;
  note?: string;
  sheet?: Sheet;
  at: number;
}

export interface NoteView {
  id: string;
  text: string;
  at: number;
}

export interface GmView {
  schemaVersion: number;
  hidden: HiddenView[];
  notes: NoteView[];
}

// The root registry (roots.ts) names exactly the fields of the views: a field no root feeds
// would never be refreshed on the client, a misspelt one would be refreshed to nothing.
const _pubFeeds: [PubFeed] extends [keyof TableView]
  ? [keyof TableView] extends [PubFeed]
    ? true
    : false
  : false = true;
const _gmFeeds: [GmFeed] extends [keyof GmView]
  ? [keyof GmView] extends [GmFeed]
    ? true
    : false
  : false = true;

export function readAspect(m: YMap): AspectView {
  const characterId = optStr(m, 'characterId');
  return {
    id: str(m, 'id'),
    kind: str(m, 'kind') as TableAspectKind,
    text: str(m, 'text'),
    ...(characterId === undefined ? {} : { characterId }),
    at: num(m, 'at'),
    freeInvokes: counts(peek(m, 'invokes')),
    ...(typeof m.get('persistence') === 'number' ? { persistence: num(m, 'persistence') } : {}),
  };
}

export function readRoll(m: YMap): RollView {
  const opposition = m.get('opposition') as RollSide | undefined;
  const difficulty = m.get('difficulty') as number | undefined;
  const reason = optStr(m, 'reason');
  return {
    id: str(m, 'id'),
    at: num(m, 'at'),
    by: m.get('by') as ActorRef,
    action: str(m, 'action') as Action,
    ...(reason === undefined ? {} : { reason }),
    actor: structuredClone(m.get('actor') as RollSide),
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(typeof m.get('difficultyBonus') === 'number'
      ? { difficultyBonus: num(m, 'difficultyBonus') }
      : {}),
    ...(opposition === undefined ? {} : { opposition: structuredClone(opposition) }),
    invokes: structuredClone((m.get('invokes') as RollInvoke[] | undefined) ?? []),
    outcome: str(m, 'outcome') as Outcome,
    shifts: num(m, 'shifts'),
    applied: bool(m, 'applied'),
    ...optionalRollFields(m),
  };
}

/** The fields only some rulesets' rolls carry. */
function optionalRollFields(m: YMap): Partial<RollView> {
  const out: Partial<RollView> = {};
  const aspectAction = optStr(m, 'aspectAction');
  if (aspectAction !== undefined) out.aspectAction = aspectAction as RollView['aspectAction'];
  if (m.has('declaration')) out.declaration = structuredClone(m.get('declaration') as never);
  if (m.has('removes')) out.removes = structuredClone(m.get('removes') as never);
  if (m.has('recovers')) out.recovers = structuredClone(m.get('recovers') as never);
  if (m.get('simple') === true) out.simple = true;
  const heals = optStr(m, 'heals');
  if (heals !== undefined) out.heals = heals;
  if (m.get('healed') === true) out.healed = true;
  if (m.has('hit')) out.hit = structuredClone(m.get('hit') as never);
  if (m.has('defence')) out.defence = structuredClone(m.get('defence') as never);
  return out;
}

export function readCompel(m: YMap): CompelView {
  const aspectText = optStr(m, 'aspectText');
  const fromCharacterId = optStr(m, 'fromCharacterId');
  return {
    id: str(m, 'id'),
    characterId: str(m, 'characterId'),
    text: str(m, 'text'),
    ...(aspectText === undefined ? {} : { aspectText }),
    offeredBy: m.get('offeredBy') as ActorRef,
    ...(fromCharacterId === undefined ? {} : { fromCharacterId }),
    self: bool(m, 'self'),
    at: num(m, 'at'),
  };
}

function mapsOf(map: Y.Map<unknown>): YMap[] {
  const out: YMap[] = [];
  map.forEach((value) => {
    if (value !== null && typeof value === 'object' && 'get' in value) out.push(value as YMap);
  });
  return out;
}

/** A plain JSON snapshot of the public document, typed. */
export function readTable(pub: Y.Doc): TableView {
  const r = pubRoots(pub);
  const log = readLog(r);
  const present = r.scene.get('present') as string[] | undefined;
  const startedAt = r.scene.get('startedAt') as number | undefined;
  return {
    schemaVersion: num(r.meta, 'schemaVersion'),
    id: str(r.meta, 'id'),
    name: str(r.meta, 'name'),
    ruleset: str(r.meta, 'ruleset') as RulesetId,
    gmPool: num(r.meta, 'gmPool'),
    spotlight: structuredClone((r.meta.get('spotlight') as SpotlightView | undefined) ?? null),
    seats: mapsOf(r.seats)
      .map((s) => {
        const characterId = optStr(s, 'characterId');
        return {
          id: str(s, 'id'),
          name: str(s, 'name'),
          ...(characterId === undefined ? {} : { characterId }),
        };
      })
      .sort(byId),
    characters: mapsOf(r.characters).map(readCharacter).sort(byId),
    aspects: mapsOf(r.aspects)
      .map(readAspect)
      .sort((a, b) => a.at - b.at || byId(a, b)),
    scene: {
      active: bool(r.scene, 'active'),
      name: str(r.scene, 'name'),
      ...(startedAt === undefined ? {} : { startedAt }),
      present: [...(present ?? [])],
    },
    compels: mapsOf(r.compels)
      .map(readCompel)
      .sort((a, b) => a.at - b.at || byId(a, b)),
    conflict: {
      active: bool(r.conflict, 'active'),
      order: [...((r.conflict.get('order') as string[] | undefined) ?? [])],
      turn: num(r.conflict, 'turn'),
      round: num(r.conflict, 'round'),
    },
    rolls: r.rolls.toArray().map(readRoll),
    log,
    fateSummary: foldSummary(
      readFp(r),
      log.slice(Math.max(lastSessionStart(log), 0)).flatMap((e) => e.movements ?? []),
    ),
  };
}

/** A plain JSON snapshot of the GM document. */
export function readGm(gm: Y.Doc): GmView {
  const r = gmRoots(gm);
  return {
    schemaVersion: num(r.meta, 'schemaVersion'),
    hidden: mapsOf(r.hidden)
      .map((h) => {
        const aspectKind = optStr(h, 'aspectKind') as TableAspectKind | undefined;
        const characterId = optStr(h, 'characterId');
        const note = optStr(h, 'note');
        const sheet = h.get('sheet') as Sheet | undefined;
        return {
          id: str(h, 'id'),
          kind: str(h, 'kind') as 'aspect' | 'npc',
          ...(aspectKind === undefined ? {} : { aspectKind }),
          text: str(h, 'text'),
          ...(characterId === undefined ? {} : { characterId }),
          freeInvokes: num(h, 'freeInvokes'),
          ...(note === undefined ? {} : { note }),
          ...(sheet === undefined ? {} : { sheet: structuredClone(sheet) }),
          at: num(h, 'at'),
        };
      })
      .sort((a, b) => a.at - b.at || byId(a, b)),
    notes: mapsOf(r.notes)
      .map((n) => ({ id: str(n, 'id'), text: str(n, 'text'), at: num(n, 'at') }))
      .sort((a, b) => a.at - b.at || byId(a, b)),
  };
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
