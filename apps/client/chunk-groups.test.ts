import { describe, expect, it } from 'vitest';
import { chunkGroups, openingTest } from './chunk-groups';

/** A module graph as the bundler describes it: each module's static and lazy importers. */
const GRAPH: Record<string, { entry?: boolean; by?: string[]; lazyBy?: string[] }> = {
  'src/main.ts': { entry: true },
  'src/lib/words.ts': { by: ['src/main.ts', 'src/parts/table-parts.ts'] },
  'src/parts/table-parts.ts': { lazyBy: ['src/main.ts'] },
  'src/parts/player-tools.ts': { lazyBy: ['src/main.ts'] },
  // Only the table's opening imports these, directly or through each other.
  'src/views/Scene.svelte': { by: ['src/parts/table-parts.ts'] },
  'src/views/Aspect.svelte': { by: ['src/views/Scene.svelte', 'src/parts/player-tools.ts'] },
  // The overlay, a lazy part of its own, needs the pictures too.
  'src/views/Overlay.svelte': { lazyBy: ['src/main.ts'] },
  'src/pictures/Picture.svelte': {
    by: ['src/views/Scene.svelte', 'src/views/Overlay.svelte'],
  },
  // Needed by the opening and loaded lazily elsewhere.
  'src/lib/download.ts': { by: ['src/views/Scene.svelte'], lazyBy: ['src/views/Landing.svelte'] },
  // A lazy part of the table itself: not in its opening.
  'src/views/Log.svelte': { lazyBy: ['src/parts/table-parts.ts'] },
  // A cycle under the opening: decided the careful way (shared).
  'src/x.ts': { by: ['src/parts/table-parts.ts', 'src/y.ts'] },
  'src/y.ts': { by: ['src/x.ts'] },
};

const info = (id: string) => {
  const m = GRAPH[id];
  return m ? { isEntry: !!m.entry, importers: m.by ?? [], dynamicImporters: m.lazyBy ?? [] } : null;
};
const ROOTS = ['src/parts/table-parts.ts', 'src/parts/player-tools.ts'];

describe('the files a table opens with', () => {
  it('puts what only the opening imports in its file, and what others need beside it', () => {
    const part = openingTest(ROOTS);
    const of = (id: string) => part(id, info);
    expect(of('src/views/Scene.svelte')).toBe('only');
    expect(of('src/views/Aspect.svelte')).toBe('only');
    expect(of('src/pictures/Picture.svelte')).toBe('shared');
    expect(of('src/lib/download.ts')).toBe('shared');
    expect(of('src/x.ts')).toBe('shared');
    // The roots stay files of their own; a lazy part and the overlay are in neither.
    expect(of('src/parts/table-parts.ts')).toBeNull();
    expect(of('src/views/Log.svelte')).toBeNull();
    expect(of('src/views/Overlay.svelte')).toBeNull();
  });

  it('gives what the page runs up front to the boot file first', () => {
    const groups = chunkGroups(ROOTS).sort((a, b) => b.priority - a.priority);
    const ctx = { getModuleInfo: info };
    const group = (id: string) =>
      groups.map((g) => g.name(id, ctx)).find((name) => name !== null) ?? null;
    expect(group('src/main.ts')).toBe('boot');
    // Up front and imported by the opening: boot's, by priority.
    expect(group('src/lib/words.ts')).toBe('boot');
    expect(group('src/views/Scene.svelte')).toBe('table-opening');
    expect(group('src/pictures/Picture.svelte')).toBe('table-shared');
    expect(group('src/views/Log.svelte')).toBeNull();
  });
});
