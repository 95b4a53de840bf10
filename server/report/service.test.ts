/**
 * What ReportService keeps between requests: a query's validation and compilation, for any page,
 * per session scope; access and the page are still checked on every request.
 */
import { describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ReportQuery } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
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

describe('ReportService keeps compiled queries (issue 10 item 2)', () => {
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
