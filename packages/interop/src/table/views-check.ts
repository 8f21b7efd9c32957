import { RULESET_IDS } from '@fateboard/rules';
import type { GmView, TableView } from '@fateboard/table';
import * as v from 'valibot';

/**
 * What a restored table must look like to the screens that show it: the views every client
 * reads (`readTable`, `readGm`), checked field by field where a screen or the reducer does
 * arithmetic or loops (numbers, lists, kinds). The file's schema only knows the documents'
 * containers; this keeps a hand-made file from giving players a table whose character has
 * "three" fate points or a stress track that is not a list. Loose objects: fields a newer
 * view adds are not refused.
 */
const Count = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(1000));
const Rating = v.pipe(v.number(), v.safeInteger(), v.minValue(-10), v.maxValue(20));
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
const Time = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

const CharacterShape = v.object({
  id: Id,
  name: v.string(),
  ruleset: v.picklist(RULESET_IDS),
  npc: v.boolean(),
  aspects: v.array(
    v.object({
      id: Id,
      slot: v.picklist(['high-concept', 'trouble', 'ship', 'free', 'other']),
      text: v.string(),
      rating: v.optional(Rating),
    }),
  ),
  skills: v.array(v.object({ id: Id, rating: Rating })),
  stunts: v.array(v.object({ id: Id, name: v.string(), text: v.string() })),
  refresh: Count,
  fatePoints: Count,
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
});

/** A countdown's boxes are counted and drawn: at most ten, and no more filled than there are. */
const CountdownsShape = v.array(
  v.pipe(
    v.object({
      id: Id,
      name: v.string(),
      boxes: v.pipe(Count, v.minValue(1), v.maxValue(10)),
      filled: Count,
      trigger: v.string(),
      perExchange: v.boolean(),
    }),
    v.check((c) => c.filled <= c.boxes, 'a countdown has more boxes filled than it has'),
  ),
);

const TableShape = v.object({
  gmPool: Count,
  seats: v.array(v.object({ id: Id, name: v.string() })),
  characters: v.array(CharacterShape),
  aspects: v.array(
    v.object({
      id: Id,
      kind: v.picklist(['situation', 'character', 'boost']),
      text: v.string(),
      at: Time,
      freeInvokes: v.record(v.string(), Count),
    }),
  ),
  scene: v.object({ active: v.boolean(), name: v.string(), present: v.array(Id) }),
  conflict: v.object({
    active: v.boolean(),
    order: v.array(Id),
    turn: Count,
    round: Count,
  }),
  log: v.array(v.object({ n: v.pipe(v.number(), v.safeInteger()), text: v.string() })),
  countdowns: CountdownsShape,
  // A declaration's voters are listed and its votes counted.
  declarations: v.array(
    v.object({
      id: Id,
      characterId: Id,
      declarer: Id,
      text: v.string(),
      voters: v.pipe(v.array(Id), v.maxLength(100)),
      votes: v.record(v.string(), v.picklist(['support', 'oppose', 'abstain'])),
      closed: v.boolean(),
    }),
  ),
});

const GmShape = v.object({
  hidden: v.array(
    v.object({
      id: Id,
      kind: v.picklist(['aspect', 'npc']),
      text: v.string(),
      freeInvokes: Count,
      note: v.optional(v.string()),
    }),
  ),
  notes: v.array(v.object({ id: Id, text: v.string(), at: Time })),
  countdowns: CountdownsShape,
});

/** The first thing a screen could not show in the restored table's views, if any. */
export function viewsProblem(table: TableView, gm: GmView): string | undefined {
  for (const [schema, view, root] of [
    [TableShape, table, 'table'],
    [GmShape, gm, 'GM document'],
  ] as const) {
    const checked = v.safeParse(schema, view);
    if (!checked.success) {
      const issue = checked.issues[0];
      const path = v.getDotPath(issue);
      return `the ${root} has ${path ?? 'a value'} that is not what Fateboard writes (${issue.message})`;
    }
  }
  return undefined;
}
