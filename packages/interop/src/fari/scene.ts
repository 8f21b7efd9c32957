import type { CommandOf } from '@fateboard/table';
import { parseCommand } from '@fateboard/table';
import type { Refused } from '../errors';
import { refused } from '../errors';
import type { JsonRecord } from '../json';
import { arrayAt, integerOf, isRecord, recordAt, records, stringAt } from '../json';
import { parseJsonSafely } from '../safe-json';
import { clip, plainLine, plainText } from '../text';
import { isBoost, isFreeInvokes } from './labels';

/**
 * A Fari scene (`fariType: "scene"`) read into what a Fateboard table holds: its public index
 * cards become situation aspects (boosts where the card is one), with the free invokes a card
 * counts; its private cards become the GM's hidden prep, their notes kept as the prep's note.
 *
 * Two shapes, told apart by content: `indexCards: { public: [], private: [] }` (Fari's scenes
 * since index cards had blocks and sub-cards), and the older `aspects: { id: card }` whose
 * cards say `isPrivate` and have a numeric `type` (1 = boost).
 */

/** The most cards taken from one scene; more are reported dropped, not added. */
export const MAX_SCENE_CARDS = 40;
/** What `aspect.add` and `gm.prepare` accept (their schemas in @fateboard/table). */
const MAX_ASPECT = 200;
const MAX_NOTE = 2000;
const MAX_FREE_INVOKES = 5;

export interface SceneCard {
  kind: 'situation' | 'boost';
  text: string;
  freeInvokes: number;
  /** Private cards only: the card's notes, for the GM. */
  note?: string;
}

export interface FariScene {
  name: string;
  /** Public cards: situation aspects and boosts every screen shows. */
  aspects: SceneCard[];
  /** Private cards: the GM's hidden prep. */
  hidden: SceneCard[];
  report: { source: string; mapped: string[]; adapted: string[]; dropped: string[] };
}

export type SceneResult = { ok: true; scene: FariScene } | Refused;

/** A Fari scene file from untrusted bytes, or why it is refused. Never throws. */
export function importFariScene(input: string | Uint8Array): SceneResult {
  const parsed = parseJsonSafely(input);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  if (!isRecord(o)) return notAScene('This JSON is not a Fari scene: it should be one object.');
  const type = stringAt(o, 'fariType');
  if (type === 'character' || o.format === 'fateboard-character') {
    return notAScene('This is a character, not a scene: import it as a character.');
  }
  if (o.format === 'fateboard-table') {
    return notAScene('This is a whole Fateboard table: restore it as a new table instead.');
  }
  if (type !== undefined && type !== 'scene') {
    return notAScene(`This is a Fari ${type.slice(0, 40)}, not a scene.`);
  }
  const cards = sceneCards(o);
  if (cards === undefined) {
    return notAScene('This file is not a Fari scene: export the scene from Fari’s Scenes page.');
  }
  return readCards(plainLine(stringAt(o, 'name') ?? ''), cards);
}

const notAScene = (message: string): Refused => refused('not-a-scene', message);

interface RawCard {
  card: JsonRecord;
  private: boolean;
  shape: 'index-cards' | 'aspects';
}

/** The cards of either shape in order, sub-cards after their card; undefined if neither. */
function sceneCards(o: JsonRecord): RawCard[] | undefined {
  const indexCards = recordAt(o, 'indexCards');
  if (indexCards) {
    const list = (key: 'public' | 'private') =>
      records(arrayAt(indexCards, key)).flatMap((card) => [
        card,
        ...records(arrayAt(card, 'subCards')),
      ]);
    return [
      ...list('public').map((card) => ({ card, private: false, shape: 'index-cards' as const })),
      ...list('private').map((card) => ({ card, private: true, shape: 'index-cards' as const })),
    ];
  }
  const aspects = recordAt(o, 'aspects');
  if (aspects && typeof o.version === 'number') {
    return Object.values(aspects)
      .filter(isRecord)
      .map((card) => ({ card, private: card.isPrivate === true, shape: 'aspects' as const }));
  }
  return undefined;
}

function readCards(name: string, cards: RawCard[]): SceneResult {
  const scene: FariScene = {
    name,
    aspects: [],
    hidden: [],
    report: {
      source: `Fari scene${name ? ` “${name}”` : ''}`,
      mapped: [],
      adapted: [],
      dropped: [],
    },
  };
  const { report } = scene;
  for (const [i, raw] of cards.entries()) {
    const title = plainLine(stringAt(raw.card, 'title') ?? '');
    if (title === '') {
      report.dropped.push(`card ${i + 1}: it has no title to make an aspect of`);
      continue;
    }
    if (scene.aspects.length + scene.hidden.length >= MAX_SCENE_CARDS) {
      report.dropped.push(`“${title}”: past the ${MAX_SCENE_CARDS} cards a scene may add`);
      continue;
    }
    const text = clip(title, MAX_ASPECT);
    if (text.cut) report.adapted.push(`“${text.text}…”: cut to ${MAX_ASPECT} characters`);
    const card: SceneCard = {
      kind: cardIsBoost(raw) ? 'boost' : 'situation',
      text: text.text,
      freeInvokes: freeInvokesOf(raw.card, text.text, report),
    };
    const notes = notesOf(raw.card);
    if (raw.private) {
      if (notes !== '') {
        const note = clip(notes, MAX_NOTE);
        if (note.cut) report.adapted.push(`the notes of “${text.text}”: cut to ${MAX_NOTE}`);
        card.note = note.text;
      }
      scene.hidden.push(card);
      report.mapped.push(`private card “${text.text}” → the GM’s hidden prep`);
    } else {
      if (notes !== '') {
        report.dropped.push(`the notes of “${text.text}” (a table aspect carries none)`);
      }
      scene.aspects.push(card);
      const invokes = card.freeInvokes > 0 ? ` with ${card.freeInvokes} free invoke(s)` : '';
      report.mapped.push(`public card “${text.text}” → a ${card.kind} aspect${invokes}`);
    }
  }
  if (scene.aspects.length + scene.hidden.length === 0) {
    return refused('empty-scene', 'This Fari scene has no index card with a title to add.');
  }
  return unacceptedCard(scene) ?? { ok: true, scene };
}

