export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Short messages at the corner of the screen: refusals, copied links, reconnections. */
export class Toasts {
  items = $state<Toast[]>([]);
  #next = 1;

  constructor(private readonly lifetimeMs = 6000) {}

  push(kind: ToastKind, text: string): number {
    const id = this.#next++;
    this.items.push({ id, kind, text });
    // Errors stay longer: they explain why something did not happen.
    const ms = kind === 'error' ? this.lifetimeMs * 1.5 : this.lifetimeMs;
    if (ms > 0) setTimeout(() => this.dismiss(id), ms);
    return id;
  }

  dismiss(id: number): void {
    const index = this.items.findIndex((t) => t.id === id);
    if (index >= 0) this.items.splice(index, 1);
  }
}
