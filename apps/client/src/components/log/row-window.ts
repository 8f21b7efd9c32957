// A long list (the log, the roll feed) draws a window of its rows, not all of them: every row
// in the page costs the phone layout, style and memory on each change, and a session's
// history is thousands of rows. The rows already read stay in memory, newest first; the
// window moves over them, and "Load older" reads the next page only when the window has
// reached the oldest row read so far.

/** Where the window starts (0: the newest row) and how many rows it draws. */
export interface RowWindow {
  start: number;
  size: number;
}

/** The rows the window draws. */
export function windowRows<T>(rows: readonly T[], w: RowWindow): T[] {
  return rows.slice(w.start, w.start + w.size);
}

/** Rows newer than the window (a "Show newer" button). */
export function hasNewer(w: RowWindow): boolean {
  return w.start > 0;
}

/** Rows already read that are older than the window (no need to ask the server). */
export function hasHiddenOlder(total: number, w: RowWindow): boolean {
  return w.start + w.size < total;
}

/** The window moved `step` rows older, never past the oldest row read. */
export function older(total: number, w: RowWindow, step: number): RowWindow {
  return { ...w, start: Math.max(0, Math.min(w.start + step, total - w.size)) };
}

/** The window moved `step` rows newer, never before the newest. */
export function newer(w: RowWindow, step: number): RowWindow {
  return { ...w, start: Math.max(0, w.start - step) };
}
