/**
 * Which pages may use the reference label driver: the back-office's own origins. Pure; the driver reads
 * the same HOST and PORT as the server (server/config.ts), so a driver started beside `PORT=3000 npm start`
 * accepts that app without further setting; LABEL_DRIVER_ORIGINS names others (a proxy's address).
 */

/** Hosts a browser on this computer reaches as 127.0.0.1 or localhost. */
const LOCAL_HOSTS = new Set(['', '127.0.0.1', 'localhost', '0.0.0.0', '::', '::1']);

/** The origins a browser gives the back-office served on HOST:PORT (defaults as the server's: 127.0.0.1:8080). */
export function appOrigins(env: NodeJS.ProcessEnv): string[] {
  const port = (env.PORT ?? '').trim() || '8080';
  const host = (env.HOST ?? '').trim();
  const local = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  if (LOCAL_HOSTS.has(host)) return local;
  return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`, ...local];
}

/** LABEL_DRIVER_ORIGINS (comma-separated) when set, else the back-office's own origins. */
export function originsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.LABEL_DRIVER_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  return listed.length ? listed : appOrigins(env);
}

/** The refusal of a page from another origin: which one asked, which ones the driver takes, how to change it. */
export function originRefusal(origin: string, expected: readonly string[]): string {
  return `该页面（${origin}）无权使用打印驱动：打印驱动只接受 ${expected.join('、')}。后台不在这些地址时，请用 LABEL_DRIVER_ORIGINS 设置后台的地址后重启打印驱动`;
}

/** The driver's start-up line: where it listens and which pages it serves. */
export function driverStartLine(port: number, origins: readonly string[]): string {
  return `label driver on http://127.0.0.1:${port}, for the back-office at ${origins.join(', ')} (LABEL_DRIVER_ORIGINS to change)`;
}
