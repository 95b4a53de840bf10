/**
 * The built SPA's files: routes of the app get index.html, a missing file answers 404 (so an <img>'s
 * fallback shows, e.g. the tenant logo of rule 5) rather than the page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

let s: TestServer;
let spa: string;

beforeAll(async () => {
  spa = mkdtempSync(join(tmpdir(), 'hm-spa-'));
  writeFileSync(join(spa, 'index.html'), '<!doctype html><title>app</title>');
  s = await startTestServer({ staticDir: spa });
});
afterAll(async () => {
  await s?.close();
  rmSync(spa, { recursive: true, force: true });
});

describe('static files and the SPA fallback', () => {
  it('a missing logo answers 404, not 200 text/html, so the fallback logo shows', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/logos/99999.png' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('a route of the app (no file extension) gets index.html', async () => {
    for (const url of ['/user', '/report/70?x=1.5', '/j-system-leadingin']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
