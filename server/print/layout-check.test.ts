import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HANGING_TEMPLATE } from '../../tests/fixtures/print-templates';
import { layoutProblem, readTemplate } from './layout-check';

const DIR = new URL('../../report-defs/print-styles/', import.meta.url);

describe('print layout check', () => {
  it('passes every shipped style', () => {
    for (const f of readdirSync(DIR).filter((n) => n.endsWith('.json'))) {
      const parsed = readTemplate(readFileSync(new URL(f, DIR), 'utf8'));
      expect(parsed, f).toMatchObject({ ok: true });
    }
  });

  it('refuses the schema-valid style whose narrow columns hung the renderer, naming the column', () => {
    expect(layoutProblem(HANGING_TEMPLATE)?.message).toMatch(/^模板排版无效：明细列「列0」太窄/);
    const parsed = readTemplate(JSON.stringify(HANGING_TEMPLATE));
    expect(parsed.ok).toBe(false);
    // an English page reads it in English (the route answers `en` under Accept-Language: en-US)
    expect(!parsed.ok && parsed.en).toMatch(/^The template cannot be laid out: line column "列0" is too narrow/);
  });

  it('refuses margins that leave no printable area and a page too short for title, header and one line', () => {
    expect(layoutProblem({ title: 't', page: { size: 'A5', orientation: 'landscape', margin_mm: 70 }, header: [], lines: [{ label: 'a', field: 'a' }] })?.message).toMatch(/页边距太大/);
    const header = Array.from({ length: 40 }, (_, i) => ({ label: `字段${i}`, field: 'receive_no' }));
    expect(layoutProblem({ title: 't', page: { size: 'A5', orientation: 'landscape', margin_mm: 20, font_size: 16 }, header, header_columns: 1, lines: [{ label: 'a', field: 'a' }] })?.message).toMatch(/一页放不下/);
    expect(layoutProblem({ title: 't', page: { size: 'A5', margin_mm: 50 }, header, header_columns: 6, lines: [{ label: 'a', field: 'a' }] })?.message).toMatch(/表头每行6个字段太挤/);
  });

  it('accepts narrow columns that still hold a character', () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({ label: `c${i}`, field: 'a' }));
    expect(layoutProblem({ title: 't', page: { size: 'A4', orientation: 'landscape', margin_mm: 10 }, header: [], lines })).toBeNull();
  });
});
