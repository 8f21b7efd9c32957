/**
 * The sheet schema's bounds (`@fateboard/table` SheetSchema), which every part of `adapt` fits
 * what it found into: text is clipped to them, ids that do not fit are replaced, numbers clamped.
 */
export const LIMITS = {
  name: 80,
  aspect: 200,
  stuntName: 80,
  stuntText: 600,
  list: 20,
  skills: 60,
};
/** An id the sheet schema accepts; a file's own id is kept only when it is one. */
export const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));
