// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcut, shortcutOf, typingIn } from './shortcuts';
import type { KeyPress } from './shortcuts';

// Which key does what, and every case in which a key press is left alone.

function press(key: string, target: EventTarget | null = document.body, extra = {}): KeyPress {
  return { key, ctrlKey: false, altKey: false, metaKey: false, target, ...extra };
}

function element(html: string, pick: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.querySelector(pick)!;
}

describe('the key map', () => {
  it('maps each key to its action, letters in either case', () => {
    expect(shortcutOf(press('r'))).toBe('roll');
    expect(shortcutOf(press('R'))).toBe('roll');
    expect(shortcutOf(press('i'))).toBe('invoke');
    expect(shortcutOf(press('a'))).toBe('accept-compel');
    expect(shortcutOf(press('n'))).toBe('next-turn');
    expect(shortcutOf(press('?'))).toBe('help');
    expect(shortcutOf(press('x'))).toBeUndefined();
    expect(shortcutOf(press('Enter'))).toBeUndefined();
    expect(shortcutOf(press('/'))).toBeUndefined();
  });

  it('has one key per action, each with a hint and an aria-keyshortcuts value', () => {
    const keys = SHORTCUTS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(SHORTCUTS.map((s) => s.action)).size).toBe(SHORTCUTS.length);
    expect(shortcut('help')).toMatchObject({ label: '?', aria: 'Shift+?' });
    expect(shortcut('roll').aria).toBe('R');
  });

  it('allows Shift (the ? needs it) but never Ctrl, Alt or Meta', () => {
    expect(shortcutOf(press('?', document.body, { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('r', document.body, { ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(press('r', document.body, { altKey: true }))).toBeUndefined();
    expect(shortcutOf(press('r', document.body, { metaKey: true }))).toBeUndefined();
  });

  it('leaves a key alone while typing: inputs, textareas, selects, editable text', () => {
    for (const [html, pick] of [
      ['<input name="reason">', 'input'],
      ['<input type="number">', 'input'],
      ['<textarea></textarea>', 'textarea'],
      ['<select><option>a</option></select>', 'select'],
      ['<div contenteditable="true"><b>x</b></div>', 'b'],
      ['<div contenteditable=""></div>', 'div'],
    ] as const) {
      const target = element(html, pick);
      expect(typingIn(target), html).toBe(true);
      expect(shortcutOf(press('r', target)), html).toBeUndefined();
    }
    const button = element('<div contenteditable="false"><button>Go</button></div>', 'button');
    expect(shortcutOf(press('r', button))).toBe('roll');
  });

  it('leaves a key alone inside an open dialog, mid-composition, or already handled', () => {
    const inDialog = element('<dialog open><button>x</button></dialog>', 'button');
    expect(shortcutOf(press('?', inDialog))).toBeUndefined();
    const inClosed = element('<dialog><button>x</button></dialog>', 'button');
    expect(shortcutOf(press('?', inClosed))).toBe('help');
    expect(shortcutOf(press('r', document.body, { isComposing: true }))).toBeUndefined();
    expect(shortcutOf(press('r', document.body, { defaultPrevented: true }))).toBeUndefined();
    expect(shortcutOf(press('r', null))).toBe('roll');
  });
});
