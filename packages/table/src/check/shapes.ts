import * as v from 'valibot';
import { RULESET_IDS } from '@fateboard/rules';
import { COUNTDOWN_LIMIT } from '../commands/countdowns/store';
import { CountdownBoxes } from '../commands/countdowns/schemas';
import { MAX_SEATS } from '../commands/characters/seats';
import { Action, Id, Rating, SHEET_LIMITS, TableAspectKind } from '../commands/fields';
import { MAX_POINTS } from '../doc/schema';
import { ROLL_LIMIT } from '../doc/schema';
import { BOARD_LIMITS, ImageHash } from '../commands/board/schemas';
import { MAX_HANDOUTS } from '../commands/handouts/handouts';

/**
 * The shape of every field of the two views (`readTable`, `readGm`) as the reducer writes it:
 * the kinds, the counts and the limits the commands enforce, taken from the commands' own
 * schemas and constants. What needs two fields at once (a reference, a sheet the ruleset
 * derives) is references.ts's and sheets.ts's. Loose objects: a field a newer view adds is not
 * refused here.
 */

/** A counter on the table: a non-negative safe integer no command takes past MAX_POINTS. */
const Count = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_POINTS));
const Int = v.pipe(v.number(), v.safeInteger());
const Time = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const capped = <T extends v.GenericSchema>(item: T, max: number, what: string) =>
  v.pipe(v.array(item), v.maxLength(max, `holds more than ${max} ${what}`));

const ActorRef = v.object({
  role: v.picklist(['gm', 'player', 'spectator']),
  seatId: v.optional(Id),
});

const CharacterShape = v.object({
  id: Id,
  name: v.string(),
  ruleset: v.picklist(RULESET_IDS),
  npc: v.boolean(),
  aspects: capped(
    v.object({
      id: Id,
      slot: v.picklist(['high-concept', 'trouble', 'ship', 'free', 'other']),
      text: v.string(),
      rating: v.optional(Rating),
      baseRating: v.optional(Rating),
    }),
    SHEET_LIMITS.aspects,
    'aspects',
  ),
  skills: capped(v.object({ id: Id, rating: Rating }), SHEET_LIMITS.skills, 'skills'),
  stunts: capped(
    v.object({
      id: Id,
      name: v.string(),
      text: v.string(),
      zoneAttack: v.optional(v.literal(true)),
    }),
    SHEET_LIMITS.stunts,
    'stunts',
  ),
  refresh: Count,
  fatePoints: Count,
  owed: Count,
  conflictConsequences: Count,
  // How many boxes and slots a sheet has is the ruleset's to say (sheets.ts).
  stress: v.array(
    v.object({
      id: Id,
      kind: v.picklist(['physical', 'mental', 'any']),
      label: v.string(),
      boxes: v.array(v.object({ value: Count, checked: v.boolean() })),
    }),
  ),
  consequences: v.array(
    v.object({
      id: Id,
      severity: v.picklist(['mild', 'moderate', 'severe', 'extreme']),
      value: Count,
      taken: v.optional(v.object({ text: v.string(), recovering: v.boolean() })),
    }),
  ),
  takenOut: v.boolean(),
  owner: v.optional(Id),
  freeInvokes: v.record(Id, v.record(Id, Count)),
  portrait: v.optional(ImageHash),
});

/** A zone: whole cells inside the board (references and overlaps are board.ts's). */
const ZoneShape = v.pipe(
  v.object({
    id: Id,
    name: v.string(),
    x: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
    y: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
    w: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    h: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    at: Time,
  }),
  v.check(
    (z) => z.x + z.w <= BOARD_LIMITS.columns && z.y + z.h <= BOARD_LIMITS.rows,
    `lies off the board's ${BOARD_LIMITS.columns} × ${BOARD_LIMITS.rows} cells`,
  ),
);
const BorderShape = v.object({ id: Id, a: Id, b: Id, at: Time });

/** A countdown's boxes are counted and drawn: as many as `countdown.add` allows. */
const countdownsShape = (where: string) =>
  capped(
    v.pipe(
      v.object({
        id: Id,
        name: v.string(),
        boxes: CountdownBoxes,
        filled: Count,
        trigger: v.string(),
        perExchange: v.boolean(),
        at: Time,
      }),
      v.check((c) => c.filled <= c.boxes, 'has more boxes filled than it has'),
    ),
    COUNTDOWN_LIMIT,
    `${where} countdowns`,
  );

const RollSide = v.object({
  characterId: Id,
  skillId: v.optional(Id),
  aspectId: v.optional(Id),
  rating: Int,
  modifiers: v.array(
    v.object({
      label: v.string(),
      value: Int,
      kind: v.optional(v.picklist(['stunt', 'help'])),
    }),
  ),
  faces: v.array(v.picklist([-1, 0, 1])),
  bonus: Int,
  total: Int,
  label: v.string(),
});

