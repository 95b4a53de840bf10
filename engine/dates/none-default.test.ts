/** The `none` default kind: an optional extra range (e.g. an expiration-date filter) starts empty. */
import { describe, expect, it } from 'vitest';
import { defaultFor, defaultRange } from './defaults';
import { requestRange } from './format';

describe('default kind "none"', () => {
  it('is an empty range in every granularity, sent as empty dates', () => {
    expect(defaultRange('none', '2026-11-22')).toEqual(['', '']);
    for (const granularity of ['day', 'month', 'week', 'datetime'] as const) {
      const range = defaultFor({ index: 3, label: '有效期', fieldName: 'date_3', granularity, required: false, default_kind: 'none', restriction: 'none' }, '2026-11-22');
      expect(range).toEqual(['', '']);
      expect(requestRange(range, granularity)).toEqual(['', '']);
    }
  });
});
