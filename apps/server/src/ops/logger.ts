import { hostname } from 'node:os';
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * How the server's parts report a failure they survived: a sentence, the error, and the table
 * it happened on when there is one. Each becomes one JSON line (pino) carrying the node and,
 * where given, the table, so an operator can follow one table across a cluster's logs.
 */
export type Log = (message: string, error?: unknown, table?: string) => void;

/**
 * A pino logger writing JSON lines to stdout (or `destination`). `LOG_LEVEL` sets the level
 * (default `info`); `silent` turns it off, as the tests do unless `DEBUG_SERVER` is set.
 */
export function createLogger(
  options: { level?: string; destination?: DestinationStream } = {},
): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  return options.destination ? pino({ level }, options.destination) : pino({ level });
}

/** The name a node's lines and metrics carry: `NODE_ID`, else this host and port. */
export function nodeName(port: number, given = process.env.NODE_ID): string {
  return given && given.trim() ? given.trim() : `${hostname()}:${port}`;
}

/** The `Log` the server's parts call, writing errors to `logger()` (read at each call). */
export function errorLog(logger: () => Logger): Log {
  return (message, error, table) => {
    const fields: Record<string, unknown> = {};
    if (table !== undefined) fields.table = table;
    if (error !== undefined) fields.err = error;
    logger().error(fields, message);
  };
}
