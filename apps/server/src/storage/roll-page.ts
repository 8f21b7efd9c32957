// The session's roll history, paged from the commands' stored rolls by both adapters.

/** A page of the session's rolls: made by commands numbered below `before`, of `character`. */
export interface RollQuery {
  before: number | undefined;
  limit: number;
  /** Only the rolls this character rolled in (its own side or the opposing one). */
  character: string | undefined;
}

export interface RollPage {
  /** Newest first; `seq` is the command that made the roll: the next page's `before`. */
  rolls: { seq: number; roll: unknown }[];
  /** Every character with a roll this session, whatever the filter (the feed's choices). */
  characters: string[];
}

/** The stored result's `rolls` (what the reducer hands over): the roll history's source. */
export function rollsOf(result: unknown): unknown[] {
  const rolls = (result as { rolls?: unknown } | null)?.rolls;
  return Array.isArray(rolls) ? rolls : [];
}

/** A roll's id and the characters on its sides, read defensively from a stored snapshot. */
export function rollKeys(roll: unknown): { id: unknown; characters: string[] } {
  const r = roll as {
    id?: unknown;
    actor?: { characterId?: unknown };
    opposition?: { characterId?: unknown };
  } | null;
  const characters = [r?.actor?.characterId, r?.opposition?.characterId].filter(
    (c): c is string => typeof c === 'string',
  );
  return { id: r?.id, characters };
}

/** One command's stored rolls (rollsOf its result), as the roll history reads them. */
export interface CommandRolls {
  seq: number;
  rolls: unknown[];
}

/**
 * A page of the session's rolls from its commands' stored rolls, read once, newest command
 * first, back to the session's start (the caller stops there). A roll is stored again by every
 * command that changes it: the first snapshot met is the roll as it reads now, the last one
 * met is the command that made it (the roll's `seq`). Both adapters page with it.
 */
export function rollPage(newestFirst: Iterable<CommandRolls>, query: RollQuery): RollPage {
  const made = new Map<unknown, { seq: number; roll: unknown; characters: string[] }>();
  const characters = new Set<string>();
  for (const { seq, rolls } of newestFirst) {
    for (let i = rolls.length - 1; i >= 0; i--) {
      const roll = rolls[i];
      if (typeof roll !== 'object' || roll === null) continue;
      const keys = rollKeys(roll);
      for (const c of keys.characters) characters.add(c);
      const later = made.get(keys.id);
      if (later) later.seq = seq;
      else made.set(keys.id, { seq, roll, characters: keys.characters });
    }
  }
  const before = query.before ?? Number.MAX_SAFE_INTEGER;
  const rolls = [...made.values()]
    .filter((m) => m.seq < before)
    .filter((m) => query.character === undefined || m.characters.includes(query.character))
    .sort((a, b) => b.seq - a.seq)
    .slice(0, query.limit)
    .map((m) => ({ seq: m.seq, roll: m.roll }));
  return { rolls, characters: [...characters].sort() };
}
