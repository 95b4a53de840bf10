import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from './error-handler';
import { ERROR_EN } from './error-messages';
import { HttpError } from './errors';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = [...sources(join(ROOT, 'server')), ...sources(join(ROOT, 'engine'))].map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

const CODE = `'([A-Z][A-Z0-9_]*)'`;
/** The ways the source names the code of an error it answers. */
const CODE_FORMS = [
  new RegExp(`\\b(?:badRequest|notFound|forbidden)\\(\\s*${CODE}`, 'g'),
  // new HttpError(404, 'X', …), errorBody(404, 'X', …), sendError(req, reply, 404, 'X', …)
  new RegExp(`\\b[1-5]\\d\\d,\\s*${CODE}`, 'g'),
  // an error object of a rule that returns its error instead of throwing it (engine/document/rules.ts)
  new RegExp(`\\bcode: ${CODE}`, 'g'),
];
// the demo data's payment codes are data, not errors
const isData = (path: string) => path.startsWith(join('server', 'db', 'seed'));

const codes = new Set(
  FILES.filter((f) => !isData(f.path)).flatMap((f) => CODE_FORMS.flatMap((form) => [...f.text.matchAll(form)].map((m) => m[1]))),
);

describe('every error code the server answers has its English (en-US)', () => {
  it('a code is always written out or passed on from where it is written out', () => {
    const computed = FILES.flatMap((f) =>
      [...f.text.matchAll(/\b(?:(?:badRequest|notFound|forbidden)\(|HttpError\([^,]+,)\s*([^'\s)][^,)]*),/g)]
        .map((m) => m[1].trim())
        // `code` is the helpers' own parameter; `….code` an error's code passed on
        .filter((arg) => !/(^|\.)code$/.test(arg))
        .map((arg) => `${f.path}: ${arg}`),
    );
    expect(computed).toEqual([]);
  });

  it('finds the codes in the source', () => {
    // a scan finding nothing would pass every check below: these are thrown in three different ways
    expect([...codes]).toEqual(expect.arrayContaining(['BAD_PARAM', 'DATE_OUT_OF_LIMIT', 'FIELD_REQUIRED', 'NOT_FOUND', 'RATE_LIMITED', 'UNAUTHORIZED']));
    expect(codes.size).toBeGreaterThan(100);
  });

  it('each code has an English message, and each message is a code', () => {
    expect([...codes].filter((code) => !ERROR_EN[code]).sort()).toEqual([]);
    expect(Object.keys(ERROR_EN).filter((code) => !codes.has(code))).toEqual([]);
  });

  describe('answered in both languages', () => {
    const app = Fastify();
    beforeAll(async () => {
      app.setErrorHandler(handleError);
      app.get<{ Params: { code: string } }>('/e/:code', async (req) => {
        throw new HttpError(400, req.params.code, `中文说明：${req.params.code}`);
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it.each([...codes].sort())('%s', async (code) => {
      const zh = (await app.inject({ url: `/e/${code}` })).json();
      const en = (await app.inject({ url: `/e/${code}`, headers: { 'accept-language': 'en-US,en;q=0.9' } })).json();
      expect(zh).toEqual({ status: '400', code, message: `中文说明：${code}` });
      expect(en).toEqual({ status: '400', code, message: ERROR_EN[code] });
      expect(en.message).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
    });
  });
});
