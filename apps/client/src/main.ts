import { mount } from 'svelte';
import './styles/app.css';
import App from './App.svelte';
import { languageReady } from './lib/i18n';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');

// A reader of another language gets their words on the first paint (one small chunk);
// should that chunk fail to load, the interface still opens, in English.
await languageReady().catch(() => undefined);

export default mount(App, { target });
