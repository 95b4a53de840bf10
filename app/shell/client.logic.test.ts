import { describe, expect, it } from 'vitest';
import { clientTitleKey, documentTitle, identityText, resolveClient, shortenStoreName } from './client.logic';

const base = { merchant_no: '10139', username: 'admin', store_info: null, supplier_no: null };

describe('client variants', () => {
  it('rules 1–2: each client has its title key', () => {
    expect(clientTitleKey('HMT')).toBe('common.client.HMT');
    expect(clientTitleKey('HMD')).toBe('common.client.HMD');
    expect(clientTitleKey('HMS')).toBe('common.client.HMS');
  });

  it('rule 3: an unknown client defaults to headquarters', () => {
    expect(resolveClient(undefined)).toBe('HMT');
    expect(resolveClient('XYZ')).toBe('HMT');
    expect(clientTitleKey(null)).toBe('common.client.HMT');
  });

  it('rule 14: headquarters identity is merchant number plus user name', () => {
    expect(identityText({ ...base, client: 'HMT' })).toBe('10139 admin');
  });

  it('rule 15: store identity is the store name, cut to 10 characters plus an ellipsis', () => {
    expect(identityText({ ...base, client: 'HMD', store_info: { store_name: '一号门店' } })).toBe('一号门店');
    expect(shortenStoreName('一二三四五六七八九十')).toBe('一二三四五六七八九十');
    expect(shortenStoreName('一二三四五六七八九十壹')).toBe('一二三四五六七八九十...');
  });

  it('rule 16: supplier identity is the supplier number', () => {
    expect(identityText({ ...base, client: 'HMS', supplier_no: 'V001' })).toBe('V001');
  });

  it('document title joins product name and client title', () => {
    expect(documentTitle('零售云后台', '总部端')).toBe('零售云后台 - 总部端');
  });
});
