import { mount } from 'svelte';
import './styles/app.css';
import App from './App.svelte';
import { languageReady } from './lib/i18n';
import { nextTask } from './lib/next-task';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');

// A reader of another language gets their words on the first paint (one small chunk);
// should that chunk fail to load, the interface still opens, in English.
await languageReady().catch(() => undefined);
// Mounted in a task of its own, not in the one that ran the modules (on a phone, together
// they made one long task). The table's page opens its sockets first thing on mounting, the
// summary being there already (public/early-start.js); only then does it start loading the
// chunks it draws later (views/TablePage.svelte), so their requests do not go ahead of it.
await nextTask();

export default mount(App, { target });
