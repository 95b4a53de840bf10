import { describe, expect, it } from 'vitest';
import { loadCatalogueFromDir } from '../report/catalogue-fs';
import { comparisonPairs } from './pairs';

describe('comparison pairs from the definitions', () => {
  it('pairs every current-period indicator of report 70 with its comparison twin', () => {
    const { catalogue } = loadCatalogueFromDir();
    const report = catalogue.reports.get(70)!;
    const index = catalogue.indexes.get(report.dataset)!;
    const pairs = comparisonPairs(index, report.indicators.map((i) => i.measure));
    expect(pairs.map((p) => [p.current, p.previous])).toEqual([
      ['sales', 'sales_2'],
      ['cost', 'cost_2'],
      ['gm', 'gm_2'],
      ['gm_rate', 'gm_rate_2'],
    ]);
    // sums (and their difference, the margin) grow with the period; the margin rate does not
    expect(pairs.map((p) => p.additive)).toEqual([true, true, true, false]);
  });

  it('finds nothing to compare in a report without a comparison range', () => {
    const { catalogue } = loadCatalogueFromDir();
    const report = catalogue.reports.get(142)!;
    const index = catalogue.indexes.get(report.dataset)!;
    expect(comparisonPairs(index, report.indicators.map((i) => i.measure))).toEqual([]);
  });
});
