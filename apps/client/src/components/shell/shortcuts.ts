// The table's keyboard shortcuts: which key does what, and when a key press is not one. One
// small module so that the help sheet, the buttons' hints (`aria-keyshortcuts`, `<kbd>`) and
// the listener all read the same map. What each action does is KeyboardShortcuts.svelte's.

export type ShortcutAction = 'roll' | 'invoke' | 'accept-compel' | 'next-turn' | 'help';

export interface Shortcut {
  action: ShortcutAction;
  /** `KeyboardEvent.key` as pressed (a letter in either case counts). */
  key: string;
  /** The hint shown on a button (`<kbd>`). */
  label: string;
  /** For `aria-keyshortcuts` (WAI-ARIA: modifiers then the key, `+` between). */
  aria: string;
}

/** In the help sheet's order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'roll', key: 'r', label: 'R', aria: 'R' },
  { action: 'invoke', key: 'i', label: 'I', aria: 'I' },
  { action: 'accept-compel', key: 'a', label: 'A', aria: 'A' },
  { action: 'next-turn', key: 'n', label: 'N', aria: 'N' },
  // `?` is Shift+/ on most layouts: Shift is allowed, the key itself is what counts.
  { action: 'help', key: '?', label: '?', aria: 'Shift+?' },
];

export function shortcut(action: ShortcutAction): Shortcut {
  const found = SHORTCUTS.find((s) => s.action === action);
  if (!found) throw new Error(`no shortcut for ${action}`);
  return found;
}

/** What the listener needs of a key press (a KeyboardEvent has all of it). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** Mid-composition (an IME): the key belongs to the text being composed. */
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/**
 * Where a key is typing, not a shortcut: a text field, a select (letters pick options), an
 * editable element, or inside an open dialog (its own keys, and the page behind is inert).
 */
export function typingIn(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])'))
    return true;
  return target.closest('dialog[open]') !== null;
}

/** The shortcut a key press asks for, or undefined when it is none (or must be left alone). */
export function shortcutOf(press: KeyPress): ShortcutAction | undefined {
  if (press.ctrlKey || press.altKey || press.metaKey) return undefined;
  if (press.isComposing || press.defaultPrevented) return undefined;
  if (typingIn(press.target)) return undefined;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return SHORTCUTS.find((s) => s.key === key)?.action;
}

/**
 * The attributes of the control a shortcut uses, spread on it (`<button {...keyed('roll')}>`):
 * `data-shortcut` is how the listener finds it, `aria-keyshortcuts` tells assistive technology.
 */
export function keyed(action: ShortcutAction): {
  'data-shortcut': ShortcutAction;
  'aria-keyshortcuts': string;
} {
  return { 'data-shortcut': action, 'aria-keyshortcuts': shortcut(action).aria };
}
