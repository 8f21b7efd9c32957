import type { ComponentsJSON } from '@nanostores/i18n';

// Brazilian Portuguese: one JSON file per component (`{ "<component>": { "<key>": "…" } }`),
// merged here. This module is only ever imported dynamically (lib/i18n.ts), so all of it is
// one lazy chunk that English readers never load.
const files = import.meta.glob<ComponentsJSON>('./*.json', { eager: true, import: 'default' });

const translations: ComponentsJSON = {};
for (const file of Object.values(files)) Object.assign(translations, file);
export default translations;
