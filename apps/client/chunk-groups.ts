/**
 * How the build groups the client's modules into files (Rolldown's `codeSplitting.groups`),
 * for a phone on a slow link: it fetches six files at a time over HTTP/1.1, each a round trip
 * of 150 ms, so the number of files the page needs before it can draw counts as much as their
 * bytes. Three groups, each taking its modules' imports with it unless a group of higher
 * priority has them:
 *
 * - `boot`: what the page runs as it starts (the entry and its static imports), one file.
 *   Split by what the lazy chunks share with it, it was some twenty files.
 * - `table-shared`: what a table opens with that another lazy part needs too (the stream
 *   overlay's pictures and handouts, the landing page's file download), so those pages load
 *   this small file and not the table's whole opening.
 * - `table-opening`: the rest of what a table opens with (`tableOpens`: the view's parts, the
 *   player's tools, the command socket) and their imports. Split by what the other lazy parts
 *   share with them, it was some twenty files fetched in four waves, after the boot file.
 *
 * The modules named in `tableOpens` stay files of their own (a line importing the groups),
 * which `import()` loads and `table-chunk-hints.ts` finds by name.
 */

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

type Info = (id: string) => ModuleInfo | null;
interface GroupContext {
  getModuleInfo: Info;
}

export interface ChunkGroup {
  priority: number;
  name: (id: string, ctx: GroupContext) => string | null;
}

export function chunkGroups(tableOpens: readonly string[]): ChunkGroup[] {
  const upFront = upFrontTest();
  const opening = openingTest(tableOpens);
  const part = (id: string, ctx: GroupContext) => opening(id, (m) => ctx.getModuleInfo(m));
  return [
    {
      priority: 3,
      name: (id, ctx) => (upFront(id, (m) => ctx.getModuleInfo(m)) ? 'boot' : null),
    },
    { priority: 2, name: (id, ctx) => (part(id, ctx) === 'shared' ? 'table-shared' : null) },
    { priority: 1, name: (id, ctx) => (part(id, ctx) === 'only' ? 'table-opening' : null) },
  ];
}

/**
 * Whether a module runs as the page starts: the entry, or statically imported by a module
 * that does. Memoised per build; a cycle counts as not (its other paths decide).
 */
function upFrontTest(): (id: string, info: Info) => boolean {
  return memo((id, info, self) => {
    const module = info(id);
    return !!module && (module.isEntry || module.importers.some((i) => self(i, info)));
  });
}

/**
 * Which part of a table's opening a module belongs to: `only` when nothing but `roots` import
 * it, directly or through modules that are `only` themselves (and nothing imports it lazily);
 * `shared` when a root needs it and another lazy part does too; null when no root needs it, or
 * it is a root. Memoised per build; a cycle counts as not (its other paths decide).
 */
export function openingTest(
  roots: readonly string[],
): (id: string, info: Info) => 'only' | 'shared' | null {
  const isRoot = (id: string) => roots.some((r) => id.endsWith(r));
  const reached = memo((id, info, self) =>
    isRoot(id) ? true : !!info(id)?.importers.some((i) => self(i, info)),
  );
  const only = memo((id, info, self) => {
    const module = info(id);
    return (
      !!module &&
      module.importers.length > 0 &&
      module.dynamicImporters.length === 0 &&
      module.importers.every((i) => isRoot(i) || self(i, info))
    );
  });
  return (id, info) => {
    if (isRoot(id) || !reached(id, info)) return null;
    return only(id, info) ? 'only' : 'shared';
  };
}

/** A test of a module memoised per build, false while it is being decided (a cycle). */
function memo(
  test: (id: string, info: Info, self: (id: string, info: Info) => boolean) => boolean,
): (id: string, info: Info) => boolean {
  const known = new Map<string, boolean>();
  const self = (id: string, info: Info): boolean => {
    const had = known.get(id);
    if (had !== undefined) return had;
    known.set(id, false);
    const yes = test(id, info, self);
    known.set(id, yes);
    return yes;
  };
  return self;
}
