import type { Component, ComponentProps } from 'svelte';
import { lazy } from '../lib/lazy';
import type { LazyComponent } from '../lib/lazy';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
type AnyComponent = Component<any>;

/**
 * Several components of one chunk, each a lazy part of its own, behind one `import()`: each
 * `import()` call runs Vite's preload helper over the chunk's dependencies again (on a slow
 * phone, tens of milliseconds a call while the table opens). A failed load is forgotten, so
 * the next part asked for tries again.
 */
export function partGroup<M extends { [K in keyof M]: AnyComponent }>(
  load: () => Promise<M>,
): <K extends keyof M>(name: K) => LazyComponent<ComponentProps<M[K]>> {
  let loading: Promise<M> | undefined;
  const group = (): Promise<M> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return <K extends keyof M>(name: K) =>
    lazy(async () => ({ default: (await group())[name] as Component<ComponentProps<M[K]>> }));
}
