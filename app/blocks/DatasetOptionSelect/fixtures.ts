/** A small slice of the sales dataset's choices for stories and tests. */
import type { DatasetChoice } from './datasetOption.logic';

export const SALES_DIMENSIONS: DatasetChoice[] = [
  { id: 'org', label: { zh: '组织', en: 'Organisation' } },
  { id: 'brand', label: { zh: '品牌', en: 'Brand' } },
  { id: 'cate1', label: { zh: '一级类目', en: 'Category 1' } },
];

export const SALES_MEASURES: DatasetChoice[] = [
  { id: 'sales', label: { zh: '销售金额', en: 'Sales' } },
  { id: 'cost', label: { zh: '销售成本', en: 'Cost' } },
  { id: 'gm', label: { zh: '毛利', en: 'Gross margin' }, derived: true },
  { id: 'gm_rate', label: { zh: '毛利率', en: 'Margin rate' }, derived: true },
];
