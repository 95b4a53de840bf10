import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import type { GroupRow, StoreRow, SupplierRow } from '../data-source/types';
import * as d from './descriptions';
import {
  buildListQuery,
  changePage,
  closePicker,
  codeName,
  confirmPicker,
  loadsOnOpen,
  openPicker,
  PickerParamError,
  resetPicker,
  searchPicker,
  setFormValue,
  toPicked,
  visiblePage,
} from './picker.logic';
import { PICKERS as PICKER_NAMES } from '../../../engine/definition/known';
import { PICKERS, resolvePicker } from './registry';
import { isChosen, pageCheckState, setManyChosen, toggleChosen, fieldKey } from './selection.logic';

const zh = catalogues['zh-CN'];
const en = catalogues['en-US'];
const { HMT, HMD, HMS } = DEMO_SESSIONS;

const store = (no: string): StoreRow => ({
  store_no: no,
  store_name: `门店${no}`,
  store_type: 1,
  store_type_text: '直营店',
  org_code: no,
  finance_no: null,
});

describe('generic picker life (rule 375)', () => {
  it('opens with empty filters on page 1 and the given choice', () => {
    const s = openPicker(d.storePicker, [store('S001')]);
    expect(s).toMatchObject({ form: {}, applied: {}, page_num: 1, page_size: 50 });
    expect(s.chosen).toHaveLength(1);
  });

  it('closing clears the filters and the unconfirmed choice', () => {
    let s = openPicker<StoreRow>(d.storePicker);
    s = setFormValue(s, 'keyword', '朝阳');
    const searched = searchPicker(d.storePicker, s, HMT);
    expect(searched.ok).toBe(true);
    const closed = closePicker<StoreRow>(d.storePicker);
    expect(closed.form).toEqual({});
    expect(closed.applied).toEqual({});
    expect(closed.chosen).toEqual([]);
  });

  it('confirm returns the chosen rows', () => {
    expect(confirmPicker(d.storePicker, [store('S002')])).toEqual({ ok: true, rows: [store('S002')] });
  });

  it('search trims the filters, drops empty ones and goes to page 1', () => {
    let s = changePage(openPicker<StoreRow>(d.storePicker), 3, 50);
    s = setFormValue(setFormValue(s, 'keyword', '  朝阳 '), 'store_type', '');
    const r = searchPicker(d.storePicker, s, HMT);
    expect(r.ok && r.state).toMatchObject({ applied: { keyword: '朝阳' }, page_num: 1 });
  });

  it('reset keeps the chosen set', () => {
    const s = { ...setFormValue(openPicker<StoreRow>(d.storePicker), 'keyword', 'x'), chosen: [store('S003')] };
    expect(resetPicker(d.storePicker, s)).toMatchObject({ form: {}, applied: {}, chosen: [store('S003')] });
  });
});

describe('rule 376: required search fields warn with their own message', () => {
  it('the location picker needs a code before it searches and does not load on open', () => {
    expect(loadsOnOpen(d.locationPicker, HMT)).toBe(false);
    const r = searchPicker(d.locationPicker, openPicker(d.locationPicker), HMT);
    expect(r).toEqual({ ok: false, message: 'blocks.picker.locationRequired' });
    const ok = searchPicker(d.locationPicker, setFormValue(openPicker(d.locationPicker), 'location_no_like', 'A-01'), HMT);
    expect(ok.ok).toBe(true);
  });

  it('other pickers load on open', () => {
    expect(loadsOnOpen(d.storePicker, HMT)).toBe(true);
  });
});

describe('rule 377 and variants: empty confirmation messages', () => {
  it.each([
    [d.storePicker, '请选择至少一条数据！'],
    [d.multiItemPicker, '至少选择一条数据！'],
    [d.supplierPicker, '请选择供应商！'],
    [d.goodsPicker, '请选择至少一个商品！'],
  ])('%s.type', (desc, message) => {
    const r = confirmPicker(desc, []);
    expect(r.ok).toBe(false);
    expect(!r.ok && zh[r.message]).toBe(message);
  });

  it("settlement variant: 'Please choose at least one record!'; group: 'Please select a group!' (rule 385)", () => {
    const settlement = confirmPicker(d.settlementPicker, []);
    expect(!settlement.ok && en[settlement.message]).toBe('Please choose at least one record!');
    const group = confirmPicker(d.groupPicker, []);
    expect(!group.ok && en[group.message]).toBe('Please select a group!');
  });
});

describe('rule 381: unknown picker type raises 参数异常', () => {
  it('resolves known types and throws for unknown ones', () => {
    expect(resolvePicker('store')).toBe(d.storePicker);
    expect(() => resolvePicker('nope')).toThrow(PickerParamError);
    expect(() => resolvePicker(undefined)).toThrow('参数异常');
  });

  it('the registry serves exactly the names definitions may use, each under its own type', () => {
    expect(Object.keys(PICKERS).sort()).toEqual([...PICKER_NAMES].sort());
    for (const [name, desc] of Object.entries(PICKERS)) expect(desc.type, name).toBe(name);
  });

  it('the report filter picker names all resolve', () => {
    for (const name of ['org', 'store', 'supplier', 'wholesaler', 'warehouse', 'brand', 'account', 'salesman', 'pickup_point', 'goods']) {
      expect(resolvePicker(name), name).toBeTruthy();
    }
  });
});

