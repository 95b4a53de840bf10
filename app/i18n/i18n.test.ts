import { describe, expect, it } from 'vitest';
import { catalogues, namespaces } from './messages';
import { catalogueGaps, flattenNamespaces, interpolate, resolveLocale, translate } from './i18n.logic';

describe('message catalogues', () => {
  it('every zh-CN key has an en-US counterpart and vice versa, over all namespaces', () => {
    expect(catalogueGaps(catalogues)).toEqual({ missingInEn: [], missingInZh: [] });
  });

  it('no message is empty', () => {
    for (const catalogue of Object.values(catalogues)) {
      for (const [key, text] of Object.entries(catalogue)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('prefixes keys with their namespace', () => {
    expect(Object.keys(namespaces)).toContain('login');
    expect(catalogues['zh-CN']['login.title']).toBe('账号登录');
  });

  it('rule 1.1: the three client names', () => {
    expect(catalogues['zh-CN']['common.client.HMT']).toBe('总部端');
    expect(catalogues['zh-CN']['common.client.HMD']).toBe('门店端');
    expect(catalogues['zh-CN']['common.client.HMS']).toBe('供应商端');
  });
});

describe('i18n logic', () => {
  it('reports gaps in both directions', () => {
    const flat = flattenNamespaces({
      a: { 'zh-CN': { x: '甲', y: '乙' }, 'en-US': { x: 'A', z: 'C' } },
    });
    expect(catalogueGaps(flat)).toEqual({ missingInEn: ['a.y'], missingInZh: ['a.z'] });
  });

  it('interpolates {name} and keeps unknown placeholders', () => {
    expect(interpolate('你好，{name}！{missing}', { name: '张三' })).toBe('你好，张三！{missing}');
    expect(interpolate('共 {n} 条', { n: 3 })).toBe('共 3 条');
  });

  it('falls back to zh-CN, then to the key', () => {
    const flat = flattenNamespaces({ a: { 'zh-CN': { only: '仅中文' }, 'en-US': {} } });
    expect(translate(flat, 'en-US', 'a.only')).toBe('仅中文');
    expect(translate(flat, 'en-US', 'a.none')).toBe('a.none');
  });

  it('resolves unknown stored locales to zh-CN', () => {
    expect(resolveLocale('en-US')).toBe('en-US');
    expect(resolveLocale('fr-FR')).toBe('zh-CN');
    expect(resolveLocale(null)).toBe('zh-CN');
  });
});
