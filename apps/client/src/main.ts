import { mount } from 'svelte';
import './styles/app.css';
import App from './App.svelte';
import { languageReady } from './lib/i18n';
import { earlySummaryRole } from './lib/api';
import { parseRoute } from './lib/route';
import { loadSocketIo } from './lib/socket';
import { preloadViewParts } from './parts/view-parts';
import { preloadPlayerTools } from './parts/player-parts';

// A table's page (not the stream overlay): what the table view draws after its first paint
// starts loading now, while the summary and the document arrive. A player's or the GM's page
// also loads its tools and socket.io's chunk once the summary (asked for as the page started)
// names the role, so that its connection opens before the document's first sync ties up the
// page (on a phone, its handshake waited behind that first draw), not once the table opened.
const route = parseRoute(location);
if (route.kind === 'table' && !route.overlay) preloadViewParts();
earlySummaryRole()
  .then((role) => {
    if (role === undefined || role === 'spectator') return;
    // The dice tray and the roll card's tools too: a player's next move.
    if (route.kind === 'table' && !route.overlay) preloadPlayerTools();
    return loadSocketIo();
  })
  .catch(() => {});

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');

// A reader of another language gets their words on the first paint (one small chunk);
// should that chunk fail to load, the interface still opens, in English.
await languageReady().catch(() => undefined);

export default mount(App, { target });