function cardIsBoost(raw: RawCard): boolean {
  // Older scenes: AspectType.Boost is 1. Newer ones: the card's title label says so.
  if (raw.shape === 'aspects') return raw.card.type === 1;
  return isBoost(plainLine(stringAt(raw.card, 'titleLabel') ?? ''));
}

/**
 * The free invokes a card counts: a slot tracker labelled “Free Invokes” (its boxes not yet
 * checked; a checked box is an invoke used) or a counter so labelled; at most five, as
 * `aspect.add` takes.
 */
function freeInvokesOf(card: JsonRecord, title: string, report: FariScene['report']): number {
  let count = 0;
  for (const block of records(arrayAt(card, 'blocks'))) {
    if (!isFreeInvokes(plainLine(stringAt(block, 'label') ?? ''))) continue;
    if (block.type === 'SlotTracker') {
      count += records(arrayAt(block, 'value')).filter((box) => box.checked !== true).length;
    } else count += Math.max(0, integerOf(block.value) ?? 0);
  }
  if (count > MAX_FREE_INVOKES) {
    report.adapted.push(`“${title}”: ${count} free invokes, kept ${MAX_FREE_INVOKES} (the most)`);
    return MAX_FREE_INVOKES;
  }
  return count;
}

/** The card's notes and the text of its text blocks, as plain text. */
function notesOf(card: JsonRecord): string {
  const parts = [plainText(stringAt(card, 'content') ?? '')];
  for (const block of records(arrayAt(card, 'blocks'))) {
    if (block.type !== 'Text' || typeof block.value !== 'string') continue;
    const label = plainLine(stringAt(block, 'label') ?? '');
    const value = plainText(block.value);
    if (value !== '') parts.push(label === '' ? value : `${label}: ${value}`);
  }
  return parts.filter((p) => p !== '').join('\n');
}

/**
 * All or nothing: every card's command as the table's own schema reads it (the text rules of
 * `aspect.add` and `gm.prepare`: a title of only invisible or combining characters shows
 * nothing), before any is sent. The first card the table would refuse refuses the scene,
 * named, so that no scene is ever added in part.
 */
function unacceptedCard(scene: FariScene): Refused | undefined {
  const cards = [...scene.aspects, ...scene.hidden];
  for (const [i, command] of sceneCommands(scene).entries()) {
    const parsed = parseCommand({ id: 'fari-scene-check', ...command });
    if (parsed.ok) continue;
    const title = visibly(cards[i]!.text.slice(0, 60));
    return refused(
      'bad-scene',
      `Card ${i + 1} of this Fari scene (title ${title}) cannot be added: ${parsed.message}. Nothing was added; fix that card in Fari and export the scene again.`,
    );
  }
  return undefined;
}

/** Characters that show nothing (format, combining, spaces but the plain one, Hangul fillers). */
const UNSEEN =
  /[\p{Cf}\p{Mn}\p{Me}\p{Cc}\p{Zl}\p{Zp}\u00A0\u115F\u1160\u2000-\u200A\u3000\u3164\uFFA0]/gu;

/** A title in quotes with what shows nothing spelt out, so the GM can tell which card it is. */
function visibly(text: string): string {
  const spelt = text.replace(
    UNSEEN,
    (c) => `\\u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return `“${spelt}”`;
}

/** A scene command before its id: what applying a scene sends, one per card. */
export type SceneCommand =
  Omit<CommandOf<'aspect.add'>, 'id'> | Omit<CommandOf<'gm.prepare'>, 'id'>;

/**
 * The GM's commands that put a scene on a table: `aspect.add` for each public card,
 * `gm.prepare` for each private one. The existing commands, so the reducer's rules, the log
 * and the documents are what they would be had the GM typed each card in.
 */
export function sceneCommands(scene: FariScene): SceneCommand[] {
  const invokes = (c: SceneCard) => (c.freeInvokes > 0 ? { freeInvokes: c.freeInvokes } : {});
  return [
    ...scene.aspects.map((c): SceneCommand => ({
      type: 'aspect.add',
      kind: c.kind,
      text: c.text,
      ...invokes(c),
    })),
    ...scene.hidden.map((c): SceneCommand => ({
      type: 'gm.prepare',
      kind: c.kind,
      text: c.text,
      ...invokes(c),
      ...(c.note === undefined ? {} : { note: c.note }),
    })),
  ];
}
