import * as Y from 'yjs';
import type { RulesetId } from '@fateboard/rules';
import type { LogEntry } from '../log/entry';

// The log's types are the views' too (a table view holds its log).
export type { ActorRef, FateSummaryRow, LogEntry } from '../log/entry';
export type {
  SeatView,
  CharacterView,
  AspectView,
  RollSide,
  RollModifier,
  RollInvoke,
  RollView,
  DefenceStatus,
  CompelView,
  HelpAnswer,
  HelpRequestView,
  ConflictView,
  DeclarationView,
  SceneView,
  SpotlightView,
  TableView,
  HiddenView,
  NoteView,
  GmView,
  CountdownView,
  ZoneView,
  BorderView,
  TokenView,
  BoardView,
  PrepBoardView,
  HandoutView,
} from './view-types';
import type {
  SpotlightView,
  TableView,
  GmView,
  ConflictView,
  HandoutView,
  RollView,
} from './view-types';
import type { Sheet, TableAspectKind } from '../commands/schemas';
import { readCharacter } from './character-store';
import { foldSummary, lastSessionStart, readFp, readLog, type LogMemo } from '../log/log';
import { gmRoots, pubRoots } from './schema';
import { readCountdowns } from './countdowns';
import { readHandouts } from './handouts';
import { readHelpRequests } from './help-requests';
import { readBoard, readBorders, readZones } from './board';
import type { YMap } from './ymap';
import { bool, byTime, num, optStr, str } from './ymap';
import { readAspect, readCompel, readDeclaration, readRoll } from './item-views';

// One item's readers live in item-views.ts; handlers import them from here too.
export { readAspect, readCompel, readDeclaration, readRoll } from './item-views';

function mapsOf(map: Y.Map<unknown>): YMap[] {
  const out: YMap[] = [];
  map.forEach((value) => {
    if (value !== null && typeof value === 'object' && 'get' in value) out.push(value as YMap);
  });
  return out;
}

function readSeats(roots: ReturnType<typeof pubRoots>): TableView['seats'] {
  return mapsOf(roots.seats)
    .map((s) => {
      const characterId = optStr(s, 'characterId');
      return {
        id: str(s, 'id'),
        name: str(s, 'name'),
        ...(characterId === undefined ? {} : { characterId }),
        ...(bool(s, 'restored') ? { restored: true } : {}),
      };
    })
    .sort(byId);
}

/**
 * What a table's summary shows (`GET /api/tables/:id`): its seats and whether a scene runs,
 * read from those two roots alone, so that it costs the same on a table of any size.
 */
export function readSeatsAndScene(pub: Y.Doc): Pick<TableView, 'seats'> & {
  scene: Pick<TableView['scene'], 'active' | 'name'>;
} {
  const roots = pubRoots(pub);
  return {
    seats: readSeats(roots),
    scene: { active: bool(roots.scene, 'active'), name: str(roots.scene, 'name') },
  };
}

type PubRootsOf = ReturnType<typeof pubRoots>;

/**
 * The rolls read before, by their map, for a reader that follows the document (the client's
 * view): a roll reads again only when its map changed. A roll's values are plain (no nested
 * Yjs types), so a transaction that changed one has its map in `tr.changed`; the reader drops
 * those (`forgetChangedRolls`) before reading. A new roll among the twenty kept then reads
 * one roll, not twenty, and the unchanged ones stay the same objects.
 */
export type RollMemo = WeakMap<YMap, RollView>;

/** Drops from `memo` the rolls a transaction wrote to. */
export function forgetChangedRolls(memo: RollMemo, tr: Y.Transaction): void {
  for (const type of tr.changed.keys()) if (type instanceof Y.Map) memo.delete(type);
}

/** What a read may reuse from the reads before it (readTableFields). */
export interface ReadMemo {
  log?: LogMemo;
  rolls?: RollMemo;
}

function readRolls(roots: PubRootsOf, memo: RollMemo | undefined): RollView[] {
  return roots.rolls.toArray().map((m) => {
    if (!memo) return readRoll(m);
    let roll = memo.get(m);
    if (!roll) memo.set(m, (roll = readRoll(m)));
    return roll;
  });
}

/**
 * How each field of the table's view is read from the public document. `log` is the
 * document's log, read once per read however many fields want it.
 */
