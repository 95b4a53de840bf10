/**
 * What `npm start` prints when the logs are human-readable (the default): one line per warning or
 * error instead of Fastify's JSON records, and a few friendly lines of its own, the last saying where to
 * go and how to sign in. Pure.
 */

export interface DemoLogin {
  merchant_no: string;
  username: string;
  password: string;
}

/** The last line of start-up: the address, and the demo account while the database still holds it. */
export function readyLine(url: string, demo: DemoLogin | null): string {
  const login = demo ? ` and sign in with merchant ${demo.merchant_no}, user ${demo.username}, password ${demo.password}` : '';
  return `Ready: open ${url} in a browser${login}.`;
}

/** Said once when the first start fills the database, which takes a while before anything answers. */
export const SEEDING_LINE = 'First start: filling the database with demo data, this takes a few minutes…';

/** The browser address of the server: a wildcard listen address is reached on this computer as 127.0.0.1. */
export function browserUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  req?: { method?: string; url?: string };
}

/** One pino JSON record as a line a person reads: time, level, message, the request and the error's stack. */
export function humanLogLine(json: string): string {
  let r: LogRecord;
  try {
    r = JSON.parse(json) as LogRecord;
  } catch {
    return json.trimEnd();
  }
  const time = typeof r.time === 'number' ? new Date(r.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[r.level ?? 30] ?? String(r.level);
  const request = r.req?.method ? ` (${r.req.method} ${r.req.url ?? ''})` : '';
  const message = r.msg || r.err?.message || '';
  const stack = r.err?.stack ? `\n${r.err.stack}` : '';
  return `${time} ${level.padEnd(5)} ${message}${request}${stack}`.trim();
}
