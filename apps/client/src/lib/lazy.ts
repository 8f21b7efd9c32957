import type { Component } from 'svelte';

/**
 * A component loaded on first use, in its own chunk (`lazy(() => import('./X.svelte'))`).
 * `get()` answers the component itself once it has loaded, so a part shown again renders at
 * once, with no "Loading…" step; until then, one shared promise. A failed load is forgotten,
 * so the next `get()` (the Retry of `Lazy.svelte`) tries again.
 */
export interface LazyComponent<P extends Record<string, unknown>> {
  get(): Component<P> | Promise<Component<P>>;
  /** Starts loading without waiting (a failure is left for `get()` to report). */
  preload(): void;
}

export function lazy<P extends Record<string, unknown>>(
  importer: () => Promise<{ default: Component<P> }>,
): LazyComponent<P> {
  let loaded: Component<P> | undefined;
  let pending: Promise<Component<P>> | undefined;
  const get = (): Component<P> | Promise<Component<P>> => {
    if (loaded) return loaded;
    pending ??= importer().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    get,
    preload() {
      const result = get();
      if (result instanceof Promise) result.catch(() => {});
    },
  };
}

/**
 * Runs `fn` when the page is next idle (within `timeout` ms at the latest): for drawing what
 * is not in sight after what is. Answers a cancel.
 */
export function whenIdle(fn: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 50);
  return () => clearTimeout(id);
}

/**
 * Runs `fn` in a task after the page's next paint: for drawing what comes right after what is
 * in sight, without waiting for the page to be idle (a loading phone may not be for a second).
 * Answers a cancel.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