const RollShape = v.object({
  id: Id,
  at: Time,
  by: ActorRef,
  action: Action,
  actor: RollSide,
  difficulty: v.optional(Int),
  difficultyBonus: v.optional(Int),
  opposition: v.optional(RollSide),
  invokes: v.array(
    v.object({
      side: v.picklist(['actor', 'opposition']),
      aspectKey: v.string(),
      aspectText: v.string(),
      free: v.boolean(),
      effect: v.picklist(['+2', 'reroll']),
      by: ActorRef,
    }),
  ),
  outcome: v.picklist(['fail', 'tie', 'success', 'success-with-style']),
  shifts: Int,
  applied: v.boolean(),
  hit: v.optional(v.object({ characterId: Id, shifts: Int })),
  defence: v.optional(
    v.object({ characterId: Id, status: v.picklist(['awaiting', 'rolled', 'conceded']) }),
  ),
  recovers: v.optional(
    v.object({ characterId: Id, slotId: Id, text: v.string(), treatingSelf: v.boolean() }),
  ),
  removes: v.optional(v.object({ aspectId: Id, characterId: v.optional(Id) })),
  declaration: v.optional(
    v.object({
      supporters: Count,
      opposers: Count,
      text: v.optional(v.string()),
      targetId: v.optional(Id),
    }),
  ),
  moves: v.optional(
    v.object({
      characterId: Id,
      from: Id,
      to: Id,
      hindered: v.array(Id),
      used: v.optional(v.boolean()),
    }),
  ),
  zoneAttack: v.optional(v.object({ group: Id, zoneId: Id, stunt: v.optional(v.string()) })),
});

/** edgerunner's declarations before the table: one per declarer (a seat, or the GM). */
const DeclarationShape = v.object({
  id: Id,
  characterId: Id,
  declarer: Id,
  text: v.string(),
  targetId: v.optional(Id),
  voters: capped(Id, MAX_SEATS + 1, 'voters'),
  votes: v.record(Id, v.picklist(['support', 'oppose', 'abstain'])),
  closed: v.boolean(),
  at: Time,
});

/** A handout as the GM prepared it, or as every screen shows it. */
const HandoutShape = v.object({ id: Id, image: ImageHash, title: v.string(), at: Time });

export const TableShape = v.object({
  ruleset: v.picklist(RULESET_IDS),
  gmPool: Count,
  handout: v.nullable(HandoutShape),
  spotlight: v.nullable(
    v.object({ aspectId: Id, characterId: v.optional(Id), text: v.string(), at: Time }),
  ),
  seats: capped(
    v.object({ id: Id, name: v.string(), characterId: v.optional(Id) }),
    MAX_SEATS,
    'seats',
  ),
  characters: v.array(CharacterShape),
  aspects: v.array(
    v.object({
      id: Id,
      kind: TableAspectKind,
      text: v.string(),
      characterId: v.optional(Id),
      at: Time,
      freeInvokes: v.record(Id, Count),
      persistence: v.optional(Count),
      place: v.optional(Id),
    }),
  ),
  scene: v.object({
    active: v.boolean(),
    name: v.string(),
    present: v.array(Id),
    map: v.optional(ImageHash),
  }),
  compels: v.array(
    v.object({
      id: Id,
      characterId: Id,
      text: v.string(),
      offeredBy: ActorRef,
      fromCharacterId: v.optional(Id),
      self: v.boolean(),
      at: Time,
    }),
  ),
  conflict: v.object({
    active: v.boolean(),
    order: v.array(Id),
    turn: Count,
    round: Count,
    freeMove: v.optional(v.object({ characterId: Id, round: Count, turn: Count })),
  }),
  rolls: capped(RollShape, ROLL_LIMIT, 'rolls'),
  log: v.array(v.object({ n: v.pipe(Int, v.minValue(1)), text: v.string() })),
  countdowns: countdownsShape('public'),
  declarations: capped(DeclarationShape, MAX_SEATS + 1, 'declarations'),
  board: v.object({
    zones: capped(ZoneShape, BOARD_LIMITS.zones, 'zones'),
    borders: capped(BorderShape, BOARD_LIMITS.borders, 'borders'),
    tokens: capped(v.object({ characterId: Id, zoneId: Id }), BOARD_LIMITS.tokens, 'tokens'),
  }),
});

export const GmShape = v.object({
  hidden: v.array(
    v.object({
      id: Id,
      kind: v.picklist(['aspect', 'npc']),
      aspectKind: v.optional(TableAspectKind),
      text: v.string(),
      freeInvokes: Count,
      note: v.optional(v.string()),
      place: v.optional(Id),
      zoneId: v.optional(Id),
      at: Time,
    }),
  ),
  notes: v.array(v.object({ id: Id, text: v.string(), at: Time })),
  countdowns: countdownsShape('hidden'),
  board: v.object({
    zones: capped(ZoneShape, BOARD_LIMITS.zones, 'zones'),
    borders: capped(BorderShape, BOARD_LIMITS.borders, 'borders'),
  }),
  handouts: capped(HandoutShape, MAX_HANDOUTS, 'handouts'),
});
