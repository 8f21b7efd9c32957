import { ladderName, signed } from '@fateboard/rules';
import { LOG_TEMPLATES } from './templates';
import type { LogMessageId, LogTemplate } from './templates';

/**
 * The log's sentences as data: a message id and its parameters, so each reader can say it in
 * its own language. The English templates (templates.ts) are the only English: they make the
 * entry's `text` (what the server stores, exports and tests read) and the client's English.
 *
 * A parameter is user text or a number as it is, a nested message for a phrase that is itself
 * words ("a free invoke", "Great (+4)", "success with style (2 shifts)"), so a translation can
 * order and inflect it, or a list of parameters (said joined by ", ").
 */
export type LogParam = string | number | LogMessage | LogParam[];

export interface LogMessage {
  id: LogMessageId;
  params?: Record<string, LogParam>;
}

export function say(id: LogMessageId, params?: Record<string, LogParam>): LogMessage {
  return params === undefined ? { id } : { id, params };
}

/** Looks up a template by id: a language's, falling back to English where it has none. */
export type TemplateOf = (id: string) => LogTemplate | undefined;

const englishOf: TemplateOf = (id) => (LOG_TEMPLATES as Record<string, LogTemplate>)[id];

/**
 * A plural template's form for `count`: "one" for 1 and -1 ("-1 shift", "1 ponto"), "many"
 * otherwise ("0 shifts", "0 pontos"). Both languages pluralise alike, so one rule serves.
 */
export function pluralForm(count: number): 'one' | 'many' {
  return Math.abs(count) === 1 ? 'one' : 'many';
}

/**
 * A message in the language `templateOf` speaks, numbers written by `number` (the client
 * formats them for its locale). A message whose id no template knows (a newer server's) says
 * nothing: the entry's stored `text` stands in for it.
 */
export function renderMessage(
  m: LogMessage,
  templateOf: TemplateOf,
  number: (n: number) => string = String,
): string {
  const template = templateOf(m.id) ?? englishOf(m.id);
  if (template === undefined) return '';
  const params = m.params ?? {};
  const form =
    typeof template === 'string'
      ? template
      : template[pluralForm(typeof params.count === 'number' ? params.count : 0)];
  const param = (p: LogParam): string => {
    if (typeof p === 'string') return p;
    if (typeof p === 'number') return number(p);
    if (Array.isArray(p)) return p.map(param).join(', ');
    return renderMessage(p, templateOf, number);
  };
  return form.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const p = params[name];
    return p === undefined ? whole : param(p);
  });
}

/** The English of a message: an entry's `text`. */
export function english(m: LogMessage): string {
  return renderMessage(m, englishOf);
}

/** A log line from a message: its English `text` and the message itself. */
export function line(m: LogMessage): { text: string; msg: LogMessage } {
  return { text: english(m), msg: m };
}

/** "Great (+4)", or "+9" beyond the named ladder. */
export function ladderParam(value: number): LogParam {
  return ladderName(value) === undefined ? signed(value) : say(`ladder${value}` as LogMessageId);
}

/** The placeholders of a template, sorted: the order a row stores its parameters in. */
export function placeholders(template: LogTemplate): string[] {
  const forms = typeof template === 'string' ? [template] : [template.one, template.many];
  const names = new Set<string>();
  for (const form of forms) for (const m of form.matchAll(/\{(\w+)\}/g)) names.add(m[1]!);
  return [...names].sort();
}
