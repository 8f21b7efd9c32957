import { mount } from 'svelte';
import './styles/app.css';
import App from './App.svelte';
import { languageReady } from './lib/i18n';
import { earlySummaryRole } from './lib/api';
import { loadSocketIo } from './lib/socket';

// A player's or the GM's link: socket.io's chunk loads while the app's modules run, so that
// its connection opens before the document's first sync ties up the page (on a phone, its
// handshake waited behind that first draw), not once the table page has opened.
earlySummaryRole()
  .then((role) => (role !== undefined && role !== 'spectator' ? loadSocketIo() : undefined))
  .catch(() => {});

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');

// A reader of another language gets their words on the first paint (one small chunk);
// should that chunk fail to load, the interface still opens, in English.
await languageReady().catch(() => undefined);

export default mount(App, { target });
