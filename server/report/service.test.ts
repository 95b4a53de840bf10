/**
 * What ReportService keeps between requests: a query's validation and compilation, for any page,
 * per session scope; access and the page are still checked on every request.
 */
import { describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ReportQuery } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { ok, okText } from '../http/envelope';
import { HttpError } from '../http/errors';
import { loadCatalogueFromDir } from './catalogue-fs';
import { ReportService } from './service';

const { catalogue } = loadCatalogueFromDir();
const NOW = new Date('2026-11-22T04:00:00Z');
const service = () => new ReportService(catalogue, {} as Db, () => NOW);

function session(over: Partial<ServerSession> = {}): ServerSession {
  return {
    tenant_id: 10139,
    tenant_name: '演示商户',
    merchant_no: '10139',
    account_id: 1,
    username: 'u',
    account_name: 'u',
    client: 'HMD',
    org_code: 'S001',
    store_no: 'S001',
    supplier_no: null,
    permission: '166',
    displayMenu: '',
    account_org_relation: [{ org_code: 'S001', org_name: '一店' }],
    store_info: null,
    is_special_tenant: false,
    is_edit_password: 0,
    is_open_edit_password: 0,
    token_hash: 'h',
    permissions: new Set(['166']),
    ...over,
  };
}

const STORE_1 = session();
const STORE_2 = session({ account_id: 2, org_code: 'S002', store_no: 'S002', account_org_relation: [{ org_code: 'S002', org_name: '二店' }] });
const query = (s: ServerSession, over: Partial<ReportQuery> = {}): ReportQuery => ({ ...initialRequest(service().config(s, 166, undefined), '2026-11-22'), ...over });

function refusal(fn: () => unknown): { status: number; code: string } | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, code: err.code };
    throw err;
  }
}

describe('ReportService keeps compiled queries', () => {
  it('another page of a kept query is what a fresh compilation of that page gives', () => {
    const kept = service();
    kept.prepare(STORE_1, 166, query(STORE_1, { page_num: 1, page_size: 50 }));
    const third = query(STORE_1, { page_num: 3, page_size: 20 });
    const fromKept = kept.prepare(STORE_1, 166, third).compiled;
    const fresh = service().prepare(STORE_1, 166, third).compiled;
    expect(fromKept.screen).toEqual(fresh.screen);
    expect(fromKept.page).toEqual(fresh.page);
    expect(fromKept.totals).toEqual(fresh.totals);
  });

  it("the session's scope is part of the key: a second store never gets the first store's statement (rule C25)", () => {
    const kept = service();
    const body = query(STORE_1);
    const first = kept.prepare(STORE_1, 166, body).compiled.screen!;
    const second = kept.prepare(STORE_2, 166, body).compiled.screen!;
    expect(first.params).toContain('S001');
    expect(second.params).toContain('S002');
    expect(second.params).not.toContain('S001');
  });

  it('access and the page are checked on every request, kept or not', () => {
    const kept = service();
    const body = query(STORE_1);
    kept.prepare(STORE_1, 166, body);
    expect(refusal(() => kept.prepare({ ...STORE_1, permissions: new Set() }, 166, body))).toEqual({ status: 403, code: 'NO_PERMISSION' });
    expect(refusal(() => kept.prepare(STORE_1, 166, { ...body, page_num: 101 }))).toEqual({ status: 400, code: 'INVALID_PAGE' });
    expect(refusal(() => kept.prepare(STORE_1, 166, { ...body, page_size: 7 }))).toEqual({ status: 400, code: 'INVALID_PAGE_SIZE' });
  });

  it('a refused query is not kept: asked again it is refused again', () => {
    const kept = service();
    const bad = query(STORE_1, { dimensionIds: 'nope' });
    expect(refusal(() => kept.prepare(STORE_1, 166, bad))?.code).toBe('UNKNOWN_DIMENSION');
    expect(refusal(() => kept.prepare(STORE_1, 166, bad))?.code).toBe('UNKNOWN_DIMENSION');
  });
});

