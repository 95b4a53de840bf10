import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { pageTitle } from './page-title';

const tr = (locale: 'zh-CN' | 'en-US') => (key: string) => catalogues[locale][key] ?? key;

describe('tab titles', () => {
  it('/user says 修改密码, like the menu item that opens it', () => {
    expect(pageTitle('/user', [], 'zh-CN', tr('zh-CN'))).toBe('修改密码');
    expect(pageTitle('/user', [], 'en-US', tr('en-US'))).toBe('Change password');
  });
});
