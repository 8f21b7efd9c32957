import { parseRoute, type Route } from './route';
import { SavedTables, browserStorage } from './saved-tables';
import { Toasts } from './toasts.svelte';

/** App-wide singletons: the route, the toasts and the saved-tables list. */
class AppState {
  route = $state<Route>(parseRoute(location));
  readonly toasts = new Toasts();
  readonly saved = new SavedTables(browserStorage());

  constructor() {
    window.addEventListener('popstate', () => (this.route = parseRoute(location)));
  }

  navigate(path: string, replace = false): void {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    this.route = parseRoute(location);
  }
}

export const app = new AppState();

/** Copies text to the clipboard, with a toast either way. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    app.toasts.push('success', `${what} copied.`);
  } catch {
    app.toasts.push(
      'error',
      `Could not copy: select the ${what.toLowerCase()} and copy it by hand.`,
    );
  }
}
