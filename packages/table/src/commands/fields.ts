import * as v from 'valibot';
import { ACTION_KINDS } from '@fateboard/rules';
import { userText } from './text';

// The pieces the command schemas (schemas.ts) are built of: ids, bounded text and numbers,
// records that refuse prototype keys, sheets, aspect references and the dice a side rolls.

export const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
export const Name = userText('name', 80, 'name');
export const AspectText = userText('name', 200, 'aspect text');
export const Reason = userText('line', 300, 'reason');
export const int = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

/** A skill's or a rated aspect's rating as a person may write it: Terrible to Legendary and then some. */
export const Rating = int(-4, 12);
/** Most aspects, skills and stunts one sheet holds (checkTable holds a stored sheet to them). */
export const SHEET_LIMITS = { aspects: 20, skills: 60, stunts: 20 } as const;
/** The refresh a person may give an NPC, or the GM set on anyone. */
export const RefreshValue = int(0, 20);

/** Keys no record may carry: they name the prototype chain, not an entry. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const reservedKeyOf = (input: unknown): string | undefined =>
  input !== null && typeof input === 'object'
    ? Object.keys(input).find((key) => RESERVED_KEYS.has(key))
    : undefined;

/**
 * A record keyed by ids. valibot's `record` drops the keys `__proto__`, `constructor` and
 * `prototype` without a word, so a command carrying one (socket.io's JSON.parse makes
 * `__proto__` an own key) would be accepted minus an entry its sender meant. Refused instead
 * (guarantee 7): the check runs on the raw input, before `record` builds its copy.
 */
export const keyedRecord = /* @__NO_SIDE_EFFECTS__ */ <V extends v.GenericSchema>(
  key: typeof Id,
  value: V,
) =>
  v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => reservedKeyOf(input) === undefined,
      (issue) => `the key "${reservedKeyOf(issue.input) ?? ''}" is not allowed in a record`,
    ),
    v.record(key, value),
  );

/** A seat id or `gm`: whoever may use a free invoke. */
export const Owner = Id;

/**
 * An aspect on the table (`aspectId` alone: situation, boost, or one placed on a character),
 * or on a character's sheet (`characterId` + the sheet aspect's or consequence slot's id).
 */
export const AspectRefSchema = v.strictObject({ aspectId: Id, characterId: v.optional(Id) });
export type AspectRef = v.InferOutput<typeof AspectRefSchema>;

const SheetAspect = v.strictObject({
  id: Id,
  slot: v.picklist(['high-concept', 'trouble', 'ship', 'free', 'other']),
  /** May be blank: an empty slot the player fills in later. */
  text: userText('line', 200, 'aspect text'),
  rating: v.optional(Rating),
  permanent: v.optional(v.boolean()),
});
const SheetSkill = v.strictObject({ id: Id, rating: Rating });
const SheetStunt = v.strictObject({
  id: Id,
  name: userText('line', 80, 'stunt name'),
  text: userText('multiline', 600, 'stunt text'),
  /** An active stunt that attacks everyone in a zone [CORE-TARGET-2]. */
  zoneAttack: v.optional(v.boolean()),
});

/** What a player writes on a sheet; tracks, slots and fate points come from the ruleset. */
const SheetContents = {
  aspects: v.optional(v.pipe(v.array(SheetAspect), v.maxLength(SHEET_LIMITS.aspects))),
  skills: v.optional(v.pipe(v.array(SheetSkill), v.maxLength(SHEET_LIMITS.skills))),
  stunts: v.optional(v.pipe(v.array(SheetStunt), v.maxLength(SHEET_LIMITS.stunts))),
  refresh: v.optional(RefreshValue),
  primaryMagic: v.optional(v.boolean()),
};
export const SheetSchema = v.strictObject({ name: Name, ...SheetContents });
export type Sheet = v.InferOutput<typeof SheetSchema>;

/** A change to a sheet: the same fields, the name optional too. */
export const SheetChangesSchema = v.strictObject({ name: v.optional(Name), ...SheetContents });
export type SheetChanges = v.InferOutput<typeof SheetChangesSchema>;

export const TableAspectKind = v.picklist(['situation', 'character', 'boost']);
export type TableAspectKind = v.InferOutput<typeof TableAspectKind>;
export const Action = v.picklist(ACTION_KINDS);
export type Action = v.InferOutput<typeof Action>;
export const Modifier = v.strictObject({
  label: userText('line', 80, 'modifier label'),
  value: int(-10, 10),
});
export const HarmKind = v.picklist(['physical', 'mental', 'any']);

/**
 * The dice a side rolls: a skill, or in `narrative` a rated aspect with its conflict modifiers
 * (strategy, creativity, tools), which other rulesets refuse.
 */
export const Roller = {
  characterId: Id,
  skillId: v.optional(Id),
  aspectId: v.optional(Id),
  strategy: v.optional(v.picklist(['none', 'defensive', 'aggressive'])),
  creativity: v.optional(v.picklist([-1, 0, 1])),
  tool: v.optional(v.boolean()),
};
export const AspectAction = v.picklist(['declaration', 'assessment', 'maneuver']);

export const cmd = /* @__NO_SIDE_EFFECTS__ */ <T extends string, E extends v.ObjectEntries>(
  type: T,
  entries: E,
) => v.strictObject({ id: Id, type: v.literal(type), ...entries });

export const Adjustment = v.variant('what', [
  v.strictObject({ what: v.literal('fate-points'), characterId: Id, value: int(0, 99) }),
  v.strictObject({ what: v.literal('refresh'), characterId: Id, value: RefreshValue }),
  v.strictObject({ what: v.literal('gm-pool'), value: int(0, 99) }),
  v.strictObject({
    what: v.literal('stress'),
    characterId: Id,
    trackId: Id,
    box: int(0, 20),
    checked: v.boolean(),
  }),
  v.strictObject({ what: v.literal('skill'), characterId: Id, skillId: Id, rating: Rating }),
  v.strictObject({
    what: v.literal('aspect-rating'),
    characterId: Id,
    aspectId: Id,
    rating: Rating,
  }),
  v.strictObject({
    what: v.literal('free-invokes'),
    ref: AspectRefSchema,
    owner: Owner,
    count: int(0, 9),
  }),
]);
export type Adjustment = v.InferOutput<typeof Adjustment>;

/**
 * A random secret the joining client makes and keeps until the join is acknowledged: only a
 * retry carrying it (or sent by the seat itself) is answered with a seat token, so a person on
 * the shared player link who learns the join's id cannot take the seat (docs/PROTOCOL.md).
 */
export const JoinSecret = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/));
/** A restored seat's claim code, as the GM's claim link carries it: 32 random bytes, base64url. */
export const ClaimCode = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
