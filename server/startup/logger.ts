/**
 * How the server logs (LOG_FORMAT): Fastify's JSON records as they are for `json`, which log collectors
 * read; otherwise one readable line per record on stderr, and by default only warnings and errors
 * (server/config.ts), so a first start shows the friendly lines rather than ~70 records.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { humanLogLine, SEEDING_LINE } from './lines';

type LogConfig = Pick<ServerConfig, 'logFormat' | 'logLevel'>;

export function loggerOptions(config: LogConfig): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return { level: config.logLevel, stream: { write: (record: string) => void process.stderr.write(`${humanLogLine(record)}\n`) } };
}

/** Says a friendly line: as it is beside readable logs, as a record of its own (with `fields`) among JSON ones. */
export function friendlyLines(config: LogConfig, log: FastifyBaseLogger): (line: string, fields?: Record<string, unknown>) => void {
  return (line, fields = {}) => (config.logFormat === 'json' ? log.info(fields, line) : console.log(line));
}

/** The seed's progress: recorded as info, and said once to the person waiting, as a first start takes minutes. */
export function seedProgress(say: (line: string) => void, log: FastifyBaseLogger): (msg: string) => void {
  let said = false;
  return (msg) => {
    if (!said) say(SEEDING_LINE);
    said = true;
    log.info(msg);
  };
}
