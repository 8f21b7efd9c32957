import { computed } from 'nanostores';
import { LOG_TEMPLATES, entryMessage, renderMessage } from '@fateboard/table';
import type { LogEntry, LogMessage, LogTemplate } from '@fateboard/table';
import { format, i18n } from '../../lib/i18n';

/**
 * The log's sentences in the reader's language. The English is the table package's own
 * templates (the same ones that wrote each entry's `text`), so no English sentence is written
 * twice; other languages translate them by id (locales/pt-BR/log-words.json), plurals as one/many.
 * The library hands templates through untouched: this module fills them in.
 */
export const messages = i18n('log-words', LOG_TEMPLATES as unknown as Record<string, string>);

/** Says a message in the current language, numbers in its format. */
export const sayMessage = computed([messages, format], (templates, fmt) => {
  const table = templates as unknown as Record<string, LogTemplate | undefined>;
  return (m: LogMessage): string =>
    renderMessage(
      m,
      (id) => table[id],
      (n) => fmt.number(n),
    );
});

/**
 * An entry's sentence in the current language: from its message, or its stored English `text`
 * when it has none (older rows, sentences not made from one) or says nothing this version
 * knows. `name` finds a character's name, for the sentences a row leaves out (a plain gift).
 */
export const sayEntry = computed(sayMessage, (say) => {
  return (e: LogEntry, name: (characterId: string) => string | undefined): string => {
    const m = entryMessage(e, { name });
    const said = m === undefined ? '' : say(m);
    return said === '' ? e.text : said;
  };
});
