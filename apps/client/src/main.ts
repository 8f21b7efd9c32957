import { mount } from 'svelte';
import './styles/app.css';
import App from './App.svelte';
import { languageReady } from './lib/i18n';
import { earlySummaryRole } from './lib/api';
import { parseRoute } from './lib/route';
import { loadSocketIo } from './lib/socket';
import { preloadViewParts } from './parts/view-parts';

// A link to a table (its summary asked for as the page started): what the table view draws
// after its first paint loads while the app's modules run and the document syncs. A player's
// or the GM's page also loads socket.io's chunk now, so that its connection opens before the
// document's first sync ties up the page (on a phone, its handshake waited behind that first
// draw), not once the table page has opened.
const route = parseRoute(location);
earlySummaryRole()
  .then((role) => {
    if (role === undefined || (route.kind === 'table' && route.overlay)) return;
    preloadViewParts();
    if (role !== 'spectator') return loadSocketIo();
  })
  .catch(() => {});

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');

// A reader of another language gets their words on the first paint (one small chunk);
// should that chunk fail to load, the interface still opens, in English.
await languageReady().catch(() => undefined);

export default mount(App, { target });
