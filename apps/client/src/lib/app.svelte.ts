import { parseRoute, type Route } from './route';
import { SavedTables, browserStorage } from './saved-tables';
import { Toasts } from '../components/shell/toasts.svelte';
import { i18n, params } from './i18n';

export const messages = i18n('lib/app', {
  copied: params('{what} copied.'),
  copyFailed: params('Could not copy: select the {what} and copy it by hand.'),
});

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
    app.toasts.push('success', messages.get().copied({ what }));
  } catch {
    app.toasts.push('error', messages.get().copyFailed({ what: what.toLowerCase() }));
  }
}