/** Values a row may hold that JSON writes in its own ways: escapes, non-ASCII, fractions, non-finite numbers, null. */
const AWKWARD = ['一店 "旗舰"', 'a\\b\n\t\u0001', '', 0, -12.5, 1e21, 0.1 + 0.2, Number.NaN, null, '2026-11-22', 1, '2'];

/** A database whose every statement answers `rows` a moment later, counting the statements. */
function fakeDb(rows: () => Record<string, unknown>[]): { db: Db; scans: () => number } {
  let n = 0;
  const scan = async () => {
    n++;
    await new Promise((r) => setTimeout(r, 1));
    return rows();
  };
  return { db: { scan, query: scan } as unknown as Db, scans: () => n };
}

function sessionFor(report: { clients: readonly string[] }): ServerSession {
  const client = report.clients[0] as ServerSession['client'];
  return session({
    client,
    store_no: client === 'HMD' ? 'S001' : null,
    supplier_no: client === 'HMS' ? 'V001' : null,
    org_code: client === 'HMS' ? '' : 'S001',
    is_special_tenant: true,
    permissions: new Set([...catalogue.reports.keys()].map(String)),
  });
}

describe('the /data answer as text (fixed cost per request)', () => {
  it.each([...catalogue.reports.values()].map((r) => [r.id, r] as const))('report %i: the text is JSON.stringify of the answer, every value kind', async (id, report) => {
    const s = sessionFor(report);
    const svc = new ReportService(catalogue, {} as Db, () => NOW);
    const body = initialRequest(svc.config(s, id, undefined), '2026-11-22');
    const { columns } = svc.prepare(s, id, body).compiled;
    const rows = () =>
      [0, 1, 2].map((r) => ({
        ...Object.fromEntries(columns.map((c, i) => [c.key, AWKWARD[(r * 5 + i) % AWKWARD.length]])),
        __g: r === 2 ? 1 : 0,
        __rows: 2,
        total: 2,
      }));
    const kept = new ReportService(catalogue, fakeDb(rows).db, () => NOW);
    const text = await kept.dataJson(s, id, body);
    expect(text).toBe(JSON.stringify(await kept.data(s, id, body)));
    // the second page reuses the written title
    expect(await kept.dataJson(s, id, { ...body, page_num: 2 })).toBe(JSON.stringify(await kept.data(s, id, { ...body, page_num: 2 })));
  });

  it('okText around data written as JSON is JSON.stringify of ok(data)', () => {
    const data = { title: [{ label: '组织"编码"' }], list: [{ a: null, b: 1.5 }], total: 3 };
    expect(okText(JSON.stringify(data))).toBe(JSON.stringify(ok(data)));
  });
});

describe('one pass per screen', () => {
  const rows = () => [{ org_code: 'S001', __g: 0, __rows: 1 }, { __g: 1, __rows: 1 }];

  it("a screen's /data and /totals arriving together run one statement", async () => {
    const { db, scans } = fakeDb(rows);
    const kept = new ReportService(catalogue, db, () => NOW);
    const body = query(STORE_1);
    await Promise.all([kept.dataJson(STORE_1, 166, body), kept.totals(STORE_1, 166, body)]);
    expect(scans()).toBe(1);
  });

  it('another page, or the same query of another store, runs its own statement', async () => {
    const { db, scans } = fakeDb(rows);
    const kept = new ReportService(catalogue, db, () => NOW);
    const body = query(STORE_1);
    await Promise.all([
      kept.dataJson(STORE_1, 166, body),
      kept.totals(STORE_1, 166, { ...body, page_num: 2 }),
      kept.data(STORE_1, 166, { ...body, page_size: 20 }),
      kept.totals(STORE_2, 166, body),
    ]);
    expect(scans()).toBe(4);
  });
});
