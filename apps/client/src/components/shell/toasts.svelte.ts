export type ToastKind = 'info' | 'success' | 'error' | 'attention';

/** A button on a toast that takes the person where they are needed. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
}

/** Short messages at the corner of the screen: refusals, copied links, reconnections. */
export class Toasts {
  items = $state<Toast[]>([]);
  #next = 1;

  constructor(private readonly lifetimeMs = 6000) {}

  /**
   * Shows a message; `action` adds a button; `sticky` keeps it until dismissed (a call to act
   * that its sender closes once it is answered).
   */
  push(
    kind: ToastKind,
    text: string,
    options: { action?: ToastAction; sticky?: boolean } = {},
  ): number {
    const id = this.#next++;
    const { action, sticky = false } = options;
    this.items.push({ id, kind, text, ...(action ? { action } : {}) });
    // Errors and calls to act stay longer: they explain why, or ask for something.
    const ms = sticky
      ? 0
      : kind === 'info' || kind === 'success'
        ? this.lifetimeMs
        : this.lifetimeMs * 1.5;
    if (ms > 0) setTimeout(() => this.dismiss(id), ms);
    return id;
  }

  dismiss(id: number): void {
    const index = this.items.findIndex((t) => t.id === id);
    if (index >= 0) this.items.splice(index, 1);
  }

  /** Runs a toast's action and closes the toast: it has done its job. */
  act(id: number): void {
    const toast = this.items.find((t) => t.id === id);
    this.dismiss(id);
    toast?.action?.run();
  }
}
