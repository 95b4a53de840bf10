import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { loadCatalogueFromDir } from './catalogue-fs';
import { buildConfig } from './config';
import { requiredRanges, resolveReport, type AccessSession } from './resolve';

const { catalogue } = loadCatalogueFromDir();
const all = new Set([...catalogue.reports.keys()].map(String));
const HQ: AccessSession = { client: 'HMT', is_special_tenant: false, permissions: all };
const SPECIAL: AccessSession = { ...HQ, is_special_tenant: true };

const used = (session: AccessSession, page: number, tab?: '1' | '2', defaultTab = false) =>
  resolveReport(catalogue, session, page, tab, { defaultTab }).used.id;

function status(fn: () => unknown): number {
  try {
    fn();
  } catch (err) {
    return (err as HttpError).statusCode;
  }
  return 200;
}

describe('history-tab mapping (rules 99–110, C1–C5)', () => {
  it('page 33: recent tab "2" (the default) uses 128, history tab "1" uses 33 (rules 100, 104, 105)', () => {
    expect(used(HQ, 33, undefined, true)).toBe(128);
    expect(used(HQ, 33, '2')).toBe(128);
    expect(used(HQ, 33, '1')).toBe(33);
  });

  it('page 33 history tab uses 172 for the special tenant (rules 106, 178, C5)', () => {
    expect(used(SPECIAL, 33, '1')).toBe(172);
    expect(used(SPECIAL, 33, '2')).toBe(128);
  });

  it('page 40 uses 130 on recent and 40 on history (rule 107)', () => {
    expect(used(HQ, 40, undefined, true)).toBe(130);
    expect(used(HQ, 40, '1')).toBe(40);
  });

  it('pages 128 and 130 show their family tabs and map the same way (C4)', () => {
    expect(used(HQ, 128, '1')).toBe(33);
    expect(used(HQ, 128, undefined, true)).toBe(128);
    expect(used(HQ, 130, '1')).toBe(40);
  });

  it('without a tab the id is used as it is (data calls post the id in use)', () => {
    expect(used(HQ, 128)).toBe(128);
    expect(used(HQ, 33)).toBe(33);
    expect(used(HQ, 70)).toBe(70);
  });

  it('the config carries the tabs with the ids this tenant uses (rules 99, 103)', () => {
    const resolved = resolveReport(catalogue, SPECIAL, 33, undefined, { defaultTab: true });
    const config = buildConfig(resolved, catalogue.indexes.get(resolved.used.dataset)!, 'HMT', true);
    expect(config.tabs).toEqual([
      { is_history: '2', label: '近3个月内数据', table_id: 128 },
      { is_history: '1', label: '3个月前数据', table_id: 172 },
    ]);
    expect([config.table_id, config.page_table_id, config.is_history]).toEqual([128, 33, '2']);
  });

  it('only the history families have tabs (rule 99)', () => {
    for (const report of catalogue.reports.values()) {
      const r = resolveReport(catalogue, report.special_tenant_only ? SPECIAL : { ...HQ, client: report.clients[0] }, report.id, undefined, {
        defaultTab: true,
      });
      const tabs = buildConfig(r, catalogue.indexes.get(r.used.dataset)!, report.clients[0], false).tabs;
      expect(tabs !== null, `report ${report.id}`).toBe([33, 40, 88, 89, 128, 129, 130, 131, 172].includes(report.id));
    }
  });

  it('page 33 requires a date on both tabs; 128 on its own recent tab does not (C3)', () => {
    const r33 = catalogue.reports.get(33)!;
    const r128 = catalogue.reports.get(128)!;
    expect([...requiredRanges(r33, r128)]).toEqual([1]);
    expect([...requiredRanges(r128, r128)]).toEqual([]);
  });
});

describe('who may open a report', () => {
  it('an unknown id is a 404', () => {
    expect(status(() => resolveReport(catalogue, HQ, 4242, undefined))).toBe(404);
  });

  it('a client the definition does not list gets a 404 (C25)', () => {
    expect(status(() => resolveReport(catalogue, { ...HQ, client: 'HMD' }, 70, undefined))).toBe(404);
    expect(status(() => resolveReport(catalogue, { ...HQ, client: 'HMS' }, 107, undefined))).toBe(200);
    expect(status(() => resolveReport(catalogue, { ...HQ, client: 'HMT' }, 108, undefined))).toBe(404);
  });

  it('172 is the special tenant\'s only (C5)', () => {
    expect(status(() => resolveReport(catalogue, HQ, 172, undefined))).toBe(404);
    expect(status(() => resolveReport(catalogue, SPECIAL, 172, undefined))).toBe(200);
  });

  it('an id outside the session permission list is a 403; the page id admits its tab ids (rule 33)', () => {
    expect(status(() => resolveReport(catalogue, { ...HQ, permissions: new Set(['142']) }, 70, undefined))).toBe(403);
    expect(status(() => resolveReport(catalogue, { ...HQ, permissions: new Set(['33']) }, 128, '2'))).toBe(200);
    expect(status(() => resolveReport(catalogue, { ...HQ, permissions: new Set(['33']) }, 128, undefined))).toBe(200);
  });
});
