import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, registerSpa } from './spa';

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hm-spa-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-Ab12.js'), 'console.log("plain")');
  // distinct bodies show which copy was chosen
  writeFileSync(join(root, 'assets', 'index-Ab12.js.br'), 'brotli copy');
  writeFileSync(join(root, 'assets', 'index-Ab12.js.gz'), 'gzip copy');
  app = Fastify();
  await registerSpa(app, root);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('SPA static files', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached as immutable', async () => {
    const res = await get('/assets/index-Ab12.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('brotli copy');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-Ab12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip copy');
    const plain = await get('/assets/index-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('index.html is revalidated on every load, also when a client route serves it', async () => {
    for (const url of ['/', '/index.html', '/report/70']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="root"');
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
    }
  });

  it('an unknown API path gets the 404 envelope, not the page', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: '404', code: 'NOT_FOUND' });
  });
});