const PUB_READERS: {
  [K in keyof TableView]: (
    roots: PubRootsOf,
    log: () => LogEntry[],
    memo: ReadMemo,
  ) => TableView[K];
} = {
  schemaVersion: (roots) => num(roots.meta, 'schemaVersion'),
  id: (roots) => str(roots.meta, 'id'),
  name: (roots) => str(roots.meta, 'name'),
  ruleset: (roots) => str(roots.meta, 'ruleset') as RulesetId,
  gmPool: (roots) => num(roots.meta, 'gmPool'),
  spotlight: (roots) =>
    structuredClone((roots.meta.get('spotlight') as SpotlightView | undefined) ?? null),
  handout: (roots) =>
    structuredClone((roots.meta.get('handout') as HandoutView | undefined) ?? null),
  spectatorChat: (roots) => roots.meta.get('spectatorChat') !== false,
  gmReadsWhispers: (roots) => roots.meta.get('gmReadsWhispers') === true,
  boardOnOverlay: (roots) => roots.meta.get('boardOnOverlay') === true,
  seats: readSeats,
  characters: (roots) => mapsOf(roots.characters).map(readCharacter).sort(byId),
  aspects: (roots) => mapsOf(roots.aspects).map(readAspect).sort(byTime),
  scene: (roots) => {
    const present = roots.scene.get('present') as string[] | undefined;
    const startedAt = roots.scene.get('startedAt') as number | undefined;
    const map = optStr(roots.scene, 'map');
    return {
      active: bool(roots.scene, 'active'),
      name: str(roots.scene, 'name'),
      ...(startedAt === undefined ? {} : { startedAt }),
      present: [...(present ?? [])],
      ...(map === undefined ? {} : { map }),
    };
  },
  compels: (roots) => mapsOf(roots.compels).map(readCompel).sort(byTime),
  help: (roots) => readHelpRequests(roots.help),
  conflict: (roots) => {
    const freeMove = roots.conflict.get('freeMove') as ConflictView['freeMove'];
    return {
      active: bool(roots.conflict, 'active'),
      order: [...((roots.conflict.get('order') as string[] | undefined) ?? [])],
      turn: num(roots.conflict, 'turn'),
      round: num(roots.conflict, 'round'),
      ...(freeMove === undefined ? {} : { freeMove: structuredClone(freeMove) }),
    };
  },
  rolls: (roots, _log, memo) => readRolls(roots, memo.rolls),
  log: (_roots, log) => log(),
  fateSummary: (roots, log) => {
    const entries = log();
    const moves = entries.slice(Math.max(lastSessionStart(entries), 0));
    return foldSummary(
      readFp(roots),
      moves.flatMap((e) => e.movements ?? []),
    );
  },
  countdowns: (roots) => readCountdowns(roots.countdowns),
  declarations: (roots) => mapsOf(roots.declarations).map(readDeclaration).sort(byTime),
  board: readBoard,
};

const PUB_FIELDS = Object.keys(PUB_READERS) as (keyof TableView)[];

/** A plain JSON snapshot of the public document, typed. */
export function readTable(pub: Y.Doc): TableView {
  return readTableFields(pub, PUB_FIELDS);
}

/**
 * Only the named fields of the table's view: what a change to some of the document's roots
 * needs read again (PUB_ROOTS says which fields each root feeds), not the whole table. With a
 * `memo`, the log's rows and the rolls read before are not read again (see readLog, RollMemo).
 */
export function readTableFields<K extends keyof TableView>(
  pub: Y.Doc,
  fields: readonly K[],
  memo: ReadMemo = {},
): Pick<TableView, K> {
  const roots = pubRoots(pub);
  let log: LogEntry[] | undefined;
  const readOnce = () => (log ??= readLog(roots, memo.log));
  const out = {} as Pick<TableView, K>;
  for (const field of fields) out[field] = PUB_READERS[field](roots, readOnce, memo);
  return out;
}

/** A plain JSON snapshot of the GM document. */
export function readGm(gm: Y.Doc): GmView {
  const roots = gmRoots(gm);
  return {
    schemaVersion: num(roots.meta, 'schemaVersion'),
    hidden: mapsOf(roots.hidden)
      .map((h) => {
        const aspectKind = optStr(h, 'aspectKind') as TableAspectKind | undefined;
        const characterId = optStr(h, 'characterId');
        const note = optStr(h, 'note');
        const sheet = h.get('sheet') as Sheet | undefined;
        const place = optStr(h, 'place');
        const zoneId = optStr(h, 'zoneId');
        return {
          id: str(h, 'id'),
          kind: str(h, 'kind') as 'aspect' | 'npc',
          ...(aspectKind === undefined ? {} : { aspectKind }),
          text: str(h, 'text'),
          ...(characterId === undefined ? {} : { characterId }),
          freeInvokes: num(h, 'freeInvokes'),
          ...(note === undefined ? {} : { note }),
          ...(sheet === undefined ? {} : { sheet: structuredClone(sheet) }),
          ...(place === undefined ? {} : { place }),
          ...(zoneId === undefined ? {} : { zoneId }),
          at: num(h, 'at'),
        };
      })
      .sort(byTime),
    notes: mapsOf(roots.notes)
      .map((n) => ({ id: str(n, 'id'), text: str(n, 'text'), at: num(n, 'at') }))
      .sort(byTime),
    countdowns: readCountdowns(roots.countdowns),
    board: { zones: readZones(roots.zones), borders: readBorders(roots.borders) },
    handouts: readHandouts(roots.handouts),
  };
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
