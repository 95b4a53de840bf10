/**
 * No 5xx for a NUL character (0x00) or a repeated parameter, on any route: every /api route the
 * server registers (taken from Fastify as it registers them, not from a list kept here) is sent its
 * path, query and body parameters with a NUL byte, and its query parameters twice, by head office, a
 * store and a supplier. PostgreSQL refuses 0x00 in text; a repeated query parameter arrives as a list.
 * DuckDB, and PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherRoutes, type ProbeRoute } from './routes';
import { bearer, startWithAccounts } from './server';

const ACCOUNTS = [
  ['hq', 'admin', 'HMT', '10139'],
  ['store', 'store01', 'HMD', '10139'],
  ['supplier', 'supplier01', 'HMS', '10139'],
] as const;

let routes: ProbeRoute[] = [];
let env: Awaited<ReturnType<typeof startWithAccounts>>;

beforeAll(async () => {
  ({ routes, started: env } = await gatherRoutes(() => startWithAccounts(ACCOUNTS)));
});
afterAll(async () => {
  await env?.close();
});

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const path = (url: string, value: string) => url.replace(/:(\w+)/g, () => value).replace('*', value);
const query = (names: string[], values: string[]) => names.flatMap((n) => values.map((v) => `${n}=${v}`)).join('&');

/** The NUL probes of one route: in each path parameter, in each query parameter, in each body field. */
function nulProbes(r: ProbeRoute): { what: string; url: string; payload?: Record<string, unknown> }[] {
  const probes: { what: string; url: string; payload?: Record<string, unknown> }[] = [];
  if (/[:*]/.test(r.url)) probes.push({ what: 'path', url: path(r.url, 'P%00') });
  probes.push({ what: 'query', url: `${path(r.url, '1')}?${query(r.query, ['Q%00'])}` });
  if (WITH_BODY.has(r.method)) {
    const fields = Object.fromEntries(r.body.map((n) => [n, `B\u0000${n}`]));
    probes.push({ what: 'body', url: path(r.url, '1'), payload: { ...fields, lines: [{ sku_no: 'SKU\u0000', lot_no: 'L\u0000', qty: '1' }] } });
  }
  return probes;
}

describe('a NUL byte or a repeated parameter answers 400 on every route, for every client', () => {
  it('finds the routes as Fastify registers them', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/dashboard', query: expect.arrayContaining(['store_no']) }));
  });

  it.each(ACCOUNTS.map(([key]) => key))('%s: NUL in a path, query or body parameter → 400 NUL_CHARACTER, never 5xx', async (key) => {
    const failures: string[] = [];
    for (const r of routes) {
      for (const probe of nulProbes(r)) {
        const res = await env.server.app.inject({
          method: r.method as 'GET',
          url: probe.url,
          headers: bearer(env.tokens[key]),
          ...(probe.payload ? { payload: probe.payload } : {}),
        });
        // a 404 is a path parameter the router's pattern refuses; 429 a route's rate limit
        const ok = res.statusCode === 404 || res.statusCode === 429 || (res.statusCode === 400 && res.json().code === 'NUL_CHARACTER');
        if (!ok) failures.push(`${r.method} ${probe.url} (${probe.what}) → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(ACCOUNTS.map(([key]) => key))('%s: a query parameter sent twice → 400 REPEATED_PARAMETER, never 5xx', async (key) => {
    const failures: string[] = [];
    for (const r of routes) {
      const url = `${path(r.url, '1')}?${query(r.query, ['S001', 'S002'])}`;
      const res = await env.server.app.inject({ method: r.method as 'GET', url, headers: bearer(env.tokens[key]), ...(WITH_BODY.has(r.method) ? { payload: {} } : {}) });
      const ok = res.statusCode === 404 || res.statusCode === 429 || (res.statusCode === 400 && res.json().code === 'REPEATED_PARAMETER');
      if (!ok) failures.push(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });

  it('the messages name the parameter, in Chinese and in English', async () => {
    const hq = bearer(env.tokens.hq);
    const twice = await env.server.app.inject({ method: 'GET', url: '/api/dashboard?store_no=S001&store_no=S002', headers: hq });
    expect(twice.json()).toEqual({ status: '400', code: 'REPEATED_PARAMETER', message: '参数 store_no 只能出现一次' });
    const nul = await env.server.app.inject({ method: 'GET', url: '/api/goods/%00', headers: { ...hq, 'accept-language': 'en-US' } });
    expect(nul.json()).toEqual({ status: '400', code: 'NUL_CHARACTER', message: 'Parameter sku_no must not contain a NUL character (\\0); remove it and try again' });
  });

  it('a NUL in a multipart form field or file name → 400 NUL_CHARACTER', async () => {
    const boundary = '----hmnul';
    const form = (fields: Record<string, string>, filename: string) =>
      Buffer.concat([
        ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`),
      ]);
    const headers = { ...bearer(env.tokens.hq), 'content-type': `multipart/form-data; boundary=${boundary}` };
    for (const [url, payload] of [
      ['/api/uploads', form({ dirname: 'a\u0000b' }, 'a.png')],
      ['/api/print/set_print_model', form({ report_name: '样式\u0000', source_type: '1' }, 'a.xml')],
      ['/api/print/set_print_model', form({ report_name: '样式', source_type: '1' }, 'a\u0000.xml')],
    ] as const) {
      const res = await env.server.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().code).toBe('NUL_CHARACTER');
    }
  });
});