describe('store, warehouse, supplier, wholesaler queries (rules 390–394)', () => {
  it('rule 390: stores ask with scene_auth 4 and page_size 50', () => {
    const q = buildListQuery(d.storePicker, openPicker(d.storePicker), HMT);
    expect(q).toMatchObject({ scene_auth: '4', page_num: 1, page_size: 50 });
  });

  it('rule 392: warehouses pass no org filter for the head office, the own org otherwise; contact_status 0', () => {
    const hq = buildListQuery(d.warehousePicker, openPicker(d.warehousePicker), HMT);
    expect(hq).toMatchObject({ contact_status: '0' });
    expect(hq).not.toHaveProperty('org_code');
    const st = buildListQuery(d.warehousePicker, openPicker(d.warehousePicker), HMD);
    expect(st.org_code).toBe('S001');
  });

  it('rule 392: store warehouses also send center_type 1', () => {
    const q = buildListQuery(d.storeWarehousePicker, openPicker(d.storeWarehousePicker), HMT);
    expect(q).toMatchObject({ center_type: '1', contact_status: '0' });
  });

  it('rule 384: suppliers preload 100, then search 50, with search_type 1 and source_type 1', () => {
    let s = openPicker<SupplierRow>(d.supplierPicker);
    expect(buildListQuery(d.supplierPicker, s, HMT)).toMatchObject({ page_size: 100, search_type: '1', source_type: '1' });
    const r = searchPicker(d.supplierPicker, setFormValue(s, 'supplier_name', '伊利'), HMT);
    s = r.ok ? r.state : s;
    expect(buildListQuery(d.supplierPicker, s, HMT)).toMatchObject({ page_size: 50, supplier_name: '伊利' });
  });

  it('rule 367 (supplier side): the supplier picker is fixed to the own supplier_no, whatever is typed', () => {
    const s = { ...openPicker<SupplierRow>(d.supplierPicker), applied: { supplier_no: 'V009' } };
    expect(buildListQuery(d.supplierPicker, s, HMS).supplier_no).toBe('V001');
  });

  it('rule 393: wholesalers are enabled ones only (status 1)', () => {
    expect(buildListQuery(d.wholesalerPicker, openPicker(d.wholesalerPicker), HMT).wholesaler_status).toBe('1');
  });

  it('rule 379: the generic item-list picker adds single_sale_type=1; rule 378: default title 选择项目', () => {
    expect(buildListQuery(d.multiItemPicker, openPicker(d.multiItemPicker), HMT).single_sale_type).toBe('1');
    expect(zh[d.multiItemPicker.title]).toBe('选择项目');
    expect(en[d.settlementPicker.title]).toBe('Select settlement bill');
  });
});

describe('group picker (rules 380, 385, 386)', () => {
  const groups: GroupRow[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, group_name: `分组${i + 1}`, remark: null }));

  it('asks for page 1 of 10000 with the fixed group parameters and the caller client_no', () => {
    const s = changePage(openPicker<GroupRow>(d.groupPicker), 3, 10);
    const q = buildListQuery(d.groupPicker, s, HMT, { client_no: 'S001' });
    expect(q).toMatchObject({ page_num: 1, page_size: 10000, client_type: '1', group_type: '2', group_status: '1', client_no: 'S001' });
  });

  it('pages locally by 10', () => {
    const s = changePage(openPicker<GroupRow>(d.groupPicker), 3, 10);
    const page = visiblePage(d.groupPicker, s, { list: groups, total: 23 });
    expect(page.total).toBe(23);
    expect(page.list.map((g) => g.id)).toEqual([21, 22, 23]);
  });
});

describe('chosen set', () => {
  const keyOf = fieldKey<StoreRow>('store_no');

  it('single mode replaces; multiple mode toggles', () => {
    expect(toggleChosen([store('S001')], store('S002'), keyOf, false)).toEqual([store('S002')]);
    const two = toggleChosen([store('S001')], store('S002'), keyOf, true);
    expect(two.map(keyOf)).toEqual(['S001', 'S002']);
    expect(toggleChosen(two, store('S001'), keyOf, true).map(keyOf)).toEqual(['S002']);
  });

  it('page check adds and removes a whole page, keeping other pages', () => {
    const page = [store('S003'), store('S004')];
    const all = setManyChosen([store('S001')], page, keyOf, true);
    expect(all.map(keyOf)).toEqual(['S001', 'S003', 'S004']);
    expect(pageCheckState(all, page, keyOf)).toBe('all');
    expect(setManyChosen(all, page, keyOf, false).map(keyOf)).toEqual(['S001']);
    expect(isChosen(all, store('S004'), keyOf)).toBe(true);
  });
});

describe("display 'code - name'", () => {
  it('joins code and name', () => {
    expect(codeName('S001', '北京朝阳门店')).toBe('S001 - 北京朝阳门店');
    expect(codeName('S001', '')).toBe('S001');
    expect(toPicked(d.storePicker, store('S009'))).toEqual({ code: 'S009', name: '门店S009' });
  });
});
